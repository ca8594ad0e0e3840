"""Many bot games, each written as a record, on one core, all cores or a Ray cluster.

A run is ``games`` games.  Game ``k`` follows from the run and ``k`` alone: a
new game has seed ``seed + k``, a continuation of a record the reseed
``reseed + k``.  The process that plays a game writes its record, so the
files are byte for byte the same whichever worker plays which game:
``--jobs 1``, ``--jobs N`` and ``--executor ray`` write the same records.
Games are handed out in chunks of consecutive ``k``; a worker returns one
small ``Outcome`` a game, and the outcomes come back in ``k`` order, so the
summary does not depend on the split either.

Recording costs little next to playing: a bot game is kept in memory until
it ends (``flush="close"``; it is a function of its seed, so a crash loses
nothing a rerun cannot make again), then encoded and chained in one batch
and written whole under a temporary name.  A chunk's records are then made
durable with one sync and only then named (``records.durable``): a killed
run leaves whole records and temporary files, never a cut record under a
record's name.  On local workers the parent does the sync and the naming as
each chunk comes back, while the workers play on: a sync would otherwise
stop a worker a few milliseconds a chunk, which a short run feels.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from sanguozhi.core.state import State

from .workers import pieces, run_all


class SimError(ValueError):
    """A run that cannot go on (the message is one line)."""


class Run(msgspec.Struct, frozen=True):
    out: str  # the folder of the records
    mode: str
    players: int
    bots: dict[int, str]  # seat -> bot
    options: dict[str, Any] = {}  # as given (the mode fills in its defaults)
    seed: int = 1  # game k has seed + k
    source: str | None = None  # continue this record instead of starting new games
    reseed: int | None = None  # with source: game k reseeds reseed + k (None: the record's own luck)


class Outcome(msgspec.Struct, frozen=True):
    path: str
    skipped: bool  # the record was there already (the same id is the same game)
    decisions: int  # decisions made here (0 when skipped)
    events: int  # events written here (0 when skipped)
    turns: int
    end_reason: str
    roles: list[str]  # by seat (a mode without roles: each seat's side)
    winners: list[int]
    sides: list[str] = []  # by seat: the team it won or lost with (``RuleSet.side``; sgz arena's teams)


def check(run: Run) -> dict[str, Any]:
    """The run's full options; a bad mode, player count or option raises SimError."""
    from sanguozhi.core.modes import ModeError, ruleset_of

    try:
        return ruleset_of(run.mode).check(run.players, run.options)
    except ModeError as exc:
        raise SimError(str(exc)) from None


def chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """(first game, count) pieces of at most 64 games (``workers.pieces``: shrinking
    towards the end of a run on several workers); a chunk ends with one sync."""
    return pieces(games, jobs)


def run_games(run: Run, games: int, *, jobs: int = 1, executor: str = "local", done: Any = None) -> list[Outcome]:
    """Play the run's ``games`` games; the outcomes in game order.  ``done(n)`` after every n games."""
    from .durable import sweep

    sweep(run.out)  # what a killed run left unnamed: its games are played again
    parts = play_pieces([(run, first, count) for first, count in chunks(games, jobs)], jobs=jobs, executor=executor, done=done)
    return [o for part in parts for o in part]


class Played(msgspec.Struct, frozen=True):
    """A chunk played on a local worker: its outcomes, and its records still to be synced and named."""

    outcomes: list[Outcome]
    unnamed: list[Any]  # records.durable.Unnamed


def play_pieces(tasks: list[tuple[Run, int, int]], *, jobs: int = 1, executor: str = "local", done: Any = None) -> list[list[Outcome]]:
    """The outcomes of each ``(run, first, count)`` piece, in order; ``done(n)`` as n more games end.

    On local workers a piece's records come back unnamed and are published
    here, in the parent, as the piece ends (one sync covers every worker's
    files); elsewhere (in this process, on Ray's nodes) whoever plays a piece publishes it."""
    from .durable import publish

    def counted(n: int) -> None:
        if done is not None:
            done(n)

    if executor != "local" or jobs <= 1 or len(tasks) <= 1:
        return run_all(play_chunk, tasks, jobs=jobs, executor=executor, done=lambda _, outcomes: counted(len(outcomes)))

    def named(_: int, played: Played) -> None:
        publish(played.unnamed)
        counted(len(played.outcomes))

    return [p.outcomes for p in run_all(play_unnamed, tasks, jobs=jobs, done=named)]


def play_chunk(run: Run, first: int, count: int) -> list[Outcome]:
    """Play games ``first .. first + count - 1`` of ``run`` (in a worker or here) and publish their records."""
    from .durable import publish

    written: list[Any] = []  # records written whole, to be synced and named together
    try:
        return _play_all(run, first, count, written)
    finally:
        publish(written)  # the games that ended, even when a later one failed


def play_unnamed(run: Run, first: int, count: int) -> Played:
    """``play_chunk`` on a local worker, the records left for the parent to publish
    (but when a game fails, the games that ended before it are published here)."""
    from .durable import Unnamed, publish

    written: list[Any] = []
    try:
        outcomes = _play_all(run, first, count, written)
    except BaseException:
        publish(written)
        raise
    return Played(outcomes, [Unnamed(str(w.written_to), str(w.path)) for w in written])


def _play_all(run: Run, first: int, count: int, written: list[Any]) -> list[Outcome]:
    from sanguozhi.core.bots import load

    for bot in set(run.bots.values()):
        load(bot)  # in a fresh worker too: a module:callable the run's user named
    start = _starter(run)
    return [_play(start, k, written) for k in range(first, first + count)]


def _play(start: Any, k: int, written: list[Any]) -> Outcome:
    from .session import run_bots

    begun = start(k)
    if isinstance(begun, Outcome):
        return begun
    game, writer, bots, before = begun
    try:
        run_bots(game, bots)
        writer.close(sync=False)
    except BaseException:
        writer.discard()  # a game cut short gets no record (a rerun plays it again)
        raise
    written.append(writer)
    state = game.state
    return _outcome(str(writer.path), state, False, state.decisions - before[0], len(game.events) - before[1])


def _starter(run: Run):  # -> Callable[[int], Outcome | tuple[Game, RecordWriter, bots, (decisions, events) before]]
    """What starts game ``k`` of ``run``: its recorded Game, or the Outcome of its record already there."""
    folder = Path(run.out)
    if run.source is None:
        from .session import sim_game_id, start_recorded

        opts = check(run)
        names = {str(s): b for s, b in run.bots.items()}

        def start_new(k: int):
            seed = run.seed + k
            gid = sim_game_id(run.mode, run.players, seed, opts, names)
            path = folder / f"{run.mode}-{run.players}p-s{seed}-{gid[:8]}.jsonl"
            if path.exists():
                return existing(path)
            game, writer = start_recorded(path, run.mode, run.players, seed, run.options, run.bots, game_id=gid, atomic=True, flush="close")
            return game, writer, run.bots, (0, 0)

        return start_new

    from sanguozhi.replay.fork import ForkError, derived_id, start_continuation

    from .format import RecordError, read_record

    try:
        record = read_record(run.source)
    except RecordError as exc:
        raise SimError(str(exc)) from None
    stem = Path(run.source).stem

    def start_continued(k: int):
        new_seed = None if run.reseed is None else run.reseed + k
        gid = derived_id("continue", record.header.game, len(record.events), new_seed, sorted(run.bots.items()))
        tag = "" if new_seed is None else f"-r{new_seed}"
        path = folder / f"{stem}-cont{tag}-{gid[:8]}.jsonl"
        if path.exists():
            return existing(path)
        try:
            game, writer = start_continuation(path, record, game=gid, bots=run.bots, reseed=new_seed, atomic=True, flush="close")
        except ForkError as exc:
            raise SimError(str(exc)) from None
        return game, writer, run.bots, (game.state.decisions, len(record.events))

    return start_continued


def existing(path: Path) -> Outcome:
    """The outcome of a whole record already in the folder (a rerun keeps it)."""
    from sanguozhi.core.evolve import fold

    from .check import check

    c = check(path, execute=False, complete=True)
    if c.error is not None:
        # Bot records are named only when whole; this one was cut (by an sgz
        # from before that) or changed since.
        raise SimError(f"{path} exists but is not a whole record ({c.error}); move it away first")
    return _outcome(str(path), fold(c.events), True, 0, 0)


def _outcome(path: str, state: State, skipped: bool, decisions: int, events: int) -> Outcome:
    sides = [s.role or state.rs.side(state, s.seat) for s in state.seats]  # a mode without roles: its sides
    teams = [state.rs.side(state, s.seat) for s in state.seats]
    return Outcome(path, skipped, decisions, events, state.turn, state.end_reason, sides, list(state.winners), teams)
