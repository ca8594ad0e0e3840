"""吴 skills, one scenario each, and the rulings players argue about."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from tests.scenario import Table

from .util import accept, card, decline, num, pick, take, triggered


# -- 制衡 救援 -------------------------------------------------------------------------------


def test_zhiheng_discards_and_draws_as_many_once_per_phase() -> None:
    t = Table(4, generals={0: "sunquan"}, hands={0: ["slash", "dodge"]}, equip={0: ["crossbow"]}, pile=["peach", "peach", "analeptic", "analeptic", "analeptic"])
    take(t, "zhiheng")
    req = t.request
    assert req.kind == "discard" and req.min == 1 and req.max == 5  # hand and equipment
    slash, bow = t.in_hand(0, "slash"), t.state.chars[0].equip["weapon"]
    pick(t, slash, bow)
    assert slash in t.state.discard and bow in t.state.discard
    assert t.hand(0).count("analeptic") == 2
    assert all(c.option != "zhiheng" for c in t.request.choices)


def test_jiuyuan_a_wu_peach_heals_the_dying_lord_one_more() -> None:
    t = Table(4, generals={0: "sunquan", 1: "ganning"}, hands={1: ["slash", "peach"]}, hp={0: 1}, first=1)
    t.use("slash", 0)
    req = t.request
    assert req.kind == "save" and req.seat == 1
    t.use("peach")
    assert t.hp(0) == 2
    (e,) = triggered(t, "jiuyuan")
    assert e.seat == 0 and e.w == "target_confirmed"


def test_jiuyuan_not_for_a_non_wu_peach() -> None:
    t = Table(4, generals={0: "sunquan"}, hands={1: ["slash", "peach"]}, hp={0: 1}, first=1)
    t.use("slash", 0)
    t.use("peach")
    assert t.hp(0) == 1 and not triggered(t, "jiuyuan")


# -- 奇袭 克己 苦肉 -------------------------------------------------------------------------------


def test_qixi_uses_a_black_card_as_dismantlement() -> None:
    spade = card("slash", "s")
    t = Table(4, generals={0: "ganning"}, hands={0: [spade], 1: ["peach"]}, pile=["peach", "peach"])
    t.choose(Choice(targets=(1,), option="qixi"))
    (use,) = t.of_type(ev.CardUsed)
    assert (use.name, use.cards) == ("dismantlement", (num(spade),))
    take(t, "hand")
    assert not t.state.chars[1].hand


def test_keji_skips_the_discard_phase_without_a_slash() -> None:
    t = Table(4, generals={0: "lvmeng"}, hands={0: ["dodge"] * 5}, hp={0: 2})
    t.end()
    accept(t, "keji")
    assert [e.phase for e in t.of_type(ev.PhaseSkipped)] == ["discard"]
    assert len(t.state.chars[0].hand) == 7


def test_keji_not_after_a_slash() -> None:
    t = Table(4, generals={0: "lvmeng"}, hands={0: ["slash"] + ["dodge"] * 4}, hp={0: 2})
    t.use("slash", 1)
    t.end()
    assert t.request.kind == "discard" and not triggered(t, "keji")


def test_keji_not_after_playing_a_slash_in_a_duel() -> None:
    t = Table(4, generals={0: "lvmeng"}, hands={0: ["duel", "slash"] + ["dodge"] * 4, 1: ["slash"]}, hp={0: 2})
    t.use("duel", 1)
    t.use("slash")  # seat 1 answers
    t.use("slash")  # seat 0 answers: a 杀 played in the play phase
    t.end()
    assert t.request.kind == "discard"


def test_kurou_loses_hp_and_draws_two() -> None:
    t = Table(4, generals={0: "huanggai"}, pile=["slash", "slash", "peach", "peach"])
    take(t, "kurou")
    assert t.hp(0) == 3 and t.hand(0).count("peach") == 2
    assert [e.seat for e in t.of_type(ev.HpLost)] == [0]


def test_kurou_dying_saved_then_draws() -> None:
    t = Table(4, generals={0: "huanggai"}, hands={0: ["peach"]}, hp={0: 1}, pile=["slash", "slash", "dodge", "dodge"])
    take(t, "kurou")
    assert t.request.kind == "save" and t.request.seat == 0
    t.use("peach")
    assert t.hp(0) == 1 and t.hand(0).count("dodge") == 2


# -- 英姿 反间 -------------------------------------------------------------------------------


def test_yingzi_draws_three() -> None:
    t = Table(4, generals={0: "zhouyu"})
    accept(t, "yingzi")
    assert len(t.state.chars[0].hand) == 3


def test_fanjian_wrong_suit_takes_a_card_and_damage() -> None:
    black = [card("slash", "s"), card("slash", "c"), card("slash", "c", nth=1)]
    t = Table(4, generals={0: "zhouyu"}, hands={0: [black[0]]}, pile=black[1:])
    decline(t)  # 英姿
    take(t, "fanjian")
    t.choose(Choice(targets=(1,)))
    req = t.request
    assert req.kind == "suit" and req.seat == 1 and req.prompt == "fanjian:0"
    take(t, "heart")
    assert len(t.state.chars[1].hand) == 1 and t.hp(1) == 3
    assert all(c.option != "fanjian" for c in t.request.choices)


def test_fanjian_right_suit_no_damage() -> None:
    t = Table(4, generals={0: "zhouyu"}, hands={0: [card("slash", "s")]}, pile=[card("slash", "s", nth=1), card("slash", "s", nth=2)])
    decline(t)
    take(t, "fanjian")
    t.choose(Choice(targets=(1,)))
    take(t, "spade")
    assert t.hp(1) == 4 and len(t.state.chars[1].hand) == 1


# -- 国色 流离 -------------------------------------------------------------------------------


def test_guose_uses_a_diamond_as_indulgence() -> None:
    diamond = card("slash", "d")
    t = Table(4, generals={0: "daqiao"}, hands={0: [diamond]}, pile=["slash", "slash"])
    t.choose(Choice(targets=(1,), option="guose"))
    p = t.state.chars[1]
    assert p.judge == [num(diamond)] and p.judge_names == {num(diamond): "indulgence"}


def test_liuli_moves_the_slash_to_another_in_range() -> None:
    t = Table(4, generals={1: "daqiao"}, hands={0: ["slash"], 1: ["peach"], 2: ["dodge"]})
    t.use("slash", 1)
    req = t.request
    assert req.kind == "skill" and req.seat == 1 and req.prompt == "liuli:0"
    peach = t.in_hand(1, "peach")
    offered = {c.targets for c in req.choices if not c.is_pass}
    assert offered == {(2,)}  # in 大乔's range: seats 0 and 2; never the user
    t.choose(Choice(cards=(peach,), targets=(2,)))
    assert t.request.kind == "respond" and t.request.seat == 2
    t.pass_()
    assert t.hp(1) == 4 and t.hp(2) == 3 and peach in t.state.discard
    assert t.of_type(ev.CardUsed)[0].targets == (1,)  # the use named 大乔; the 杀 reached seat 2


def test_liuli_cannot_move_a_slash_onto_kongcheng_without_hand_cards() -> None:
    t = Table(4, generals={1: "daqiao", 2: "zhugeliang"}, hands={0: ["slash"], 1: ["peach"]})
    t.use("slash", 1)
    assert t.request.kind != "skill"  # no legal new target: 流离 is not offered
    assert not triggered(t, "liuli")


def test_liuli_discarding_the_weapon_counts_its_range_gone() -> None:
    t = Table(6, generals={1: "daqiao"}, hands={0: ["slash"]}, equip={1: ["kylin_bow"]})
    t.use("slash", 1)
    req = t.request
    bow = t.state.chars[1].equip["weapon"]
    with_bow = {c.targets for c in req.choices if c.cards == (bow,)}
    assert with_bow == {(2,)}  # without the bow her range is 1


# -- 谦逊 连营 -------------------------------------------------------------------------------


def test_qianxun_no_snatch_or_indulgence_target() -> None:
    t = Table(4, generals={1: "luxun"}, hands={0: ["snatch", "indulgence"], 1: ["peach"], 3: ["peach"]})
    assert not any(c.targets == (1,) and c.cards for c in t.request.choices)
    assert any(c.targets == (3,) and c.cards == (t.in_hand(0, "snatch"),) for c in t.request.choices)


def test_lianying_draws_when_the_last_card_is_played() -> None:
    t = Table(4, generals={1: "luxun"}, hands={0: ["slash"], 1: ["dodge"]})
    t.use("slash", 1)
    t.use("dodge")
    accept(t, "lianying")
    assert len(t.state.chars[1].hand) == 1


def test_lianying_on_the_last_card_used_draws_before_it_resolves() -> None:
    t = Table(4, generals={0: "luxun"}, hp={0: 3}, pile=["slash", "peach", "dodge"])
    t.use("slash", 1)
    t.use("peach")
    accept(t, "lianying")
    drew = next(i for i, e in enumerate(t.events) if isinstance(e, ev.Triggered) and e.source == "lianying")
    healed = next(i for i, e in enumerate(t.events) if isinstance(e, ev.Recovered))
    assert drew < healed  # 连营 acts as the card leaves the hand, before the 桃 resolves
    assert t.hand(0) == ["dodge"]


def test_lianying_when_the_last_card_is_taken() -> None:
    t = Table(4, generals={1: "luxun"}, hands={0: ["dismantlement"], 1: ["peach"]})
    t.use("dismantlement", 1)
    take(t, "hand")
    accept(t, "lianying")
    assert len(t.state.chars[1].hand) == 1


# -- 结姻 枭姬 -------------------------------------------------------------------------------


def test_jieyin_both_recover() -> None:
    t = Table(4, generals={0: "sunshangxiang", 2: "vanilla_f"}, hands={0: ["slash", "slash"]}, hp={0: 2, 1: 2, 2: 2})
    take(t, "jieyin")
    hand = list(t.state.chars[0].hand)
    pick(t, *hand[:2])
    req = t.request
    assert {c.targets for c in req.choices} == {(1,)}  # seat 2 is not male, seat 3 not hurt
    t.choose(Choice(targets=(1,)))
    assert t.hp(0) == 3 and t.hp(1) == 3


def test_xiaoji_draws_two_when_an_equipment_is_lost() -> None:
    t = Table(4, generals={1: "sunshangxiang"}, hands={0: ["dismantlement"]}, equip={1: ["crossbow"]})
    bow = t.state.chars[1].equip["weapon"]
    t.use("dismantlement", 1)
    t.choose(Choice(cards=(bow,)))
    accept(t, "xiaoji")
    assert len(t.state.chars[1].hand) == 2


def test_xiaoji_when_an_equipment_is_replaced() -> None:
    t = Table(4, generals={0: "sunshangxiang"}, hands={0: ["qinggang_sword"]}, equip={0: ["crossbow"]})
    before = len(t.state.chars[0].hand)
    t.use("qinggang_sword")
    accept(t, "xiaoji")
    assert len(t.state.chars[0].hand) == before - 1 + 2
