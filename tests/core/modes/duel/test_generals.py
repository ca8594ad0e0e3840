"""Seed 003, 武将相关: the FAQ's generals, as the project's stand-ins (core/modes/duel/skills.py)."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.modes.duel import Scored

from tests.core.skills.util import card
from tests.scenario import trigger_of

from .scenario import DuelTable


def test_xiahoudun_may_damage_himself() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["duel_xiahoudun", "caocao"]},
        face_up=["guanyu"],
        hands={0: ["slash"]},
        pile=["dodge"] * 4 + [card("slash", "s")],  # the judgement: a spade, not a heart
    )
    xd = t.find("duel_xiahoudun")
    t.act("guanyu", "slash", xd)
    assert (trigger_of(t.request), t.request.seat) == ("damaged:duel_ganglie", 1)
    t.answer("trigger", "duel_ganglie")  # an ambush skill: it reveals him
    assert t.state.chars[xd].slots[0].vis is None
    req = t.request
    assert req.prompt == f"duel_ganglie:{xd}" and (xd,) in {c.targets for c in req.choices}
    t.answer("skill", targets=(xd,))
    assert [(d.src, d.dst) for d in t.of_type(ev.Damaged)] == [(t.find("guanyu"), xd), (xd, xd)]
    assert trigger_of(t.request) == "damaged:duel_ganglie"  # hurt again, by himself: he may answer again
    t.pass_()
    assert t.state.chars[xd].hp == 2


def test_a_transferred_damage_is_not_transferred_again() -> None:
    # 典韦 stands between 曹操 and 周泰 (who ends the other row): 典韦 takes 曹操's damage;
    # 周泰, next to 典韦, may not move it on.
    t = DuelTable(
        {0: ["caocao", "duel_dianwei"], 1: ["duel_zhoutai", "guanyu"]},
        face_up=["guanyu"],
        hands={1: ["slash", "dodge"]},
        pile=["dodge"] * 4,
        first=1,
    )
    cc, dw, zt = (t.find(g) for g in ("caocao", "duel_dianwei", "duel_zhoutai"))
    gy = t.find("guanyu")
    assert t.ring() == [cc, dw, zt, gy]
    t.act(gy, "slash", cc)
    assert (trigger_of(t.request), t.request.choices[0].targets) == ("damage_inflicted:duel_huwei", (cc,))
    t.answer("trigger", "duel_huwei")
    t.skip_to("play", 1)
    damage = t.of_type(ev.Damaged)
    assert [(d.src, d.dst) for d in damage] == [(gy, dw)]  # same source, amount, kind
    assert not [e for e in t.events if isinstance(e, ev.Decided) and e.kind == "trigger" and e.option == "duel_dangren"]
    assert t.state.chars[cc].hp == 4


def test_at_the_end_of_a_row_dianwei_may_take_the_adjacent_enemys_damage() -> None:
    t = DuelTable(
        {0: ["caocao", "duel_dianwei"], 1: ["duel_zhoutai", "guanyu"]},
        face_up=["caocao"],
        hands={0: ["duel"]},
        pile=["dodge"] * 4,
    )
    zt = t.find("duel_zhoutai")
    t.act("caocao", "duel", zt)  # 周泰 has no 杀 to answer with
    req = t.request
    assert trigger_of(req) == "damage_inflicted:duel_huwei" and req.seat == 0  # 典韦 is next to 周泰, the enemy
    t.answer("trigger", "duel_huwei")
    assert [d.dst for d in t.of_type(ev.Damaged)] == [t.find("duel_dianwei")]


def test_zuoci_dying_becomes_a_new_general_with_its_own_hp() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["duel_zuoci", "caocao"]},
        face_up=["guanyu"],
        lost={"duel_zuoci": 2},
        hands={0: ["slash"]},
        pile=["slash"] * 4,
    )
    zc = t.find("duel_zuoci")
    t.act("guanyu", "slash", zc)
    assert (trigger_of(t.request), t.request.seat) == ("dying:duel_huashen", 1)
    t.answer("trigger", "duel_huashen")
    p = t.state.chars[zc]
    assert p.alive and p.general != "duel_zuoci" and p.slots[0].vis == (1,)
    assert (p.hp, p.max_hp) == (t.state.content.general(p.general).max_hp,) * 2  # new hp: no token left
    assert not t.of_type(Scored)  # nobody died
    t.skip_to("play", 0)


def duel_with_xiaoqiao(machao: bool, hammer: bool = False) -> DuelTable:
    return DuelTable(
        {0: ["guanyu", "duel_machao" if machao else "caocao"], 1: ["duel_xiaoqiao", "simayi"]},
        face_up=["guanyu", "simayi"],
        hands={0: ["slash"], 1: ["dodge"]},
        qibing={0: ["suishi_chui"]} if hammer else None,
        pile=["slash"] * 4,
    )


def test_machao_makes_a_dodged_slash_hit_and_xiaoqiao_then_cannot_answer() -> None:
    t = duel_with_xiaoqiao(machao=True)
    sy = t.find("simayi")
    t.act("guanyu", "slash", sy)
    t.answer("respond", cards=(t.in_hand(1, "dodge"),))
    t.answer("trigger", "duel_tieji")
    t.skip_to("play", 0)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [sy]
    assert not [e for e in t.events if isinstance(e, ev.Decided) and e.option == "duel_tianxiang"]
    assert not [e for e in t.events if isinstance(e, ev.Triggered) and e.source == "duel_tianxiang"]


def test_the_stone_hammer_does_what_machao_does() -> None:
    t = duel_with_xiaoqiao(machao=False, hammer=True)
    sy = t.find("simayi")
    t.act("guanyu", "slash", sy)
    t.answer("respond", cards=(t.in_hand(1, "dodge"),))
    assert trigger_of(t.request) == "card_responded:suishi_chui"
    t.answer("trigger", "suishi_chui")
    t.skip_to("play", 0)
    assert [d.dst for d in t.of_type(ev.Damaged)] == [sy]
    assert not t.state.chars[0].zones["qibing"]


def test_without_them_xiaoqiao_answers_the_dodged_slash() -> None:
    t = duel_with_xiaoqiao(machao=True)
    gy = t.find("guanyu")
    t.act(gy, "slash", t.find("simayi"))
    t.answer("respond", cards=(t.in_hand(1, "dodge"),))
    t.pass_()  # 马超 does not act
    assert (trigger_of(t.request), t.request.seat) == ("card_used:duel_tianxiang", 1)
    t.answer("trigger", "duel_tianxiang")
    assert [(d.src, d.dst) for d in t.of_type(ev.Damaged)] == [(t.find("duel_xiaoqiao"), gy)]
