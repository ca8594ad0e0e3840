"""蜀 skills of hegemony's own, one scenario each."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from tests.core.skills.util import triggered

from .table import HgTable, hcard


def test_rende_heals_once_three_cards_are_given() -> None:
    t = HgTable(4, generals={0: ("hg_liubei", "blank_shu4m")}, shown="all", hands={0: ["dodge", "dodge", "peach", "slash"]}, hp={0: 2})
    t.option("hg_rende")
    t.choose(Choice(cards=tuple(t.state.chars[0].hand[:2])))
    t.choose(Choice(targets=(1,)))
    assert t.hp(0) == 2  # two cards: not yet (identity's 仁德 would heal here)
    t.option("hg_rende")
    t.choose(Choice(cards=(t.state.chars[0].hand[0],)))
    t.choose(Choice(targets=(2,)))
    assert t.hp(0) == 3


def test_kongcheng_cancels_a_slash_on_an_empty_hand() -> None:
    t = HgTable(4, generals={1: ("hg_zhugeliang", "blank_shu3m")}, shown="all", hands={0: ["slash"]})
    t.use("slash", 1)  # it may be chosen as the target (the identity text forbids that) ...
    assert triggered(t, "hg_kongcheng") and t.hp(1) == 3  # ... and is removed from it


def test_liegong_makes_a_slash_undodgeable() -> None:
    t = HgTable(4, generals={0: ("hg_huangzhong", "blank_shu4m")}, shown="all", hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)  # seat 1 holds 1 card <= attack range 1
    assert t.request.prompt == "target_specified:hg_liegong"
    t.option("hg_liegong", 1)
    assert t.hp(1) == 3  # no 闪 asked


def test_kuanggu_recovers_per_damage_within_distance_one() -> None:
    t = HgTable(4, generals={0: ("hg_weiyan", "blank_shu4m")}, shown="all", hands={0: ["slash"]}, hp={0: 2})
    t.use("slash", 1)
    assert t.hp(0) == 3 and triggered(t, "hg_kuanggu")


def test_kuanggu_counts_the_distance_before_the_victim_dies() -> None:
    t = HgTable(5, generals={0: ("hg_weiyan", "blank_shu4m")}, shown="all", hands={0: ["slash"]}, equip={1: ["defensive_horse"], 0: ["offensive_horse"]}, hp={0: 2, 1: 1})
    t.use("slash", 1)
    while t.game.request is not None and t.request.kind == "save":
        t.pass_()
    assert not t.state.chars[1].alive and t.hp(0) == 3


def test_lianhuan_uses_or_recasts_a_club() -> None:
    t = HgTable(4, generals={0: ("hg_pangtong", "blank_shu3m")}, shown="all", hands={0: [hcard("slash", "c")]})
    club = t.state.chars[0].hand[0]
    assert any(c.option == "hg_lianhuan:chain" for c in t.request.choices)
    t.option("hg_lianhuan")
    t.pick(club)
    assert club in t.state.discard and len(t.hand(0)) == 3  # recast: one drawn in its place


def test_niepan_rises_with_three_cards_and_three_hp() -> None:
    t = HgTable(4, generals={1: ("hg_pangtong", "blank_shu3m")}, shown="all", hands={0: ["slash"], 1: ["dodge"]}, equip={1: ["eight_diagram"]}, hp={1: 1})
    t.game.engine.emit(ev.ChainToggled(seat=1, on=True))
    t.use("slash", 1)
    t.pass_()  # no 八卦阵 judgement
    t.pass_()  # no 闪
    assert t.request.prompt == "dying:hg_niepan"
    t.option("hg_niepan")
    p = t.state.chars[1]
    assert p.alive and p.hp == 3 and len(p.hand) == 3 and not p.equip and not p.chained
    assert p.marks.get("hg_niepan.used") == 1


def test_bazhen_is_an_eight_diagram_while_no_armour_is_worn() -> None:
    t = HgTable(4, generals={1: ("hg_wolong", "blank_shu3m")}, shown="all", hands={0: ["slash"]}, pile=["dodge", "dodge", hcard("peach", "h")])
    t.use("slash", 1)
    assert t.request.prompt == "response_needed:hg_bazhen"
    t.option("hg_bazhen")
    assert t.hp(1) == 3 and any(e.name == "dodge" for e in t.of_type(ev.CardPlayed))


def test_huoji_and_kanpo_convert_by_colour() -> None:
    t = HgTable(4, generals={0: ("hg_wolong", "blank_shu3m")}, shown="all", hands={0: [hcard("peach", "h"), hcard("slash", "s")], 1: ["dodge"]})
    assert any(c.option == "hg_huoji" for c in t.request.choices)
    t2 = HgTable(4, generals={1: ("hg_wolong", "blank_shu3m")}, shown="all", hands={0: ["dismantlement"], 1: [hcard("slash", "s")]})
    t2.use("dismantlement", 1)
    assert t2.request.kind == "nullify" and any(c.option == "hg_kanpo" for c in t2.request.choices)
    t2.option("hg_kanpo")  # its only black hand card is taken
    assert t2.of_type(ev.CardUsed)[-1].name == "nullification"


def test_xiangle_voids_a_slash_unless_a_basic_card_is_paid() -> None:
    t = HgTable(4, generals={1: ("hg_liushan", "blank_shu3m")}, shown="all", hands={0: ["slash", "peach"]})
    t.use("slash", 1)
    assert t.request.seat == 0 and t.request.prompt == "hg_xiangle:1"
    t.pass_()
    assert t.hp(1) == 3
    t2 = HgTable(4, generals={1: ("hg_liushan", "blank_shu3m")}, shown="all", hands={0: ["slash", "peach"]})
    t2.use("slash", 1)
    t2.pick(t2.in_hand(0, "peach"))
    assert t2.hp(1) == 2


def test_fangquan_skips_play_for_an_extra_turn_of_another() -> None:
    t = HgTable(4, generals={0: ("hg_liushan", "blank_shu3m")}, shown="all", hands={0: ["dodge"]})
    assert t.request.prompt == "phase_before:hg_fangquan"
    t.option("hg_fangquan")
    t.until("skill", 0)
    assert t.request.prompt == "hg_fangquan"
    t.choose(next(c for c in t.request.choices if c.targets == (2,)))
    t.until("play", 2)
    t.end()
    t.until("play", 1)
    assert [e.seat for e in t.of_type(ev.TurnStarted)] == [0, 2, 1]


def test_huoshou_and_juxiang_against_savage_assault() -> None:
    t = HgTable(4, generals={1: ("hg_menghuo", "blank_shu4m"), 2: ("hg_zhurong", "blank_shu4f")}, shown="all", hands={0: ["savage_assault"]})
    sa = t.in_hand(0, "savage_assault")
    t.use("savage_assault")
    dmg = t.of_type(ev.Damaged)
    assert [(d.src, d.dst) for d in dmg] == [(1, 3)]  # 孟获 deals it; neither he nor 祝融 is hurt
    assert sa in t.state.chars[2].hand  # 巨象 takes the card


def test_zaiqi_reveals_lost_hp_cards_and_heals_per_heart() -> None:
    t = HgTable(4, generals={0: ("hg_menghuo", "blank_shu4m")}, shown="all", hp={0: 2}, pile=[hcard("peach", "h"), hcard("slash", "s")])
    t.until("trigger", 0)
    assert t.request.prompt == "draw_count:hg_zaiqi"
    t.option("hg_zaiqi")
    assert t.hp(0) == 3 and t.hand(0) == ["slash"]


def test_lieren_pindian_takes_a_card() -> None:
    t = HgTable(4, generals={0: ("hg_zhurong", "blank_shu4f")}, shown="all", hands={0: ["slash", hcard("offensive_horse", "s", 13)], 1: [hcard("slash", "c", 2)]}, equip={1: ["eight_diagram"]})
    t.use("slash", 1)
    t.pass_()  # no 八卦阵
    t.option("hg_lieren", 1)
    t.pick(t.in_hand(0, "offensive_horse"))
    armor = t.state.chars[1].equip["armor"]
    t.choose(Choice(cards=(armor,)))
    assert armor in t.state.chars[0].hand


def test_shushen_draws_for_a_kingdom_mate_on_recovery() -> None:
    t = HgTable(4, generals={0: ("hg_ganfuren", "blank_shu3m"), 2: ("blank_wu4m", "blank_wu4f")}, shown="all", hands={0: ["peach"]}, hp={0: 2})
    t.pass_()  # no 神智
    t.use("peach")
    assert t.request.prompt == "hg_shushen" and {c.targets for c in t.request.choices if c.targets} == {(1,)}  # seat 1 is shu too
    t.choose(Choice(targets=(1,)))
    assert len(t.hand(1)) == 1


def test_shenzhi_discards_the_hand_to_heal() -> None:
    t = HgTable(4, generals={0: ("hg_ganfuren", "blank_shu3m")}, shown="all", hands={0: ["dodge", "slash"]}, hp={0: 2})
    assert t.request.prompt == "phase_start:hg_shenzhi"
    t.option("hg_shenzhi")
    assert t.hp(0) == 3 and not t.hand(0)
