"""Bots rated from the games they played: openskill, and head-to-head win rates.

**Ratings** (``openskill``'s Plackett-Luce model, a maintained TrueSkill-style
rating for games of many teams; ``pip install 'sanguozhi[rl]'``): each game
is a match whose teams are its sides (``RuleSet.side`` at the end; a side
whose seats did not all win, such as two renegades, is split by result).  The
winning team ranks first and every other team ties behind it; a game without
a winner ties all.  A seat is one player of its team with its bot's rating;
a bot at several seats of one game moves by the mean of its seats' updates.
Bots do not learn between games, so the model's dynamics factor ``tau`` is 0
and the uncertainty ``sigma`` only shrinks.  The games are rated in the
order given (the arena's: mode, deal, lineup), so a run is rated the same
whichever worker played which game.  ``ordinal`` is ``mu - 3 sigma``, the
conservative estimate the table is sorted by.

**Head-to-head**: for two bots that both sat in a game, the bot whose seats
won the larger share of theirs won that game against the other (equal
shares: a tie).  A pair's win rate is its wins over the games one of them
won, with a 95% Wilson interval (the same as ``sgz stats``).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import msgspec

Z = 1.959963984540054  # the 97.5% normal quantile


class Rating(msgspec.Struct, frozen=True):
    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class HeadToHead(msgspec.Struct, frozen=True):
    bot: str
    opponent: str
    games: int  # games both played
    wins: int
    losses: int
    ties: int
    win_rate: float | None  # wins / (wins + losses)
    ci_low: float | None
    ci_high: float | None


class Played(msgspec.Struct, frozen=True):
    """What rating needs of a game: the bot, side and result of every seat."""

    bots: list[str]
    sides: list[str]
    winners: list[int]


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n`` (n > 0)."""
    p, z2 = wins / n, Z * Z
    centre = p + z2 / (2 * n)
    spread = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (centre - spread) / (1 + z2 / n), (centre + spread) / (1 + z2 / n)


def teams(game: Played) -> tuple[list[list[int]], list[int]]:
    """The game's teams (seats) and their ranks: the winners 0, every other team 1."""
    won = set(game.winners)
    keys: dict[tuple[str, bool], list[int]] = {}
    for seat, side in enumerate(game.sides):
        keys.setdefault((side, seat in won), []).append(seat)
    seats = list(keys.values())
    ranks = [0 if (not won or key[1]) else 1 for key in keys]
    return seats, ranks


def rate(games: Sequence[Played], bots: Sequence[str]) -> list[Rating]:
    """Every bot's rating after ``games`` (in order), best ``ordinal`` first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    now = {b: model.rating(name=b) for b in bots}
    played = dict.fromkeys(bots, 0)
    for g in games:
        seats, ranks = teams(g)
        if len(seats) < 2:
            continue  # one team: nothing to compare
        match = [[model.rating(mu=now[g.bots[s]].mu, sigma=now[g.bots[s]].sigma) for s in team] for team in seats]
        after = model.rate(match, ranks=ranks)
        moves: dict[str, list[tuple[float, float]]] = {}
        for team, new in zip(seats, after):
            for s, r in zip(team, new):
                moves.setdefault(g.bots[s], []).append((r.mu, r.sigma))
        for b, ms in moves.items():
            old = now[b]
            mu = old.mu + sum(m - old.mu for m, _ in ms) / len(ms)
            sigma = sum(sg for _, sg in ms) / len(ms)
            now[b] = model.rating(mu=mu, sigma=sigma, name=b)
            played[b] += 1
    out = [Rating(b, r.mu, r.sigma, r.mu - 3 * r.sigma, played[b]) for b, r in now.items()]
    return sorted(out, key=lambda r: (-r.ordinal, r.bot))


def head_to_head(games: Sequence[Played], bots: Sequence[str]) -> list[HeadToHead]:
    """Every ordered pair of distinct bots (as ``bots`` orders them)."""
    tally: dict[tuple[str, str], list[int]] = {(a, b): [0, 0, 0, 0] for a in bots for b in bots if a != b}
    for g in games:
        won = set(g.winners)
        share: dict[str, list[int]] = {}
        for seat, bot in enumerate(g.bots):
            share.setdefault(bot, [0, 0])
            share[bot][0] += seat in won
            share[bot][1] += 1
        for a, (wa, na) in share.items():
            for b, (wb, nb) in share.items():
                if a == b or (a, b) not in tally:
                    continue
                t = tally[(a, b)]
                t[0] += 1
                diff = wa * nb - wb * na  # wa/na against wb/nb, without dividing
                t[1 if diff > 0 else 2 if diff < 0 else 3] += 1
    out = []
    for (a, b), (n, w, l, tie) in tally.items():
        rate_, low, high = (w / (w + l), *wilson(w, w + l)) if w + l else (None, None, None)
        out.append(HeadToHead(a, b, n, w, l, tie, rate_, low, high))
    return out


def seat_wins(games: Sequence[Played], bots: Sequence[str]) -> dict[str, dict[str, Any]]:
    """{bot: seats, wins, win_rate, ci_low, ci_high}: its seats' wins (``sgz stats --by bot``'s figures)."""
    n = dict.fromkeys(bots, 0)
    w = dict.fromkeys(bots, 0)
    for g in games:
        won = set(g.winners)
        for seat, bot in enumerate(g.bots):
            n[bot] += 1
            w[bot] += seat in won
    out: dict[str, dict[str, Any]] = {}
    for b in bots:
        low, high = wilson(w[b], n[b]) if n[b] else (None, None)
        out[b] = {"seats": n[b], "wins": w[b], "win_rate": w[b] / n[b] if n[b] else None, "ci_low": low, "ci_high": high}
    return out
