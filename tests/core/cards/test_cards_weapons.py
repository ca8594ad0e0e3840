"""The weapons: range, replacement, and each one's effect."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.distance import attack_range
from sanguozhi.core.requests import Choice
from tests.scenario import Table

QUIET = ["#131", "#132"]
NO_DRAW = {"judge": {0: ["supply_shortage"]}, "pile": ["#24"]}  # ♦ judgement: seat 0 skips its draw


def slash_choices(t: Table) -> set[tuple[int, ...]]:
    return {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "slash" and not c.option}


@pytest.mark.parametrize(
    "weapon, reach",
    [("crossbow", 1), ("qinggang_sword", 2), ("double_sword", 2), ("ice_sword", 2), ("guding_blade", 2), ("axe", 3), ("blade", 3), ("spear", 3), ("halberd", 4), ("fan", 4), ("kylin_bow", 5)],
)
def test_each_weapon_sets_the_attack_range(weapon: str, reach: int) -> None:
    t = Table(4, equip={0: [weapon]}, pile=QUIET)
    assert attack_range(t.state, 0) == reach and attack_range(t.state, 1) == 1


def test_a_new_weapon_replaces_and_discards_the_old_one() -> None:
    t = Table(4, hands={0: ["qinggang_sword"]}, equip={0: ["crossbow"]}, pile=QUIET)
    old = t.state.chars[0].equip["weapon"]
    t.use("qinggang_sword")
    new = t.state.chars[0].equip["weapon"]
    assert CARDS[new].name == "qinggang_sword" and old in t.state.discard
    moves = [(e.src, e.dst, e.reason) for e in t.of_type(ev.CardsMoved)][-2:]
    assert moves == [("equip", "discard", "replace"), ("processing", "equip", "equip")]


def test_crossbow_allows_any_number_of_slashes() -> None:
    t = Table(4, hands={0: ["slash", "slash", "slash"]}, equip={0: ["crossbow"]}, pile=QUIET)
    for _ in range(3):
        t.use("slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1, 1, 1]


def test_eight_diagram_against_qinggang_sword_is_not_asked() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["dodge"]}, equip={0: ["qinggang_sword"], 1: ["eight_diagram"]}, pile=QUIET + ["#45"])
    t.use("slash", 1)
    assert [e.source for e in t.of_type(ev.Triggered)] == ["qinggang_sword"]
    req = t.request
    assert (req.kind, req.seat) == ("respond", 1)  # straight to the hand: no judgement offered
    t.pass_()
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]
    assert not [e for e in t.of_type(ev.CardsMoved) if e.reason.startswith("judge:")]


def test_qinggang_sword_makes_a_black_slash_hit_through_renwang_shield() -> None:
    t = Table(4, hands={0: ["#0"]}, equip={0: ["qinggang_sword"], 1: ["renwang_shield"]}, pile=QUIET)
    t.use("slash", 1)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]


def test_double_sword_against_the_other_gender_target_discards_or_lets_draw() -> None:
    t = Table(4, hands={0: ["slash", "slash"], 1: ["peach"]}, equip={0: ["double_sword"]}, generals={1: "vanilla_f"}, pile=QUIET + ["#45"])
    t.use("slash", 1)
    req = t.request
    assert (req.kind, req.seat, req.choices[0]) == ("trigger", 0, Choice(option="double_sword", targets=(1,)))
    t.option("double_sword", 1)
    assert (t.request.kind, t.request.seat, t.request.prompt) == ("option", 1, "double_sword:0")
    t.option("discard")
    assert t.hand(1) == []  # the only card was auto-picked
    assert [e.source for e in t.of_type(ev.Triggered)] == ["double_sword"]


def test_double_sword_target_may_let_the_user_draw() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["peach"]}, equip={0: ["double_sword"]}, generals={1: "vanilla_f"}, pile=QUIET + ["#46"])
    before = len(t.state.chars[0].hand)
    t.use("slash", 1)
    t.option("double_sword", 1)
    t.option("draw")
    assert len(t.state.chars[0].hand) == before - 1 + 1 and t.hand(1) == ["peach"]


def test_double_sword_does_nothing_against_the_same_gender() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["peach"]}, equip={0: ["double_sword"]}, pile=QUIET)
    t.use("slash", 1)
    assert not t.of_type(ev.Triggered) and [d.dst for d in t.of_type(ev.Damaged)] == [1]


def test_ice_sword_prevents_the_damage_and_discards_two_cards() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["peach"]}, equip={0: ["ice_sword"], 1: ["offensive_horse"]}, pile=QUIET)
    t.use("slash", 1)
    req = t.request
    assert (req.kind, req.prompt, req.choices[0].targets) == ("trigger", "damage_caused:ice_sword", (1,))
    t.option("ice_sword", 1)
    assert t.request.prompt == "ice_sword:1"
    t.option("hand")
    t.pick(t.state.chars[1].equip["offensive_horse"])
    assert t.hp(1) == 4 and not t.of_type(ev.Damaged)
    assert t.state.chars[1].hand == [] and t.state.chars[1].equip == {}


def test_ice_sword_may_be_declined() -> None:
    t = Table(4, hands={0: ["slash"], 1: ["peach"]}, equip={0: ["ice_sword"]}, pile=QUIET)
    t.use("slash", 1)
    t.pass_()
    assert t.hp(1) == 3 and t.hand(1) == ["peach"]


def test_guding_blade_adds_one_when_the_target_has_no_hand_cards() -> None:
    t = Table(4, hands={0: ["slash", "slash"], 1: [], 3: ["peach"]}, equip={0: ["guding_blade"], 1: ["defensive_horse"]}, pile=QUIET)
    t.use("slash", 1)
    assert [(d.dst, d.n) for d in t.of_type(ev.Damaged)] == [(1, 2)]
    t2 = Table(4, hands={0: ["slash"], 3: ["peach"]}, equip={0: ["guding_blade"]}, pile=QUIET)
    t2.use("slash", 3)
    assert [(d.dst, d.n) for d in t2.of_type(ev.Damaged)] == [(3, 1)]


def test_axe_discards_two_cards_to_make_a_dodged_slash_hit() -> None:
    t = Table(4, hands={0: ["slash", "peach", "analeptic"], 1: ["dodge"]}, equip={0: ["axe"]}, pile=QUIET)
    t.use("slash", 1)
    t.use("dodge")
    req = t.request
    assert (req.kind, req.prompt, req.choices[0].targets) == ("trigger", "card_responded:axe", (1,))
    t.option("axe", 1)
    req = t.request
    assert (req.kind, req.prompt, req.min, req.max) == ("discard", "axe", 2, 2)
    assert t.state.chars[0].equip["weapon"] not in req.cards
    t.pick(t.in_hand(0, "peach"), t.in_hand(0, "analeptic"))
    assert [(d.src, d.dst, d.n) for d in t.of_type(ev.Damaged)] == [(0, 1, 1)]


def test_blade_uses_another_slash_on_the_same_target_after_a_dodge() -> None:
    t = Table(4, hands={0: ["slash", "slash"], 1: ["dodge"]}, equip={0: ["blade"]}, pile=QUIET)
    t.use("slash", 1)
    t.use("dodge")
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("use_slash", 0, "blade:1")
    assert all(c.targets == (1,) for c in req.choices if not c.is_pass)
    t.use("slash", 1)
    assert [e.source for e in t.of_type(ev.Triggered)] == ["blade"]
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]


def test_spear_uses_two_hand_cards_as_a_slash() -> None:
    t = Table(4, hands={0: ["peach", "#69"]}, equip={0: ["spear"]}, pile=QUIET)
    assert Choice(targets=(1,), option="spear") in t.request.choices
    t.option("spear", 1)
    req = t.request
    assert (req.kind, req.prompt, req.min, req.max) == ("convert", "spear", 2, 2)
    a, b = t.in_hand(0, "peach"), 69
    t.pick(a, b)
    used = t.of_type(ev.CardUsed)[0]
    assert (used.name, sorted(used.cards), used.targets) == ("slash", sorted((a, b)), (1,))
    assert [d.dst for d in t.of_type(ev.Damaged)] == [1]
    assert t.state.used["slash_any"] == 1  # it counts as the turn's 杀


def test_spear_plays_two_hand_cards_as_a_slash_in_a_duel() -> None:
    t = Table(4, hands={0: ["duel"], 1: ["peach", "dodge"]}, equip={1: ["spear"]}, pile=QUIET)
    t.use("duel", 1)
    req = t.request
    assert (req.kind, req.seat) == ("respond", 1) and Choice(option="spear") in req.choices
    t.option("spear")
    # Exactly two hand cards: picked without asking.
    played = t.of_type(ev.CardPlayed)[0]
    assert (played.seat, played.name, len(played.cards)) == (1, "slash", 2)


def test_halberd_slash_with_the_last_hand_card_takes_up_to_three_targets() -> None:
    t = Table(5, hands={0: ["slash"], 1: ["dodge"]}, equip={0: ["halberd"]}, **NO_DRAW)
    assert len(t.state.chars[0].hand) == 1
    choices = slash_choices(t)
    assert (1, 2, 4) in choices and (1, 2, 3, 4) not in choices and len(choices) == 4 + 6 + 4
    t.use("slash", 1, 2, 4)
    assert t.request.seat == 1
    t.use("dodge")
    assert [d.dst for d in t.of_type(ev.Damaged)] == [2, 4]


def test_halberd_gives_no_extra_target_when_the_slash_is_not_the_last_card() -> None:
    t = Table(5, hands={0: ["slash"]}, equip={0: ["halberd"]}, pile=QUIET)
    assert all(len(c) == 1 for c in slash_choices(t))


def test_fan_uses_a_plain_slash_as_a_fire_slash() -> None:
    t = Table(4, hands={0: ["slash"]}, equip={0: ["fan"], 1: ["vine"]}, pile=QUIET)
    assert Choice(targets=(1,), option="fan") in t.request.choices
    t.option("fan", 1)
    used = t.of_type(ev.CardUsed)[0]
    assert used.name == "fire_slash" and CARDS[used.cards[0]].name == "slash"
    assert [(d.dst, d.n, d.nature) for d in t.of_type(ev.Damaged)] == [(1, 2, "fire")]  # 藤甲 +1


def test_kylin_bow_discards_a_horse_of_the_damaged_target() -> None:
    t = Table(4, hands={0: ["slash"]}, equip={0: ["kylin_bow"], 2: ["defensive_horse", "offensive_horse"]}, pile=QUIET)
    t.use("slash", 2)
    assert t.request.choices[0] == Choice(option="kylin_bow", targets=(2,))
    t.option("kylin_bow", 2)
    horse = t.state.chars[2].equip["defensive_horse"]
    t.pick(horse)
    assert list(t.state.chars[2].equip) == ["offensive_horse"] and horse in t.state.discard
    assert t.hp(2) == 3


def wusheng_with_the_halberd(card: str, rules: str = ""):
    """关羽 with one 闪 in hand wields the 方天画戟 (♦Q): 武圣 makes a 杀 of ``card``."""
    t = Table(5, generals={0: "guanyu"}, hands={0: ["dodge"], 1: ["dodge"]}, equip={0: ["halberd"]}, **NO_DRAW)
    if rules:
        t.restart(rules=rules)
    forms = [c for c in t.request.choices if c.option == "wusheng"]
    assert forms and all(len(c.targets) == 1 for c in forms)  # offered before its cards are known
    t.option("wusheng", 1)
    assert t.request.kind == "convert"
    t.pick(t.in_hand(0, "dodge") if card == "dodge" else t.state.chars[0].equip["weapon"])
    return t


def test_halberd_gives_a_form_slash_of_the_whole_hand_two_more_targets() -> None:
    """"當你使用的【殺】是你最後的手牌時，你可以為此【殺】額外指定至多兩名目標": 武圣 from the last red card."""
    t = wusheng_with_the_halberd("dodge")
    req = t.request
    assert (req.kind, req.prompt) == ("skill", "slash_extra_targets")
    wider = {c.targets for c in req.choices if not c.is_pass}
    assert (1, 2) in wider and (1, 2, 4) in wider and all(1 in w and len(w) <= 3 for w in wider)
    t.choose(Choice(targets=(1, 2, 4)))
    used = t.of_type(ev.CardUsed)[-1]
    assert (used.name, used.targets) == ("slash", (1, 2, 4))


def test_halberd_gives_no_extra_target_to_a_form_slash_of_the_halberd_itself() -> None:
    t = wusheng_with_the_halberd("halberd")  # the 杀 is not the last hand card
    assert t.request.kind != "skill" and t.of_type(ev.CardUsed)[-1].targets == (1,)


def test_under_sgz_rules_1_a_form_slash_never_took_more_targets() -> None:
    t = wusheng_with_the_halberd("dodge", rules="sgz-rules/1")
    assert t.request.kind != "skill" and t.of_type(ev.CardUsed)[-1].targets == (1,)


