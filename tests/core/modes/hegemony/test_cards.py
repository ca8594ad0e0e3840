"""Hegemony's own cards: 知己知彼, 远交近攻, 以逸待劳, 无懈可击·国, 吴六剑, 三尖两刃刀."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.distance import attack_range
from sanguozhi.core.modes.hegemony.events import GeneralSeen, HandSeen
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import view
from sanguozhi.replay.narrate import Narrator

from .table import HgTable


def test_known_both_looks_at_a_concealed_general_only_for_its_user() -> None:
    t = HgTable(4, generals={1: ("hg_caocao", "hg_zhangliao")}, shown=[0, 2, 3], hands={0: ["known_both"]})
    t.use("known_both", 1)
    assert {c.option for c in t.request.choices} == {"general:0", "general:1"}  # no hand to look at
    t.option("general:1")
    seen = t.of_type(GeneralSeen)
    assert [(e.seat, e.slot, e.general, e.by, e.vis) for e in seen] == [(1, 1, "hg_zhangliao", 0, (0, 1))]
    assert view(t.state, 0)["characters"][1]["generals"] == [None, "hg_zhangliao"]
    assert view(t.state, 2)["characters"][1]["generals"] == [None, None]
    assert "Zhang Liao" not in Narrator("en", 2, mode="hegemony").line(seen[0])
    assert t.kingdom(1) == ""  # looking reveals nothing to the table


def test_known_both_may_look_at_the_hand_and_be_recast() -> None:
    t = HgTable(4, shown="all", hands={0: ["known_both", "known_both"], 1: ["peach", "dodge"]})
    kb = [c for c in t.state.chars[0].hand]
    assert any(c.option == "recast" for c in t.request.choices)
    t.use("known_both", 1)
    t.option("hand")
    seen = t.of_type(HandSeen)[0]
    assert sorted(seen.cards) == sorted(t.state.chars[1].hand) and seen.vis == (0, 1)
    t.choose(Choice(cards=(kb[1],), option="recast"))
    assert kb[1] in t.state.discard


def test_befriend_attacking_needs_a_revealed_user_and_another_kingdom() -> None:
    t = HgTable(4, shown=[1, 2, 3], hands={0: ["befriend_attacking"]})
    card = t.state.chars[0].hand[0]
    t.pass_()
    assert not any(c.cards == (card,) for c in t.request.choices)  # concealed: not usable
    t = HgTable(4, shown="all", hands={0: ["befriend_attacking"]})
    card = t.in_hand(0, "befriend_attacking")
    assert {c.targets for c in t.request.choices if c.cards == (card,)} == {(1,), (2,), (3,)}
    t.use("befriend_attacking", 2)
    assert len(t.hand(2)) == 1 and len(t.hand(0)) == 2 + 3


def test_await_exhausted_for_the_users_kingdom() -> None:
    gens = {2: ("blank_wei4m", "blank_wei4f")}
    t = HgTable(4, generals=gens, shown="all", hands={0: ["await_exhausted"]})
    choice = next(c for c in t.request.choices if c.cards)
    assert choice.targets == (0, 2)
    t.choose(choice)
    t.choose(Choice(cards=tuple(t.request.cards[:2])))
    assert len(t.hand(2)) == 0 and len(t.hand(0)) == 2


def test_heg_nullification_may_cancel_a_trick_for_a_whole_kingdom() -> None:
    gens = {1: ("blank_shu4m", "blank_shu4f"), 2: ("blank_shu3m", "blank_shu3f"), 3: ("blank_wu4m", "blank_wu4f")}
    t = HgTable(5, generals=gens, shown="all", hands={0: ["archery_attack"], 1: ["heg_nullification"]})
    t.use("archery_attack")
    req = t.request
    assert req.kind == "nullify" and req.seat == 1 and req.prompt == "archery_attack:0:1:0"
    t.use("heg_nullification")
    assert t.request.kind == "option" and t.request.prompt == "heg_nullification:1"
    t.option("kingdom")
    assert [(e.dst) for e in t.of_type(ev.Damaged)] == [3, 4]  # shu seats 1 and 2 both spared


def test_six_swords_gives_the_kingdom_range() -> None:
    gens = {2: ("blank_wei4m", "blank_wei4f")}
    t = HgTable(4, generals=gens, shown="all", equip={0: ["six_swords"]})
    assert attack_range(t.state, 2) == 2 and attack_range(t.state, 1) == 1 and attack_range(t.state, 0) == 2


def test_triblade_hits_a_neighbour_of_the_target() -> None:
    t = HgTable(5, shown="all", hands={0: ["slash", "dodge"]}, equip={0: ["triblade"]})
    t.use("slash", 2)
    assert t.request.prompt == "triblade:2"
    t.choose(next(c for c in t.request.choices if c.targets == (3,)))
    assert t.hp(2) == 3 and t.hp(3) == 3
