"""The non-delayed tricks, one situation each (standard + 军争, seed 000)."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import IllegalDecision
from tests.scenario import Table

QUIET = ["#131", "#132"]  # two 闪 (diamonds) for the draw phase, so the hands stay as stated


def names(cards) -> list[str]:
    return [CARDS[c].name for c in cards]


# -- 过河拆桥 -----------------------------------------------------------------------


def test_dismantlement_discards_the_equipment_the_user_picks() -> None:
    t = Table(4, hands={0: ["dismantlement"], 1: ["dodge"]}, equip={1: ["vine"]}, pile=QUIET)
    t.use("dismantlement", 1)
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("pick_card", 0, "dismantlement:1")
    vine = t.state.chars[1].equip["armor"]
    t.pick(vine)
    assert "armor" not in t.state.chars[1].equip and vine in t.state.discard
    assert t.hand(1) == ["dodge"]


def test_dismantlement_offers_hand_cards_face_down_and_discards_one_drawn_with_the_seed() -> None:
    t = Table(4, hands={0: ["dismantlement"], 1: ["dodge", "peach"]}, pile=QUIET)
    t.use("dismantlement", 1)
    req = t.request
    hidden = set(t.state.chars[1].hand)
    assert [c.option for c in req.choices] == ["hand"]
    assert not any(set(c.cards) & hidden for c in req.choices), "no hidden card number is offered"
    t.option("hand")
    assert len(t.state.chars[1].hand) == 1
    gone = [e for e in t.of_type(ev.CardsMoved) if e.reason == "dismantlement"]
    assert gone[0].src == "hand" and gone[0].cards[0] in hidden and gone[0].vis is None


def test_dismantlement_clears_a_delayed_trick_from_a_judge_zone() -> None:
    t = Table(4, hands={0: ["dismantlement"]}, judge={2: ["indulgence"]}, pile=QUIET)
    t.use("dismantlement", 2)
    card = t.state.chars[2].judge[0]
    t.pick(card)
    assert t.state.chars[2].judge == [] and card in t.state.discard


def test_dismantlement_needs_a_target_with_a_card_somewhere() -> None:
    t = Table(4, hands={0: ["dismantlement"], 1: [], 2: ["dodge"], 3: []}, equip={3: ["defensive_horse"]}, pile=QUIET)
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "dismantlement"}
    assert targets == {(2,), (3,)}


# -- 顺手牵羊 -----------------------------------------------------------------------


def test_snatch_refused_beyond_distance_one() -> None:
    t = Table(5, hands={0: ["snatch"], 1: ["dodge"], 2: ["dodge"], 3: ["dodge"], 4: ["dodge"]}, pile=QUIET)
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "snatch"}
    assert targets == {(1,), (4,)}
    with pytest.raises(IllegalDecision):
        t.use("snatch", 2)


def test_snatch_reaches_distance_two_with_an_offensive_horse() -> None:
    t = Table(5, hands={0: ["snatch"], 2: ["dodge"]}, equip={0: ["offensive_horse"]}, pile=QUIET)
    t.use("snatch", 2)
    t.option("hand")
    assert "dodge" in t.hand(0) and t.hand(2) == []


def test_snatch_takes_a_hand_card_that_only_the_two_seats_see() -> None:
    t = Table(4, hands={0: ["snatch"], 1: ["peach"]}, pile=QUIET)
    t.use("snatch", 1)
    t.option("hand")
    move = [e for e in t.of_type(ev.CardsMoved) if e.reason == "snatch"][0]
    assert (move.src, move.dst, move.dst_seat, move.vis) == ("hand", "hand", 0, (0, 1))
    assert "peach" in t.hand(0)


def test_snatch_takes_an_equipment_into_the_hand() -> None:
    t = Table(4, hands={0: ["snatch"]}, equip={1: ["crossbow"]}, pile=QUIET)
    t.use("snatch", 1)
    t.pick(t.state.chars[1].equip["weapon"])
    assert "crossbow" in t.hand(0) and t.state.chars[1].equip == {}


# -- 决斗 -------------------------------------------------------------------------


def test_duel_target_without_slash_takes_one_damage_from_the_user() -> None:
    t = Table(4, hands={0: ["duel"], 2: ["dodge"]}, pile=QUIET)
    t.use("duel", 2)
    assert [(d.src, d.dst, d.n, d.card) for d in t.of_type(ev.Damaged)] == [(0, 2, 1, "duel")]


def test_duel_alternates_slashes_and_the_first_who_stops_is_hurt() -> None:
    t = Table(4, hands={0: ["duel", "slash"], 2: ["slash", "slash"]}, pile=QUIET)
    t.use("duel", 2)
    assert (t.request.kind, t.request.seat, t.request.prompt) == ("respond", 2, "duel:0:0")
    t.use("slash")
    assert (t.request.seat, t.request.prompt) == (0, "duel:2:0")
    t.use("slash")
    assert t.request.seat == 2
    t.use("slash")
    # Seat 0 has no 杀 left: it takes the damage, from seat 2.
    assert [(d.src, d.dst) for d in t.of_type(ev.Damaged)] == [(2, 0)]
    assert [e.seat for e in t.of_type(ev.CardPlayed)] == [2, 0, 2]


# -- 南蛮入侵 万箭齐发 -----------------------------------------------------------------


def test_savage_assault_asks_every_other_seat_for_slash_from_the_next_seat() -> None:
    t = Table(4, hands={0: ["savage_assault"], 1: ["slash"], 2: ["slash"], 3: ["dodge"]}, pile=QUIET)
    t.use("savage_assault")
    assert t.of_type(ev.CardUsed)[0].targets == (1, 2, 3)
    assert (t.request.seat, t.request.prompt) == (1, "savage_assault:0")
    t.use("slash")
    assert t.request.seat == 2
    t.pass_()
    assert [(d.dst, d.card) for d in t.of_type(ev.Damaged)] == [(2, "savage_assault"), (3, "savage_assault")]


def test_archery_attack_needs_a_dodge_from_each_other_seat() -> None:
    t = Table(4, first=2, hands={2: ["archery_attack"], 3: ["dodge"], 0: ["slash"], 1: ["dodge"]}, pile=QUIET)
    t.use("archery_attack")
    assert t.of_type(ev.CardUsed)[0].targets == (3, 0, 1)
    t.use("dodge")  # seat 3
    t.use("dodge")  # seat 1 (seat 0 has none and is not asked)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [0]


# -- 桃园结义 五谷丰登 无中生有 --------------------------------------------------------------


def test_god_salvation_heals_each_hurt_character_by_one() -> None:
    t = Table(4, hands={0: ["god_salvation"]}, hp={0: 3, 2: 1}, pile=QUIET)
    t.use("god_salvation")
    assert t.of_type(ev.CardUsed)[0].targets == (0, 1, 2, 3)
    assert [(r.seat, r.n) for r in t.of_type(ev.Recovered)] == [(0, 1), (2, 1)]
    assert (t.hp(0), t.hp(2)) == (4, 2)


def test_amazing_grace_reveals_one_card_per_target_and_each_picks_in_turn_from_the_user() -> None:
    t = Table(4, first=1, hands={1: ["amazing_grace"]}, pile=["#45", "#46", "#0", "#30", "#53", "#54"])
    # The draw phase took #45 and #46; the next four are revealed.
    t.use("amazing_grace")
    revealed = [e for e in t.of_type(ev.CardsMoved) if e.reason == "amazing_grace" and e.src == "pile"]
    assert revealed[0].cards == (0, 30, 53, 54) and revealed[0].vis is None
    order = []
    for pick in (53, 0, 30, 54):
        req = t.request
        assert req.kind == "grace"
        order.append(req.seat)
        t.pick(pick)
    assert order == [1, 2, 3, 0]
    assert 53 in t.state.chars[1].hand and 0 in t.state.chars[2].hand
    assert 30 in t.state.chars[3].hand and 54 in t.state.chars[0].hand
    assert not t.state.processing


def test_amazing_grace_card_left_over_by_a_nullified_target_is_discarded() -> None:
    t = Table(4, hands={0: ["amazing_grace", "nullification"]}, pile=QUIET + ["#0", "#7", "#24", "#45"])
    t.use("amazing_grace")
    t.pass_()  # seat 0 keeps its 无懈可击 for itself
    t.pick(45)
    # Seat 1's pick: seat 0 nullifies it.
    assert (t.request.kind, t.request.prompt) == ("nullify", "amazing_grace:0:1:0")
    t.use("nullification")
    t.pick(0)  # seat 2
    t.pick(7)  # seat 3
    assert 24 in t.state.discard and not t.state.processing


def test_ex_nihilo_draws_two() -> None:
    t = Table(4, hands={0: ["ex_nihilo"]}, pile=QUIET + ["#0", "#7"])
    t.use("ex_nihilo")
    drawn = [e for e in t.of_type(ev.CardsMoved) if e.reason == "ex_nihilo"]
    assert names(drawn[0].cards) == ["slash", "slash"] and drawn[0].vis == (0,)
    assert sorted(t.hand(0)) == ["dodge", "dodge", "slash", "slash"]


# -- 借刀杀人 -----------------------------------------------------------------------


def test_collateral_targets_a_weapon_holder_and_a_victim_in_its_range() -> None:
    t = Table(5, hands={0: ["collateral"]}, equip={2: ["crossbow"]}, pile=QUIET)
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "collateral"}
    assert targets == {(2, 1), (2, 3)}


def test_collateral_holder_slashes_the_victim() -> None:
    t = Table(4, hands={0: ["collateral"], 1: ["slash"]}, equip={1: ["qinggang_sword"]}, pile=QUIET)
    t.use("collateral", 1, 3)
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("use_slash", 1, "collateral:0:3")
    t.use("slash", 3)
    assert [(d.src, d.dst) for d in t.of_type(ev.Damaged)] == [(1, 3)]
    assert "weapon" in t.state.chars[1].equip


def test_collateral_when_the_holder_refuses_the_weapon_goes_to_the_user() -> None:
    t = Table(4, hands={0: ["collateral"], 1: ["slash"]}, equip={1: ["qinggang_sword"]}, pile=QUIET)
    t.use("collateral", 1, 3)
    t.pass_()
    assert t.state.chars[1].equip == {} and "qinggang_sword" in t.hand(0)
    assert not t.of_type(ev.Damaged)
    move = [e for e in t.of_type(ev.CardsMoved) if e.reason == "collateral"][0]
    assert (move.src, move.src_seat, move.dst, move.dst_seat) == ("equip", 1, "hand", 0)


def test_collateral_holder_without_a_slash_is_not_asked_and_gives_the_weapon() -> None:
    t = Table(4, hands={0: ["collateral"], 1: ["dodge"]}, equip={1: ["blade"]}, pile=QUIET)
    t.use("collateral", 1, 2)
    assert "blade" in t.hand(0) and t.request.kind == "play"


# -- 火攻 -------------------------------------------------------------------------


def test_fire_attack_with_a_card_of_the_shown_suit_deals_one_fire_damage() -> None:
    t = Table(4, hands={0: ["fire_attack", "#0"], 1: ["#3", "#30"]}, pile=QUIET)  # #0, #3: spades
    t.use("fire_attack", 1)
    req = t.request
    assert (req.kind, req.seat) == ("show", 1)
    t.pick(3)
    assert t.of_type(ev.CardsShown)[0].cards == (3,)
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("fire_attack", 0, "fire_attack:1:spade")
    t.pick(0)
    assert [(d.src, d.dst, d.nature, d.card) for d in t.of_type(ev.Damaged)] == [(0, 1, "fire", "fire_attack")]
    assert 3 in t.state.chars[1].hand  # the shown card stays


def test_fire_attack_without_a_matching_suit_does_nothing() -> None:
    t = Table(4, hands={0: ["fire_attack", "#0"], 1: ["#45"]}, pile=QUIET)
    t.use("fire_attack", 1)
    assert t.request.kind == "play" and not t.of_type(ev.Damaged)


def test_fire_attack_needs_a_target_with_hand_cards() -> None:
    t = Table(4, hands={0: ["fire_attack"], 1: [], 2: ["dodge"], 3: []}, pile=QUIET)
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "fire_attack"}
    assert targets == {(0,), (2,)}


# -- 铁索连环 -----------------------------------------------------------------------


def test_iron_chain_chains_one_or_two_and_a_second_use_unchains() -> None:
    t = Table(4, hands={0: ["iron_chain", "iron_chain"]}, pile=QUIET)
    chain_targets = {c.targets for c in t.request.choices if c.cards and not c.option and CARDS[c.cards[0]].name == "iron_chain"}
    assert (0,) in chain_targets and (1, 3) in chain_targets and len(chain_targets) == 4 + 6
    t.use("iron_chain", 1, 3)
    assert [p.chained for p in t.state.chars] == [False, True, False, True]
    t.use("iron_chain", 3)
    assert [p.chained for p in t.state.chars] == [False, True, False, False]
    assert [(e.seat, e.on) for e in t.of_type(ev.ChainToggled)] == [(1, True), (3, True), (3, False)]


def test_iron_chain_recast_discards_it_and_draws_one() -> None:
    t = Table(4, hands={0: ["iron_chain"]}, pile=QUIET + ["#45"])
    card = t.in_hand(0, "iron_chain")
    from sanguozhi.core.requests import Choice

    t.choose(Choice(cards=(card,), option="recast"))
    assert card in t.state.discard and "peach" in t.hand(0)
    assert not t.of_type(ev.CardUsed)
    assert [e.reason for e in t.of_type(ev.CardsMoved)][-2:] == ["recast", "recast"]
