"""群 skills of hegemony's own, one scenario each."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.modes.hegemony.events import GeneralConcealed, RevealsBarred, SkillsLost
from sanguozhi.core.requests import Choice
from tests.core.skills.util import triggered

from .table import HgTable, hcard

BLANK_M = ("blank_qun4m", "blank_qun4f")


def test_lijian_duel_may_be_nullified_in_hegemony() -> None:
    t = HgTable(4, generals={0: ("hg_diaochan", "blank_qun3f")}, shown="all", hands={0: ["dodge"], 3: ["nullification"]})
    t.option("hg_lijian")
    t.pick(t.in_hand(0, "dodge"))
    t.choose(Choice(targets=(1, 2)))
    assert t.request.kind == "nullify"  # identity's 离间 duel cannot be nullified


def test_luanji_two_cards_of_one_suit_as_archery_attack() -> None:
    t = HgTable(4, generals={0: ("hg_yuanshao", "blank_qun4m")}, shown="all", hands={0: [hcard("slash", "s", 5), hcard("slash", "s", 7), hcard("peach", "h")]})
    t.choose(next(c for c in t.request.choices if c.option == "hg_luanji"))
    assert t.request.prompt == "hg_luanji:archery_attack" and all(CARDS[c.cards[0]].suit == CARDS[c.cards[1]].suit for c in t.request.choices)
    t.choose(t.request.choices[0])
    assert t.of_type(ev.CardUsed)[-1].name == "archery_attack" and [t.hp(s) for s in (1, 2, 3)] == [3, 3, 3]


def test_shuangxiong_judges_instead_of_drawing_and_duels_with_the_other_colour() -> None:
    red = hcard("peach", "h")
    t = HgTable(4, generals={0: ("hg_yanliangwenchou", "blank_qun4m")}, shown="all", hands={0: [hcard("slash", "s", 5)]}, pile=[red])
    t.until("trigger", 0)
    t.option("hg_shuangxiong")
    assert int(red[1:]) in t.state.chars[0].hand and len(t.hand(0)) == 2
    forms = [c for c in t.request.choices if c.option.startswith("hg_shuangxiong")]
    assert {c.option for c in forms} == {"hg_shuangxiong:black"}  # judged red: a black card as 决斗


def test_wansha_only_the_dying_and_jiaxu_may_use_peach() -> None:
    t = HgTable(4, generals={0: ("hg_jiaxu", "blank_qun3m")}, shown="all", hands={0: ["slash"], 1: ["peach"], 2: ["peach"]}, hp={3: 1})
    t.use("slash", 3)
    assert not t.state.chars[3].alive  # seats 1 and 2 were never asked


def test_luanwu_everyone_slashes_the_nearest_or_loses_hp() -> None:
    t = HgTable(4, generals={0: ("hg_jiaxu", "blank_qun3m")}, shown="all", hands={1: ["slash"]})
    t.option("hg_luanwu")
    assert t.request.kind == "luanwu" and t.request.seat == 1
    t.choose(next(c for c in t.request.choices if c.targets == (0,)))
    assert t.hp(0) == 2 and t.hp(2) == 3 and t.hp(3) == 3  # seats 2 and 3 had no 杀
    assert t.state.chars[0].marks.get("hg_luanwu.used") == 1


def test_weimu_cancels_black_tricks() -> None:
    t = HgTable(4, generals={1: ("hg_jiaxu", "blank_qun3m")}, shown="all", hands={0: [hcard("dismantlement", "s"), hcard("snatch", "d")], 1: ["slash"]})
    t.use("dismantlement", 1)
    assert triggered(t, "hg_weimu") and t.hand(1) == ["slash"]
    t.use("snatch", 1)  # red: it takes effect
    t.option("hand")
    assert not t.hand(1)


def test_mengjin_discards_a_card_of_the_dodger() -> None:
    t = HgTable(4, generals={0: ("hg_pangde", "blank_qun4m")}, shown="all", hands={0: ["slash"], 1: ["dodge", "peach"]})
    t.use("slash", 1)
    t.use("dodge")
    t.option("hg_mengjin", 1)
    t.option("hand")
    assert not t.hand(1)


def test_leiji_a_dodge_calls_down_lightning() -> None:
    t = HgTable(4, generals={1: ("hg_zhangjiao", "blank_qun3m")}, shown="all", hands={0: ["slash"], 1: ["dodge"]}, pile=["dodge", "dodge", hcard("slash", "s", 8)])
    t.use("slash", 1)
    t.use("dodge")
    assert t.request.prompt == "hg_leiji"
    t.choose(Choice(targets=(0,)))
    assert t.hp(0) == 2 and t.of_type(ev.Damaged)[-1].nature == "thunder"


def test_guidao_swaps_a_judgement_for_a_black_card_and_takes_it() -> None:
    t = HgTable(4, generals={1: ("hg_zhangjiao", "blank_qun3m")}, shown="all", judge={0: ["indulgence"]}, hands={1: [hcard("slash", "s", 8)]},
                pile=[hcard("peach", "h")])
    assert t.request.prompt.startswith("hg_guidao:0:indulgence")
    heart = int(hcard("peach", "h")[1:])
    t.choose(t.request.choices[0])
    assert heart in t.state.chars[1].hand and any(e.phase == "play" for e in t.of_type(ev.PhaseSkipped))


def test_beige_after_slash_damage_judges() -> None:
    t = HgTable(4, generals={2: ("hg_caiwenji", "blank_qun3f")}, shown="all", hands={0: ["slash"], 2: ["dodge"]}, pile=["dodge", "dodge", hcard("peach", "h")])
    t.use("slash", 1)
    assert t.request.prompt == "hg_beige:1:0"
    t.choose(t.request.choices[0])
    assert t.hp(1) == 4  # a heart: it recovers


def test_duanchang_the_killer_loses_a_generals_skills() -> None:
    t = HgTable(4, generals={1: ("hg_caiwenji", "blank_qun3f"), 0: ("hg_zhangliao", "hg_xuchu")}, shown="all", hands={0: ["slash"]}, hp={1: 1})
    t.until("play", 0)  # no 突袭 or 裸衣
    t.use("slash", 1)
    while t.request.kind == "save":
        t.pass_()
    assert t.request.prompt == "hg_duanchang:0" and t.request.seat == 1
    t.option("main")
    assert t.of_type(SkillsLost) and "tuxi" not in t.state.chars[0].skills and "luoyi" in t.state.chars[0].skills


def test_xiongyi_the_kingdom_draws_three_and_the_smallest_heals() -> None:
    t = HgTable(4, generals={0: ("hg_mateng", "blank_qun4m"), 2: BLANK_M}, shown="all", hp={0: 3})
    t.option("hg_xiongyi")
    assert len(t.hand(2)) == 3 and len(t.hand(0)) == 5  # 2 drawn + 3
    assert t.hp(0) == 3  # qun has two characters: not the fewest (shu, wei one each)


def test_mingshi_reduces_damage_from_a_concealed_source() -> None:
    t = HgTable(4, generals={1: ("hg_kongrong", "blank_qun3m")}, shown=[1, 2, 3], hands={0: ["slash"]})
    t.pass_()
    t.use("slash", 1)
    assert t.hp(1) == 3 and triggered(t, "hg_mingshi") and not t.of_type(ev.Damaged)


def test_lirang_gives_away_discarded_cards() -> None:
    t = HgTable(4, generals={1: ("hg_kongrong", "blank_qun3m")}, shown="all", hands={0: ["dismantlement"], 1: ["peach"]})
    peach = t.in_hand(1, "peach")
    t.use("dismantlement", 1)
    t.option("hand")
    assert t.request.prompt == "cards_lost:hg_lirang"
    t.option("hg_lirang")
    t.choose(Choice(cards=(peach,), targets=(2,)))
    assert peach in t.state.chars[2].hand


def test_shuangren_wins_a_free_slash_loses_the_play_phase() -> None:
    for mine, theirs, won in ((hcard("offensive_horse", "s", 13), hcard("slash", "c", 2), True), (hcard("slash", "c", 2), hcard("offensive_horse", "s", 13), False)):
        t = HgTable(4, generals={0: ("hg_jiling", "blank_qun4m")}, shown="all", hands={0: [mine, "slash"], 2: [theirs]})
        assert t.request.prompt == "hg_shuangren"
        t.choose(Choice(targets=(2,)))
        t.pick(int(mine[1:]))
        if won:
            t.choose(Choice(targets=(2,)))
            assert t.hp(2) == 3 and t.request.kind == "play" and any(c.cards for c in t.request.choices)  # the free 杀 did not count
        else:
            assert any(e.phase == "play" for e in t.of_type(ev.PhaseSkipped))


def test_sijian_losing_the_last_hand_card_discards_anothers() -> None:
    t = HgTable(4, generals={1: ("hg_tianfeng", "blank_qun3m")}, shown="all", hands={0: ["dismantlement"], 1: ["peach"], 2: ["dodge"]})
    t.use("dismantlement", 1)
    t.option("hand")
    assert t.request.prompt == "hg_sijian"
    t.choose(Choice(targets=(2,)))
    t.option("hand")
    assert not t.hand(2)


def test_suishi_draws_when_a_kingdom_mate_sends_someone_dying_and_loses_hp_when_one_dies() -> None:
    t = HgTable(4, generals={2: ("hg_tianfeng", "blank_qun3m"), 0: BLANK_M}, shown="all", hands={0: ["slash", "slash"]}, hp={1: 1, 2: 3})
    t.use("slash", 1)
    assert len(t.hand(2)) == 1  # seat 1 dying from qun damage
    t2 = HgTable(4, generals={2: ("hg_tianfeng", "blank_qun3m"), 1: BLANK_M}, shown="all", hands={0: ["slash"]}, hp={1: 1})
    t2.use("slash", 1)
    while t2.game.request is not None and t2.request.kind == "save":
        t2.pass_()
    assert t2.hp(2) == 2 and triggered(t2, "hg_suishi")


def test_kuangfu_takes_an_equipped_card() -> None:
    t = HgTable(4, generals={0: ("hg_panfeng", "blank_qun4m")}, shown="all", hands={0: ["slash"]}, equip={1: ["silver_lion"]})
    t.use("slash", 1)
    lion = t.state.chars[1].equip["armor"]
    t.choose(Choice(cards=(lion,), option="take"))
    assert t.state.chars[0].equip.get("armor") == lion


def test_huoshui_bars_other_reveals_during_its_turn() -> None:
    t = HgTable(4, generals={0: ("hg_zoushi", "blank_qun3f"), 1: ("hg_caocao", "blank_wei4m")}, shown=[2, 3],
                reveals=[(0, 1)], hands={0: ["slash"]})
    t.pass_()  # 邹氏 does not reveal at the start
    assert "jianxiong" in t.state.chars[1].latent
    t.option("hg_huoshui")
    assert t.state.chars[0].slots[0].vis is None and t.of_type(RevealsBarred)
    assert not t.state.chars[1].latent  # 曹操 cannot reveal during 邹氏's turn
    t.use("slash", 1)
    assert t.request.kind == "play" and t.state.chars[1].slots[0].vis is not None  # no 奸雄 question
    t.end()
    t.until("reveal", 1)
    assert "jianxiong" in t.state.chars[1].latent


def test_qingcheng_turns_a_general_face_down() -> None:
    t = HgTable(4, generals={0: ("hg_zoushi", "blank_qun3f"), 1: ("hg_caocao", "hg_zhangliao")}, shown="all", hands={0: ["eight_diagram"]})
    t.option("hg_qingcheng")
    t.choose(Choice(cards=(t.in_hand(0, "eight_diagram"),), targets=(1,), option="main"))
    p = t.state.chars[1]
    assert t.of_type(GeneralConcealed) and p.slots[0].vis is not None and "jianxiong" not in p.skills
    assert p.kingdom == "wei" and p.gender == "male"
    assert not p.latent  # 祸水: no reveal during 邹氏's turn
    t.end()
    t.until("reveal", 1)
    assert "jianxiong" in p.latent and {c.option for c in t.request.choices} == {"main", "pass"}


def test_skills_lost_in_the_middle_of_a_window_no_longer_act() -> None:
    """三尖两刃刀 kills 蔡文姬, whose 断肠 takes 魏延's skills: his 狂骨, ready at
    the same window, is not asked (nor revealed) any more."""
    t = HgTable(5, generals={0: ("hg_weiyan", "blank_shu4m"), 2: ("hg_caiwenji", "blank_qun3f")}, shown="all",
                hands={0: ["slash", "dodge"]}, equip={0: ["triblade"]}, hp={0: 2, 2: 1})
    t.use("slash", 1)
    assert t.request.kind == "order" and {c.option for c in t.request.choices} == {"triblade", "hg_kuanggu"}
    t.option("triblade")
    t.choose(next(c for c in t.request.choices if c.targets == (2,)))
    while t.request.kind == "save":
        t.pass_()
    assert t.request.prompt == "hg_duanchang:0"
    t.option("main")
    assert t.request.kind == "play" and t.hp(0) == 2 and not triggered(t, "hg_kuanggu")
