"""吴 skills of hegemony's own, one scenario each."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import Choice
from tests.core.skills.util import triggered

from .table import HgTable, hcard


def test_zhiheng_discards_at_most_max_hp_cards() -> None:
    t = HgTable(4, generals={0: ("hg_sunquan", "blank_wu3m")}, shown="all", hands={0: ["dodge"] * 5})
    t.option("hg_zhiheng")
    assert t.request.max == 3  # max hp 3 (7 halves)


def test_qianxun_cancels_snatch_and_indulgence() -> None:
    t = HgTable(4, generals={1: ("hg_luxun", "blank_wu3m")}, shown="all", hands={0: ["indulgence", "snatch"], 1: ["dodge"]})
    card = t.in_hand(0, "indulgence")
    t.use("indulgence", 1)
    assert not t.state.chars[1].judge and card in t.state.discard and triggered(t, "hg_qianxun")


def test_duoshi_uses_red_hand_cards_as_await_exhausted_four_times() -> None:
    reds = [hcard("dodge", "d", n) for n in (2, 3, 6, 7, 8)]
    t = HgTable(4, generals={0: ("hg_luxun", "blank_wu3m"), 2: ("blank_wu4m", "blank_wu4f")}, shown="all", hands={0: reds})
    for k in range(4):
        choice = next(c for c in t.request.choices if c.option == "hg_duoshi")
        assert choice.targets == (0, 2)  # 陆逊 and the other wu character
        t.choose(choice)
        if t.request.kind == "convert":
            t.pick(t.state.chars[0].hand[0])
        while t.request.kind in ("discard", "nullify"):  # keep the red cards
            if t.request.kind == "nullify":
                t.pass_()
            else:
                t.choose(Choice(cards=tuple(sorted(t.request.cards, key=lambda c: CARDS[c].color == "red")[:2])))
    assert not any(c.option == "hg_duoshi" for c in t.request.choices)
    assert len(triggered(t, "hg_duoshi")) == 4


def test_yinghun_draws_x_then_discards_one() -> None:
    t = HgTable(4, generals={0: ("hg_sunjian", "blank_wu4m")}, shown="all", hp={0: 2}, hands={1: ["slash"]})
    assert t.request.prompt == "hg_yinghun:2"
    t.choose(Choice(targets=(1,), option="draw_x"))
    t.choose(Choice(cards=(t.in_hand(1, "slash"),)))
    assert len(t.hand(1)) == 2  # 1 + 2 - 1


def test_tianxiang_passes_the_damage_on_and_the_target_draws_its_lost_hp() -> None:
    t = HgTable(4, generals={1: ("hg_xiaoqiao", "blank_wu3f")}, shown="all", hands={0: ["slash"], 1: [hcard("peach", "h")]})
    t.use("slash", 1)
    assert t.request.prompt == "hg_tianxiang:0:1"
    t.choose(next(c for c in t.request.choices if c.targets == (3,)))
    assert t.hp(1) == 3 and t.hp(3) == 3 and len(t.hand(3)) == 1


def test_hongyan_spades_count_as_hearts() -> None:
    spade = hcard("slash", "s", 7)
    t = HgTable(4, generals={1: ("hg_xiaoqiao", "blank_wu3f")}, shown="all", hands={0: ["slash"], 1: [spade]})
    t.use("slash", 1)
    assert t.request.prompt.startswith("hg_tianxiang")  # a spade pays for 天香
    t2 = HgTable(4, generals={1: ("hg_xiaoqiao", "blank_wu3f")}, shown="all", judge={1: ["indulgence"]}, pile=["dodge", "dodge", spade])
    t2.end()
    t2.until("play", 1)  # a spade judgement counts as a heart: 乐不思蜀 misses
    assert not any(e.seat == 1 for e in t2.of_type(ev.PhaseSkipped))


def test_tianyi_won_slash_twice_anywhere_with_an_extra_target() -> None:
    t = HgTable(5, generals={0: ("hg_taishici", "blank_wu4m")}, shown="all",
                hands={0: [hcard("offensive_horse", "s", 13), "slash", "slash"], 2: [hcard("slash", "c", 2)]})
    t.option("hg_tianyi")
    t.choose(Choice(targets=(2,)))
    t.pick(t.in_hand(0, "offensive_horse"))
    targets = {c.targets for c in t.request.choices if c.cards and CARDS[c.cards[0]].name == "slash"}
    assert (2,) in targets and (2, 3) in targets  # distance ignored, one more target
    t.use("slash", 2, 3)
    assert any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices)  # a second 杀 this turn


def test_tianyi_lost_no_slash_this_turn() -> None:
    t = HgTable(4, generals={0: ("hg_taishici", "blank_wu4m")}, shown="all", hands={0: [hcard("slash", "c", 2), "slash"], 1: [hcard("offensive_horse", "s", 13)]})
    t.option("hg_tianyi")
    t.choose(Choice(targets=(1,)))
    t.pick(t.state.chars[0].hand[0])
    assert not any(c.cards and CARDS[c.cards[0]].name == "slash" for c in t.request.choices)


def test_buqu_keeps_zhoutai_alive_while_the_scars_differ() -> None:
    t = HgTable(4, generals={1: ("hg_zhoutai", "blank_wu4m")}, shown="all", hands={0: ["slash", "duel"]}, hp={1: 1},
                pile=["dodge", "dodge", hcard("peach", "h", 4), hcard("slash", "s", 5)])
    t.use("slash", 1)
    assert t.request.prompt == "dying:hg_buqu"
    t.option("hg_buqu")
    p = t.state.chars[1]
    assert p.alive and p.hp == 0 and t.request.kind == "play" and t.request.seat == 0  # not saved: not dying
    t.use("duel", 1)
    t.option("hg_buqu")
    assert p.alive and p.hp == -1 and len([k for k in p.marks if k.startswith("hg_buqu.c")]) == 2


def test_buqu_dies_on_a_repeated_rank() -> None:
    t = HgTable(4, generals={1: ("hg_zhoutai", "blank_wu4m")}, shown="all", hands={0: ["slash", "duel"]}, hp={1: 1},
                pile=["dodge", "dodge", hcard("slash", "s", 5), hcard("slash", "c", 5)])
    t.use("slash", 1)
    t.option("hg_buqu")
    t.use("duel", 1)
    t.option("hg_buqu")
    while t.game.request is not None and t.request.kind == "save":
        t.pass_()
    assert not t.state.chars[1].alive


def test_haoshi_draws_two_more_and_gives_half_away() -> None:
    t = HgTable(4, generals={0: ("hg_lusu", "blank_wu3m")}, shown="all", hands={0: ["dodge", "dodge"], 2: ["slash"], 1: ["slash"]})
    t.until("trigger", 0)
    assert t.request.prompt == "draw_count:hg_haoshi"
    t.option("hg_haoshi")
    assert t.request.prompt == "hg_haoshi" and t.request.min == 3  # 6 cards: give 3 to seat 3 (no cards)
    t.choose(Choice(cards=tuple(t.request.cards[:3])))
    assert len(t.hand(3)) == 3 and len(t.hand(0)) == 3


def test_dimeng_swaps_two_hands_for_the_difference() -> None:
    t = HgTable(4, generals={0: ("hg_lusu", "blank_wu3m")}, shown="all", hands={0: ["dodge"], 1: ["slash", "peach"], 2: []})
    t.pass_()  # no 好施
    t.option("hg_dimeng")
    t.choose(Choice(targets=(1, 2)))
    assert t.request.kind == "discard" and t.request.min == 2
    t.choose(Choice(cards=tuple(t.request.cards[:2])))
    assert sorted(t.hand(2)) == ["peach", "slash"] and not t.hand(1)


def test_zhijian_puts_an_equipment_card_on_another_and_draws() -> None:
    t = HgTable(4, generals={0: ("hg_zhangzhaozhanghong", "blank_wu3m")}, shown="all", hands={0: ["eight_diagram"]})
    card = t.in_hand(0, "eight_diagram")
    t.option("hg_zhijian")
    t.choose(Choice(cards=(card,), targets=(2,)))
    assert t.state.chars[2].equip["armor"] == card and len(t.hand(0)) == 3


def test_guzheng_returns_one_discarded_card_and_takes_the_rest() -> None:
    t = HgTable(4, generals={1: ("hg_zhangzhaozhanghong", "blank_wu3m")}, shown="all", hands={0: ["dodge", "dodge", "peach", "slash", "analeptic", "dodge"]})
    t.end()
    req = t.request
    assert req.kind == "discard" and req.min == 4  # 8 cards, hp 4
    t.choose(Choice(cards=tuple(req.cards[:4])))
    assert t.request.prompt == "hg_guzheng:0"
    back = t.request.choices[0].cards[0]
    t.choose(t.request.choices[0])
    t.option("take")
    assert back in t.state.chars[0].hand
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == "hg_guzheng"] == [1, 3]


def test_duanbing_one_more_target_at_distance_one() -> None:
    t = HgTable(4, generals={0: ("hg_dingfeng", "blank_wu4m")}, shown="all", hands={0: ["slash"]})
    targets = {c.targets for c in t.request.choices if c.cards}
    assert (1, 3) in targets and (1,) in targets and (3,) in targets


def test_fenxun_counts_the_distance_as_one() -> None:
    t = HgTable(5, generals={0: ("hg_dingfeng", "blank_wu4m")}, shown="all", hands={0: ["slash", "dodge"]})
    assert not any(c.targets == (2,) for c in t.request.choices if c.cards)
    t.option("hg_fenxun")
    t.choose(Choice(cards=(t.in_hand(0, "dodge"),), targets=(2,)))
    assert any(c.targets == (2,) for c in t.request.choices if c.cards)
