"""Seed 003, 锦囊牌: 南蛮入侵 and 万箭齐发 go counter-clockwise; one 无懈可击 (or 赵云's 护主) voids the whole card."""
from __future__ import annotations

from sanguozhi.core import events as ev

from tests.scenario import trigger_of

from .scenario import DuelTable


def test_savage_assault_goes_counter_clockwise_round_the_ring_from_its_user() -> None:
    # Seat 0 swaps 关羽 and 吕布 first: the ring order is no longer the table's.
    t = DuelTable(
        {0: ["caocao", "guanyu", "lvbu"], 1: ["huanggai", "guojia"]},
        face_up=["huanggai"],
        hands={1: ["savage_assault"]},
        pile=["dodge"] * 8,
    )
    cc, gy, lb = (t.find(g) for g in ("caocao", "guanyu", "lvbu"))
    hg = t.find("huanggai")
    t.act(gy, "redeploy", lb)
    t.skip_to("play", 1)
    assert t.ring() == [cc, lb, gy, hg, t.find("guojia")]
    start = len(t.events)
    t.act(hg, "savage_assault", cc, lb, gy)  # from 黄盖's next: 郭嘉 (his own, spared), then seat 0's row from its left
    t.skip_to("play", 1)
    assert [d.dst for d in t.of_type(ev.Damaged, start)] == [cc, lb, gy]


def test_one_nullification_cancels_a_whole_savage_assault() -> None:
    t = DuelTable(
        {0: ["caocao", "guanyu", "lvbu"], 1: ["huanggai"]},
        face_up=["huanggai"],
        hands={0: ["nullification"], 1: ["savage_assault"]},
        pile=["dodge"] * 4,
        first=1,
    )
    targets = tuple(t.find(g) for g in ("caocao", "guanyu", "lvbu"))
    start = len(t.events)
    t.act("huanggai", "savage_assault", *targets)
    req = t.request
    assert (req.kind, req.seat) == ("nullify", 0)
    t.answer("nullify", cards=(t.in_hand(0, "nullification"),))
    t.skip_to("play", 1)
    asked = [e for e in t.events[start:] if isinstance(e, ev.Decided) and e.kind == "nullify"]
    # One 无懈可击, seat 0's; the rest are the secret passes of seats with nothing to answer
    # (seat 1 before it, both players on the 无懈可击 itself), recorded under fair rules.
    assert [e.seat for e in asked if not e.option == "pass" or e.cards] == [0]
    assert all(e.vis == (e.seat,) for e in asked)
    assert not t.of_type(ev.Damaged, start) and not [e for e in t.events[start:] if isinstance(e, ev.Decided) and e.kind == "respond"]


def test_a_nullification_may_be_nullified_and_then_the_whole_card_goes_on() -> None:
    t = DuelTable(
        {0: ["caocao", "guanyu"], 1: ["huanggai"]},
        face_up=["huanggai"],
        hands={0: ["nullification"], 1: ["archery_attack", "nullification"]},
        pile=["slash"] * 4,
        first=1,
    )
    start = len(t.events)
    t.act("huanggai", "archery_attack", t.find("caocao"), t.find("guanyu"))
    assert (t.request.kind, t.request.seat) == ("nullify", 1)  # the current player is asked first
    t.pass_()
    t.answer("nullify", cards=(t.in_hand(0, "nullification"),))
    assert (t.request.kind, t.request.seat) == ("nullify", 1)  # the user's player answers it
    t.answer("nullify", cards=(t.in_hand(1, "nullification"),))
    t.skip_to("play", 1)
    assert [d.dst for d in t.of_type(ev.Damaged, start)] == [t.find("caocao"), t.find("guanyu")]


def test_zhaoyun_huzhu_voids_a_whole_archery_attack() -> None:
    t = DuelTable(
        {0: ["duel_zhaoyun", "caocao"], 1: ["huanggai"]},
        face_up=["duel_zhaoyun", "huanggai"],
        hands={1: ["archery_attack"]},
        pile=["slash"] * 4,
        first=1,
    )
    start = len(t.events)
    t.act("huanggai", "archery_attack", t.find("duel_zhaoyun"), t.find("caocao"))
    t.answer("trigger", "duel_huzhu")
    t.skip_to("play", 1)
    assert not t.of_type(ev.Damaged, start)
    assert not [e for e in t.events[start:] if isinstance(e, ev.Decided) and e.kind in ("nullify", "respond")]


def test_each_player_is_asked_once_for_a_nullification_naming_the_general_using_it() -> None:
    t = DuelTable(
        {0: ["caocao", "guanyu"], 1: ["huanggai", "huangyueying"]},
        face_up=["caocao", "huangyueying"],
        hands={0: ["dismantlement"], 1: ["nullification", "dodge"]},
        pile=["slash"] * 4,
    )
    t.act("caocao", "dismantlement", t.find("huanggai"))
    req = t.request
    assert (req.kind, req.seat, req.prompt) == ("nullify", 1, f"dismantlement:{t.find('caocao')}:{t.find('huanggai')}:0")
    users = {c.targets for c in req.choices if not c.is_pass}
    assert users == {(t.find("huanggai"),), (t.find("huangyueying"),)}  # either general may use it
    before = len(t.state.seats[1].hand)
    t.answer("nullify", targets=(t.find("huangyueying"),))
    # 黄月英 used it: her 集智 draws a card.
    assert (t.request.kind, trigger_of(t.request)) == ("trigger", "card_using:jizhi")
    t.answer("trigger", "jizhi")
    assert len(t.state.seats[1].hand) == before  # one card used, one drawn
