"""Seed 000 注意事项 1: 打出 versus 使用 (option ``play_or_use=seed000``, the default of its modes).

"閃、回合外使用酒恢復體力為打出牌;其他於回合外不因棄置因響應其他角色牌而進入棄牌堆的牌同樣為打出牌，
其餘不做特殊說明的情況均為使用牌"
"""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.modes import ruleset_of
from sanguozhi.replay.narrate import Narrator
from tests.scenario import Table, trigger_of

MODE = "identity-seed000"


def nullify_out_of_turn(options: dict | None = None) -> Table:
    """Seat 0 uses 过河拆桥 on seat 2; 黄月英 (seat 1), out of her turn, answers it with a 无懈可击."""
    t = Table(4, mode=MODE, generals={1: "huangyueying"}, hands={0: ["dismantlement"], 1: ["nullification"], 2: ["dodge"]}, pile=["dodge"] * 8, options=options)
    t.use("dismantlement", 2)
    assert t.request.kind == "nullify" and t.request.seat == 1
    t.use("nullification")
    return t


def test_a_nullification_out_of_turn_is_played_and_jizhi_does_not_draw() -> None:
    t = nullify_out_of_turn()
    (played,) = [e for e in t.of_type(ev.CardPlayed) if e.name == "nullification"]
    assert played.seat == 1 and not [e for e in t.of_type(ev.CardUsed) if e.name == "nullification"]
    assert trigger_of(t.request) != "card_using:jizhi" and len(t.hand(1)) == 0  # 集智 drew nothing
    assert t.state.chars[2].hand  # the 过河拆桥 was cancelled
    assert played.cards[0] in t.state.discard
    n = Narrator("zh", 3, MODE)
    line = [n.line(e) for e in t.events][t.events.index(played)]
    assert "打出" in line and "过河拆桥" in line  # what it answers, as for a use


def test_the_standard_reading_uses_it_and_jizhi_draws() -> None:
    t = nullify_out_of_turn({"play_or_use": "standard"})
    assert [e.seat for e in t.of_type(ev.CardUsed) if e.name == "nullification"] == [1]
    assert trigger_of(t.request) == "card_using:jizhi"


def test_in_ones_own_turn_a_nullification_is_used() -> None:
    t = Table(4, mode=MODE, hands={0: ["dismantlement", "nullification"], 2: ["nullification"]}, pile=["dodge"] * 8)
    t.use("dismantlement", 2)
    t.pass_()  # seat 0 lets it go first
    while t.request.seat != 2:
        t.pass_()
    t.use("nullification")  # seat 2 (out of its turn): played
    assert t.request.kind == "nullify" and t.request.seat == 0
    t.use("nullification")  # seat 0, in its own turn: used
    assert [(type(e).__name__, e.seat) for e in t.events if type(e) in (ev.CardUsed, ev.CardPlayed) and e.name == "nullification"] == [("CardPlayed", 2), ("CardUsed", 0)]


def test_an_analeptic_drunk_out_of_turn_to_recover_is_played() -> None:
    t = Table(4, mode=MODE, hands={0: ["slash"], 1: ["analeptic"]}, hp={1: 1}, pile=["dodge"] * 8)
    t.use("slash", 1)
    assert t.request.kind == "save" and t.request.seat == 1
    t.use("analeptic")
    (played,) = [e for e in t.of_type(ev.CardPlayed) if e.name == "analeptic"]
    assert played.seat == 1 and t.hp(1) == 1 and t.state.chars[1].alive
    assert not [e for e in t.of_type(ev.CardUsed) if e.name == "analeptic"]


@pytest.mark.parametrize("mode", ["identity-seed000", "jade-seal", "hegemony-six"])
def test_the_modes_that_follow_seed_000_play_it_and_older_records_do_not(mode: str) -> None:
    rs = ruleset_of(mode)
    assert rs.check(min(rs.players), {})["play_or_use"] == "seed000"
    assert "play_or_use" not in ruleset_of("identity").check(5, {})  # identity keeps the standard reading
    t = nullify_out_of_turn()
    t.restart(options={k: v for k, v in t.initial[0].options.items() if k != "play_or_use"})  # a record from before the option
    t.use("dismantlement", 2)
    t.use("nullification")
    assert [e.seat for e in t.of_type(ev.CardUsed) if e.name == "nullification"] == [1]
