"""The skill framework: the registry, kinds, and the state a skill keeps in events."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot
from sanguozhi.core.generals import GENERALS, General
from sanguozhi.core.skills import KINDS, SKILLS, announce, is_used_up, skill_state, switch_side
from tests.scenario import Table

from .testpack import BOOK, TEST, add_general
from .util import take, triggered

MODE = "identity+test"  # identity with the test pack installed

STANDARD = {
    # id: (kingdom, gender, max_hp, skills, lord skills)
    "caocao": ("wei", "male", 4, ("jianxiong",), ("hujia",)),
    "simayi": ("wei", "male", 3, ("fankui", "guicai"), ()),
    "xiahoudun": ("wei", "male", 4, ("ganglie",), ()),
    "zhangliao": ("wei", "male", 4, ("tuxi",), ()),
    "xuchu": ("wei", "male", 4, ("luoyi",), ()),
    "guojia": ("wei", "male", 3, ("tiandu", "yiji"), ()),
    "zhenji": ("wei", "female", 3, ("qingguo", "luoshen"), ()),
    "liubei": ("shu", "male", 4, ("rende",), ("jijiang",)),
    "guanyu": ("shu", "male", 4, ("wusheng",), ()),
    "zhangfei": ("shu", "male", 4, ("paoxiao",), ()),
    "zhugeliang": ("shu", "male", 3, ("guanxing", "kongcheng"), ()),
    "zhaoyun": ("shu", "male", 4, ("longdan",), ()),
    "machao": ("shu", "male", 4, ("mashu", "tieji"), ()),
    "huangyueying": ("shu", "female", 3, ("jizhi", "qicai"), ()),
    "sunquan": ("wu", "male", 4, ("zhiheng",), ("jiuyuan",)),
    "ganning": ("wu", "male", 4, ("qixi",), ()),
    "lvmeng": ("wu", "male", 4, ("keji",), ()),
    "huanggai": ("wu", "male", 4, ("kurou",), ()),
    "zhouyu": ("wu", "male", 3, ("yingzi", "fanjian"), ()),
    "daqiao": ("wu", "female", 3, ("guose", "liuli"), ()),
    "luxun": ("wu", "male", 3, ("qianxun", "lianying"), ()),
    "sunshangxiang": ("wu", "female", 3, ("jieyin", "xiaoji"), ()),
    "huatuo": ("qun", "male", 3, ("jijiu", "qingnang"), ()),
    "lvbu": ("qun", "male", 4, ("wushuang",), ()),
    "diaochan": ("qun", "female", 3, ("lijian", "biyue"), ()),
}


def test_the_25_standard_generals_as_printed() -> None:
    got = {g.id: (g.kingdom, g.gender, g.max_hp, g.skills, g.lord_skills) for g in GENERALS.values() if g.pack == "standard"}
    assert got == STANDARD


def test_every_skill_has_texts_and_a_known_kind() -> None:
    for sid in {s for g in STANDARD.values() for s in g[3] + g[4]}:
        sk = SKILLS[sid]
        assert sk.kind in KINDS and sk.text_zh and sk.text_en and sk.name_zh and sk.name_en
    for sid in ("hujia", "jijiang", "jiuyuan"):
        assert SKILLS[sid].kind == "lord_skill"
    for sid in ("paoxiao", "kongcheng", "mashu", "qicai", "qianxun", "wushuang"):
        assert SKILLS[sid].kind == "compulsory"
    assert SKILLS["jiuyuan"].kinds == ("lord_skill", "compulsory")


def test_vanilla_generals_have_no_skills() -> None:
    assert GENERALS["vanilla"].skills == GENERALS["vanilla"].lord_skills == ()
    t = Table(4)
    assert all(p.skills == frozenset() for p in t.state.chars)


# -- limited, awakening and switch skills keep their state in events ---------------------------


def _draw_one(engine, seat, ctx):
    yield from engine.draw(seat, 1, reason="test")


def _turn(engine, seat, ctx):
    if switch_side(engine.state, seat, "test_turn") == "yang":
        yield from engine.draw(seat, 1, reason="test_turn")


def _sage() -> None:
    if "test_sage" in TEST.generals:
        return
    BOOK.define("test_once", "限", "Once", "limited", "限定技，出牌阶段，你可以摸两张牌。", "Limited: in your play phase draw two.")

    def once(engine, seat):
        announce(engine, seat, "test_once")
        yield from engine.draw(seat, 2, reason="test_once")

    BOOK.action("test_once", lambda engine, seat: True, once)
    BOOK.define("test_wake", "醒", "Wake", "awakening", "觉醒技，准备阶段，若你体力不大于2，你加1点体力上限。", "Awakening: at your start phase with hp <= 2.")
    BOOK.trigger("test_wake", "phase_start", _draw_one, can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "start" and e.state.chars[seat].hp <= 2)
    BOOK.define("test_turn", "转", "Turn", "switch", "转换技，结束阶段，阳：摸一张牌；阴：无。", "Switch: at your finish phase, yang: draw one; yin: nothing.")
    BOOK.trigger("test_turn", "phase_start", _turn, can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "finish", optional=False)
    add_general(General("test_sage", "测试", "qun", "male", 4, ("test_once", "test_wake", "test_turn"), pack="test"))


_sage()  # defined before any game builds the test content (a game's content is built once)


@pytest.fixture()
def sage() -> None:
    _sage()


def test_limited_skill_is_spent_for_the_game(sage) -> None:
    t = Table(4, mode=MODE, generals={0: "test_sage"})
    take(t, "test_once")
    assert is_used_up(t.state, 0, "test_once") and skill_state(t.state, 0, "test_once", "used") == 1
    changes = t.of_type(ev.SkillStateChanged)
    assert [(e.seat, e.skill, e.key, e.value) for e in changes] == [(0, "test_once", "used", 1)]
    assert all(c.option != "test_once" for c in t.request.choices)
    assert snapshot(fold(t.events)) == snapshot(t.state)


def test_awakening_happens_once_without_asking(sage) -> None:
    t = Table(4, mode=MODE, generals={0: "test_sage"}, hp={0: 2})
    assert [e.source for e in triggered(t, "test_wake")] == ["test_wake"]
    assert skill_state(t.state, 0, "test_wake", "awake") == 1
    assert t.request.kind == "play"  # no question was asked


def test_switch_skill_turns_from_yang_to_yin_and_back(sage) -> None:
    t = Table(4, mode=MODE, generals={0: "test_sage"})
    assert switch_side(t.state, 0, "test_turn") == "yang"
    t.end()
    assert switch_side(t.state, 0, "test_turn") == "yin"
    assert len(triggered(t, "test_turn")) == 1
    assert snapshot(fold(t.events)) == snapshot(t.state)


# -- several owners at one window: seat order from the current player ---------------------------


def _watchers() -> None:
    if "test_watcher" in TEST.generals:
        return
    BOOK.define("test_watch", "望", "Watch", "compulsory", "锁定技，一名角色受到伤害后，你摸一张牌。", "Compulsory: after anyone takes damage, draw a card.")
    BOOK.trigger("test_watch", "damaged", _draw_one)
    add_general(General("test_watcher", "测试2", "qun", "male", 4, ("test_watch",), pack="test"))


_watchers()


def test_triggers_of_several_seats_run_in_seat_order_from_the_current_player() -> None:
    t = Table(4, mode=MODE, generals={1: "test_watcher", 3: "test_watcher"}, hands={2: ["slash"]}, first=2)
    t.use("slash", 1)
    assert [e.seat for e in triggered(t, "test_watch")] == [3, 1]
