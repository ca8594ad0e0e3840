"""Seed 003, the game: set-up (12 candidates, rows worth 12, 2 and 4 cards), turns, scoring and the end."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import ModeError, ruleset_of
from sanguozhi.core.modes.duel import RowPlaced, Scored
from sanguozhi.core.modes.duel.data import DUEL_GENERALS_DATA
from sanguozhi.core.modes.duel.rules import points

from .scenario import DuelTable


def test_each_player_places_a_secret_row_worth_twelve_from_twelve_candidates_and_draws_two_or_four() -> None:
    game = new_game("duel", 2, 11, {"generals": "choose"})
    while game.state.turn == 0:
        game.submit(bot_choice("basic", game.state, game.request))
    events = game.events
    offers = [e for e in events if isinstance(e, ev.GeneralsOffered)]
    assert [(o.seat, o.vis, len(o.generals)) for o in offers] == [(0, (0,), 12), (1, (1,), 12)]
    assert not set(offers[0].generals) & set(offers[1].generals)
    picks = [e for e in events if isinstance(e, ev.Decided) and e.kind == "general"]
    assert picks and all(e.vis == (e.seat,) for e in picks)  # chosen in secret
    st = game.state
    for seat in (0, 1):
        mine = [p for p in st.chars[2:] if p.owner == seat]
        assert sum(points(p.general) for p in mine) == 12
        assert {p.general for p in mine} <= set(offers[seat].generals)
        assert all(p.slots[0].vis == (seat,) for p in mine)  # face down
        assert [d.option for d in picks if d.seat == seat] == [p.general for p in mine]  # the row from the left, as chosen
    deals = [e for e in events if isinstance(e, ev.CardsMoved) and e.reason == "deal"]
    assert [(d.dst_seat, len(d.cards)) for d in deals] == [(0, 2), (1, 4)]
    assert [type(e) for e in events].index(RowPlaced) < [type(e) for e in events].index(ev.PileShuffled)


def test_a_turn_draws_four_and_has_no_judge_or_discard_phase() -> None:
    game = new_game("duel", 2, 3)
    while game.state.turn < 2:
        game.submit(bot_choice("random", game.state, game.request))
    phases = [e.phase for e in game.events if isinstance(e, ev.PhaseStarted) and e.seat == 0]
    assert phases == ["draw", "play", "finish"]
    draws = [e for e in game.events if isinstance(e, ev.CardsMoved) and e.reason == "draw"]
    assert len(draws[0].cards) == 4


def test_a_general_that_dies_is_shown_and_scores_its_points_for_the_other_player_whatever_the_cause() -> None:
    # 夏侯惇, face down with one hp left, is hit; his 刚烈 may hit himself: he dies by his own hand.
    t = DuelTable(
        {0: ["guanyu"], 1: ["duel_xiahoudun", "caocao"]},
        face_up=["guanyu"],
        lost={"duel_xiahoudun": 2},
        hands={0: ["slash"]},
        pile=["dodge"] * 4 + ["#5"],  # the judgement: ♠10
    )
    xd = t.find("duel_xiahoudun")
    t.act("guanyu", "slash", xd)
    t.answer("trigger", "duel_ganglie")
    t.answer("skill", targets=(xd,))
    t.skip_to("play", 0)
    died = t.of_type(ev.Died)
    assert [d.seat for d in died] == [xd]
    scored = t.of_type(Scored)
    assert [(s.seat, s.dead, s.general, s.points) for s in scored] == [(0, xd, "duel_xiahoudun", points("duel_xiahoudun"))]
    assert t.state.seats[0].points == points("duel_xiahoudun")
    assert not t.state.ended  # 曹操 still stands


def test_the_game_ends_when_a_player_has_no_living_general() -> None:
    t = DuelTable(
        {0: ["guanyu"], 1: ["caocao"]},
        face_up=["guanyu"],
        lost={"caocao": 3},
        hands={0: ["slash"]},
        pile=["dodge"] * 4,
    )
    cc = t.find("caocao")
    t.act("guanyu", "slash", cc)
    t.finish()
    end = t.events[-1]
    assert isinstance(end, ev.GameEnded) and end.winners == (0,) and end.reason == "first"
    assert end.points == (points("caocao"), 0)
    assert isinstance(t.events[-2], Scored) and t.events[-3].general == "caocao"  # shown, then scored


def test_options_are_checked_and_the_pool_is_the_data_files() -> None:
    rs = ruleset_of("duel")
    assert rs.check(2, {})["candidates"] == 12
    with pytest.raises(ModeError, match="2-2 players"):
        rs.check(3, {})
    with pytest.raises(ModeError, match="candidates must be"):
        rs.check(2, {"candidates": 14})  # 26 generals in the seed003 roster
    with pytest.raises(ModeError, match="candidates must be"):
        rs.check(2, {"candidates": 13, "roster": "first"})  # 25 in the first
    with pytest.raises(ModeError, match="bad option"):
        rs.check(2, {"generals": "vanilla"})
    content = rs.content(rs.check(2, {}))
    dealt = {g for g in content.generals if g != "vanilla" and g != "vanilla_f"}
    assert dealt == set(DUEL_GENERALS_DATA)  # no other general in a duel's content
