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


class Layout:
    """Who lives where: what one ``State.epoch`` fixes (a death, a redeploy and a row
    placed each bump it), worked out once for it instead of at every question.
    Its lists are shared: read them, never change them."""

    __slots__ = ("state", "epoch", "all", "by_seat", "ring", "place", "memo", "_steps", "_neighbours", "_own", "_redeploys")

    def __init__(self, state: "State") -> None:
        self.state, self.epoch = state, state.epoch
        chars = state.chars
        self.all = [p.seat for p in chars[PLAYERS:] if p.alive]
        self.by_seat: dict[int, list[int]] = {}
        for c in self.all:
            self.by_seat.setdefault(chars[c].owner, []).append(c)
        self.ring = sorted(self.all, key=lambda c: chars[c].marks[ROW])
        self.place = {c: i for i, c in enumerate(self.ring)}  # a general's index in the ring
        self._steps: dict[int, dict[int, int]] = {}
        self._neighbours: dict[int, tuple[int, ...]] = {}
        self._own: dict[int, tuple[int, ...]] = {}
        self._redeploys: dict[int, list[tuple[int, int]]] = {}
        self.memo: dict[object, object] = {}  # what else the epoch fixes, by its users' keys

    def steps(self, a: int) -> dict[int, int]:
        """The ring's distance from living general ``a`` to every living general."""
        out = self._steps.get(a)
        if out is None:
            i, living = self.place[a], len(self.ring)
            out = self._steps[a] = {}
            for k, c in enumerate(self.ring):
                steps = k - i if k > i else i - k
                out[c] = min(steps, living - steps)
        return out

    def neighbours(self, c: int) -> tuple[int, ...]:
        out = self._neighbours.get(c)
        if out is None:
            r = self.ring
            i = self.place.get(c)
            if i is None or len(r) < 2:
                out = ()
            else:
                before, after = r[i - 1], r[(i + 1) % len(r)]
                out = (before,) if before == after else (before, after)
            self._neighbours[c] = out
        return out

    def own_neighbours(self, c: int) -> tuple[int, ...]:
        out = self._own.get(c)
        if out is None:
            chars = self.state.chars
            owner = chars[c].owner
            out = self._own[c] = tuple(n for n in self.neighbours(c) if chars[n].owner == owner)
        return out

    def redeploys(self, seat: int) -> list[tuple[int, int]]:
        """``seat``'s possible redeploys: (general, the neighbour it moves past), in placement order."""
        out = self._redeploys.get(seat)
        if out is None:
            out = self._redeploys[seat] = [(g, n) for g in self.by_seat.get(seat, NONE) for n in self.own_neighbours(g)]
        return out


# The last state's layout (one game at a time plays on in a process): one slot, replaced
# whole, so that games played in threads side by side only work theirs out more often.
_KEPT: list[Layout | None] = [None]


def layout(state: "State") -> Layout:
    """``state``'s ``Layout`` for its current epoch (kept while the epoch stays the same)."""
    kept = _KEPT[0]
    if kept is None or kept.state is not state or kept.epoch != state.epoch:
        kept = _KEPT[0] = Layout(state)
    return kept


NONE: list[int] = []


def generals(state: "State", seat: int | None = None) -> list[int]:
    """The living generals (of ``seat``), in placement order (their index); shared (``Layout``)."""
    lay = layout(state)
    return lay.all if seat is None else lay.by_seat.get(seat, NONE)


def ring(state: "State") -> list[int]:
    """The living generals in ring order (the first player's row, then the second's); shared (``Layout``)."""
    return layout(state).ring


def row_of(state: "State", seat: int) -> list[int]:
    """``seat``'s living generals from the left end of its row to the right end."""
    chars = state.chars
    return [c for c in layout(state).ring if chars[c].owner == seat]


def neighbours(state: "State", c: int) -> tuple[int, ...]:
    """The generals next to ``c`` in the ring (before it, after it); fewer when few are left."""
    return layout(state).neighbours(c)


def own_neighbours(state: "State", c: int) -> tuple[int, ...]:
    """The neighbours of ``c`` on its own side: whom it may be redeployed past."""
    return layout(state).own_neighbours(c)


def ring_distance(state: "State", a: int, b: int) -> int:
    """The distance between two living generals: the ring's, the shorter way round
    (``Ruleset.table_distance``); around the table otherwise (a player's own place)."""
    lay = layout(state)
    place = lay.place
    i, j = place.get(a), place.get(b)
    if a == b or i is None or j is None:
        return seat_distance(state, a, b)
    steps = i - j if i > j else j - i
    return min(steps, len(lay.ring) - steps)


def ring_steps(state: "State", a: int) -> dict[int, int]:
    """``ring_distance`` from ``a`` to every living character (shared: ``Layout.steps``)."""
    lay = layout(state)
    if a not in lay.place:
        return {p.seat: ring_distance(state, a, p.seat) for p in state.chars if p.alive}
    return lay.steps(a)


def from_next(state: "State", c: int) -> list[int]:
    """The other living generals in ring order, starting after ``c`` (counter-clockwise)."""
    lay = layout(state)
    r = lay.ring
    i = lay.place.get(c)
    if i is None:
        return list(r)
    return r[i + 1 :] + r[:i]
