"""群 skills, one scenario each, and the rulings players argue about."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from tests.scenario import Table

from .util import accept, card, num, pick, take, triggered


# -- 急救 青囊 -------------------------------------------------------------------------------


def test_jijiu_saves_with_a_red_card_outside_his_turn() -> None:
    red = card("dodge", "h")
    t = Table(4, generals={2: "huatuo"}, hands={0: ["slash"], 2: [red]}, hp={1: 1})
    t.use("slash", 1)
    req = t.request
    assert req.kind == "save" and req.seat == 2 and Choice(option="jijiu") in req.choices
    take(t, "jijiu")
    (use,) = [e for e in t.of_type(ev.CardUsed) if e.name == "peach"]
    assert (use.seat, use.cards, use.targets) == (2, (num(red),), (1,))
    assert t.hp(1) == 1


def test_jijiu_not_in_his_own_turn() -> None:
    # 华佗's own 杀 brings seat 1 to dying; in his own turn his red card is no 桃.
    t = Table(4, generals={0: "huatuo"}, hands={0: ["slash", card("dodge", "h")]}, hp={1: 1})
    t.use("slash", 1)
    assert [e.seat for e in t.of_type(ev.Died)] == [1]
    assert not triggered(t, "jijiu")


def test_qingnang_heals_a_hurt_character_once_per_phase() -> None:
    t = Table(4, generals={0: "huatuo"}, hands={0: ["slash", "slash"]}, hp={1: 2})
    take(t, "qingnang")
    hand = list(t.state.chars[0].hand)
    pick(t, hand[0])
    req = t.request
    assert {c.targets for c in req.choices} == {(1,)}
    t.choose(Choice(targets=(1,)))
    assert t.hp(1) == 3 and hand[0] in t.state.discard
    assert all(c.option != "qingnang" for c in t.request.choices)


# -- 无双 ---------------------------------------------------------------------------------


def test_wushuang_slash_needs_two_dodges() -> None:
    t = Table(4, generals={0: "lvbu"}, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    t.use("dodge")  # the first 闪; no second one
    assert t.hp(1) == 3
    assert triggered(t, "wushuang")[0].w == "target_specified"


def test_wushuang_two_dodges_cancel() -> None:
    t = Table(4, generals={0: "lvbu"}, hands={0: ["slash"], 1: ["dodge", "dodge"]})
    t.use("slash", 1)
    t.use("dodge")
    assert t.request.kind == "respond" and t.request.seat == 1
    t.use("dodge")
    assert t.hp(1) == 4


def test_wushuang_in_a_duel_the_opponent_needs_two_slashes_each_time() -> None:
    t = Table(4, generals={0: "lvbu"}, hands={0: ["duel", "slash"], 1: ["slash", "slash", "slash"]})
    t.use("duel", 1)
    t.use("slash")  # seat 1: first of two
    assert t.request.seat == 1
    t.use("slash")  # second
    assert t.request.seat == 0
    t.use("slash")  # 吕布 needs only one
    assert t.request.seat == 1
    t.use("slash")  # one left: not enough
    assert t.hp(1) == 3 and t.hp(0) == 4


def test_wushuang_when_lvbu_is_the_duel_target() -> None:
    t = Table(4, generals={1: "lvbu"}, hands={0: ["duel", "slash"], 1: ["slash"]})
    t.use("duel", 1)
    t.use("slash")  # 吕布
    assert t.request.seat == 0
    t.use("slash")  # one of two
    assert t.hp(0) == 3


# -- 离间 闭月 -------------------------------------------------------------------------------


def test_lijian_the_second_duels_the_first_and_no_nullification_is_asked() -> None:
    t = Table(5, generals={0: "diaochan", 4: "vanilla_f"}, hands={0: ["peach"], 4: ["nullification"]})
    take(t, "lijian")
    peach = t.in_hand(0, "peach")
    pick(t, peach)
    req = t.request
    pairs = {c.targets for c in req.choices}
    assert (1, 2) in pairs and (2, 1) in pairs and not any(4 in p for p in pairs)
    t.choose(Choice(targets=(1, 2)))
    (use,) = t.of_type(ev.CardUsed)
    assert (use.seat, use.name, use.cards, use.targets) == (2, "duel", (), (1,))
    assert not [r for r in t.events if isinstance(r, ev.Decided) and r.kind == "nullify"]
    dmg = t.of_type(ev.Damaged)
    assert [(d.src, d.dst) for d in dmg] == [(2, 1)]
    assert peach in t.state.discard


def test_lijian_cannot_pick_kongcheng_without_hand_cards_as_the_duel_target() -> None:
    t = Table(4, generals={0: "diaochan", 1: "zhugeliang"}, hands={0: ["peach"]})
    take(t, "lijian")
    pick(t, t.in_hand(0, "peach"))
    pairs = {c.targets for c in t.request.choices}
    assert (2, 1) in pairs and (1, 2) not in pairs


def test_biyue_draws_at_the_finish_phase() -> None:
    t = Table(4, generals={0: "diaochan"})
    t.end()
    accept(t, "biyue")
    assert len(t.state.chars[0].hand) == 3
    assert triggered(t, "biyue")[0].w == "phase_start"
