"""Official hegemony (国战, seed 001): the ruleset, its cards, generals and skills."""
from __future__ import annotations

from ..base import RULESETS, register
from . import skills as _skills  # noqa: F401  (defines the skills into the generals' pack)
from .ruleset import Hegemony

if Hegemony.id not in RULESETS:
    register(Hegemony())

__all__ = ["Hegemony"]
