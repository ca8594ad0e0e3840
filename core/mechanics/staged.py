"""Staged skills ("[y]段", seed 000 term 90).

A "[y]段" skill has y stages.  Unless it says otherwise, a use is its x-th
stage, where x is the number of its uses in the period (this one included)
modulo y, and y when that is 0: 1, 2, …, y, 1, 2, ….  The uses are counted
per game (the mark ``{skill}.uses``) or per turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..skills.base import SkillBook, SkillError, set_state, skill_state, turn_state

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

# Staged skill id -> (y, period: "game" | "turn").
STAGES: dict[str, tuple[int, str]] = {}


def staged(book: SkillBook, sid: str, stages: int, period: str = "game") -> None:
    if book.pack.skills.get(sid) is None or book.pack.skills[sid].kind != "staged":
        raise SkillError(f"skill {sid!r} is not a staged skill of pack {book.pack.id!r}")
    if stages < 2 or period not in ("game", "turn"):
        raise SkillError(f"staged skill {sid!r}: {stages} stages per {period!r}")
    STAGES[sid] = (stages, period)


def uses(state: "State", seat: int, sid: str) -> int:
    _, period = STAGES[sid]
    return skill_state(state, seat, sid, "uses") if period == "game" else turn_state(state, seat, sid, "uses")


def stage_of(k: int, y: int) -> int:
    """The stage of the k-th use (term 90): k mod y, or y when that is 0."""
    return k % y or y


def next_stage(state: "State", seat: int, sid: str) -> int:
    """The stage the next use would be."""
    return stage_of(uses(state, seat, sid) + 1, STAGES[sid][0])


def use_stage(engine: "Engine", seat: int, sid: str) -> int:
    """Count a use and return its stage."""
    y, period = STAGES[sid]
    k = uses(engine.state, seat, sid) + 1
    set_state(engine, seat, sid, "uses", k, turn=period == "turn")
    return stage_of(k, y)
