"""Nature damage through iron chains, in seed 000's reading and the standard one."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from tests.scenario import Table

QUIET = ["#131", "#132"]


def chained_table(carry: str) -> Table:
    """Seat 0: 古锭刀, 酒 and 火杀.  Seats 1-4 chained: 1 bare and handless,
    2 in 藤甲, 3 in 白银狮子, 4 bare.  Everyone has 8 hp, so nobody dies."""
    return Table(
        5,
        hands={0: ["analeptic", "fire_slash"], 1: [], 2: ["peach"], 3: ["peach"], 4: ["peach"]},
        equip={0: ["guding_blade"], 2: ["vine"], 3: ["silver_lion"]},
        chained=(1, 2, 3, 4),
        max_hp={s: 8 for s in range(5)},
        pile=QUIET,
        options={"chain_carry": carry},
    )


@pytest.mark.parametrize(
    "carry, taken",
    [
        # 酒 (1+1), 古锭刀 +1 on the handless target: 3.  Seed 000: the 3 carries on,
        # 藤甲 makes it 4, which 白银狮子 cuts to 1, and the last one takes that 1.
        ("seed000", [(1, 3), (2, 4), (3, 1), (4, 1)]),
        # Standard: each takes the original 2 (酒 included, 古锭刀 not), then its own armour.
        ("standard", [(1, 3), (2, 3), (3, 1), (4, 2)]),
    ],
)
def test_fire_slash_through_a_chain_with_vine_silver_lion_analeptic_and_guding_blade(carry: str, taken: list[tuple[int, int]]) -> None:
    t = chained_table(carry)
    t.use("analeptic")
    t.use("fire_slash", 1)
    dmg = t.of_type(ev.Damaged)
    assert [(d.dst, d.n) for d in dmg] == taken
    assert all((d.src, d.nature, d.card) == (0, "fire", "fire_slash") for d in dmg)
    assert not any(p.chained for p in t.state.chars)
    assert [e.seat for e in t.of_type(ev.ChainToggled) if not e.on] == [1, 2, 3, 4]


def test_vine_against_a_fire_slash_through_a_chain() -> None:
    # The 藤甲 wearer is the target: 1 + 1; the chained neighbour takes 2 (seed 000) or 1 (standard).
    for carry, second in (("seed000", 2), ("standard", 1)):
        t = Table(4, hands={0: ["fire_slash"]}, equip={1: ["vine"]}, chained=(1, 3), pile=QUIET, options={"chain_carry": carry})
        t.use("fire_slash", 1)
        assert [(d.dst, d.n) for d in t.of_type(ev.Damaged)] == [(1, 2), (3, second)]


def test_normal_damage_does_not_pass_along_a_chain() -> None:
    t = Table(4, hands={0: ["slash"]}, chained=(1, 3), pile=QUIET)
    t.use("slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]
    assert t.state.chars[1].chained and t.state.chars[3].chained


def test_unchained_targets_do_not_pass_nature_damage() -> None:
    t = Table(4, hands={0: ["thunder_slash"]}, chained=(3,), pile=QUIET)
    t.use("thunder_slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1] and t.state.chars[3].chained


def test_lightning_on_a_chained_character_passes_thunder_damage_without_a_source() -> None:
    t = Table(4, first=1, judge={1: ["lightning"]}, chained=(0, 1), max_hp={0: 5, 1: 5}, pile=["#0"] + QUIET)
    assert [(d.src, d.dst, d.n, d.nature) for d in t.of_type(ev.Damaged)] == [(-1, 1, 3, "thunder"), (-1, 0, 3, "thunder")]


def test_chain_passes_on_in_seat_order_from_the_current_player_even_after_a_death() -> None:
    t = Table(5, roles=("lord", "rebel", "loyalist", "rebel", "renegade"), first=2, hands={2: ["fire_slash"]}, chained=(0, 1, 3, 4), hp={3: 1}, pile=QUIET)
    t.use("fire_slash", 3)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [3, 4, 0, 1]
    assert not t.state.chars[3].alive
