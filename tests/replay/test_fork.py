"""Forking: a continuation on the parent's random stream is the parent, event for event."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import decision_points as core_points
from sanguozhi.core.game import resume
from sanguozhi.records import read_record
from sanguozhi.records.session import run_bots
from sanguozhi.replay.fork import ForkError, resume_record, start_continuation, undo_point, write_fork
from sanguozhi.replay.seek import Timeline

from .games import bot_game, bots_for, recorded_game


def decision_points(events: list[ev.Event]) -> list[int]:
    """Every k such that a decision is pending after the first k events (not the
    secret passes the rules record by themselves: they are never pending)."""
    points = core_points(events)
    assert set(points) < {k for k, e in enumerate(events) if type(e) is ev.Decided}
    return points


@pytest.mark.parametrize(("players", "seed", "bot"), [(5, 21, "basic"), (4, 22, "random"), (8, 23, "basic")])
def test_fork_at_every_decision_point_and_continue_gives_the_parent(players: int, seed: int, bot: str) -> None:
    events = bot_game(players, seed, bot, max_turns=10)
    bots = bots_for(players, bot)
    tl = Timeline(events, interval=64)
    points = decision_points(events)
    assert len(points) > 20
    for k in points:
        game = tl.resume(k)
        assert game.request is not None and len(game.events) == k  # the decision is offered again
        assert game.request.seat == events[k].seat
        run_bots(game, bots)
        assert game.events == events, k


def test_fork_at_every_event_of_a_short_game_continues_to_the_parent() -> None:
    events = bot_game(5, 31, "random", max_turns=4)
    bots = bots_for(5, "random")
    tl = Timeline(events, interval=16)
    for n in range(len(events) - 1):  # fork after event n, mid-resolution or not
        game = tl.resume(n + 1)
        assert game.events[: n + 1] == events[: n + 1]
        run_bots(game, bots)
        assert game.events == events, n


def test_a_fork_record_holds_the_prefix_and_names_its_parent(tmp_path: Path) -> None:
    parent = recorded_game(tmp_path, 5, 41, max_turns=20)
    before = parent.read_bytes()
    rec = read_record(parent)
    out = tmp_path / "fork.jsonl"
    header = write_fork(rec, 99, out)
    fork = read_record(out)
    assert fork.header.game == header.game and fork.header.rules == rec.header.rules
    assert fork.header.parent == rec.header.game and fork.header.fork_at == 100
    assert fork.header.game != rec.header.game
    assert fork.events == rec.events[:100]
    assert parent.read_bytes() == before
    with pytest.raises(ForkError, match="exists"):
        write_fork(rec, 10, out)
    with pytest.raises(ForkError, match="not in the record"):
        write_fork(rec, len(rec.events), tmp_path / "x.jsonl")


def test_continuing_a_fork_file_reproduces_the_parent_and_keeps_the_header(tmp_path: Path) -> None:
    parent = read_record(recorded_game(tmp_path, 5, 42, max_turns=20))
    write_fork(parent, 150, tmp_path / "fork.jsonl")
    fork = read_record(tmp_path / "fork.jsonl")
    bots = bots_for(5)
    game, writer = start_continuation(tmp_path / "cont.jsonl", fork, game="c0ffee", bots=bots)
    with writer:
        run_bots(game, bots)
    cont = read_record(tmp_path / "cont.jsonl")
    assert cont.events == parent.events
    assert (cont.header.parent, cont.header.fork_at, cont.header.game) == (parent.header.game, 151, "c0ffee")


def test_reseed_gives_a_different_but_legal_game(tmp_path: Path) -> None:
    parent = read_record(recorded_game(tmp_path, 6, 43, max_turns=40))
    write_fork(parent, 200, tmp_path / "fork.jsonl")
    fork = read_record(tmp_path / "fork.jsonl")
    bots = bots_for(6)
    game, writer = start_continuation(tmp_path / "r.jsonl", fork, game="beef", bots=bots, reseed=777)
    with writer:
        run_bots(game, bots)
    new = read_record(tmp_path / "r.jsonl")
    k = next(i for i, e in enumerate(new.events) if type(e) is ev.Reseeded)
    assert k > 200 and new.events[k] == ev.Reseeded(seed=777)
    assert new.events[:k] == parent.events[:k]
    assert new.events != parent.events
    # Legal: the rules, re-run from the start with the recorded decisions, give every event.
    again = resume(new.events)
    assert again.events == new.events
    final = fold(new.events)
    assert final.seed == 777 and final.ended
    assert len(final.zone_cards()) == len(fold(parent.events).zone_cards())


def test_a_finished_game_cannot_be_continued() -> None:
    events = bot_game(4, 44, max_turns=3)
    assert type(events[-1]) is ev.GameEnded
    with pytest.raises(ForkError, match="over"):
        resume_record(events)


def test_undo_point_is_the_seats_latest_decision() -> None:
    events = bot_game(5, 45, max_turns=5)
    asked = set(core_points(events))
    for seat in range(5):
        k = undo_point(events, seat)
        assert k is not None and events[k].seat == seat and k in asked
        # Only the secret passes the rules recorded for it may come later: nothing it was asked.
        assert all(not (type(e) is ev.Decided and e.seat == seat) or i not in asked for i, e in enumerate(events[k + 1 :], k + 1))
    assert undo_point(events[:5], 0) is None


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(5, 51), (7, 52)])
def test_fork_at_every_decision_point_of_a_long_game(players: int, seed: int) -> None:
    events = bot_game(players, seed, "basic", max_turns=100)
    bots = bots_for(players)
    tl = Timeline(events)
    for k in decision_points(events):
        game = tl.resume(k)
        run_bots(game, bots)
        assert game.events == events, k
