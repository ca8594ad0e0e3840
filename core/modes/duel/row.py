"""The combined row: where each general stands, neighbours and distance (seed 003).

Each player's generals stand in a row; the two rows make one ring, the ends
of the two rows adjacent (相邻: "边位和敌方也是相邻").  Characters keep their
place at the table (their index); where a general stands is its ``row`` mark,
its position in the ring: the first player's row from its left end to its
right end, then the second player's row the same way — counter-clockwise seen
from above, the direction of 南蛮入侵 and 万箭齐发.  A redeploy (调遣) swaps two
marks; the dead leave the ring, so the row closes up (补位，不留空隙).

Characters 0 and 1 are the two players' own places (no general, never alive):
a turn is its player's, not a general's (``core.modes.duel``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...distance import seat_distance

if TYPE_CHECKING:
    from ...state import State

ROW = "duel.row"  # a general's position in the ring (a mark, public)
PLAYERS = 2  # characters 0 and 1: the players' own places


def generals(state: "State", seat: int | None = None) -> list[int]:
    """The living generals (of ``seat``), in placement order (their index)."""
    return [p.seat for p in state.chars[PLAYERS:] if p.alive and (seat is None or p.owner == seat)]


def ring(state: "State") -> list[int]:
    """The living generals in ring order (the first player's row, then the second's)."""
    chars = state.chars
    return sorted(generals(state), key=lambda c: chars[c].marks[ROW])


def row_of(state: "State", seat: int) -> list[int]:
    """``seat``'s living generals from the left end of its row to the right end."""
    chars = state.chars
    return sorted(generals(state, seat), key=lambda c: chars[c].marks[ROW])


def neighbours(state: "State", c: int, r: list[int] | None = None) -> tuple[int, ...]:
    """The generals next to ``c`` in the ring (before it, after it); fewer when few are left.
    ``r``: the ring, if the caller has it (``ring``)."""
    if r is None:
        r = ring(state)
    if c not in r or len(r) < 2:
        return ()
    i = r.index(c)
    before, after = r[i - 1], r[(i + 1) % len(r)]
    return (before,) if before == after else (before, after)


def own_neighbours(state: "State", c: int, r: list[int] | None = None) -> tuple[int, ...]:
    """The neighbours of ``c`` on its own side: whom it may be redeployed past (``r``: the ring)."""
    owner = state.chars[c].owner
    return tuple(n for n in neighbours(state, c, r) if state.chars[n].owner == owner)


def ring_distance(state: "State", a: int, b: int) -> int:
    """The distance between two living generals: the ring's, the shorter way round
    (``Ruleset.table_distance``); around the table otherwise (a player's own place).

    Hot (every distance of a play request): one pass over the generals, no sort.
    """
    chars = state.chars
    pa, pb = chars[a], chars[b]
    ra, rb = pa.marks.get(ROW), pb.marks.get(ROW)
    if a == b or ra is None or rb is None or not (pa.alive and pb.alive):
        return seat_distance(state, a, b)
    lo, hi = (ra, rb) if ra < rb else (rb, ra)
    living = between = 0
    for p in chars:
        if p.alive:
            living += 1
            if lo < p.marks[ROW] < hi:
                between += 1
    steps = between + 1
    return min(steps, living - steps)


def ring_steps(state: "State", a: int) -> dict[int, int]:
    """``ring_distance`` from ``a`` to every living character, the ring sorted once."""
    chars = state.chars
    pa = chars[a]
    if not pa.alive or ROW not in pa.marks:
        return {p.seat: ring_distance(state, a, p.seat) for p in chars if p.alive}
    r = ring(state)
    living, i = len(r), r.index(a)
    out = {}
    for k, c in enumerate(r):
        steps = k - i if k > i else i - k
        out[c] = min(steps, living - steps)
    return out


def from_next(state: "State", c: int) -> list[int]:
    """The other living generals in ring order, starting after ``c`` (counter-clockwise)."""
    r = ring(state)
    if c not in r:
        return r
    i = r.index(c)
    return r[i + 1 :] + r[:i]
