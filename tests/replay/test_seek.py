"""Seeking: the state at any point equals the fold from the start, whatever the snapshots."""
from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import events as ev
from core.evolve import fold
from core.game import resume
from replay.seek import SeekError, Timeline

from .games import bot_game

GAMES = {seed: bot_game(6, seed, "basic" if seed % 2 else "random", max_turns=60) for seed in (3, 4)}


def same(a, b) -> bool:
    return msgspec.to_builtins(a) == msgspec.to_builtins(b)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from(sorted(GAMES)), interval=st.sampled_from([1, 7, 64, 512]), data=st.data())
def test_seek_equals_a_full_fold_at_random_points(seed: int, interval: int, data) -> None:
    events = GAMES[seed]
    tl = Timeline(events, interval=interval)
    # Several seeks on one timeline, in any order: snapshots taken by one
    # seek must not change what a later one sees.
    for k in data.draw(st.lists(st.integers(1, len(events)), min_size=1, max_size=6)):
        assert same(tl.state_at(k), fold(events[:k])), k


def test_a_seek_returns_a_copy_the_snapshots_do_not_share() -> None:
    events = GAMES[3]
    tl = Timeline(events, interval=16).build()
    k = 16 * 5
    first = tl.state_at(k)
    first.players[0].hp = -99
    first.pile.clear()
    assert same(tl.state_at(k), fold(events[:k]))
    assert same(tl.state_at(k + 3), fold(events[: k + 3]))


def test_snapshots_are_taken_lazily_every_interval() -> None:
    events = GAMES[4]
    tl = Timeline(events, interval=100)
    assert tl.snapshots == 1
    tl.state_at(350)
    assert tl.snapshots == 4  # the start, 100, 200, 300
    tl.build()
    assert tl.snapshots == 1 + len(events) // 100


def test_turns_and_rounds() -> None:
    events = GAMES[3]
    tl = Timeline(events)
    assert tl.turns == sum(type(e) is ev.TurnStarted for e in events)
    for t in (1, 2, tl.turns):
        n = tl.turn_event(t)
        assert type(events[n]) is ev.TurnStarted and events[n].turn == t
        assert tl.after(n).turn == t and tl.turn_of(n) == t
    for r in (1, tl.rounds):
        n = tl.round_event(r)
        assert events[n].round == r
        assert all(not (type(e) is ev.TurnStarted and e.round == r) for e in events[:n])


@pytest.mark.parametrize("bad", [-1, 10**9])
def test_positions_outside_the_record_are_refused(bad: int) -> None:
    tl = Timeline(GAMES[3])
    with pytest.raises(SeekError, match="not in the record"):
        tl.after(bad)
    with pytest.raises(SeekError, match="turn"):
        tl.turn_event(0)
    with pytest.raises(SeekError, match="round"):
        tl.round_event(10**6)
    with pytest.raises(SeekError):
        tl.state_at(0)


def test_resume_from_a_snapshot_equals_resume_from_the_start() -> None:
    events = GAMES[4]
    tl = Timeline(events, interval=32)
    for k in (1, 2, 40, 41, len(events) // 2, len(events) - 1, len(events)):
        a, b = tl.resume(k), resume(events, k)
        assert a.events == b.events and a.request == b.request
        assert same(a.state, b.state)
