"""The games of ``sgz arena``: bots against each other, seats rotated over mirrored deals.

An arena is ``deals`` seeds per mode (deal ``i`` has seed ``seed + i``), each
played once by every *lineup*: with bots ``b_0 … b_{B-1}`` at a table of
``P`` seats, lineup ``r`` seats ``b_{(s + r) mod B}`` at seat ``s``.  The deal
(cards, roles, generals on offer) is the seed's, so over the ``B`` lineups of
one seed every bot sits at every seat once, and holds every role or side the
seed deals exactly as often as every other bot (a mirrored deal: the same
game, the bots' seats permuted).  ``balance`` counts it.

Every game is an ordinary bot game of ``records.simulate`` (one ``Run`` a
mode and lineup): recorded under the same name ``sgz sim`` gives it, on the
same workers (``--jobs``, the Ray executor), a record already there kept.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from .simulate import Outcome, Run, check, play_pieces
from .workers import pieces


class Table(msgspec.Struct, frozen=True):
    mode: str
    players: int


class Game(msgspec.Struct, frozen=True):
    """One arena game: where, which deal, which lineup, and how it went."""

    mode: str
    players: int
    deal: int  # the seed
    lineup: int
    bots: list[str]  # by seat
    outcome: Outcome


def lineup(bots: list[str], players: int, r: int) -> dict[int, str]:
    """Lineup ``r``: seat ``s`` has bot ``(s + r) mod len(bots)``."""
    return {s: bots[(s + r) % len(bots)] for s in range(players)}


def runs(out: str, tables: list[Table], bots: list[str], options: dict[str, Any], seed: int) -> list[tuple[Table, int, Run]]:
    """(table, lineup, Run) of every mode and lineup; a bad option raises ``simulate.SimError``."""
    made = []
    for t in tables:
        for r in range(len(bots)):
            run = Run(out, t.mode, t.players, lineup(bots, t.players, r), options, seed)
            check(run)
            made.append((t, r, run))
    return made


def play(out: str, tables: list[Table], bots: list[str], deals: int, seed: int, options: dict[str, Any] | None = None, *, jobs: int = 1, executor: str = "local", done: Any = None) -> list[Game]:
    """Play every deal of every table in every lineup; the games in (table, deal, lineup) order."""
    from .durable import sweep

    sweep(out)
    plan = runs(out, tables, bots, options or {}, seed)
    tasks = [(run, first, count) for _, _, run in plan for first, count in pieces(deals, jobs)]
    owner = [i for i, _ in enumerate(plan) for _ in pieces(deals, jobs)]

    parts = play_pieces(tasks, jobs=jobs, executor=executor, done=done)
    by_run: list[list[Outcome]] = [[] for _ in plan]
    for i, part in zip(owner, parts):
        by_run[i].extend(part)
    games = []
    for i, (t, r, run) in enumerate(plan):
        seats = [run.bots[s] for s in range(t.players)]
        games.extend(Game(t.mode, t.players, seed + k, r, seats, o) for k, o in enumerate(by_run[i]))
    order = {(t.mode, t.players): n for n, t in enumerate(tables)}
    games.sort(key=lambda g: (order[(g.mode, g.players)], g.deal, g.lineup))
    return games


def balance(games: list[Game]) -> dict[str, dict[str, dict[str, int]]]:
    """{mode: {bot: {role or side: seats}}}: how often each bot held each role (a
    side of one seat, ``careerist:3``, counts with its kind)."""
    out: dict[str, dict[str, Counter[str]]] = {}
    for g in games:
        per = out.setdefault(g.mode, {})
        for seat, role in enumerate(g.outcome.roles):
            per.setdefault(g.bots[seat], Counter())[role.partition(":")[0]] += 1
    return {m: {b: dict(sorted(c.items())) for b, c in sorted(per.items())} for m, per in out.items()}
