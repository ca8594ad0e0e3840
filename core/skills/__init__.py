"""Skills: the framework (``core.skills.base``) and the standard generals' skills.

Each kingdom's module registers its skills on import (printed data with
``define``; behaviour with ``trigger``, ``action``, ``form`` or a modifier
point).  ``check_generals`` then makes sure every skill a general names
exists: a missing skill is an import error, never silently skipped.
"""
from __future__ import annotations

from .base import (
    ACTIONS,
    KINDS,
    SKILLS,
    Action,
    Skill,
    SkillError,
    announce,
    check_generals,
    has_skill,
    is_used_up,
    play_actions,
    skill,
    skill_state,
    skills_of,
    switch_side,
    uses_this_turn,
)

from . import wei as _wei  # noqa: E402,F401
from . import shu as _shu  # noqa: E402,F401
from . import wu as _wu  # noqa: E402,F401
from . import qun as _qun  # noqa: E402,F401

check_generals()

__all__ = [
    "ACTIONS",
    "KINDS",
    "SKILLS",
    "Action",
    "Skill",
    "SkillError",
    "announce",
    "check_generals",
    "has_skill",
    "is_used_up",
    "play_actions",
    "skill",
    "skill_state",
    "skills_of",
    "switch_side",
    "uses_this_turn",
]
