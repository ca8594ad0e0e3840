"""Formation skills (阵法技, seed 000 技能类型 11 and terms 81-82).

Neighbours are the living characters in table order (the dead do not count),
round the table.  A formation skill names a condition, judged from its
holder (关系只看当前角色的阵法技满足条件): ``cond(state, holder, c)``.

- **围攻 (siege)**: among three neighbours, if both outer ones meet the
  condition and the middle one does not, the outer two besiege the middle one.
  A besieger may use its formation skill against the besieged during its own
  turn or that of its fellow besieger: with seats A1 B1 A2 B2 A3 (A and B two
  conditions), in A1's or A2's turn A1 and A2 may use it against B1; in A2's
  or A3's turn A2 and A3 against B2; in B1's or B2's turn B1 and B2 against A2.
- **队列 (queue)**: three neighbours that all meet the condition are in one
  queue, and may use formation skills.

With fewer than three living characters there is no formation.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State

Cond = Callable[["State", int, int], bool]  # (state, holder, c) -> c meets the holder's condition


def ring(state: "State") -> list[int]:
    """The living characters in table order."""
    return state.alive_seats()


def triples(state: "State") -> list[tuple[int, int, int]]:
    """Every three neighbours (left, middle, right), round the table."""
    r = ring(state)
    n = len(r)
    if n < 3:
        return []
    return [(r[i - 1], r[i], r[(i + 1) % n]) for i in range(n)]


def sieges(state: "State", holder: int, cond: Cond) -> list[tuple[int, int, int]]:
    """The sieges by ``holder``'s condition: (besieger, besieged, besieger)."""
    return [(a, m, b) for a, m, b in triples(state) if cond(state, holder, a) and cond(state, holder, b) and not cond(state, holder, m)]


def siege_targets(state: "State", holder: int, current: int, cond: Cond) -> list[int]:
    """Whom ``holder`` may use its siege skill against in ``current``'s turn: the
    characters it besieges together with ``current`` (or alone, in its own turn)."""
    out: list[int] = []
    for a, m, b in sieges(state, holder, cond):
        if holder in (a, b) and current in (a, b) and m not in out:
            out.append(m)
    return out


def in_queue(state: "State", holder: int, cond: Cond) -> bool:
    """Is ``holder`` one of three neighbours that all meet its condition?"""
    return any(holder in t and all(cond(state, holder, c) for c in t) for t in triples(state))


def same_gender(state: "State", holder: int, c: int) -> bool:
    return state.chars[c].gender == state.chars[holder].gender


def same_kingdom(state: "State", holder: int, c: int) -> bool:
    k = state.chars[holder].kingdom
    return bool(k) and state.chars[c].kingdom == k
