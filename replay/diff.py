"""Comparing two games: where their event streams part, and how their states differ.

``common_prefix`` is the number of leading events the two records share.
The *first difference* is event ``common_prefix`` on each side (missing on
the side that ends there).  It may change nothing yet (two different
decisions whose consequences come later): the *first difference in effect*
is the first event, from there on, after which the two tables differ.
States are compared just after it (or at the end of a side that has no such
event) and at the end.
Headers are not compared for ``identical``: a fork continued on its
parent's stream is identical to its parent.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import apply, fold
from sanguozhi.core.state import State

_BLOCK = 256


def common_prefix(a: Sequence[ev.Event], b: Sequence[ev.Event]) -> int:
    """The number of leading events ``a`` and ``b`` share."""
    n = min(len(a), len(b))
    lo = 0
    # Whole blocks compare in C; only the block that differs is walked.
    while lo < n:
        hi = min(n, lo + _BLOCK)
        if a[lo:hi] != b[lo:hi]:
            for i in range(lo, hi):
                if a[i] != b[i]:
                    return i
        lo = hi
    return n


_SEAT_FIELDS = ("role", "hand", "points")
_CHARACTER_FIELDS = ("slots", "hp", "max_hp", "alive", "equip", "judge", "chained", "flipped")
_TABLE_FIELDS = ("turn", "round", "current", "phase", "discard", "processing", "removed", "ended", "winners", "end_reason", "seed")


def state_diff(a: State, b: State) -> list[dict[str, Any]]:
    """The differences between two states of the same game: ``[{"what", "a", "b"}]``."""
    out: list[dict[str, Any]] = []

    def differ(what: str, x: Any, y: Any) -> None:
        if x != y:
            out.append({"what": what, "a": msgspec.to_builtins(x), "b": msgspec.to_builtins(y)})

    for name in _TABLE_FIELDS:
        differ(name, getattr(a, name), getattr(b, name))
    if a.pile != b.pile:
        differ("pile size", len(a.pile), len(b.pile))
        if len(a.pile) == len(b.pile):
            out.append({"what": "pile", "a": "(order differs)", "b": "(order differs)"})
    for sa, sb in zip(a.seats, b.seats):
        for name in _SEAT_FIELDS:
            differ(f"seat {sa.seat} {name}", getattr(sa, name), getattr(sb, name))
    for pa, pb in zip(a.chars, b.chars):
        for name in _CHARACTER_FIELDS:
            differ(f"seat {pa.seat} {'general' if name == 'slots' else name}", getattr(pa, name), getattr(pb, name))
    differ("characters", len(a.chars), len(b.chars))
    return out


def _event(e: ev.Event | None) -> Any:
    return None if e is None else msgspec.to_builtins(e)


def diff(a: Sequence[ev.Event], b: Sequence[ev.Event]) -> dict[str, Any]:
    """The comparison of two event streams (see the module docstring)."""
    p = common_prefix(a, b)
    identical = p == len(a) == len(b)
    out: dict[str, Any] = {
        "identical": identical,
        "common_prefix": p,
        "events": [len(a), len(b)],
        "first_difference": None,
        "at_difference": [],
        "at_end": [],
    }
    if identical or not a or not b:
        return out
    ea = a[p] if p < len(a) else None
    eb = b[p] if p < len(b) else None
    out["first_difference"] = {"event": p, "a": _event(ea), "b": _event(eb)}
    if p == 0:  # different games from the start: only the ends compare
        out["at_end"] = state_diff(fold(a), fold(b))
        return out
    shared = fold(a[:p])
    sa = fold(a[p : p + 1], shared)
    sb = fold(b[p : p + 1], shared)
    q, rows = p, state_diff(sa, sb)
    while not rows and q + 1 < max(len(a), len(b)) and q - p < _EFFECT_LOOKAHEAD:
        q += 1  # a side that has ended stays as it ended
        if q < len(a):
            apply(sa, a[q])
        if q < len(b):
            apply(sb, b[q])
        rows = state_diff(sa, sb)
    out["first_effect"] = {"event": q, "a": _event(a[q] if q < len(a) else None), "b": _event(b[q] if q < len(b) else None)}
    out["at_difference"] = rows
    out["at_end"] = state_diff(fold(a[q + 1 :], sa), fold(b[q + 1 :], sb))
    return out


_EFFECT_LOOKAHEAD = 2000  # events walked, at most, to find the first that differs in effect
