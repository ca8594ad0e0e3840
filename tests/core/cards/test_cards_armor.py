"""The armour (八卦阵, 仁王盾, 藤甲, 白银狮子) and the horses."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.distance import distance
from tests.scenario import Table

QUIET = ["#131", "#132"]
RED, BLACK = "#45", "#7"  # ♥3 and ♣2 for judgements
BLACK_SLASH, RED_SLASH = "#0", "#21"


def test_eight_diagram_red_judgement_counts_as_a_dodge() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["dodge"]}, equip={1: ["eight_diagram"]}, pile=QUIET + [RED])
    t.use("slash", 1)
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("trigger", 1, "response_needed:eight_diagram")
    t.option("eight_diagram")
    played = t.of_type(ev.CardPlayed)
    assert [(p.seat, p.name, p.cards) for p in played] == [(1, "dodge", ())]
    assert t.hand(1) == ["dodge"] and not t.of_type(ev.Damaged)


def test_eight_diagram_black_judgement_still_lets_one_play_a_dodge() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["dodge"]}, equip={1: ["eight_diagram"]}, pile=QUIET + [BLACK])
    t.use("slash", 1)
    t.option("eight_diagram")
    assert (t.request.kind, t.request.seat) == ("respond", 1)
    t.use("dodge")
    assert not t.of_type(ev.Damaged)


def test_eight_diagram_answers_archery_attack() -> None:
    t = Table(4, hands={0: ["archery_attack"]}, equip={2: ["eight_diagram"]}, pile=QUIET + [RED])
    t.use("archery_attack")
    assert (t.request.seat, t.request.kind) == (2, "trigger")
    t.option("eight_diagram")
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1, 3]


def test_renwang_shield_black_slash_has_no_effect() -> None:
    t = Table(4, hands={0: [BLACK_SLASH], 1: ["dodge"]}, equip={1: ["renwang_shield"]}, pile=QUIET)
    t.use("slash", 1)
    assert t.request.kind == "play"  # no 闪 was even asked for
    assert [e.source for e in t.of_type(ev.Triggered)] == ["renwang_shield"] and not t.of_type(ev.Damaged)


def test_renwang_shield_red_slash_takes_effect() -> None:
    t = Table(4, hands={0: [RED_SLASH]}, equip={1: ["renwang_shield"]}, pile=QUIET)
    t.use("slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]


def test_vine_plain_slash_savage_assault_and_archery_attack_have_no_effect() -> None:
    t = Table(4, hands={0: ["slash", "savage_assault", "archery_attack"]}, equip={1: ["vine"]}, pile=QUIET)
    t.use("slash", 1)
    t.use("savage_assault")
    t.use("archery_attack")
    assert 1 not in [d.dst for d in t.of_type(ev.Damaged)]
    assert [e.source for e in t.of_type(ev.Triggered)] == ["vine", "vine", "vine"]


def test_vine_fire_slash_deals_one_more_and_thunder_slash_the_usual() -> None:
    t = Table(4, hands={0: ["fire_slash"]}, equip={1: ["vine"]}, pile=QUIET)
    t.use("fire_slash", 1)
    assert [(d.n, d.nature) for d in t.of_type(ev.Damaged)] == [(2, "fire")]
    t2 = Table(4, hands={0: ["thunder_slash"]}, equip={1: ["vine"]}, pile=QUIET)
    t2.use("thunder_slash", 1)
    assert [(d.n, d.nature) for d in t2.of_type(ev.Damaged)] == [(1, "thunder")]


def test_vine_does_not_count_against_qinggang_sword() -> None:
    t = Table(4, hands={0: ["slash"]}, equip={0: ["qinggang_sword"], 1: ["vine"]}, pile=QUIET)
    t.use("slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]


def test_silver_lion_against_3_damage_takes_only_1() -> None:
    t = Table(4, first=1, judge={1: ["lightning"]}, equip={1: ["silver_lion"]}, pile=["#0"] + QUIET)
    assert [(d.dst, d.n, d.nature) for d in t.of_type(ev.Damaged)] == [(1, 1, "thunder")]
    assert t.hp(1) == 3 and [e.source for e in t.of_type(ev.Triggered)] == ["silver_lion"]


def test_silver_lion_against_an_analeptic_slash_takes_only_1() -> None:
    t = Table(4, hands={0: ["analeptic", "slash"]}, equip={1: ["silver_lion"]}, pile=QUIET)
    t.use("analeptic")
    t.use("slash", 1)
    assert [d.n for d in t.of_type(ev.Damaged)] == [1]


def test_silver_lion_recovers_one_hp_when_replaced() -> None:
    t = Table(4, hands={0: ["vine"]}, equip={0: ["silver_lion"]}, hp={0: 2}, pile=QUIET)
    t.use("vine")
    assert t.hp(0) == 3 and CARDS[t.state.chars[0].equip["armor"]].name == "vine"
    rec = t.of_type(ev.Recovered)
    assert [(r.seat, r.n) for r in rec] == [(0, 1)]


def test_silver_lion_recovers_its_wearer_when_dismantled_but_not_above_max() -> None:
    t = Table(4, hands={0: ["dismantlement"]}, equip={1: ["silver_lion"]}, hp={1: 3}, pile=QUIET)
    t.use("dismantlement", 1)
    t.pick(t.state.chars[1].equip["armor"])
    assert t.hp(1) == 4
    t2 = Table(4, hands={0: ["snatch"]}, equip={1: ["silver_lion"]}, pile=QUIET)
    t2.use("snatch", 1)
    t2.pick(t2.state.chars[1].equip["armor"])
    assert t2.hp(1) == 4 and not t2.of_type(ev.Recovered)


def test_defensive_horse_puts_a_seat_out_of_slash_range() -> None:
    t = Table(4, hands={0: ["slash"]}, equip={1: ["defensive_horse"]}, pile=QUIET)
    assert distance(t.state, 0, 1) == 2
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "slash"}
    assert targets == {(3,)}


def test_offensive_horse_brings_a_seat_into_slash_range() -> None:
    t = Table(5, hands={0: ["slash"]}, equip={0: ["offensive_horse"]}, pile=QUIET)
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "slash"}
    assert targets == {(1,), (2,), (3,), (4,)}


def test_a_horse_replaces_a_horse_of_the_same_kind_only() -> None:
    t = Table(4, hands={0: ["defensive_horse"]}, equip={0: ["defensive_horse", "offensive_horse"]}, pile=QUIET)
    old = t.state.chars[0].equip["defensive_horse"]
    t.use("defensive_horse")
    eq = t.state.chars[0].equip
    assert old in t.state.discard and set(eq) == {"defensive_horse", "offensive_horse"}


def test_seat_distance_counts_only_the_living_between_and_around() -> None:
    import random

    from sanguozhi.core.distance import seat_distance
    from sanguozhi.core.state import Character, State

    def by_walking(state: State, a: int, b: int) -> int:
        n = len(state.chars)
        steps = [s for s in range(1, n) if state.chars[(a + s) % n].alive or (a + s) % n == b]
        forward = next(i + 1 for i, s in enumerate(steps) if (a + s) % n == b)
        present = sum(1 for p in state.chars if p.alive or p.seat in (a, b))
        return min(forward, present - forward)

    rng = random.Random(3)
    for _ in range(3000):
        n = rng.randint(2, 10)
        st = State(mode="identity", seed=0, rules="", options={}, seats=[], chars=[Character(seat=i, alive=rng.random() < 0.7) for i in range(n)], deck=())
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            assert seat_distance(st, a, b) == by_walking(st, a, b)
