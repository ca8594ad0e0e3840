"""Hero Kill's heroes (issue 30): the data pack, and a scenario for each skill from its text."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.distance import distance
from sanguozhi.core.game import new_game
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes.herokill.heroes import HEROES, NOT_BUILT
from sanguozhi.core.modes.herokill.heroes.data import HERO_HEADER, SKILL_HEADER, SKILLS_DATA, HeroDataError, load_heroes, load_skills
from sanguozhi.core.modes.herokill.heroes.events import PlacesSwapped
from sanguozhi.core.requests import Choice
from sanguozhi.core.skills.base import RULES, SAME_AS
from tests.core.skills.util import accept, card, num, take, triggered, until_kind
from tests.scenario import Table

from .tables import casual

MODE = "herokill-identity"


def hk(players: int = 5, **kw) -> Table:
    return Table(players, mode=MODE, **kw)


def skill_q(t: Table, prompt: str):
    """The pending request, which must be the skill question ``prompt``."""
    req = t.request
    assert req.prompt.startswith(prompt), req
    return req


# -- the pack --------------------------------------------------------------------------------


def test_the_base_set_is_33_heroes_11_jun_12_chen_10_min_all_built() -> None:
    heroes = [g for g in GENERALS.values() if g.pack == "herokill"]
    assert len(heroes) == 33 and set(HEROES.generals) == {g.id for g in heroes}
    assert [sum(g.kingdom == k for g in heroes) for k in ("jun", "chen", "min")] == [11, 12, 10]
    assert NOT_BUILT == ()  # every skill has a rule: every hero is dealt
    assert len(SKILLS_DATA) == 55 and set(SKILLS_DATA) == set(HEROES.skills)
    assert "hk_direnjie" not in GENERALS and "hk_zhangsanfeng" not in GENERALS  # the offline-only two stay out
    hp = {g.id: g.max_hp for g in heroes}
    assert hp["hk_wuzetian"] == 4 and hp["hk_qinqiong"] == 4 and hp["hk_yuji"] == 3  # the card faces (notes)


def test_a_kingdoms_lord_skill_is_each_of_its_heroes_lord_skill() -> None:
    lords = {"jun": ("hk_jijiang",), "chen": ("hk_huzhu",), "min": ("hk_jiuyuan",)}
    assert all(g.lord_skills == lords[g.kingdom] for g in HEROES.generals.values())


def test_a_skill_the_same_as_a_sanguosha_one_plays_that_rule_under_the_heros_name() -> None:
    same = {s.id: s.same_as for s in SKILLS_DATA.values() if s.same_as and not s.same_as.startswith("~")}
    assert len(same) == 30
    for sid, of in same.items():
        assert SAME_AS[sid] == of
        assert HEROES.skills[sid].name_zh == SKILLS_DATA[sid].name_zh  # the hero's name, not 奸雄's
        if of in RULES:  # the rule attaches the same hooks, forms, actions and modifiers under the hero's id
            hooks = sorted(h.window for o, h in HEROES.hooks if o == sid)
            from sanguozhi.core.skills import STANDARD_GENERALS

            assert hooks == sorted(h.window for o, h in STANDARD_GENERALS.hooks if o == of), sid
            assert len([f for o, f in HEROES.forms if o == sid]) == len([f for o, f in STANDARD_GENERALS.forms if o == of]), sid
            assert len([a for o, a in HEROES.actions if o == sid]) == len([a for o, a in STANDARD_GENERALS.actions if o == of]), sid


def test_a_malformed_data_file_fails_naming_the_file_and_the_line() -> None:
    skills = "\t".join(SKILL_HEADER) + "\nhk_x\t甲\tX\tsometimes\t\t\t文\ttext\n"
    with pytest.raises(HeroDataError, match=r"skills\.tsv:2: label"):
        load_skills(skills)
    ok = load_skills("\t".join(SKILL_HEADER) + "\nhk_x\t甲\tX\tactive\t\t\t文\ttext\n")
    heroes = "# a comment\n" + "\t".join(HERO_HEADER) + "\nhk_a\t甲\tA\tjun\tmale\t4\thk_x\tJUN0001\nhk_b\t乙\tB\tmin\tmale\tfour\thk_x\tMIN0001\n"
    with pytest.raises(HeroDataError, match=r"heroes\.tsv:4: hp"):
        load_heroes(ok, heroes)
    with pytest.raises(HeroDataError, match=r"heroes\.tsv:2: hero 'hk_a' names skill 'hk_y'"):
        load_heroes(ok, "\t".join(HERO_HEADER) + "\nhk_a\t甲\tA\tjun\tmale\t4\thk_y\tJUN0001\n")
    with pytest.raises(HeroDataError, match=r"heroes\.tsv:1: expected the header"):
        load_heroes(ok, "id\tname\n")


def test_kingdoms_read_jun_chen_min_in_both_languages() -> None:
    from sanguozhi.replay.prompts import general_line

    assert general_line("hk_liubang", "zh").startswith("刘邦（君，男，体力4）：驭人、激将")
    assert general_line("hk_yuji", "en").startswith("Yu Ji (Chen, female, 3 hp)")
    assert "（民，" in general_line("hk_wusong", "zh")


# -- the seed's picks ---------------------------------------------------------------------------


def test_eight_players_pick_from_33_without_a_redeal_no_hero_twice() -> None:
    game = new_game(MODE, 8, 2)
    lord = next(e for e in game.events if type(e) is ev.GeneralsOffered)
    assert len(lord.generals) == 5
    game.submit(game.request.choices[0])
    offers = [e for e in game.events if type(e) is ev.GeneralsOffered][1:]
    dealt = [g for e in offers for g in e.generals]
    assert [len(e.generals) for e in offers] == [3] * 7 and len(set(dealt)) == 21
    assert not set(dealt) & set(lord.generals)  # the lord's four others are set aside: 26 distinct of 33


def test_kuangchan_lu_zhishen_as_lord_gets_no_extra_hp_others_do() -> None:
    from sanguozhi.core.modes.identity import chosen

    for gid, top in (("hk_luzhishen", 4), ("hk_wusong", 5)):
        g = new_game(MODE, 5, 1)
        chosen(g.engine, 0, gid)  # the lord's general, shown
        assert g.events[-1].max_hp == top


def test_kuangchan_as_a_3v3_competitive_captain_too() -> None:
    from sanguozhi.core.modes.identity import chosen

    g = new_game("3v3-competitive", 6, 1)
    chosen(g.engine, 1, "hk_luzhishen", bonus=1)
    assert g.events[-1].max_hp == 4
    chosen(g.engine, 4, "hk_likui", bonus=1)
    assert g.events[-1].max_hp == 5


# -- 君 --------------------------------------------------------------------------------------------


def test_qianglue_a_dodged_slash_judges_and_on_black_takes_a_card() -> None:
    t = hk(generals={0: "hk_tiemuzhen"}, hands={0: ["slash"], 1: ["dodge", "peach"]}, pile=["dodge", "dodge", card("slash", "s")])
    t.use("slash", 1)  # after the draw phase's two dodges
    t.use("dodge")
    accept(t, "hk_qianglue")
    take(t, "hand")
    assert t.hand(0) == ["dodge", "dodge", "peach"] and not t.state.chars[1].hand
    assert [e.reason for e in t.of_type(ev.CardsMoved) if e.dst == "processing"][-1] == "judge:hk_qianglue"


def test_qianglue_a_red_judgement_takes_nothing() -> None:
    t = hk(generals={0: "hk_tiemuzhen"}, hands={0: ["slash"], 1: ["dodge", "peach"]}, pile=["dodge", "dodge", card("peach", "h")])
    t.use("slash", 1)
    t.use("dodge")
    accept(t, "hk_qianglue")
    assert len(t.state.chars[1].hand) == 1 and t.request.kind == "play"


def test_qishe_and_danqi_count_as_a_minus_one_horse_and_add_to_a_real_one() -> None:
    t = hk(generals={0: "hk_tiemuzhen", 1: "hk_guanyu"}, equip={1: ["offensive_horse"]})
    assert distance(t.state, 0, 2) == 1 and distance(t.state, 4, 2) == 2
    assert distance(t.state, 1, 3) == 1 and distance(t.state, 1, 4) == 1  # 单骑 and the 赤兔: 2 - 2


def test_yinren_no_slash_used_keeps_up_to_twenty_cards() -> None:
    t = hk(generals={0: "hk_goujian"}, hands={0: ["peach"] * 2 + ["dodge"] * 6})
    t.end()
    assert len(t.state.chars[0].hand) == 10 and t.request.seat == 1  # no discard: the next turn
    t = hk(generals={0: "hk_goujian"}, hands={0: ["slash"] + ["dodge"] * 6}, hp={0: 3})
    t.use("slash", 1)
    until_kind(t, "discard", seat=0)
    assert t.request.min == 8 - 3


def test_the_table_shows_the_hand_limit_yinren_gives_in_the_discard_phase() -> None:
    from sanguozhi.replay.table import render

    t = hk(generals={0: "hk_goujian"}, hands={0: ["dodge"] * 10 + ["peach"] * 6 + ["dismantlement"] * 3 + ["snatch"] * 3})
    t.end()
    until_kind(t, "discard", seat=0)
    assert t.request.min == 24 - 20  # 隐忍: no 杀 this turn, 20 kept (the ruleset alone says 4)
    assert "hand limit 20" in render(t.state, 0, "en") and "手牌上限20" in render(t.state, 0, "zh")


def test_tuqiang_outside_its_turn_each_dodge_played_draws_a_card() -> None:
    t = hk(generals={1: "hk_goujian"}, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    t.use("dodge")
    accept(t, "hk_tuqiang")
    assert len(t.state.chars[1].hand) == 1 and [e.seat for e in triggered(t, "hk_tuqiang")] == [1]


def test_bawang_is_wushuang_two_dodges_under_the_heros_name() -> None:
    t = hk(generals={0: "hk_xiangyu"}, hands={0: ["slash"], 1: ["dodge", "dodge"]})
    t.use("slash", 1)
    t.use("dodge")
    t.use("dodge")
    assert t.hp(1) == 4 and triggered(t, "hk_bawang") and not triggered(t, "wushuang")


def test_kongju_hand_limit_is_max_hp_and_few_cards_bar_pick_and_firewood_many_bar_prison() -> None:
    def aimed(t: Table, name: str) -> bool:
        return any(c.targets == (1,) for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == name)

    t = hk(generals={1: "hk_lishimin"}, hands={0: ["snatch", "dismantlement", "indulgence"], 1: ["dodge"]})
    assert not aimed(t, "snatch") and not aimed(t, "dismantlement") and aimed(t, "indulgence")  # 1 card < 4
    t = hk(generals={1: "hk_lishimin"}, hands={0: ["indulgence", "dismantlement"], 1: ["dodge"] * 5})
    assert not aimed(t, "indulgence") and aimed(t, "dismantlement")  # 5 cards > 4
    t = hk(generals={0: "hk_lishimin"}, hands={0: ["dodge"] * 2}, hp={0: 2})
    t.end()
    assert len(t.state.chars[0].hand) == 4  # 4 cards after the draw, max hp 4: no discard at 2 hp


def test_qiandu_two_black_cards_exchange_places_and_play_goes_on_from_the_new_place() -> None:
    t = hk(generals={0: "hk_wuzetian"}, hands={0: [card("slash", "s", nth=0), card("slash", "c", nth=0)], 3: ["slash"]})
    t.option("hk_qiandu")
    t.pick(*t.request.cards[:2])
    take(t, "", (3,))
    (swap,) = t.of_type(PlacesSwapped)
    assert (swap.a, swap.b) == (0, 3) and t.state.order == [3, 1, 2, 0, 4]
    assert t.state.seats_from(0) == [0, 4, 3, 1, 2]
    assert distance(t.state, 0, 4) == 1 and distance(t.state, 0, 1) == 2 and distance(t.state, 3, 1) == 1
    assert t.state.rs.table_order(t.state) == [3, 1, 2, 0, 4]  # the table is shown as it now sits
    t.end()
    assert t.request.seat == 4  # counter-clockwise from her new place: seats 1-3 wait
    from sanguozhi.replay.narrate import Narrator

    assert Narrator("zh", None, mode=MODE).line(swap).endswith("交换位置")


def test_nvquan_a_male_she_duels_plays_two_slashes_a_males_duel_on_her_has_no_effect() -> None:
    t = hk(generals={0: "hk_wuzetian"}, hands={0: ["duel"], 1: ["slash"]})
    t.use("duel", 1)
    t.use("slash")  # one 杀 is not enough
    assert t.hp(1) == 3
    t = hk(generals={1: "hk_wuzetian"}, hands={0: ["duel"]})
    t.use("duel", 1)
    assert t.hp(1) == 4 and triggered(t, "hk_nvquan") and t.request.kind == "play"


def test_diehun_skips_a_mass_trick_and_draws_a_card() -> None:
    t = hk(generals={2: "hk_murong"}, hands={0: ["archery_attack"]})
    t.use("archery_attack")
    until_kind(t, "skill", seat=2, prompt="hk_diehun:archery_attack")
    take(t, "hk_diehun")
    until_kind(t, "play")
    assert t.hp(2) == 4 and len(t.state.chars[2].hand) == 1 and t.hp(1) == 3


def test_jianxiong_hk_a_card_used_as_the_card_used_before_it_once_a_turn() -> None:
    t = hk(generals={0: "hk_caocao"}, hands={0: ["ex_nihilo", "dodge", "dodge"]}, pile=["peach", "peach", "peach", "peach"])
    assert not any(c.option.startswith("hk_jianxiong") for c in t.request.choices)
    t.use("ex_nihilo")
    opts = [c.option for c in t.request.choices if c.option.startswith("hk_jianxiong")]
    assert opts == ["hk_jianxiong:ex_nihilo"]
    t.option("hk_jianxiong:ex_nihilo", 0)
    t.pick(t.in_hand(0, "dodge"))
    assert len(t.state.chars[0].hand) == 7  # 3 + 2 drawn, - 无中生有 + 2, - a 闪 as 无中生有 + 2
    assert not any(c.option.startswith("hk_jianxiong") for c in t.request.choices)  # once a turn


def test_jiquan_is_jianxiong_taking_the_card_that_hurt() -> None:
    t = hk(generals={1: "hk_yingzheng"}, hands={0: ["slash"]})
    slash = t.in_hand(0, "slash")
    t.use("slash", 1)
    accept(t, "hk_jiquan")
    assert slash in t.state.chars[1].hand


def test_qiyi_is_tuxi_taking_a_card_from_each_of_two() -> None:
    t = hk(generals={1: "hk_chensheng"}, hands={2: ["dodge"], 3: ["dodge"]}, first=1)
    assert t.request.prompt == "hk_qiyi"
    take(t, "", (2, 3))
    assert len(t.state.chars[1].hand) == 2 and not t.state.chars[2].hand and not t.state.chars[3].hand


# -- 臣 ------------------------------------------------------------------------------------------


def test_bianfa_an_equipped_card_may_replace_a_judgement() -> None:
    t = hk(generals={1: "hk_shangyang"}, judge={0: ["indulgence"]}, equip={1: [card("eight_diagram", "s")]}, pile=[card("slash", "h")], first=0)
    req = skill_q(t, "hk_bianfa:0:indulgence")
    worn = t.state.chars[1].equip["armor"]
    assert any(c.cards == (worn,) for c in req.choices)
    t.pick(worn)
    assert not t.state.chars[1].equip and triggered(t, "hk_bianfa")
    assert t.state.phase != "play" or t.request.seat != 0


def test_juebie_dying_she_gives_him_all_her_cards_and_dies_unsaved_before_the_casual_share() -> None:
    blanks = {s: "vanilla_f" for s in (0, 2, 4, 5)}  # female: 项羽 is the one male hero
    t = casual(generals={**blanks, 1: "hk_yuji", 3: "hk_xiangyu"}, hands={0: ["slash"], 1: ["dodge"], 3: ["peach"], 5: ["peach"]}, hp={1: 1},
               equip={1: ["eight_diagram"]}, judge={1: ["indulgence"]})
    t.use("slash", 1)
    while t.request.kind != "skill":
        t.pass_()
    req = skill_q(t, "hk_juebie")
    assert {c.targets for c in req.choices if c.targets} == {(3,)}  # a male hero
    take(t, "", (3,))
    assert not t.state.chars[1].alive
    assert not any(e.kind == "save" for e in t.of_type(ev.Decided))  # nobody was asked for 药
    assert not any(e.kind == "bequest" for e in t.of_type(ev.Decided))  # nothing left to share
    p3 = t.state.chars[3]
    assert sorted(CARDS[c].name for c in p3.hand) == ["dodge", "eight_diagram", "peach"]
    assert [CARDS[c].name for c in p3.judge] == ["indulgence"]
    died = t.of_type(ev.Died)[0]
    assert died.killer == 0


def test_sheshen_is_yiji_two_cards_for_each_hp_lost() -> None:
    t = hk(generals={1: "hk_yuji"}, hands={0: ["slash"]}, hp={1: 3}, max_hp={1: 3})
    t.use("slash", 1)
    accept(t, "hk_sheshen")
    req = skill_q(t, "hk_sheshen")
    t.choose(next(c for c in req.choices if c.targets == (1,)))
    t.choose(next(c for c in t.request.choices if c.targets == (1,)))
    assert len(t.state.chars[1].hand) == 2


def test_fenghuo_a_worn_card_discarded_is_a_beacon_smoke() -> None:
    t = hk(generals={0: "hk_baosi"}, equip={0: ["eight_diagram"]})
    worn = t.state.chars[0].equip["armor"]
    t.option("hk_fenghuo")  # its one worn card: the only answer
    assert worn in t.state.discard
    used = t.of_type(ev.CardUsed)[-1]
    assert (used.name, used.cards, used.targets) == ("savage_assault", (), (1, 2, 3, 4))
    until_kind(t, "play")
    assert [t.hp(s) for s in range(1, 5)] == [3, 3, 3, 3]


def test_yizhuang_takes_a_dead_male_heros_skills_and_max_hp() -> None:
    t = hk(generals={0: "hk_huamulan", 1: "hk_xiangyu"}, hands={0: ["dodge", "dodge", "peach"]}, max_hp={0: 3}, hp={0: 3},
           extra=[ev.Died(seat=1, role="loyalist", killer=-1)])
    t.option("hk_yizhuang")
    t.pick(*[c for c in t.state.chars[0].hand if CARDS[c].name == "dodge"])
    take(t, "", (1,))
    p = t.state.chars[0]
    assert p.skills == {"hk_bawang"} and p.max_hp == 4 and p.gender == "female" and p.general == "hk_huamulan"


def test_budao_outside_his_turn_a_slash_that_draws_blood_in_range_is_followed_and_goes_on() -> None:
    t = hk(generals={2: "hk_guanyu"}, hands={0: ["slash"], 2: ["slash", "slash"]})
    t.use("slash", 1)  # seat 1 is in seat 2's range
    while t.request.seat != 2:
        t.pass_()
    req = t.request
    assert (req.kind, req.prompt) == ("use_slash", "hk_budao:1")
    t.use("slash", 1)
    while t.request.seat != 2:
        t.pass_()
    assert t.request.prompt == "hk_budao:1"  # it drew blood: he may go on
    t.use("slash", 1)
    assert t.hp(1) == 1 and len(triggered(t, "hk_budao")) == 2


def test_fanji_hurt_by_a_slash_answers_with_a_red_slash_that_cannot_be_dodged() -> None:
    t = hk(generals={1: "hk_qinqiong"}, hands={0: ["slash", "dodge"], 1: [card("slash", "h")]})
    t.use("slash", 1)
    req = t.request
    assert (req.seat, req.kind, req.prompt) == (1, "use_slash", "hk_fanji:0")
    t.pick(num(card("slash", "h")))
    assert t.hp(0) == 3 and not any(e.kind == "respond" and e.seat == 0 for e in t.of_type(ev.Decided))


def test_menshen_until_his_next_turn_slashes_at_the_ward_are_aimed_at_him() -> None:
    t = hk(generals={0: "hk_qinqiong"}, hands={1: ["slash"]})
    t.end()
    until_kind(t, "skill", seat=0, prompt="hk_menshen")
    take(t, "", (2,))
    assert t.request.seat == 1
    t.use("slash", 2)
    assert t.hp(0) == 3 and t.hp(2) == 4


def test_yubu_before_the_draw_judges_until_red_keeping_the_black_cards() -> None:
    t = hk(generals={1: "hk_zhaofeiyan"}, pile=[card("slash", "s"), card("slash", "c"), card("peach", "h"), "dodge", "dodge"], first=1)
    for _ in range(3):  # the first judgement, then again after each black one
        accept(t, "hk_yubu")
    assert t.request.kind == "play"
    names = sorted(CARDS[c].name for c in t.state.chars[1].hand)
    assert names == ["dodge", "dodge", "slash", "slash"]  # two black judgements kept, then the draw


# -- 民 ----------------------------------------------------------------------------------------


def _of_rank(rank: int) -> str:
    return "#" + str(next(c.number for c in CARDS if c.pack == "standard" and c.rank == rank and c.name not in ("slash", "dodge")))


def test_xiadan_a_won_pindian_gives_two_slashes_two_targets_any_range() -> None:
    t = hk(generals={0: "hk_renhuanzhi"}, hands={0: [_of_rank(13), "slash", "slash"], 2: [_of_rank(2)]})
    t.option("hk_xiadan")
    take(t, "", (2,))
    t.pick(num(_of_rank(13)))  # seat 2's one card is its only answer
    slashes = [c for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "slash"]
    assert any(len(c.targets) == 2 for c in slashes) and any(2 in c.targets for c in slashes)
    t.use("slash", 2)
    until_kind(t, "play")
    assert any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices)  # a second 杀


def test_xiadan_a_lost_pindian_bars_slash_this_turn() -> None:
    t = hk(generals={0: "hk_renhuanzhi"}, hands={0: [_of_rank(2), "slash"], 2: [_of_rank(13)]})
    t.option("hk_xiadan")
    take(t, "", (2,))
    t.pick(num(_of_rank(2)))
    assert not any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices)


def test_feizei_shentou_qingmin_pocket_pick_any_distance_clubs_as_pocket_pick_none_at_him() -> None:
    t = hk(generals={0: "hk_shiqian"}, hands={0: ["snatch", card("slash", "c")], 2: ["dodge"], 3: ["dodge"]})
    snatch = t.in_hand(0, "snatch")
    assert {c.targets for c in t.request.choices if c.cards == (snatch,)} >= {(2,), (3,)}  # distance 2: no limit
    assert any(c.option == "hk_shentou" for c in t.request.choices)
    t = hk(generals={1: "hk_shiqian"}, hands={0: ["snatch", "dismantlement"], 1: ["dodge"]})
    assert not any(c.targets == (1,) for c in t.request.choices if c.cards == (t.in_hand(0, "snatch"),))
    assert any(c.targets == (1,) for c in t.request.choices if c.cards == (t.in_hand(0, "dismantlement"),))


def test_dili_draws_two_plus_the_hp_lost() -> None:
    t = hk(generals={1: "hk_luzhishen"}, hp={1: 2}, first=1)
    until_kind(t, "play", seat=1)
    assert len(t.state.chars[1].hand) == 2 + 2


def test_hongzhuang_spades_count_as_hearts_and_manwu_passes_the_damage() -> None:
    t = hk(generals={1: "hk_lishishi"}, hands={0: ["slash"], 1: [card("dodge", "h") if False else card("peach", "h")]})
    t.use("slash", 1)
    while not (t.request.seat == 1 and t.request.prompt.startswith("hk_manwu")):
        t.pass_()
    heart = t.state.chars[1].hand[0]
    t.choose(Choice(cards=(heart,), targets=(3,)))
    assert t.hp(1) == 4 and t.hp(3) == 3 and len(t.state.chars[3].hand) == 1
    from sanguozhi.core.cards.base import suit_of

    t = hk(generals={1: "hk_lishishi"})
    spade = num(card("slash", "s"))
    assert suit_of(t.state, 1, spade) == "heart" and suit_of(t.state, 0, spade) == "spade"


# -- lord skills ---------------------------------------------------------------------------------------


def test_jijiang_a_jun_lords_slash_from_a_chen_hero() -> None:
    t = hk(generals={0: "hk_liubang", 2: "hk_yuefei"}, hands={2: ["slash"]})
    assert "hk_jijiang" in t.state.chars[0].skills
    t.option("hk_jijiang", 1)
    t.use("slash")
    assert t.hp(1) == 3


def test_huzhu_a_chen_lords_dodge_from_a_min_hero_and_jiuyuan_a_jun_heros_potion_heals_a_min_lord_two() -> None:
    t = hk(generals={0: "hk_yuefei", 2: "hk_wusong", 1: "hk_xiangyu"}, hands={1: ["slash"], 2: ["dodge"]}, first=1)
    until_kind(t, "play", seat=1)
    t.use("slash", 0)
    req = until_kind(t, "trigger", seat=0)
    assert req.prompt.endswith("hk_huzhu")
    accept(t, "hk_huzhu")
    t.use("dodge")
    assert t.hp(0) == 4
    t = hk(generals={0: "hk_wusong", 2: "hk_xiangyu"}, hands={2: ["peach"], 1: ["slash"]}, hp={0: 1}, first=1)
    until_kind(t, "play", seat=1)
    t.use("slash", 0)
    until_kind(t, "save", seat=2)
    t.use("peach")
    assert t.hp(0) == 2


# -- the renamed Sanguosha skills, each at work under the hero's name ---------------------------------


def _play_options(t: Table) -> set[str]:
    return {c.option for c in t.request.choices if c.option}


@pytest.mark.parametrize(
    ("hero", "sid", "hands"),
    [
        ("hk_liubang", "hk_yuren", ["dodge"]),
        ("hk_shangyang", None, []),
        ("hk_songjiang", "hk_shucai", ["dodge"]),
        ("hk_hanxin", "hk_gongxin", ["dodge"]),
        ("hk_chenyuanyuan", "hk_hongyan", ["dodge"]),
        ("hk_zhaokuangyin", "hk_shiquan", [card("slash", "s")]),
        ("hk_tantaiming", "hk_aojian", [card("peach", "h")]),
        ("hk_yuefei", "hk_wumu:slash", ["dodge"]),
        ("hk_xishi", "hk_meihuo", [card("dodge", "d")]),
    ],
)
def test_a_renamed_play_skill_is_offered_under_the_heros_id(hero: str, sid: str | None, hands: list[str]) -> None:
    t = hk(generals={0: hero, 1: "hk_xiangyu", 2: "hk_xiangyu"}, hands={0: hands, 1: ["dodge"], 2: ["dodge"]})
    until_kind(t, "play", seat=0)  # past the draw phase's triggers (兵仙)
    opts = _play_options(t)
    if sid is not None:
        assert sid in opts, opts
    assert not any(o in opts for o in ("zhiheng", "rende", "fanjian", "lijian", "qixi", "wusheng", "longdan:slash", "guose"))


def test_yuren_zhiyu_liaoshang_heal_and_balance_as_their_texts_say() -> None:
    t = hk(generals={0: "hk_liubang"}, hands={0: ["dodge", "dodge"]})
    t.option("hk_yuren")
    t.pick(*t.request.cards[:2])
    assert len(t.state.chars[0].hand) == 4 and triggered(t, "hk_yuren")
    assert "hk_yuren" not in _play_options(t)  # once a turn
    t = hk(generals={0: "hk_baosi", 1: "hk_xiangyu"}, hands={0: ["dodge", "dodge"]}, hp={0: 2, 1: 2})
    t.option("hk_zhiyu")
    t.pick(*t.request.cards[:2])
    take(t, "", (1,))
    assert t.hp(0) == 3 and t.hp(1) == 3
    t = hk(generals={0: "hk_bianque"}, hands={0: ["dodge"]}, hp={3: 2})
    t.option("hk_liaoshang")
    t.pick(t.request.cards[0])
    take(t, "", (3,))
    assert t.hp(3) == 3


def test_fajia_and_fuchou_answer_damage_as_fankui_and_ganglie() -> None:
    t = hk(generals={1: "hk_shangyang"}, hands={0: ["slash", "dodge"]})
    t.use("slash", 1)
    accept(t, "hk_fajia")
    take(t, "hand")
    assert len(t.state.chars[1].hand) == 1
    t = hk(generals={1: "hk_likui"}, hands={0: ["slash"]}, pile=[card("slash", "s", nth=1), card("slash", "s", nth=2), card("slash", "s")])
    t.use("slash", 1)
    accept(t, "hk_fuchou")
    take(t, "damage")  # a spade: seat 0 chooses two hand cards or the damage
    assert t.hp(0) == 3


def test_bingxian_chuchu_zhanbu_on_their_turn() -> None:
    t = hk(generals={1: "hk_hanxin"}, first=1)
    accept(t, "hk_bingxian")
    assert len(t.state.chars[1].hand) == 3
    t = hk(generals={0: "hk_chenyuanyuan"})
    t.end()
    until_kind(t, "trigger", seat=0)
    accept(t, "hk_chuchu")
    assert len(t.state.chars[0].hand) == 3
    t = hk(generals={1: "hk_liubowen"}, first=1)
    accept(t, "hk_zhanbu")
    assert t.request.prompt.startswith("hk_zhanbu:5")


def test_chenyu_passes_a_slash_and_mili_draws_two_for_a_lost_worn_card() -> None:
    t = hk(generals={1: "hk_xishi"}, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    req = skill_q(t, "hk_chenyu:0")
    t.choose(next(c for c in req.choices if c.targets == (2,)))
    assert t.of_type(ev.CardUsed)[-1].name == "slash" and triggered(t, "hk_chenyu")
    t = hk(generals={1: "hk_huamulan"}, hands={0: ["dismantlement"]}, equip={1: ["eight_diagram"]})
    t.use("dismantlement", 1)
    take(t, "", None) if t.request.kind != "pick_card" else t.choose(t.request.choices[0])
    until_kind(t, "trigger", seat=1)
    accept(t, "hk_mili")
    assert len(t.state.chars[1].hand) == 2


def test_guiyin_tianlang_qingying_huichun_zuijiu() -> None:
    t = hk(generals={1: "hk_liubowen"}, hands={0: ["slash"]})
    assert not any(c.targets == (1,) for c in t.request.choices if c.cards)  # no hand: no 杀 at him
    t = hk(generals={0: "hk_yangyanzhao"}, hands={0: ["slash", "slash"]})
    t.use("slash", 1)
    until_kind(t, "play")
    assert any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices)
    t = hk(generals={1: "hk_zhaofeiyan"}, hands={0: ["slash"], 1: [card("slash", "c")]})
    t.use("slash", 1)
    assert any(c.option == "hk_qingying" for c in t.request.choices)
    t = hk(generals={2: "hk_bianque"}, hands={0: ["slash"], 2: [card("dodge", "h")]}, hp={1: 1})
    t.use("slash", 1)
    until_kind(t, "save", seat=2)
    assert any(c.option == "hk_huichun" for c in t.request.choices)
    t = hk(generals={1: "hk_wusong"}, hands={1: ["slash"]}, first=1)
    accept(t, "hk_zuijiu")
    t.use("slash", 2)
    until_kind(t, "play", seat=1)
    assert t.hp(2) == 2  # the 杀's damage is 2
