"""Seeking: the state at any point equals the fold from the start, whatever the snapshots."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot
from sanguozhi.core.game import resume
from sanguozhi.replay.seek import SeekError, Timeline

from .games import bot_game

GAMES = {seed: bot_game(6, seed, "basic" if seed % 2 else "random", max_turns=60) for seed in (3, 4)}


def same(a, b) -> bool:
    return snapshot(a) == snapshot(b)


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
    first.chars[0].hp = -99
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


def test_a_seek_folds_at_most_one_interval_once_the_snapshots_exist() -> None:
    events = max(GAMES.values(), key=len)
    assert len(events) > 400
    far = len(events) - 50
    tl = Timeline(events, interval=64)
    assert tl.after(far).seq == far + 1
    assert tl.folded == far  # the first seek folds from the start, leaving snapshots
    for n in (100, far, 255, len(events) - 1):
        tl.after(n)
        assert tl.folded < 64 + 64, n  # from the snapshot before n (or the one it leaves on the way)
    tl.build()
    for n in (100, far, 255, len(events) - 1):
        tl.after(n)
        assert tl.folded < 64, n


def test_streaming_decode_and_fold_equals_the_fold(tmp_path) -> None:
    from sanguozhi.core.evolve import FoldError
    from sanguozhi.replay.stream import event_chunks, fold_blob, fold_file

    from .games import recorded_game

    for seed in (3, 4):
        body = b"".join(ev.encode(e) + b"\n" for e in GAMES[seed])
        for chunk in (1, 100, 1 << 16):
            assert [e for c in event_chunks(body, chunk) for e in c] == GAMES[seed]
            assert same(fold_blob(body, chunk), fold(GAMES[seed]))
    path = recorded_game(tmp_path, 4, 9, max_turns=10)
    from sanguozhi.records import read_record

    assert same(fold_file(path), fold(read_record(path).events))
    bad = GAMES[3][:50] + [ev.CardsMoved(cards=(999,), src="discard", dst="hand", dst_seat=0)]
    with pytest.raises(FoldError, match="event 50: cannot apply CardsMoved"):
        fold_blob(b"\n".join(ev.encode(e) for e in bad), 200)
