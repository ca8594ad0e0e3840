"""Position analysis by determinized rollouts: what each legal choice is worth.

At the decision pending after event N, every legal choice of the deciding
seat is tried K times: fork the record there, deal again what that seat
cannot see (``replay.determinize``: a ``Redealt`` event), give the future a
new seed (``Reseeded``), make the choice, and let bots play to the end.  The
win rate of the seat (its seat among the winners) estimates the choice's
worth, with a 95% Wilson interval.  Rollout ``k`` uses the same re-deal and
seed for every choice (common random numbers), so two choices are compared
on the same imagined worlds.  A report is deterministic for a given seed,
whatever the number of processes.

A rollout is a valid fork record (its re-deal and reseed are external
events at the fork point), so ``--keep`` writes them for replay.
"""
from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import Game
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws

from .determinize import pending_secrets, redeal, replay_redrawn
from .seek import Timeline

if TYPE_CHECKING:
    from sanguozhi.records.format import Header

# A rollout that runs this many decisions without an end counts as a draw.
MAX_DECISIONS = 20_000
# A pick of cards (a discard) is analysed over at most this many combinations.
MAX_PICKS = 24


class AnalysisError(ValueError):
    """A position that cannot be analysed (the message says why)."""


class ChoiceStat(msgspec.Struct):
    choice: Choice
    games: int = 0
    wins: int = 0
    draws: int = 0
    turns: int = 0  # summed turns from the position to the end
    decisions: int = 0  # decisions the rollouts made
    taken: bool = False  # the choice the record actually made

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0


class Report(msgspec.Struct):
    at: int  # the position analysed: the decision pending after event ``at``
    seat: int
    kind: str
    prompt: str
    rollouts: int
    seed: int
    bots: str
    choices: list[ChoiceStat]  # best first

    def as_data(self) -> dict:
        return {
            "at": self.at,
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "rollouts": self.rollouts,
            "seed": self.seed,
            "bots": self.bots,
            "choices": [
                {
                    "choice": msgspec.to_builtins(c.choice),
                    "win_rate": round(c.rate, 4),
                    "low": round(c.interval[0], 4),
                    "high": round(c.interval[1], 4),
                    "games": c.games,
                    "wins": c.wins,
                    "draws": c.draws,
                    "mean_turns": round(c.mean_turns, 2),
                    "taken": c.taken,
                }
                for c in self.choices
            ],
        }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def candidates(req: Request, taken: Choice | None = None, limit: int = MAX_PICKS) -> list[Choice]:
    """The legal choices to compare: all enumerated ones; for a pick of cards, its
    combinations (at most ``limit``, drawn evenly, always with the one taken)."""
    if req.choices:
        return list(req.choices)
    picks = [Choice(cards=c) for k in range(req.min, req.max + 1) for c in combinations(req.cards, k)]
    if len(picks) > limit:
        step = len(picks) / limit
        picks = [picks[int(i * step)] for i in range(limit)]
        if taken is not None and taken not in picks:
            picks[-1] = taken
    return picks


def pick_count(req: Request) -> int:
    """How many picks of cards ``req`` allows (``candidates`` tries at most ``MAX_PICKS`` of them)."""
    return sum(math.comb(len(req.cards), k) for k in range(req.min, req.max + 1))


class Analyst:
    """Rollouts over one record (a Timeline keeps its folds cheap)."""

    def __init__(self, events: Sequence[ev.Event], *, bots: str = "basic", seed: int = 0, header: "Header | None" = None) -> None:
        self.timeline = Timeline(events)
        self.events = events
        self.bots = bots
        self.seed = seed
        self.header = header  # the record's, for rollouts kept as its forks

    def position(self, at: int) -> Game:
        """The running game after event ``at`` (its pending decision offered again)."""
        return self.timeline.resume(at + 1)

    def rollout(self, at: int, choice: Choice, k: int, keep: Path | None = None) -> tuple[bool, bool, int, int]:
        """Rollout ``k`` of ``choice`` at position ``at``: (won, drawn, turns to the end, decisions)."""
        game = self.position(at)
        req = game.request
        if req is None:
            raise AnalysisError(f"the game is over at event {at}")
        draws = Draws(self.seed, "analysis", (at << 16) + k)
        # Other seats' secret answers still hidden (a pick made at the same
        # time) are drawn again too: the rollout starts before them.
        cut, redraw = pending_secrets(self.events, at + 1, req.seat)
        if cut <= at:
            game = self.timeline.resume(cut)
        state = game.state
        game.add_external(redeal(state, req.seat, self.timeline.visibility, cut, draws, req))
        game.add_external(ev.Reseeded(seed=draws.below(2**62)))
        start_turn = state.turn
        if cut <= at:
            replay_redrawn(game, self.events, cut, at + 1, redraw, draws)
        pending = game.request
        if pending is None or pending.seat != req.seat or pending.check(choice) is not None:
            choice = None  # the redrawn world took another turn: the bots play it on
        if choice is not None:
            game.submit(choice)
        decisions = 0
        while not game.over and decisions < MAX_DECISIONS:
            r = game.request
            assert r is not None
            game.submit(bot_choice(self.bots, game.state, r, game))
            decisions += 1
        end = game.state
        if keep is not None:
            if self.header is None:
                raise AnalysisError("keeping rollouts needs the record's header")
            write_rollout(self.header, game, keep, at, choice, k, cut)
        return req.seat in end.winners, not end.winners or not end.ended, end.turn - start_turn, decisions + 1


def write_rollout(parent: "Header", game: Game, folder: Path, at: int, choice: Choice | None, k: int, cut: int | None = None) -> Path:
    """A rollout as a fork record of the analysed record, at the analysed position
    (or before it, ``cut``, where other seats' secret answers were drawn again)."""
    from sanguozhi.records.format import RecordWriter

    from .fork import derived_id, fork_header

    tag = derived_id("rollout", parent.game, at, msgspec.json.encode(choice), k)
    header = fork_header(parent, game=tag, parent=parent.game, fork_at=at + 1 if cut is None else cut, bots={})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"rollout-at{at}-{tag[:8]}-{k}.jsonl"
    with RecordWriter(path, header, exist_ok=True) as w:
        w.write_all(game.events)
    return path


# -- running many rollouts, in one process or several --------------------------------------------

_WORKER: dict[str, Analyst] = {}


def _init_worker(events: list[ev.Event], bots: str, seed: int, header: "Header | None") -> None:
    _WORKER["analyst"] = Analyst(events, bots=bots, seed=seed, header=header)


def _run(task: tuple[int, int, Choice, int, str | None]) -> tuple[int, tuple[bool, bool, int, int]]:
    index, at, choice, k, keep = task
    return index, _WORKER["analyst"].rollout(at, choice, k, Path(keep) if keep else None)


def analyze(
    events: Sequence[ev.Event],
    at: int,
    *,
    rollouts: int = 16,
    bots: str = "basic",
    seed: int = 0,
    jobs: int = 1,
    seat: int | None = None,
    keep: Path | None = None,
    header: "Header | None" = None,
    choices: list[Choice] | None = None,
    first: int = 0,
) -> Report:
    """Estimate every legal choice at the decision pending after event ``at``
    (``keep``: write every rollout as a fork of the record whose ``header`` is given;
    ``first``: the index of the first rollout, so that more rollouts of a choice are new worlds)."""
    if not 0 <= at < len(events):
        raise AnalysisError(f"event {at} is not in the record (events 0-{len(events) - 1})")
    analyst = Analyst(events, bots=bots, seed=seed, header=header)
    game = analyst.position(at)
    req = game.request
    if req is None:
        raise AnalysisError(f"the game is over at event {at}: there is no decision to analyse")
    if seat is not None and seat != req.seat:
        raise AnalysisError(f"the decision after event {at} is seat {req.seat}'s, not seat {seat}'s")
    taken = taken_choice(events, at + 1, req.seat)
    options = choices if choices is not None else candidates(req, taken)
    stats = [ChoiceStat(c, taken=c == taken) for c in options]
    tasks = [(i, at, c, k, str(keep) if keep else None) for i, c in enumerate(options) for k in range(first, first + rollouts)]
    for index, (won, drawn, turns, decisions) in _map(tasks, jobs, analyst):
        s = stats[index]
        s.games += 1
        s.wins += won
        s.draws += drawn
        s.turns += turns
        s.decisions += decisions
    return Report(at, req.seat, req.kind, req.prompt, rollouts, seed, bots, ranked(stats))


def ranked(stats: list[ChoiceStat]) -> list[ChoiceStat]:
    return sorted(stats, key=lambda s: (-s.rate, -s.interval[0], s.taken is False))


def _map(tasks: list, jobs: int, analyst: Analyst) -> Iterator[tuple[int, tuple[bool, bool, int, int]]]:
    if jobs <= 1 or len(tasks) < 2:
        for index, at, choice, k, keep in tasks:
            yield index, analyst.rollout(at, choice, k, Path(keep) if keep else None)
        return
    init = (list(analyst.events), analyst.bots, analyst.seed, analyst.header)
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=init) as pool:
        yield from pool.map(_run, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))


def taken_choice(events: Sequence[ev.Event], k: int, seat: int) -> Choice | None:
    """The choice the record made at the decision pending after the first ``k``
    events: its next decision (the rules' events before it lead up to it)."""
    for e in events[k:]:
        if type(e) is ev.Decided:
            return Choice(cards=e.cards, targets=e.targets, option=e.option) if e.seat == seat else None
    return None


# -- reviewing a whole game ------------------------------------------------------------------------


class Blunder(msgspec.Struct):
    at: int
    report: Report
    loss: float  # best win rate minus the taken choice's


class Unjudged(msgspec.Struct):
    """A decision whose taken choice looked worse than the best by more than the
    threshold, but whose intervals still overlapped after the most rollouts allowed."""

    at: int
    report: Report
    loss: float


# A close call gets more rollouts, doubling, up to this many times the first count.
MAX_REFINE = 8


def blunders(
    events: Sequence[ev.Event],
    seat: int,
    *,
    rollouts: int = 12,
    threshold: float = 0.15,
    bots: str = "basic",
    seed: int = 0,
    jobs: int = 1,
    max_choices: int = 12,
) -> Iterator[tuple[int, Blunder | None]]:
    """Walk every decision of ``seat`` with more than one choice; yield (event, blunder or None).

    A blunder: the best choice's win rate exceeds the taken one's by more
    than ``threshold`` and their 95% intervals do not overlap (after the
    rollouts ``reviewed`` adds to a close call).
    """
    for k, _report, verdict in reviewed(events, seat, rollouts=rollouts, threshold=threshold, bots=bots, seed=seed, jobs=jobs, max_choices=max_choices):
        yield k, verdict if isinstance(verdict, Blunder) else None


def reviewed(
    events: Sequence[ev.Event],
    seat: int,
    *,
    rollouts: int = 12,
    threshold: float = 0.15,
    bots: str = "basic",
    seed: int = 0,
    jobs: int = 1,
    max_choices: int = 12,
    refine: int = MAX_REFINE,
) -> Iterator[tuple[int, Report, Blunder | Unjudged | None]]:
    """Each decision of ``seat`` with its report and verdict: a blunder, one that could
    not be judged (``Unjudged``), or None.  A close call (the taken choice behind the
    best by more than half the threshold, their intervals overlapping) gets more
    rollouts for those two choices, doubling, until the intervals separate or
    ``refine`` times the first count is reached."""
    for k, e in enumerate(events):
        if type(e) is not ev.Decided or e.seat != seat:
            continue
        at = k - 1
        game = Analyst(events[: k + 1], bots=bots, seed=seed).position(at)
        req = game.request
        if req is None or req.seat != seat or len(game.events) != k:
            continue  # not a question: a secret pass the rules recorded themselves
        taken = Choice(cards=e.cards, targets=e.targets, option=e.option)
        options = candidates(req, taken, limit=max_choices)
        if len(options) < 2:
            continue
        if len(options) > max_choices:
            rest = [c for c in options if c != taken]
            options = [taken] + rest[: max_choices - 1]
        report = analyze(events, at, rollouts=rollouts, bots=bots, seed=seed, jobs=jobs, choices=options)
        if not any(c.taken for c in report.choices):
            yield k, report, None
            continue
        report = settled(events, report, threshold, limit=rollouts * refine, bots=bots, seed=seed, jobs=jobs)
        yield k, report, verdict(report, threshold)


def separated(best: ChoiceStat, mine: ChoiceStat) -> bool:
    return best.interval[0] > mine.interval[1]


def settled(events: Sequence[ev.Event], report: Report, threshold: float, *, limit: int, bots: str, seed: int, jobs: int) -> Report:
    """``report`` with more rollouts of the best and the taken choice while theirs is a close call."""
    stats = list(report.choices)
    while True:
        best, mine = stats[0], next(c for c in stats if c.taken)
        if best is mine or best.rate - mine.rate <= threshold / 2 or separated(best, mine) or mine.games >= limit:
            return msgspec.structs.replace(report, choices=stats)
        more = min(mine.games, limit - mine.games)
        extra = analyze(events, report.at, rollouts=more, bots=bots, seed=seed, jobs=jobs, choices=[best.choice, mine.choice], first=mine.games)
        for old in (best, mine):
            add = next(c for c in extra.choices if c.choice == old.choice)
            old.games += add.games
            old.wins += add.wins
            old.draws += add.draws
            old.turns += add.turns
            old.decisions += add.decisions
        stats = ranked(stats)


def verdict(report: Report, threshold: float) -> Blunder | Unjudged | None:
    best, mine = report.choices[0], next(c for c in report.choices if c.taken)
    loss = best.rate - mine.rate
    if best is mine or loss <= threshold:
        return None
    return Blunder(report.at, report, loss) if separated(best, mine) else Unjudged(report.at, report, loss)


def default_jobs() -> int:
    return os.cpu_count() or 1
