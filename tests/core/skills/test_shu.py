"""蜀 skills, one scenario each, and the rulings players argue about."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from tests.scenario import Table

from .util import accept, card, decline, num, pick, take, triggered


# -- 仁德 ---------------------------------------------------------------------------------


def test_rende_gives_cards_and_heals_once_at_two() -> None:
    t = Table(4, generals={0: "liubei"}, hands={0: ["dodge", "dodge", "dodge"]}, hp={0: 2})
    dodges = [c for c in t.state.chars[0].hand][:3]
    take(t, "rende")
    assert t.request.kind == "give" and t.request.min == 1
    pick(t, dodges[0])
    t.choose(Choice(targets=(1,)))
    assert t.hp(0) == 2  # one card given so far
    take(t, "rende")
    pick(t, dodges[1])
    t.choose(Choice(targets=(2,)))
    assert t.hp(0) == 3  # the total reached two
    take(t, "rende")
    pick(t, dodges[2])
    t.choose(Choice(targets=(1,)))
    assert t.hp(0) == 3  # only the first time
    assert [e.targets for e in triggered(t, "rende")] == [(1,), (2,), (1,)]
    assert dodges[0] in t.state.chars[1].hand and dodges[1] in t.state.chars[2].hand


# -- 激将 ---------------------------------------------------------------------------------


def test_jijiang_in_a_duel_asks_only_shu_characters_in_seat_order() -> None:
    black = card("slash", "c")
    t = Table(
        5,
        generals={0: "liubei", 1: "caocao", 2: "guanyu", 3: "zhangliao", 4: "zhangfei"},
        hands={1: ["duel"], 2: [black], 4: ["slash"]},
        first=1,
    )
    t.use("duel", 0)
    accept(t, "jijiang")
    asked = []
    while t.request.kind == "respond" and t.request.prompt == "jijiang:0":
        asked.append(t.request.seat)
        if t.request.seat == 2:
            t.pass_()
        else:
            t.use("slash")
    assert asked == [2, 4]  # 关羽 then 张飞; 曹操 (the duel's user) and 张辽 are not shu
    # Then 曹操 must answer the duel with a 杀 of his own: none, so he is hurt by 刘备.
    dmg = t.of_type(ev.Damaged)
    assert (dmg[-1].src, dmg[-1].dst) == (0, 1)


def test_jijiang_uses_a_slash_another_shu_character_plays() -> None:
    t = Table(4, generals={0: "liubei", 2: "guanyu"}, hands={2: ["slash"]}, first=0)
    req = t.request
    assert Choice(targets=(1,), option="jijiang") in req.choices
    t.choose(Choice(targets=(1,), option="jijiang"))
    req = t.request
    assert req.seat == 2 and req.prompt == "jijiang:0"
    slash = t.in_hand(2, "slash")
    t.use("slash")
    used = [e for e in t.of_type(ev.CardUsed) if e.name == "slash"]
    assert [(e.seat, e.cards, e.targets) for e in used] == [(0, (slash,), (1,))]
    assert t.hp(1) == 3
    assert triggered(t, "jijiang")[0].seat == 0


def test_jijiang_nobody_answers_no_slash_is_used_and_it_is_not_offered_again() -> None:
    t = Table(4, generals={0: "liubei", 2: "guanyu"}, hands={2: ["slash"]}, first=0)
    t.choose(Choice(targets=(1,), option="jijiang"))
    t.pass_()
    assert t.request.kind == "play" and not t.of_type(ev.CardUsed)
    assert all(c.option != "jijiang" for c in t.request.choices)


def test_jijiang_is_not_a_lord_skill_for_a_non_lord() -> None:
    t = Table(4, generals={1: "liubei", 2: "guanyu"}, hands={2: ["slash"]}, first=1)
    assert all(c.option != "jijiang" for c in t.request.choices)


# -- 武圣 咆哮 -------------------------------------------------------------------------------


def test_wusheng_uses_a_red_hand_card_as_slash() -> None:
    heart, other = card("peach", "h"), card("dodge", "h")
    t = Table(4, generals={0: "guanyu"}, hands={0: [heart, other]}, pile=["slash", "slash"])
    t.choose(Choice(targets=(1,), option="wusheng"))
    req = t.request
    assert req.kind == "convert" and set(req.cards) == {num(heart), num(other)}
    pick(t, num(heart))
    (use,) = t.of_type(ev.CardUsed)
    assert (use.name, use.cards, use.targets) == ("slash", (num(heart),), (1,))
    assert t.hp(1) == 3
    assert triggered(t, "wusheng")


def test_wusheng_uses_a_red_equipment_as_slash_and_plays_one_in_a_duel() -> None:
    horse = card("defensive_horse", "h")
    t = Table(4, generals={1: "guanyu"}, equip={1: [horse]}, hands={0: ["duel"]})
    t.use("duel", 1)
    take(t, "wusheng")  # the only red card: no need to pick it
    assert "defensive_horse" not in t.state.chars[1].equip
    played = t.of_type(ev.CardPlayed)
    assert [(e.seat, e.name, e.cards) for e in played] == [(1, "slash", (num(horse),))]


def test_paoxiao_any_number_of_slashes_recorded_from_the_second() -> None:
    t = Table(4, generals={0: "zhangfei"}, hands={0: ["slash", "slash", "slash"]})
    for _ in range(3):
        t.use("slash", 1)
    assert t.hp(1) == 1
    assert len(triggered(t, "paoxiao")) == 2


# -- 观星 空城 -------------------------------------------------------------------------------


def test_guanxing_rearranges_the_top_cards() -> None:
    a, b, c, d = card("peach", "h"), card("dodge", "h"), card("slash", "s"), card("analeptic", "s")
    t = Table(4, generals={0: "zhugeliang"}, pile=[a, b, c, d])
    accept(t, "guanxing")
    req = t.request
    assert req.kind == "skill" and req.prompt == "guanxing:4" and req.cards == (num(a), num(b), num(c), num(d))
    pick(t, num(c), num(a))  # 杀 on top, then 桃; 闪 and 酒 to the bottom
    pile = t.state.pile
    assert set(pile[:2]) == {num(b), num(d)}
    hand = t.state.chars[0].hand
    assert hand[-2:] == [num(c), num(a)]  # the draw phase drew them, topmost first


def test_kongcheng_no_slash_or_duel_target_without_hand_cards() -> None:
    t = Table(4, generals={1: "zhugeliang"}, hands={0: ["slash", "duel"]})
    targets = {(c.targets, c.cards and c.cards[0]) for c in t.request.choices if c.cards}
    slash, duel = t.in_hand(0, "slash"), t.in_hand(0, "duel")
    assert ((1,), slash) not in targets and ((1,), duel) not in targets
    assert ((3,), slash) in targets and ((2,), duel) in targets


def test_kongcheng_with_a_hand_card_may_be_targeted() -> None:
    t = Table(4, generals={1: "zhugeliang"}, hands={0: ["slash", "duel"], 1: ["peach"]})
    slash = t.in_hand(0, "slash")
    assert Choice(cards=(slash,), targets=(1,)) in t.request.choices


def test_kongcheng_savage_assault_still_reaches() -> None:
    t = Table(4, generals={1: "zhugeliang"}, hands={0: ["savage_assault"]})
    t.use("savage_assault", 1, 2, 3)
    assert t.hp(1) == 3


# -- 龙胆 ---------------------------------------------------------------------------------


def test_longdan_dodge_as_slash_and_slash_as_dodge() -> None:
    t = Table(4, generals={0: "zhaoyun"}, hands={0: ["dodge"]}, pile=["peach", "peach"])
    dodge = t.in_hand(0, "dodge")
    t.choose(Choice(targets=(1,), option="longdan:slash"))
    (use,) = t.of_type(ev.CardUsed)
    assert (use.name, use.cards) == ("slash", (dodge,))
    assert triggered(t, "longdan")
    t2 = Table(4, generals={1: "zhaoyun"}, hands={0: ["slash"], 1: [card("slash", "c")]})
    t2.use("slash", 1)
    take(t2, "longdan:dodge")
    assert t2.hp(1) == 4
    assert [(e.seat, e.name) for e in t2.of_type(ev.CardPlayed)] == [(1, "dodge")]


# -- 马术 铁骑 -------------------------------------------------------------------------------


def test_mashu_brings_a_seat_at_distance_two_into_reach() -> None:
    t = Table(5, generals={0: "machao"}, hands={0: ["slash"]})
    slash = t.in_hand(0, "slash")
    assert Choice(cards=(slash,), targets=(2,)) in t.request.choices
    t2 = Table(5, hands={0: ["slash"]})
    assert Choice(cards=(t2.in_hand(0, "slash"),), targets=(2,)) not in t2.request.choices


def test_tieji_red_judgement_no_dodge_allowed() -> None:
    t = Table(4, generals={0: "machao"}, hands={0: ["slash"], 1: ["dodge"]}, pile=["peach", "peach", card("dodge", "h", nth=3)])
    t.use("slash", 1)
    req = t.request
    assert req.kind == "trigger" and req.prompt == "target_specified:tieji" and req.choices[0].targets == (1,)
    accept(t, "tieji")
    assert t.hp(1) == 3 and "dodge" in t.hand(1)  # never asked for it


def test_tieji_black_judgement_dodge_still_allowed() -> None:
    t = Table(4, generals={0: "machao"}, hands={0: ["slash"], 1: ["dodge"]}, pile=["peach", "peach", card("slash", "c")])
    t.use("slash", 1)
    accept(t, "tieji")
    assert t.request.kind == "respond" and t.request.seat == 1


# -- 集智 奇才 -------------------------------------------------------------------------------


def test_jizhi_draws_when_using_a_trick() -> None:
    t = Table(4, generals={0: "huangyueying"}, hands={0: ["ex_nihilo"]})
    before = len(t.state.chars[0].hand)
    t.use("ex_nihilo")
    accept(t, "jizhi")
    assert len(t.state.chars[0].hand) == before - 1 + 1 + 2


def test_jizhi_not_for_a_basic_card() -> None:
    t = Table(4, generals={0: "huangyueying"}, hands={0: ["slash"]})
    t.use("slash", 1)
    assert not triggered(t, "jizhi") and t.request.kind != "trigger"


def test_qicai_snatch_has_no_distance_limit() -> None:
    t = Table(5, generals={0: "huangyueying"}, hands={0: ["snatch"], 2: ["peach"]})
    snatch = t.in_hand(0, "snatch")
    assert Choice(cards=(snatch,), targets=(2,)) in t.request.choices
    t2 = Table(5, hands={0: ["snatch"], 2: ["peach"]})
    assert Choice(cards=(t2.in_hand(0, "snatch"),), targets=(2,)) not in t2.request.choices


def test_optional_skills_may_be_declined() -> None:
    t = Table(4, generals={0: "zhugeliang"})
    decline(t)
    assert not triggered(t, "guanxing")
