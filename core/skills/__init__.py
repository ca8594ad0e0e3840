"""Skills: the framework (``core.skills.base``) and the standard generals' skills.

Each kingdom's module defines its skills on import into the
``standard-generals`` pack (``core.skills.standard``: printed data with
``define``; behaviour with ``trigger``, ``action``, ``form``, ``mod`` or
``ban``).  A game's content checks that every skill a general names exists:
a missing skill is an error when the content is built, never silently skipped.
"""
from __future__ import annotations

from ..generals import STANDARD_GENERALS, VANILLA
from .base import (
    KINDS,
    SKILLS,
    Action,
    Skill,
    SkillBook,
    SkillError,
    announce,
    has_skill,
    is_used_up,
    skill,
    skill_state,
    switch_side,
    uses_this_turn,
)

from . import wei as _wei  # noqa: E402,F401
from . import shu as _shu  # noqa: E402,F401
from . import wu as _wu  # noqa: E402,F401
from . import qun as _qun  # noqa: E402,F401

__all__ = [
    "KINDS",
    "SKILLS",
    "STANDARD_GENERALS",
    "VANILLA",
    "Action",
    "Skill",
    "SkillBook",
    "SkillError",
    "announce",
    "has_skill",
    "is_used_up",
    "skill",
    "skill_state",
    "switch_side",
    "uses_this_turn",
]
