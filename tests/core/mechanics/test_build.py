"""Build skills (筑建技): select, build, a full completion, and the four attributes."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.build import is_full, progress
from sanguozhi.core.mechanics.events import Joined, Progressed
from sanguozhi.core.requests import Choice
from tests.core.skills.util import accept, take, triggered, until_kind

from .table import table


def member(c: int, sid: str, builder: int, n: int = 0) -> list[ev.Event]:
    """``c`` in ``builder``'s building ``sid`` with completion ``n``."""
    return [Joined(seat=c, group=sid, leader=builder)] + ([Progressed(seat=c, group=sid, n=n)] if n else [])


def test_select_puts_a_character_in_range_once_per_play_phase() -> None:
    t = table(4, generals={0: "sgz_dajiang"})
    take(t, "sgz_zhucheng")
    req = t.request
    assert [c.option for c in req.choices] == ["select"] * 4  # nobody in range yet: nothing to build
    take(t, "select", (2,))
    (j,) = t.of_type(Joined)
    assert (j.seat, j.group, j.leader) == (2, "sgz_zhucheng", 0)
    assert t.state.chars[2].marks == {"sgz_zhucheng.in": 1}
    assert all(c.option != "sgz_zhucheng" for c in t.request.choices)


def test_build_discards_a_card_for_one_more_completion() -> None:
    t = table(4, generals={0: "sgz_dajiang"}, hands={0: ["dodge"]}, extra=member(1, "sgz_zhucheng", 0))
    take(t, "sgz_zhucheng")
    take(t, "build", (1,))
    t.choose(Choice(cards=(t.in_hand(0, "dodge"),)))
    assert progress(t.state, 1, "sgz_zhucheng") == 1
    assert "dodge" not in t.hand(0)


def test_a_member_not_yet_full_gains_one_in_its_finish_phase_and_a_full_one_does_not() -> None:
    t = table(4, generals={0: "sgz_dajiang"}, extra=member(0, "sgz_zhucheng", 0, 1) + member(1, "sgz_zhucheng", 0, 4))
    since = len(t.events)
    t.end()
    assert progress(t.state, 0, "sgz_zhucheng") == 2
    until_kind(t, "play", 2)
    assert progress(t.state, 1, "sgz_zhucheng") == 4  # full (its hp 4): the building is finished
    assert [(e.seat, e.n) for e in t.of_type(Progressed, since)] == [(0, 1)]


def test_full_means_a_completion_at_the_hp_and_the_builder_alive() -> None:
    st = table(4, generals={3: "sgz_dajiang"}, hp={1: 3}, extra=member(1, "sgz_zhucheng", 3, 3) + member(2, "sgz_zhucheng", 3, 3)).state
    assert is_full(st, 1, "sgz_zhucheng") and not is_full(st, 2, "sgz_zhucheng")  # 3 of hp 3; 3 of hp 4
    roles = ("lord", "rebel", "loyalist", "renegade")
    st = table(4, roles=roles, generals={3: "sgz_dajiang"}, hp={1: 3}, extra=[*member(1, "sgz_zhucheng", 3, 3), ev.Died(seat=3, role="renegade")]).state
    assert not is_full(st, 1, "sgz_zhucheng")  # the building stands while its builder lives


def test_defense_halves_the_completion_to_prevent_fatal_damage_only() -> None:
    # Completion 3 at hp 1: full.  Halving takes away 2 (half of 3, rounded up).
    t = table(4, generals={3: "sgz_dajiang"}, hands={0: ["slash", "slash"]}, hp={1: 1}, extra=member(1, "sgz_zhucheng", 3, 3))
    t.use("slash", 1)
    accept(t, "sgz_zhucheng")
    assert t.hp(1) == 1 and progress(t.state, 1, "sgz_zhucheng") == 1
    assert not t.of_type(ev.Damaged)
    t2 = table(4, generals={3: "sgz_dajiang"}, hands={0: ["slash"]}, hp={1: 2}, extra=member(1, "sgz_zhucheng", 3, 2))
    t2.use("slash", 1)  # 1 of hp 2: not fatal, not asked
    assert t2.hp(1) == 1 and not triggered(t2, "sgz_zhucheng")


def test_attack_halves_the_completion_for_one_more_damage_that_brings_to_dying() -> None:
    t = table(4, generals={3: "sgz_wukuling"}, hands={0: ["slash"]}, hp={0: 4, 1: 1}, extra=member(0, "sgz_wuku", 3, 4))
    t.use("slash", 1)
    req = t.request
    assert req.kind == "trigger" and req.prompt == "damage_caused:sgz_wuku" and req.choices[0].targets == (1,)
    take(t, "sgz_wuku")
    (d,) = t.of_type(ev.Damaged)
    assert (d.dst, d.n) == (1, 2)
    assert progress(t.state, 0, "sgz_wuku") == 2


def test_economy_draws_one_more_and_keeps_one_more() -> None:
    t = table(4, generals={3: "sgz_tuntian_duwei"}, hands={0: ["dodge"] * 3}, hp={0: 2}, extra=member(0, "sgz_tuntian", 3, 2), pile=["peach"] * 3)
    assert t.hand(0).count("peach") == 3
    (e,) = triggered(t, "sgz_tuntian")
    assert e.w == "draw_count"
    t.end()
    req = t.request
    assert req.kind == "discard" and req.min == 6 - 3  # six cards, hp 2 + 1


def test_liaison_brings_the_fellow_members_reach_for_the_turn() -> None:
    # Six seats: the post mistress at 0 and seat 3 in its range, both full.  Seat 0 reaches 1
    # and 5; seat 3 reaches 2 and 4.
    extra = member(0, "sgz_yichuan", 0, 3) + member(3, "sgz_yichuan", 0, 4)
    t = table(6, generals={0: "sgz_yicheng"}, hands={0: ["slash"]}, hp={0: 3}, extra=extra)
    slash = t.in_hand(0, "slash")

    def slash_targets() -> list[int]:
        return sorted(c.targets[0] for c in t.request.choices if c.cards == (slash,))

    assert slash_targets() == [1, 5]
    take(t, "sgz_yichuan_lianluo")
    assert progress(t.state, 0, "sgz_yichuan") == 1  # 3 less half of it (2)
    assert slash_targets() == [1, 2, 4, 5]
    assert all(c.option != "sgz_yichuan_lianluo" for c in t.request.choices)
