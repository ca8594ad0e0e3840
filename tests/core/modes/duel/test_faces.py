"""Seed 003, face-down and face-up generals, damage tokens, 杀 and 酒 per general, 奇兵 cards."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import NAMES
from sanguozhi.core.modes.duel import RevealChosen
from sanguozhi.core.requests import Choice
from sanguozhi.core.view import SeatView, view
from sanguozhi.replay.prompts import Asked

from tests.scenario import trigger_of

from .scenario import DuelTable


def concealed(t: DuelTable, gid: str) -> bool:
    return t.state.chars[t.find(gid)].slots[0].vis is not None


def test_a_face_down_general_uses_no_slash_nor_damage_trick_nor_its_skills_but_may_equip() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao"]},
        hands={0: ["slash", "duel", "savage_assault", "dismantlement", "ex_nihilo", "offensive_horse", "nullification"], 1: ["dodge"]},
        pile=["dodge"] * 4,
    )
    gy = t.find("guanyu")
    down = t.offered(gy)
    assert {"dismantlement", "ex_nihilo", "offensive_horse", "reveal"} <= down
    assert not down & {"slash", "duel", "savage_assault", "wusheng"}
    t.act(gy, "reveal")
    up = t.offered(gy)
    assert {"slash", "duel", "savage_assault", "wusheng"} <= up and "reveal" not in up


def test_the_turns_reveal_is_once_a_turn_and_an_ambush_reveal_does_not_use_it() -> None:
    # 马超's 铁骑 is an ambush skill: used face down, it reveals him (FAQ 回合相关 2).
    t = DuelTable(
        {0: ["guanyu", "duel_machao", "simayi"], 1: ["caocao"]},
        face_up=["guanyu", "caocao"],
        hands={0: ["slash"], 1: ["dodge"]},
        pile=["peach"] * 4,
    )
    gy, mc, sy = (t.find(g) for g in ("guanyu", "duel_machao", "simayi"))
    cc = t.find("caocao")
    t.act(gy, "slash", cc)
    t.answer("respond", cards=(t.in_hand(1, "dodge"),))
    assert (trigger_of(t.request), t.request.seat) == ("card_responded:duel_tieji", 0)
    t.answer("trigger", "duel_tieji")
    assert not concealed(t, "duel_machao") and t.state.chars[cc].hp == 3  # revealed, and the 杀 hit
    t.skip_to("play", 0)
    assert "reveal" in t.offered(sy)  # the ambush reveal was not the turn's
    t.act(sy, "reveal")
    assert len(t.of_type(RevealChosen)) == 1
    assert not any("reveal" in t.offered(g) for g in (gy, mc, sy))


def test_every_face_up_general_uses_one_slash_a_turn_and_its_own_analeptic() -> None:
    t = DuelTable(
        {0: ["guanyu", "zhangfei", "caocao"], 1: ["simayi", "guojia"]},
        face_up=["guanyu", "zhangfei", "caocao"],
        hands={0: ["slash", "slash", "slash", "analeptic", "analeptic"]},
        pile=["ex_nihilo"] * 4,
    )
    gy, zf, cc = (t.find(g) for g in ("guanyu", "zhangfei", "caocao"))
    sy, gj = t.find("simayi"), t.find("guojia")
    t.act(cc, "analeptic")
    assert "analeptic" not in t.offered(cc) and "analeptic" in t.offered(gy)
    t.act(gy, "slash", gj)  # guanyu's 杀: 曹操's 酒 does not make it stronger
    t.skip_to("play", 0)
    assert [d.n for d in t.of_type(ev.Damaged)] == [1]
    assert "slash" not in t.offered(gy) and "slash" in t.offered(cc)
    t.act(cc, "slash", sy)  # 曹操's 酒 goes to 曹操's 杀
    t.skip_to("play", 0)
    assert [d.n for d in t.of_type(ev.Damaged)] == [1, 2]
    assert "slash" not in t.offered(cc)
    assert "slash" in t.offered(zf)  # 张飞 (咆哮) has no limit at all


def test_damage_does_not_reveal_tokens_count_lost_hp_and_a_peach_takes_one_off() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao", "simayi"]},
        face_up=["guanyu"],
        lost={"caocao": 1},
        hands={0: ["slash"], 1: ["peach"]},
        pile=["ex_nihilo"] * 4,
    )
    cc = t.find("caocao")
    t.act("guanyu", "slash", cc)
    t.skip_to("play", 0)
    p = t.state.chars[cc]
    assert concealed(t, "caocao") and (p.hp, p.max_hp) == (2, 4)  # 2 tokens
    v = view(t.state, 0)["characters"][cc]
    assert (v["hp"], v["max_hp"], v["lost"]) == (None, None, 2)  # the other player sees the tokens only
    assert SeatView(t.state, 0).max_hp(cc) == 3 and SeatView(t.state, 1).max_hp(cc) == 4
    t.end()
    t.skip_to("play", 1)
    t.act(cc, "peach")  # a face-down general may use 桃
    assert t.state.chars[cc].hp == 3


def test_a_general_dies_when_its_tokens_reach_its_hp_and_may_drink_an_analeptic_while_dying() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao", "simayi"]},
        face_up=["guanyu"],
        lost={"simayi": 2},
        hands={0: ["slash"], 1: ["analeptic"]},
        pile=["ex_nihilo"] * 4,
    )
    sy = t.find("simayi")
    t.act("guanyu", "slash", sy)
    req = t.skip_to("save", 1)
    assert req.prompt == f"dying:{sy}"
    t.answer("save", cards=(t.in_hand(1, "analeptic"),))
    assert t.state.chars[sy].alive and t.state.chars[sy].hp == 1


def test_re_concealing_keeps_the_damage_tokens_and_revealing_again_gains_the_qibing_again() -> None:
    # 赵云's 护主: he turns face down again and the enemy's 决斗 has no effect (FAQ 明置暗置 4).
    t = DuelTable(
        {0: ["duel_zhaoyun", "caocao"], 1: ["guojia"]},
        face_up=["duel_zhaoyun", "caocao", "guojia"],
        lost={"duel_zhaoyun": 1},
        hands={1: ["duel"]},
        pile=["ex_nihilo"] * 4 + ["dodge"] * 4,
        first=1,
    )
    zy, cc, gj = (t.find(g) for g in ("duel_zhaoyun", "caocao", "guojia"))
    t.act(gj, "duel", cc)
    assert trigger_of(t.request) == "target_confirmed:duel_huzhu"
    t.answer("trigger", "duel_huzhu")
    assert concealed(t, "duel_zhaoyun") and t.state.chars[zy].hp == 3  # face down, the token still on him
    assert view(t.state, 1)["characters"][zy]["generals"] == [None]
    t.skip_to("play", 1)
    assert not t.of_type(ev.Damaged)  # the 决斗 did nothing
    t.end()
    t.skip_to("play", 0)
    t.act(zy, "reveal")
    got = t.state.chars[0].zones["qibing"]
    assert [NAMES[c] for c in got] == ["tengpai"]  # 赵云's 奇兵, gained at this reveal


def test_mifuren_turns_another_general_face_down_keeping_its_tokens() -> None:
    t = DuelTable({0: ["duel_mifuren", "lvbu"], 1: ["guojia"]}, face_up=["duel_mifuren", "lvbu"], lost={"lvbu": 2}, pile=["dodge"] * 4)
    t.act("duel_mifuren", "duel_cunsi")
    t.answer("skill", targets=(t.find("lvbu"),))
    assert concealed(t, "lvbu") and t.state.chars[t.find("lvbu")].hp == 2
    assert "duel_cunsi" not in t.offered("duel_mifuren")  # once a turn


def test_qibing_cards_lie_face_up_have_no_colour_return_to_their_pile_and_escape_dismantlement() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao", "simayi"]},
        face_up=["caocao", "simayi"],
        equip={"caocao": "renwang_shield"},
        hands={1: ["dismantlement"]},
        pile=["ex_nihilo"] * 4,
    )
    gy, cc = t.find("guanyu"), t.find("caocao")
    t.act(gy, "reveal")
    fubing = t.state.chars[0].zones["qibing"][0]
    assert NAMES[fubing] == "fubing"
    assert view(t.state, 1)["characters"][0]["zones"]["qibing"] == [fubing]  # face up: the other player sees it
    t.act(gy, "fubing", cc)  # 伏兵 as 杀: no colour, so 仁王盾 does not stop it
    t.skip_to("play", 0)
    assert [(d.dst, d.n) for d in t.of_type(ev.Damaged)] == [(cc, 1)]
    assert fubing in t.state.removed and fubing not in t.state.discard  # back to the 奇兵 pile


def test_qibing_is_not_a_dismantlement_target() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao"]},
        face_up=["caocao"],
        qibing={0: ["yuanjun", "tengpai"]},
        hands={1: ["dismantlement"]},
        pile=["dodge"] * 4,
        first=1,
    )
    assert "dismantlement" not in t.offered("caocao")  # 关羽's player has 奇兵 cards only


def test_the_finish_phase_discards_hand_and_qibing_separately_down_to_the_living_generals() -> None:
    t = DuelTable(
        {0: ["guanyu", "caocao"], 1: ["simayi"]},
        qibing={0: ["yuanjun", "tengpai", "zhangu"]},
        pile=["dodge"] * 4,
    )
    t.end()
    assert (t.request.kind, t.request.prompt) == ("discard", "discard:2")
    assert t.state.rs.hand_limit(t.state, 0) == 2  # two living generals
    assert Asked(t.request, t.state, "en").title.endswith("(your hand limit is 2)")
    assert Asked(t.request, t.state, "zh").title.endswith("（手牌上限2）")
    t.choose(Choice(cards=t.request.cards[:2]))
    assert (t.request.kind, t.request.prompt) == ("discard", "qibing:1")
    tossed = t.request.cards[0]
    t.choose(Choice(cards=(tossed,)))
    assert len(t.state.seats[0].hand) == 2 and len(t.state.chars[0].zones["qibing"]) == 2
    assert tossed in t.state.removed
