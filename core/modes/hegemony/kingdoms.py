"""Kingdoms as seed 001 defines them: a character has one only once a general
of it is face up (明置); a careerist (野心家) is a kingdom of its own.

"Characters of your kingdom" (与你同势力的角色) are those of the same kingdom
name, you included, careerists excluded; "of another kingdom" (与你不同势力)
is everyone else, careerists included.  A character whose kingdom is not
determined is of no kingdom: it is of the same kingdom as nobody.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...state import Character, State

CAREERIST = "careerist"


def determined(state: "State", c: int) -> bool:
    return bool(state.chars[c].kingdom)


def same_kingdom(state: "State", a: int, b: int) -> bool:
    k = state.chars[a].kingdom
    return bool(k) and k != CAREERIST and k == state.chars[b].kingdom


def side_of(p: "Character") -> str:
    """A determined character's side: its kingdom, or itself if a careerist."""
    return f"{CAREERIST}:{p.seat}" if p.kingdom == CAREERIST else p.kingdom


def members(state: "State", a: int, *, alive: bool = True) -> list[int]:
    """The characters of ``a``'s kingdom (``a`` included), in seat order."""
    return [p.seat for p in state.chars if (p.alive or not alive) and (p.seat == a or same_kingdom(state, a, p.seat))]


def becomes_careerist(state: "State", c: int, kingdom: str) -> bool:
    """Seed 001: a character whose reveal makes its kingdom number more than half
    the players is a careerist (every character counts, the dead too; earlier
    careerists are no longer of that kingdom)."""
    others = sum(1 for p in state.chars if p.seat != c and p.kingdom == kingdom)
    return (others + 1) * 2 > len(state.chars)


def fewest(state: "State", c: int) -> bool:
    """Is ``c``'s kingdom (among the living, determined ones) no bigger than any other present?"""
    sizes: dict[str, int] = {}
    for p in state.chars:
        if p.alive and p.kingdom:
            key = side_of(p)
            sizes[key] = sizes.get(key, 0) + 1
    mine = sizes.get(side_of(state.chars[c]), 0)
    return all(mine <= n for n in sizes.values())
