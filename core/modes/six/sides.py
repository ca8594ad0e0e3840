"""Sides in hegemony-six: a force, or a careerist's camp.

A careerist is a side of its own (野心家), as in official hegemony, unless
the last force's split (rule 8) made it a camp that others joined (归附):
the joiners' side is their leader's.  A character's side is known once its
kingdom is (a face-up general).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..hegemony.kingdoms import CAREERIST

if TYPE_CHECKING:
    from ...state import State


def side_key(state: "State | None", p: Any) -> str:
    """A determined character's side: its force, or ``careerist:<leader seat>``."""
    if p.kingdom == CAREERIST:
        return f"{CAREERIST}:{p.marks.get('six.camp', p.seat + 1) - 1}"
    return p.kingdom


def same_side(state: "State", a: int, b: int) -> bool:
    """Are ``a`` and ``b`` known to be of one side (both kingdoms shown)?"""
    pa, pb = state.chars[a], state.chars[b]
    return a == b or (bool(pa.kingdom) and bool(pb.kingdom) and side_key(state, pa) == side_key(state, pb))
