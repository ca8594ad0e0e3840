"""Runs of bot games: the same records and outcomes whatever the number of workers."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.records import read_record, simulate
from sanguozhi.records.simulate import Run, SimError, chunks, run_games

BOTS = {s: "basic" for s in range(5)}
OPTS = {"max_turns": 12}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.jsonl"))}


def test_chunks_cover_every_game_once_in_order() -> None:
    for games in (1, 7, 64, 65, 1000):
        for jobs in (1, 2, 3, 16):
            pieces = chunks(games, jobs)
            ks = [k for first, n in pieces for k in range(first, first + n)]
            assert ks == list(range(games))
            assert all(1 <= n <= 64 for _, n in pieces)
            if jobs > 1:  # shrinking pieces: the run ends on small ones, so no worker is left alone long
                sizes = [n for _, n in pieces]
                assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1


def test_two_workers_write_the_same_bytes_as_one(tmp_path: Path) -> None:
    one = run_games(Run(str(tmp_path / "one"), "identity", 5, BOTS, OPTS, seed=3), 6, jobs=1)
    two = run_games(Run(str(tmp_path / "two"), "identity", 5, BOTS, OPTS, seed=3), 6, jobs=2)
    a, b = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert len(a) == 6 and a == b
    assert [o.path.replace("/two/", "/one/") for o in two] == [o.path for o in one]
    assert [(o.turns, o.end_reason, o.roles, o.winners, o.decisions, o.events) for o in one] == [
        (o.turns, o.end_reason, o.roles, o.winners, o.decisions, o.events) for o in two
    ]
    for o in one:
        rec = read_record(o.path)
        assert len(rec.events) == o.events and rec.header.seed in range(3, 9)


def test_a_second_run_keeps_the_records_and_reports_them_the_same(tmp_path: Path) -> None:
    run = Run(str(tmp_path), "identity", 5, BOTS, OPTS, seed=11)
    first = run_games(run, 3, jobs=2)
    before = _files(tmp_path)
    again = run_games(run, 3, jobs=2)
    assert _files(tmp_path) == before
    assert all(o.skipped and o.decisions == 0 for o in again)
    assert [(o.turns, o.end_reason, o.winners) for o in again] == [(o.turns, o.end_reason, o.winners) for o in first]


def test_continuations_are_the_same_on_two_workers(tmp_path: Path) -> None:
    [parent] = run_games(Run(str(tmp_path / "p"), "identity", 5, BOTS, {"max_turns": 4}, seed=5), 1)
    from sanguozhi.replay.fork import write_fork

    fork = tmp_path / "fork.jsonl"
    write_fork(read_record(parent.path), 40, fork)
    runs = [Run(str(tmp_path / d), "identity", 5, BOTS, source=str(fork), reseed=100) for d in ("c1", "c2")]
    one = run_games(runs[0], 4, jobs=1)
    two = run_games(runs[1], 4, jobs=2)
    assert _files(tmp_path / "c1") == _files(tmp_path / "c2") and len(_files(tmp_path / "c1")) == 4
    assert [o.decisions for o in one] == [o.decisions for o in two]
    headers = [read_record(o.path).header for o in one]
    assert {h.parent for h in headers} == {read_record(fork).header.parent}


def test_a_game_that_fails_leaves_no_record(tmp_path: Path, monkeypatch) -> None:
    """A game cut short (an engine error, Ctrl-C) gets no record: a rerun plays it again."""
    from sanguozhi.records import session

    def failing(game, bots, person=None):
        for _ in range(30):
            game.submit(session.bot_choice(bots[game.request.seat], game.state, game.request))
        raise RuntimeError("engine bug")

    monkeypatch.setattr(session, "run_bots", failing)
    with pytest.raises(RuntimeError, match="engine bug"):
        run_games(Run(str(tmp_path), "identity", 5, BOTS, OPTS, seed=1), 1)
    assert list(tmp_path.iterdir()) == []  # no record, no temporary file


def test_the_games_that_ended_before_a_failure_are_named_whole(tmp_path: Path, monkeypatch) -> None:
    """A chunk's records are synced and named together at its end, also when a later game fails."""
    from sanguozhi.records import session

    real, played = session.run_bots, []

    def second_fails(game, bots, person=None):
        played.append(game)
        if len(played) == 2:
            raise RuntimeError("engine bug")
        return real(game, bots, person)

    monkeypatch.setattr(session, "run_bots", second_fails)
    with pytest.raises(RuntimeError, match="engine bug"):
        run_games(Run(str(tmp_path), "identity", 5, BOTS, OPTS, seed=1), 3)
    [only] = list(tmp_path.iterdir())  # the first game's record; nothing of the second, no temporary file
    assert only.suffix == ".jsonl" and read_record(only).header.seed == 1


@pytest.mark.parametrize("fails", [False, True], ids=["plays", "a-game-fails"])
def test_a_local_workers_records_wait_unnamed_for_the_parent(tmp_path: Path, monkeypatch, fails: bool) -> None:
    """On local workers a chunk comes back with its records written whole but
    unnamed, and the parent syncs and names them (a worker never waits on a
    sync); when a game fails, the worker names the games that ended before it."""
    from sanguozhi.records import durable, session

    real, played = session.run_bots, []

    def second_fails(game, bots, person=None):
        played.append(game)
        if fails and len(played) == 2:
            raise RuntimeError("engine bug")
        return real(game, bots, person)

    monkeypatch.setattr(session, "run_bots", second_fails)
    run = Run(str(tmp_path / "w"), "identity", 5, BOTS, OPTS, seed=1)
    (tmp_path / "w").mkdir()
    if fails:
        with pytest.raises(RuntimeError, match="engine bug"):
            simulate.play_unnamed(run, 0, 3)
        [only] = list((tmp_path / "w").iterdir())
        assert only.suffix == ".jsonl" and read_record(only).header.seed == 1
        return
    result = simulate.play_unnamed(run, 0, 3)
    assert not list((tmp_path / "w").glob("*.jsonl"))  # written, not named
    assert [Path(u.temporary).exists() for u in result.unnamed] == [True] * 3
    durable.publish(result.unnamed)
    assert sorted(p.name for p in (tmp_path / "w").iterdir()) == sorted(Path(o.path).name for o in result.outcomes)
    simulate.play_chunk(Run(str(tmp_path / "c"), "identity", 5, BOTS, OPTS, seed=1), 0, 3)
    assert _files(tmp_path / "w") == _files(tmp_path / "c")  # the same records as a chunk that names its own


def test_bad_runs_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(SimError, match="4-10 players"):
        simulate.check(Run(str(tmp_path), "identity", 3, {s: "basic" for s in range(3)}))
    bad = tmp_path / "broken"
    run = Run(str(bad), "identity", 5, BOTS, OPTS, seed=2)
    [o] = run_games(run, 1)
    Path(o.path).write_bytes(Path(o.path).read_bytes()[:-20])
    with pytest.raises(SimError, match="exists but is not a whole record"):
        run_games(run, 2, jobs=2)
