"""魏 skills, one scenario each, and the rulings players argue about."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import Choice
from tests.scenario import Table

from .util import accept, card, decline, num, pick, take, triggered


# -- 奸雄 ---------------------------------------------------------------------------------


def test_jianxiong_takes_the_slash_that_hurt() -> None:
    t = Table(4, generals={1: "caocao"}, hands={0: ["slash"]})
    slash = t.in_hand(0, "slash")
    t.use("slash", 1)
    accept(t, "jianxiong")
    assert slash in t.state.chars[1].hand
    (e,) = triggered(t, "jianxiong")
    assert e.seat == 1 and e.w == "damaged"


def test_jianxiong_declined_leaves_the_card_to_the_discard_pile() -> None:
    t = Table(4, generals={1: "caocao"}, hands={0: ["slash"]})
    slash = t.in_hand(0, "slash")
    t.use("slash", 1)
    decline(t)
    assert slash in t.state.discard and not triggered(t, "jianxiong")


def test_jianxiong_on_savage_assault_after_a_nullification() -> None:
    """南蛮入侵 on 1, 2 (曹操), 3; seat 1 nullifies its own part.  曹操 takes the
    南蛮入侵 card when it hurts him; the trick still reaches seat 3 (the card
    has left processing, the use has not ended), and at the end the card is
    not discarded — it is in 曹操's hand."""
    t = Table(4, generals={2: "caocao"}, hands={0: ["savage_assault"], 1: ["nullification"]})
    sa = t.in_hand(0, "savage_assault")
    null = t.in_hand(1, "nullification")
    t.use("savage_assault", 1, 2, 3)
    assert t.request.kind == "nullify" and t.request.seat == 1 and t.request.prompt == "savage_assault:0:1:0"
    t.use("nullification")
    accept(t, "jianxiong")  # seat 2 had no 杀
    assert t.request.kind == "play" and t.request.seat == 0
    assert sa in t.state.chars[2].hand and sa not in t.state.discard
    assert null in t.state.discard
    assert [t.hp(s) for s in (1, 2, 3)] == [4, 3, 3]


def test_jianxiong_cannot_take_what_a_nullification_protected() -> None:
    t = Table(4, generals={1: "caocao"}, hands={0: ["savage_assault"], 1: ["nullification"]})
    t.use("savage_assault", 1, 2, 3)
    t.use("nullification")  # seat 1 = 曹操 nullifies for himself: no damage, no 奸雄
    assert t.hp(1) == 4 and not triggered(t, "jianxiong")


# -- 护驾 ---------------------------------------------------------------------------------


def test_hujia_asks_only_wei_characters_in_seat_order_from_the_lord() -> None:
    t = Table(
        5,
        generals={0: "caocao", 1: "liubei", 2: "zhangliao", 3: "guanyu", 4: "xuchu"},
        hands={1: ["slash"], 2: ["dodge"], 3: ["dodge"], 4: ["dodge"]},
        first=1,
    )
    t.use("slash", 0)
    accept(t, "hujia")
    asked = []
    while t.request.kind == "respond" and t.request.prompt == "hujia:0":
        asked.append(t.request.seat)
        if t.request.seat == 2:
            t.pass_()
        else:
            t.use("dodge")
    assert asked == [2, 4]  # 张辽 then 许褚; 刘备 (the user) and 关羽 are not wei
    assert t.hp(0) == 4
    played = t.of_type(ev.CardPlayed)
    assert [(e.seat, e.name) for e in played] == [(4, "dodge")]


def test_hujia_holds_only_while_its_owner_is_lord() -> None:
    t = Table(4, generals={1: "caocao", 2: "zhangliao"}, hands={0: ["slash"], 2: ["dodge"]})
    t.use("slash", 1)
    assert t.request.kind != "trigger" or "hujia" not in t.request.prompt
    assert not triggered(t, "hujia")


def test_hujia_and_eight_diagram_at_one_window_ask_for_an_order() -> None:
    t = Table(4, generals={0: "caocao", 2: "zhangliao"}, equip={0: ["eight_diagram"]}, hands={1: ["slash"], 2: ["dodge"]}, first=1)
    t.use("slash", 0)
    req = t.request
    assert req.kind == "order" and req.seat == 0 and {c.option for c in req.choices} == {"hujia", "eight_diagram"}
    take(t, "hujia")
    accept(t, "hujia")
    t.use("dodge")  # 张辽 answers for the lord; 八卦阵 is no longer needed
    assert t.hp(0) == 4 and not triggered(t, "eight_diagram")


# -- 反馈 鬼才 -------------------------------------------------------------------------------


def test_fankui_takes_a_card_from_the_source() -> None:
    t = Table(4, generals={1: "simayi"}, hands={0: ["slash"]}, equip={0: ["crossbow"]})
    bow = t.state.chars[0].equip["weapon"]
    t.use("slash", 1)
    accept(t, "fankui")
    req = t.request
    assert req.kind == "pick_card" and req.seat == 1
    t.choose(Choice(cards=(bow,)))
    assert bow in t.state.chars[1].hand and "weapon" not in t.state.chars[0].equip


def test_guicai_replaces_a_judgement_card() -> None:
    spade = card("slash", "s")
    heart = card("peach", "h")
    t = Table(4, generals={1: "simayi"}, judge={0: ["indulgence"]}, hands={1: [heart]}, pile=[spade])
    req = t.request
    assert req.kind == "skill" and req.seat == 1 and req.prompt == f"guicai:0:indulgence:{num(spade)}"
    pick(t, num(heart))
    (e,) = triggered(t, "guicai")
    assert e.w == "judge_result" and e.targets == (0,)
    assert [(p.seat, p.name) for p in t.of_type(ev.CardPlayed)] == [(1, "peach")]
    assert num(spade) in t.state.discard and num(heart) in t.state.discard
    assert t.request.kind == "play" and t.request.seat == 0  # a heart: 乐不思蜀 failed


def test_guicai_may_pass() -> None:
    spade = card("slash", "s")
    t = Table(4, generals={1: "simayi"}, judge={0: ["indulgence"]}, hands={1: ["peach"]}, pile=[spade])
    t.pass_()
    assert not triggered(t, "guicai")
    assert any(e.phase == "play" for e in t.of_type(ev.PhaseSkipped))


# -- 刚烈 ---------------------------------------------------------------------------------


def _ganglie_table(judge_card: str, hand0: list[str]) -> Table:
    return Table(4, generals={1: "xiahoudun"}, hands={0: hand0}, pile=["dodge", "dodge", judge_card])


def test_ganglie_judgement_not_heart_source_takes_damage() -> None:
    t = _ganglie_table(card("slash", "s"), ["slash"])
    t.use("slash", 1)
    accept(t, "ganglie")
    req = t.request
    assert req.kind == "skill" and req.seat == 0 and req.prompt == "ganglie:1"
    take(t, "damage")
    assert t.hp(0) == 3 and t.hp(1) == 3
    dmg = t.of_type(ev.Damaged)
    assert (dmg[-1].src, dmg[-1].dst) == (1, 0)


def test_ganglie_source_may_discard_two_hand_cards_instead() -> None:
    t = _ganglie_table(card("slash", "s"), ["slash", "peach"])
    t.use("slash", 1)
    accept(t, "ganglie")
    take(t, "discard")
    hand = list(t.state.chars[0].hand)
    assert t.request.kind == "discard" and t.request.min == 2
    pick(t, *hand[:2])
    assert t.hp(0) == 4 and all(c in t.state.discard for c in hand[:2])


def test_ganglie_heart_judgement_does_nothing() -> None:
    t = _ganglie_table(card("peach", "h"), ["slash"])
    t.use("slash", 1)
    accept(t, "ganglie")
    assert t.request.kind == "play" and t.hp(0) == 4


def test_ganglie_source_with_fewer_than_two_hand_cards_must_take_the_damage() -> None:
    # Seat 0 draws a 杀 and a 闪, uses the 杀: one card left, so no choice is offered.
    t = Table(4, generals={1: "xiahoudun"}, pile=["slash", "dodge", card("slash", "s", nth=1)])
    t.use("slash", 1)
    accept(t, "ganglie")
    assert t.request.kind == "play" and t.hp(0) == 3


def test_ganglie_judgement_changed_by_guicai_of_the_source() -> None:
    """司马懿 hurts 夏侯惇; 刚烈 judges a spade; 司马懿 (the source, asked at the
    judgement) plays a heart in its place: 刚烈 does nothing."""
    heart = card("peach", "h")
    t = Table(4, generals={0: "simayi", 1: "xiahoudun"}, hands={0: ["slash", heart]}, pile=["dodge", "dodge", card("slash", "s")])
    t.use("slash", 1)
    accept(t, "ganglie")
    req = t.request
    assert req.kind == "skill" and req.seat == 0 and req.prompt.startswith("guicai:1:ganglie:")
    pick(t, num(heart))
    assert t.request.kind == "play" and t.hp(0) == 4


# -- 突袭 裸衣 -------------------------------------------------------------------------------


def test_tuxi_takes_a_hand_card_from_two_characters_instead_of_drawing() -> None:
    t = Table(4, generals={0: "zhangliao"}, hands={1: ["dodge"], 2: ["peach"]}, pile=["slash", "slash"])
    req = t.request
    assert req.kind == "skill" and req.prompt == "tuxi"
    assert Choice(targets=(1, 2)) in req.choices and Choice(targets=(3,)) not in req.choices  # seat 3 has no hand
    t.choose(Choice(targets=(1, 2)))
    assert sorted(t.hand(0)) == ["dodge", "peach"]
    assert not [e for e in t.events if isinstance(e, ev.CardsMoved) and e.reason == "draw"]
    (e,) = triggered(t, "tuxi")
    assert e.targets == (1, 2) and e.w == "draw_count"


def test_luoyi_draws_one_less_and_adds_one_to_slash_damage() -> None:
    t = Table(4, generals={0: "xuchu"}, hands={0: ["slash"]})
    accept(t, "luoyi")
    assert len(t.state.chars[0].hand) == 2
    t.use("slash", 1)
    assert t.hp(1) == 2
    assert [e.w for e in triggered(t, "luoyi")] == ["draw_count", "damage_caused"]


def test_luoyi_declined_no_bonus() -> None:
    t = Table(4, generals={0: "xuchu"}, hands={0: ["slash"]})
    decline(t)
    t.use("slash", 1)
    assert t.hp(1) == 3


# -- 天妒 遗计 -------------------------------------------------------------------------------


def test_tiandu_takes_the_judgement_card() -> None:
    spade = card("slash", "s")
    t = Table(4, generals={0: "guojia"}, judge={0: ["indulgence"]}, pile=[spade])
    accept(t, "tiandu")
    assert num(spade) in t.state.chars[0].hand
    assert any(e.phase == "play" for e in t.of_type(ev.PhaseSkipped))  # the result still stands


def test_tiandu_after_guicai_takes_the_replacing_card() -> None:
    spade = card("slash", "s")
    heart = card("peach", "h")
    t = Table(4, generals={0: "guojia", 1: "simayi"}, judge={0: ["indulgence"]}, hands={1: [heart]}, pile=[spade])
    pick(t, num(heart))  # 鬼才
    accept(t, "tiandu")
    assert num(heart) in t.state.chars[0].hand and num(spade) in t.state.discard
    assert t.request.kind == "play"


def test_yiji_looks_at_two_and_gives_them_out() -> None:
    a, b = card("peach", "h"), card("analeptic", "s")
    t = Table(4, generals={1: "guojia"}, hands={0: ["slash"]}, pile=["dodge", "dodge", a, b])
    t.use("slash", 1)
    accept(t, "yiji")
    req = t.request
    assert req.kind == "skill" and req.prompt == "yiji" and {c.cards[0] for c in req.choices} == {num(a), num(b)}
    t.choose(Choice(cards=(num(a),), targets=(2,)))
    t.choose(Choice(cards=(num(b),), targets=(1,)))
    assert num(a) in t.state.chars[2].hand and num(b) in t.state.chars[1].hand


def test_yiji_asks_once_per_point_of_damage() -> None:
    t = Table(4, generals={1: "guojia"}, hands={0: ["analeptic", "slash"]})
    t.use("analeptic")
    t.use("slash", 1)
    for _ in range(2):
        accept(t, "yiji")
        for _ in range(2):
            t.choose(t.request.choices[0])
    assert len(triggered(t, "yiji")) == 2 and t.hp(1) == 2


# -- 倾国 洛神 -------------------------------------------------------------------------------


def test_qingguo_plays_a_black_hand_card_as_dodge() -> None:
    black = card("slash", "c")
    t = Table(4, generals={1: "zhenji"}, hands={0: ["slash"], 1: [black]})
    t.use("slash", 1)
    req = t.request
    assert req.kind == "respond" and Choice(option="qingguo") in req.choices
    take(t, "qingguo")
    assert t.hp(1) == 4
    (played,) = t.of_type(ev.CardPlayed)
    assert (played.seat, played.name, played.cards) == (1, "dodge", (num(black),))


def test_luoshen_keeps_black_judgements_until_a_red_one() -> None:
    s, c, h = card("slash", "s"), card("slash", "c"), card("peach", "h")
    t = Table(4, generals={0: "zhenji"}, pile=[s, c, h])
    accept(t, "luoshen")
    accept(t, "luoshen")
    accept(t, "luoshen")
    hand = t.state.chars[0].hand
    assert num(s) in hand and num(c) in hand and num(h) not in hand and num(h) in t.state.discard
    assert len(triggered(t, "luoshen")) == 3


def test_luoshen_may_stop_after_a_black_one() -> None:
    s, c = card("slash", "s"), card("slash", "c")
    t = Table(4, generals={0: "zhenji"}, pile=[s, c])
    accept(t, "luoshen")
    decline(t)
    assert num(s) in t.state.chars[0].hand
    assert CARDS[t.state.chars[0].hand[-1]].name  # the draw phase drew on
