"""Seed 003's sentences on the generals, read as written (option ``roster=seed003``, the default):
奇兵 cards may be discarded by 甘夫人's and 甘宁's skills; no skill changes distance; the points
are the project's; who is asked to save a dying general."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.distance import distance
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.duel.data import DUEL_GENERALS_DATA, roster_ids
from sanguozhi.core.requests import Choice

from .scenario import DuelTable


@pytest.mark.parametrize(("general", "skill", "cost"), [("duel_ganning", "duel_qixi", "slash"), ("duel_ganfuren", "duel_shenzhi", "peach")])
def test_a_qibing_card_may_be_discarded_by_ganning_and_ganfuren(general: str, skill: str, cost: str) -> None:
    """"奇兵牌可以被棄置（如甘夫人、甘寧技能）" — though "不會被過河拆橋拆掉"."""
    t = DuelTable({0: [general], 1: ["caocao"]}, face_up=[general], qibing={1: ["yuanjun"]}, hands={0: [cost, "dismantlement"]}, pile=["dodge"] * 4)
    assert "dismantlement" not in t.offered(general)  # 过河拆桥 still cannot reach it
    t.act(general, skill)
    t.choose(Choice(cards=(t.in_hand(0, cost),)))
    (qibing,) = t.state.chars[1].zones["qibing"]
    assert Choice(cards=(qibing,)) in t.request.choices
    t.choose(Choice(cards=(qibing,)))
    assert not t.state.chars[1].zones["qibing"] and qibing in t.state.removed  # back to the 奇兵 pile
    assert [e.source for e in t.of_type(ev.Triggered)] == [skill]
    assert skill not in t.offered(general)  # once a play phase


def test_ganning_may_take_a_hand_card_at_random_and_needs_a_black_one() -> None:
    t = DuelTable({0: ["duel_ganning"], 1: ["caocao"]}, face_up=["duel_ganning"], hands={0: ["peach"], 1: ["dodge"]}, pile=["dodge"] * 4)
    assert "duel_qixi" not in t.offered("duel_ganning")  # no black card: the pile's 闪 are red
    t = DuelTable({0: ["duel_ganning"], 1: ["caocao"]}, face_up=["duel_ganning"], hands={0: ["slash"], 1: ["dodge"]}, pile=["dodge"] * 4)
    t.act("duel_ganning", "duel_qixi")  # its one black card pays (no question)
    t.choose(Choice(option="hand", targets=(1,)))
    assert not t.state.seats[1].hand


def test_machao_has_no_distance_changing_skill() -> None:
    """"當前由於沒有改變距離的技能，也可以認為兩名角色相鄰是這兩名角色間的距離為1"."""
    gens = ruleset_of("duel").content(ruleset_of("duel").check(2, {})).generals
    ids = roster_ids({"roster": "seed003"})
    machao = [g for g in ids if gens[g].name_zh == "马超"]
    assert machao == ["duel_machao2"] and "mashu" not in gens["duel_machao2"].skills
    assert not any("mashu" in gens[g].skills for g in ids)
    t = DuelTable({0: ["duel_machao2", "guanyu"], 1: ["caocao", "simayi", "zhangfei"]}, face_up=["duel_machao2"], pile=["dodge"] * 4)
    mc, sy = t.find("duel_machao2"), t.find("simayi")
    assert distance(t.state, mc, sy) == 2  # two links of the ring


def test_the_first_roster_stays_for_older_records() -> None:
    first = roster_ids({})  # a record from before the option
    assert "duel_machao" in first and "ganning" in first and not {"duel_machao2", "duel_ganning", "duel_ganfuren"} & set(first)
    assert len(first) == 25 and len(roster_ids({"roster": "seed003"})) == 26
    game = new_game("duel", 2, 5, {"roster": "first"})
    offered = {g for e in game.events if type(e) is ev.GeneralsOffered for g in e.generals}
    assert offered <= set(first)


def test_sgz_generals_marks_every_duel_generals_points_as_the_projects() -> None:
    from sanguozhi.cli.cmd_generals import _extra, general_rows

    rows = {r["id"]: r for r in general_rows("duel")}
    assert set(rows) == set(roster_ids({"roster": "seed003"}))
    assert all(r["points_stand_in"] for r in rows.values())
    standard = [g for g, d in DUEL_GENERALS_DATA.items() if d.source == "standard" and g in rows]
    assert len(standard) == 13  # the 14 standard ones but 甘宁, whose duel version plays
    assert "[points: the project's stand-in]" in _extra(rows["caocao"], "en") and "分数为本项目替代内容" in _extra(rows["caocao"], "zh")
    assert "[the project's stand-in]" in _extra(rows["duel_ganfuren"], "en")


def test_a_dying_general_is_saved_from_the_current_player_on() -> None:
    """Seed 003 says nothing of who saves: the standard order, the current player first."""
    t = DuelTable({0: ["guanyu"], 1: ["caocao", "simayi"]}, face_up=["guanyu"], lost={"simayi": 2}, hands={0: ["slash", "peach"], 1: ["peach"]}, pile=["ex_nihilo"] * 4)
    sy = t.find("simayi")
    t.act("guanyu", "slash", sy)
    while t.request.kind != "save":
        t.pass_()
    assert t.state.chars[t.request.seat].owner == 0  # the current player, not the dying general's
