"""A game review kept beside its record: one seat's win chance at each of its decisions.

``sgz analyze FILE --seat S --blunders --save`` writes the review of seat S
into FILE's review file (``game.jsonl`` → ``game.analysis.json``; one review
per seat, a new one replacing the seat's old one); ``sgz html`` and
``sgz serve`` read it and draw a page's analysis strip.

A review holds numbers only: the event of each decision, the win rate of the
choice taken and of the best one, and whether it was a blunder; never a
choice (that would name the seat's hidden cards).  The rates come from what
the seat could see (``replay.analyze`` deals the rest again), so a page holds
a seat's review only for views that see into that seat (``replay.page``).
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

SUFFIX = ".analysis.json"


class ReviewError(ValueError):
    """A review file that cannot be read or does not fit its record (said in one line)."""


class Point(msgspec.Struct, frozen=True, array_like=True):
    at: int  # the decision's event (a Decided)
    rate: float  # the taken choice's win rate
    best: float  # the best choice's
    blunder: bool = False


class Review(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    game: str
    seat: int
    rollouts: int
    threshold: float
    bots: str
    seed: int
    points: tuple[Point, ...] = ()

    def as_page(self) -> dict[str, Any]:
        return {"seat": self.seat, "rollouts": self.rollouts, "points": [[p.at, round(p.rate, 4), round(p.best, 4), p.blunder] for p in self.points]}


class ReviewFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    sgz: str = "analysis"
    v: int = 1
    reviews: tuple[Review, ...] = ()


def path_of(record: str | Path) -> Path:
    p = Path(record)
    return p.with_name((p.name[: -len(".jsonl")] if p.name.endswith(".jsonl") else p.name) + SUFFIX)


def load(record: str | Path, game: str | None = None) -> list[Review]:
    """The reviews saved beside ``record`` (none: []); with ``game``, only that game's."""
    path = path_of(record)
    try:
        blob = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise ReviewError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        got = msgspec.json.decode(blob, type=ReviewFile)
    except msgspec.DecodeError as exc:
        raise ReviewError(f"{path}: not a review file ({exc})") from None
    if got.sgz != "analysis" or got.v != 1:
        raise ReviewError(f"{path}: not a review file of version 1")
    return [r for r in got.reviews if game is None or r.game == game]


def save(record: str | Path, review: Review) -> Path:
    """Write ``review`` into ``record``'s review file (replacing that seat's review of that game)."""
    path = path_of(record)
    try:
        others = [r for r in load(record) if (r.game, r.seat) != (review.game, review.seat)]
    except ReviewError:
        others = []  # a broken file is replaced
    reviews = sorted([*others, review], key=lambda r: (r.game, r.seat))
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(msgspec.json.encode(ReviewFile(reviews=tuple(reviews))))
    tmp.replace(path)
    return path


def review_of(game: str, seat: int, found: Iterable[tuple[int, Any, Any]], *, rollouts: int, threshold: float, bots: str, seed: int) -> Review:
    """A review from ``replay.analyze.reviewed``'s (event, report, blunder or None)."""
    from .analyze import Blunder

    points = []
    for k, report, blunder in found:
        mine = next((c for c in report.choices if c.taken), None)
        if mine is None:
            continue
        points.append(Point(k, mine.rate, report.choices[0].rate, isinstance(blunder, Blunder)))
    return Review(game=game, seat=seat, rollouts=rollouts, threshold=threshold, bots=bots, seed=seed, points=tuple(points))
