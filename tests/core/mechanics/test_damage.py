"""斩杀 (execute), 爆炸 (explosion) and 溅射 (splash), 水 (water) through chains."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import NAMES
from sanguozhi.core.mechanics.damage import EXECUTE, EXPLOSION, SPLASH, can_execute, execute_damage
from sanguozhi.core.mechanics.events import Joined, Progressed
from sanguozhi.core.natures import NATURES, is_attribute
from sanguozhi.core.requests import Choice
from tests.core.skills.util import accept, take

from .table import table


def pay(t, *names: str) -> None:
    """Answer a pick of the asked seat's cards with cards of these names."""
    seat = t.request.seat
    hand = list(t.state.chars[seat].hand)
    cards = []
    for name in names:
        c = next(c for c in hand if NAMES[c] == name and c not in cards)
        cards.append(c)
    t.choose(Choice(cards=tuple(cards)))


def damage(t, since: int = 0) -> list[tuple[int, int, int, str, str]]:
    return [(e.src, e.dst, e.n, e.nature, e.card) for e in t.of_type(ev.Damaged, since)]


# -- 斩杀 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hp, max_hp, mine, ok",
    [(1, 4, 4, True), (2, 5, 4, True), (2, 4, 4, False), (3, 4, 4, False), (1, 3, 1, True), (2, 5, 1, False)],
)
def test_who_may_be_executed(hp: int, max_hp: int, mine: int, ok: bool) -> None:
    # Below half its max hp (2 of 4 is not), and not above the executor's hp.
    st = table(4, generals={0: "sgz_zhanjiang"}, hp={0: mine, 1: hp}, max_hp={1: max_hp}).state
    assert can_execute(st, 0, 1) is ok
    assert not can_execute(st, 0, 0)


def test_an_execution_deals_hp_plus_two_less_the_decay_beyond_the_attack_range() -> None:
    # 6 seats, attack range 1: seat 1 at distance 1, seat 2 at 2, seat 3 at 3.
    st = table(6, generals={0: "sgz_zhanjiang"}, hp={1: 1, 2: 1, 3: 1}).state
    assert [execute_damage(st, 0, c, 1) for c in (1, 2, 3)] == [3, 2, 1]
    assert [execute_damage(st, 0, c, 2) for c in (1, 2, 3)] == [3, 1, -1]  # nothing at all once it decays away


def test_zhanshou_executes_once_per_game() -> None:
    t = table(4, generals={0: "sgz_zhanjiang"}, hp={2: 1}, max_hp={2: 3})
    take(t, "sgz_zhanshou")
    assert [c.targets for c in t.request.choices] == [(2,)]  # the only one below half and not above 4
    take(t, "", (2,))
    # Distance 2, range 1: 1 + 2 - 1 = 2 damage.
    assert damage(t) == [(0, 2, 2, "normal", EXECUTE)]
    (death,) = t.of_type(ev.Died)
    assert (death.seat, death.killer, death.cause) == (2, 0, EXECUTE)
    assert all(c.option != "sgz_zhanshou" for c in t.until("play", 0).choices)


# -- 爆炸 and 溅射 -----------------------------------------------------------------------------


def test_an_explosion_is_two_fire_damage_then_one_to_each_character_at_distance_one() -> None:
    t = table(5, generals={0: "sgz_huoqiying"}, hands={0: ["dodge", "dodge"]}, max_hp={s: 6 for s in range(5)})
    take(t, "sgz_pili")
    pay(t, "dodge", "dodge")
    take(t, "", (1,))
    # Seat 1 is hit; seats 2 and 0 (the user itself) are at distance 1 from it; seat 3 and 4 are not.
    assert damage(t) == [(0, 1, 2, "fire", EXPLOSION), (0, 2, 1, "fire", SPLASH), (0, 0, 1, "fire", SPLASH)]


def test_the_splash_follows_even_when_the_explosion_is_prevented() -> None:
    # Seat 1 is in a full defence building (大匠 at seat 3): it prevents the fatal 2.
    extra = [Joined(seat=1, group="sgz_zhucheng", leader=3), Progressed(seat=1, group="sgz_zhucheng", n=2)]
    t = table(4, generals={0: "sgz_huoqiying", 3: "sgz_dajiang"}, hands={0: ["dodge", "dodge"]}, hp={1: 2}, extra=extra)
    take(t, "sgz_pili")
    pay(t, "dodge", "dodge")
    take(t, "", (1,))
    accept(t, "sgz_zhucheng")
    assert t.hp(1) == 2 and t.state.chars[1].marks["sgz_zhucheng.progress"] == 1  # 2, halved
    assert damage(t) == [(0, 2, 1, "fire", SPLASH), (0, 0, 1, "fire", SPLASH)]


def test_vine_adds_to_the_explosion_and_a_horse_keeps_a_neighbour_out_of_the_splash() -> None:
    equip = {0: ["qinggang_sword"], 1: ["vine", "defensive_horse"], 2: ["offensive_horse"]}
    t = table(4, generals={0: "sgz_huoqiying"}, hands={0: ["dodge", "dodge"]}, equip=equip, max_hp={1: 5})
    take(t, "sgz_pili")
    pay(t, "dodge", "dodge")
    take(t, "", (1,))
    # 藤甲: fire +1.  Seat 1's +1 horse puts seat 0 at distance 2 from it (out of the
    # splash); seat 2's -1 horse brings it back to 1.
    assert damage(t) == [(0, 1, 3, "fire", EXPLOSION), (0, 2, 1, "fire", SPLASH)]


# -- 水 ------------------------------------------------------------------------------------------


def test_water_is_an_attribute_nature() -> None:
    assert is_attribute("water") and is_attribute("fire") and is_attribute("thunder")
    assert not is_attribute("normal") and not is_attribute("ink")
    assert (NATURES["water"].zh, NATURES["water"].en) == ("水", "water")


def test_water_damage_passes_along_the_chain_and_unchains_each() -> None:
    t = table(4, generals={0: "sgz_shuijun_dudu"}, hands={0: ["#0"]}, chained=(3,), equip={2: ["vine"]})  # #0: ♠ 杀
    take(t, "sgz_shuiyan")
    t.choose(Choice(cards=(0,)))
    take(t, "", (1,))
    take(t, "", (2,))
    # 1 and 2 are chained by the skill, 3 was already: the water passes to 2 (藤甲 adds
    # nothing: it is not fire) and 3, in seat order from the current player.
    assert damage(t) == [(0, 1, 1, "water", ""), (0, 2, 1, "water", ""), (0, 3, 1, "water", "")]
    assert not any(t.state.chars[c].chained for c in range(4))
    toggles = [(e.seat, e.on) for e in t.of_type(ev.ChainToggled)]
    assert toggles[-5:] == [(1, True), (2, True), (1, False), (2, False), (3, False)]


def test_water_names_itself_in_the_narration() -> None:
    from sanguozhi.replay.narrate import Narrator

    e = ev.Damaged(src=0, dst=1, n=1, nature="water")
    assert "造成1点水伤害" in Narrator("zh").line(e)
    assert "deals 1 water damage to" in Narrator("en").line(e)
