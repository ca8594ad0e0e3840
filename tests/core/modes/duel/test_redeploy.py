"""Seed 003, 调遣 (redeploy): the FAQ's examples, one scenario each, and distance on the ring."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.distance import distance
from sanguozhi.core.modes.duel import Redeployed

from .scenario import DuelTable

# A B C D E: 糜夫人 (随军) and 诸葛亮 (观星) both have "after redeploy" skills.
ROW = ["duel_mifuren", "duel_zhugeliang", "caocao", "guanyu", "lvbu"]


def asked(t: DuelTable, since: int) -> list[str]:
    return [e.option for e in t.events[since:] if isinstance(e, ev.Decided) and e.kind == "trigger"]


def test_redeploying_b_to_the_left_gives_bacde_and_only_b_may_use_its_skill() -> None:
    t = DuelTable({0: ROW, 1: ["simayi", "guojia"]}, face_up=ROW)
    a, b, c, d, e = (t.find(g) for g in ROW)
    assert t.ring()[:5] == [a, b, c, d, e]
    t.act(b, "redeploy", a)
    assert t.ring()[:5] == [b, a, c, d, e]  # BA CDE: no gap is left
    req = t.request
    assert (req.kind, req.prompt) == ("trigger", "redeployed:duel_guanxing")  # B's 观星 ...
    t.pass_()
    assert t.request.kind == "play"  # ... and not A's 随军, although A moved too


def test_redeploying_a_to_the_right_lands_between_two_generals_and_only_a_may_use_its_skill() -> None:
    t = DuelTable({0: ROW, 1: ["simayi", "guojia"]}, face_up=ROW)
    a, b, c, d, e = (t.find(g) for g in ROW)
    start = len(t.events)
    t.act(a, "redeploy", b)
    assert t.ring()[:5] == [b, a, c, d, e]  # BACDE
    assert (t.request.kind, t.request.prompt) == ("trigger", "redeployed:duel_suijun")
    t.answer("trigger", "duel_suijun")
    assert t.request.kind == "play" and asked(t, start) == ["duel_suijun"]
    assert [x.seat for x in t.of_type(Redeployed, start)] == [a]


def test_a_redeploy_is_once_a_turn_but_one_made_by_a_card_does_not_count() -> None:
    t = DuelTable({0: ["caocao", "guanyu", "lvbu"], 1: ["simayi"]}, qibing={0: ["jixingjun"]})
    a, b, c = (t.find(g) for g in ("caocao", "guanyu", "lvbu"))
    assert "redeploy" in t.offered(a)  # face-down generals may be redeployed too
    t.act(a, "redeploy", b)
    assert not any("redeploy" in t.offered(g) for g in (a, b, c))
    t.act(b, "jixingjun", b, a)  # 急行军: a redeploy by a card
    assert t.ring()[:3] == [a, b, c]
    assert [x.free for x in t.of_type(Redeployed)] == [False, True]


def test_two_generals_redeployed_at_once_by_qimen_dunjia_use_their_skills_one_after_the_other() -> None:
    # Seat 1's 关羽 attacks 糜夫人 at the end of seat 0's row; seat 0 answers with
    # 奇门遁甲: 糜夫人 and 诸葛亮 swap, the 杀 goes to 诸葛亮, and both "after
    # redeploy" skills act, in turn, outside seat 0's own turn (FAQ 锦囊牌 3).
    t = DuelTable(
        {0: ["duel_mifuren", "duel_zhugeliang", "caocao"], 1: ["guanyu"]},
        face_up=["duel_mifuren", "duel_zhugeliang", "guanyu"],
        qibing={0: ["qimen_dunjia"]},
        hands={1: ["slash"]},
        first=1,
    )
    mi, zg, cc = (t.find(g) for g in ("duel_mifuren", "duel_zhugeliang", "caocao"))
    gy = t.find("guanyu")
    t.act(gy, "slash", mi)
    assert (t.request.seat, t.request.prompt) == (0, "target_confirmed:qimen_dunjia")
    start = len(t.events)
    t.answer("trigger", "qimen_dunjia")
    assert t.ring() == [zg, mi, cc, gy]
    # Windows go by place at the table (placement order), not by the ring: 糜夫人, placed
    # first, acts first although 诸葛亮 now stands before her.
    assert (t.request.prompt, t.request.seat) == ("redeployed:duel_suijun", 0)
    t.answer("trigger", "duel_suijun")
    assert t.request.prompt == "redeployed:duel_guanxing"
    t.pass_()
    assert asked(t, start) == ["qimen_dunjia", "duel_suijun", "pass"]
    damage = t.of_type(ev.Damaged, start)
    assert [(d.src, d.dst) for d in damage] == [(gy, zg)]  # the 杀 was transferred (转移【杀】)
    used = t.of_type(ev.CardUsed, start)
    assert used[0].name == "qimen_dunjia" and used[0].cards[0] in t.state.removed  # back to the 奇兵 pile


def test_equipment_moves_with_its_general_and_distance_follows_the_ring() -> None:
    t = DuelTable(
        {0: ["caocao", "guanyu", "lvbu", "simayi"], 1: ["guojia", "huanggai"]},
        face_up=["caocao"],
        equip={"caocao": "offensive_horse"},
    )
    a, b, c, d = (t.find(g) for g in ("caocao", "guanyu", "lvbu", "simayi"))
    horse = t.state.chars[a].equip["offensive_horse"]
    assert distance(t.state, a, d) == 3 - 1  # three steps along the row, the -1 horse
    assert distance(t.state, a, t.find("huanggai")) == 1  # the ends of the two rows meet
    t.act(a, "redeploy", b)
    assert t.state.chars[a].equip == {"offensive_horse": horse}  # it moved along with caocao
    assert distance(t.state, a, d) == 2 - 1 and distance(t.state, b, d) == 3
    assert distance(t.state, a, t.find("huanggai")) == 2 - 1


def test_the_row_closes_up_when_a_general_dies() -> None:
    t = DuelTable(
        {0: ["caocao", "guanyu", "lvbu"], 1: ["huanggai"]},
        face_up=["huanggai"],
        lost={"guanyu": 3},
        hands={1: ["savage_assault"]},
        pile=["dodge"] * 4,
        first=1,
    )
    a, b, c = (t.find(g) for g in ("caocao", "guanyu", "lvbu"))
    hg = t.find("huanggai")
    assert distance(t.state, a, c) == 2 and distance(t.state, hg, b) == 2
    t.act(hg, "savage_assault", a, b, c)
    t.skip_to("play", 1)
    assert not t.state.chars[b].alive
    assert distance(t.state, a, c) == 1  # no gap where 关羽 stood
    assert t.ring() == [a, c, hg]
