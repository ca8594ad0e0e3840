"""魏 skills of hegemony's own, one scenario each."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from tests.core.skills.util import triggered

from .table import HgTable, hcard

W = ("blank_wei4m", "blank_wei4f")


def test_shensu_skips_judge_and_draw_for_a_slash_at_any_distance_that_does_not_count() -> None:
    t = HgTable(5, generals={0: ("hg_xiahouyuan", "blank_wei4m")}, shown=[0], hands={0: ["slash"]}, judge={0: ["indulgence"]})
    # The start phase is over; before the judge phase 神速 asks.
    req = t.request
    assert req.prompt == "hg_shensu:judge" and {c.targets for c in req.choices if c.targets} == {(1,), (2,), (3,), (4,)}
    t.choose(Choice(targets=(2,)))  # distance 2: 神速 ignores distance
    skipped = {e.phase for e in t.of_type(ev.PhaseSkipped)}
    assert skipped == {"judge", "draw"} and t.hp(2) == 3
    assert t.state.chars[0].judge  # the 乐不思蜀 was never judged
    req = t.request
    assert req.kind == "play" and any(c.targets == (1,) for c in req.choices if c.cards)  # the play phase's 杀 is still there


def test_shensu_skips_the_play_phase_for_an_equipment_card() -> None:
    t = HgTable(4, generals={0: ("hg_xiahouyuan", "blank_wei4m")}, shown=[0], hands={0: ["eight_diagram"]})
    t.pass_()  # not before the judge phase
    axe = t.in_hand(0, "eight_diagram")
    req = t.request
    assert req.prompt == "hg_shensu:play"
    t.choose(Choice(cards=(axe,), targets=(2,)))
    assert axe in t.state.discard and t.hp(2) == 3 and "play" in {e.phase for e in t.of_type(ev.PhaseSkipped)}


def test_qiaobian_skips_the_judge_phase_for_a_hand_card() -> None:
    t = HgTable(4, generals={0: ("hg_zhanghe", "blank_wei4m")}, shown=[0], hands={0: ["dodge"]}, judge={0: ["indulgence"]})
    assert t.request.prompt == "hg_qiaobian:judge"
    t.pick(t.in_hand(0, "dodge"))
    assert {e.phase for e in t.of_type(ev.PhaseSkipped)} == {"judge"} and t.state.chars[0].judge


def test_qiaobian_skipping_draw_takes_hand_cards_and_skipping_play_moves_a_card() -> None:
    t = HgTable(4, generals={0: ("hg_zhanghe", "blank_wei4m")}, shown=[0], hands={0: ["dodge", "peach"], 1: ["slash"], 2: ["analeptic"]},
                equip={1: ["eight_diagram"]})
    t.pass_()  # keep the judge phase
    assert t.request.prompt == "hg_qiaobian:draw"
    t.pick(t.in_hand(0, "dodge"))
    t.choose(Choice(targets=(1, 2)))
    assert not t.state.chars[1].hand and not t.state.chars[2].hand and len(t.hand(0)) == 3
    assert t.request.prompt == "hg_qiaobian:play"
    t.pick(t.in_hand(0, "peach"))
    armor = t.state.chars[1].equip["armor"]
    t.choose(Choice(cards=(armor,), targets=(1, 3)))
    assert t.state.chars[3].equip.get("armor") == armor


def test_duanliang_uses_a_black_basic_card_as_supply_shortage_at_distance_two() -> None:
    t = HgTable(5, generals={0: ("hg_xuhuang", "blank_wei4m")}, shown=[0], hands={0: [hcard("slash", "s")]})
    targets = {c.targets for c in t.request.choices if c.option == "hg_duanliang"}
    assert targets == {(1,), (2,), (3,), (4,)}  # distance 2 at five seats
    t.choose(Choice(targets=(2,), option="hg_duanliang"))
    t.pick(t.state.chars[0].hand[0])
    assert t.state.chars[2].judge and t.state.chars[2].judge_names[t.state.chars[2].judge[0]] == "supply_shortage"


def test_qiangxi_pays_hp_or_a_weapon_for_one_damage_in_range() -> None:
    t = HgTable(4, generals={0: ("hg_dianwei", "blank_wei4m")}, shown=[0], hands={0: ["crossbow"]})
    bow = t.in_hand(0, "crossbow")
    choices = [c for c in t.request.choices if c.option == "hg_qiangxi"]
    assert choices == [Choice(option="hg_qiangxi")]
    t.option("hg_qiangxi")
    assert {(c.option, c.cards, c.targets) for c in t.request.choices} == {("hp", (), (1,)), ("hp", (), (3,)), ("", (bow,), (1,)), ("", (bow,), (3,))}
    t.choose(Choice(cards=(bow,), targets=(1,)))
    assert t.hp(1) == 3 and t.hp(0) == 4 and bow in t.state.discard
    assert not any(c.option == "hg_qiangxi" for c in t.request.choices)  # once per play phase


def test_quhu_won_the_tiger_bites_a_prey_lost_it_bites_back() -> None:
    for mine, theirs, hurt in ((hcard("offensive_horse", "s", 13), hcard("slash", "c", 2), 2), (hcard("slash", "c", 2), hcard("offensive_horse", "s", 13), 0)):
        t = HgTable(4, generals={0: ("hg_xunyu", "blank_wei3m")}, shown=[0], hands={0: [mine], 1: [theirs]})
        t.option("hg_quhu")
        t.choose(Choice(targets=(1,)))  # hp 4 > 3
        t.pick(int(mine[1:]))  # seat 0 chooses its card (seat 1 has only one)
        if hurt == 2:
            t.choose(Choice(targets=(2,)))  # the prey, in seat 1's range
        assert t.hp(hurt) == (2 if hurt == 0 else 3)


def test_jieming_refills_a_hand_to_max_hp_per_damage() -> None:
    t = HgTable(4, generals={1: ("hg_xunyu", "blank_wei3m")}, shown=[0, 1], hands={0: ["slash"]})
    t.use("slash", 1)
    assert t.request.prompt == "hg_jieming"
    t.choose(Choice(targets=(1,)))
    assert len(t.hand(1)) == 3  # max hp 3
    assert triggered(t, "hg_jieming")


def test_xingshang_takes_the_dead_ones_cards() -> None:
    t = HgTable(4, generals={2: ("hg_caopi", "blank_wei3m"), 1: ("blank_shu4m", "blank_shu4f")}, shown=[0, 1, 2], hands={0: ["slash"], 1: ["dodge"]}, equip={1: ["silver_lion"]}, hp={1: 1})
    t.use("slash", 1)
    t.pass_()  # no 闪
    while t.request.kind == "save":
        t.pass_()
    assert t.request.prompt.startswith("death:hg_xingshang")
    t.option("hg_xingshang", 1)
    assert {"dodge", "silver_lion"} <= set(t.hand(2))


def test_fangzhu_draws_lost_hp_and_stacks() -> None:
    t = HgTable(4, generals={1: ("hg_caopi", "blank_wei3m")}, shown=[0, 1], hands={0: ["slash"]})
    t.use("slash", 1)
    t.choose(Choice(targets=(3,)))
    assert len(t.hand(3)) == 1 and t.state.chars[3].flipped  # lost hp 1


def test_xiaoguo_at_anothers_finish_phase() -> None:
    t = HgTable(4, generals={1: ("hg_yuejin", "blank_wei4m")}, shown=[0, 1], hands={1: ["slash"]})
    t.end()
    while t.request.kind == "discard":
        t.choose(Choice(cards=tuple(t.request.cards[: t.request.min])))
    assert t.request.prompt == "hg_xiaoguo:0"
    t.pick(t.in_hand(1, "slash"))
    assert t.request.seat == 0 and t.request.prompt == "hg_xiaoguo:pay:1"
    t.option("damage")
    assert t.hp(0) == 3
