"""Formation skills (阵法技): neighbours by table order, 围攻 and 队列 — the seed's
worked example first: seats A1 B1 A2 B2 A3."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.formation import in_queue, same_gender, same_kingdom, siege_targets, sieges
from tests.core.skills.util import take, triggered, until_kind

from .table import table

A1, B1, A2, B2, A3 = range(5)


def seed_example(generals: dict[int, str], **kwargs) -> object:
    return table(5, generals=generals, **kwargs)


def test_the_seeds_siege_example_A1_B1_A2_B2_A3() -> None:
    # A: men (阵将 and the blank), B: women.  The relation is judged by the holder's condition.
    t = seed_example({A1: "vanilla", B1: "vanilla_f", A2: "sgz_zhenjiang", B2: "vanilla_f", A3: "vanilla"})
    st = t.state
    assert sieges(st, A1, same_gender) == [(A1, B1, A2), (A2, B2, A3)]
    assert sieges(st, B1, same_gender) == [(B1, A2, B2)]
    # "A1/A2回合内A1/A2可以对B1发动 …"
    expected = {
        (A1, A1): [B1], (A1, A2): [B1], (A2, A1): [B1], (A2, A2): [B1, B2],
        (A2, A3): [B2], (A3, A2): [B2], (A3, A3): [B2],
        (B1, B1): [A2], (B1, B2): [A2], (B2, B1): [A2], (B2, B2): [A2],
    }  # fmt: skip
    for holder in range(5):
        for current in range(5):
            assert siege_targets(st, holder, current, same_gender) == expected.get((holder, current), []), (holder, current)


def test_the_seeds_example_with_kingdoms_as_the_condition() -> None:
    t = seed_example({A1: "caocao", B1: "liubei", A2: "simayi", B2: "guanyu", A3: "xuchu"})
    st = t.state
    assert siege_targets(st, A2, A2, same_kingdom) == [B1, B2]
    assert siege_targets(st, B2, B1, same_kingdom) == [A2]
    assert siege_targets(st, A3, A1, same_kingdom) == []  # A3 and A1 are neighbours round the table, no one between


def test_weigong_is_offered_in_the_fellow_besiegers_play_phase_against_the_besieged_only() -> None:
    t = seed_example({A1: "vanilla", B1: "vanilla_f", A2: "sgz_zhenjiang", B2: "vanilla_f", A3: "vanilla"}, hands={B1: ["dodge"], B2: ["dodge"]})
    req = t.request  # A1's play phase starts: A2 may act against B1 only
    assert req.seat == A2 and req.prompt == "sgz_weigong"
    assert [c.targets for c in req.choices if not c.is_pass] == [(B1,)]
    take(t, "", (B1,))
    assert t.request.kind == "pick_card"
    take(t, "hand")
    (e,) = triggered(t, "sgz_weigong")
    assert e.seat == A2 and e.targets == (B1,) and not t.state.chars[B1].hand
    assert t.request.kind == "play" and t.request.seat == A1


def test_weigong_in_its_own_turn_reaches_both_besieged() -> None:
    t = seed_example({A1: "vanilla", B1: "vanilla_f", A2: "sgz_zhenjiang", B2: "vanilla_f", A3: "vanilla"}, hands={B1: ["dodge"], B2: ["dodge"]}, first=A2)
    req = t.request
    assert req.seat == A2 and [c.targets for c in req.choices if not c.is_pass] == [(B1,), (B2,)]


def test_the_dead_do_not_count_in_a_formation() -> None:
    t = seed_example({A1: "vanilla", B1: "vanilla_f", A2: "sgz_zhenjiang", B2: "vanilla_f", A3: "vanilla"}, hands={A1: ["slash"]}, hp={B1: 1})
    until_kind(t, "play", A1)
    t.use("slash", B1)
    until_kind(t, "play", A1)
    assert not t.state.chars[B1].alive
    # A1 and A2 are neighbours now: nobody between them to besiege.
    assert sieges(t.state, A1, same_gender) == [(A2, B2, A3)]
    assert siege_targets(t.state, A2, A1, same_gender) == []


def test_queues_and_sieges_go_round_the_table_and_need_three_alive() -> None:
    generals = {0: "sgz_zhenjiang", 1: "vanilla_f", 2: "vanilla", 3: "vanilla"}
    st = table(4, generals=generals).state
    assert in_queue(st, 0, same_gender)  # seats 2 3 0: men in a row, round the table
    assert sieges(st, 0, same_gender) == [(0, 1, 2)]
    roles = ("lord", "rebel", "loyalist", "renegade")
    st = table(4, generals=generals, roles=roles, extra=[ev.Died(seat=2, role="loyalist"), ev.Died(seat=3, role="renegade")]).state
    assert not in_queue(st, 0, same_gender) and sieges(st, 0, same_gender) == []


def test_changshe_draws_one_more_in_a_queue_and_not_out_of_one() -> None:
    t = table(4, generals={0: "sgz_zhenjiang", 1: "vanilla", 2: "vanilla_f", 3: "vanilla"}, pile=["dodge"] * 3)
    take(t, "sgz_changshe")
    assert t.hand(0) == ["dodge"] * 3
    assert [e.w for e in triggered(t, "sgz_changshe")] == ["draw_count"]
    t2 = table(4, generals={0: "sgz_zhenjiang", 1: "vanilla_f", 2: "vanilla", 3: "vanilla_f"}, pile=["dodge"] * 3)
    assert t2.request.kind == "play" and len(t2.hand(0)) == 2 and not triggered(t2, "sgz_changshe")
    assert not any(isinstance(e, ev.Triggered) for e in t2.events)
