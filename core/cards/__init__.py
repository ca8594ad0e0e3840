"""Card rules, one module per family, registered by card name.

A card name without a registered rule is never offered as a play: the engine
skips it, and a deck that needs it is refused with a clear error.
"""
from __future__ import annotations

from .base import RULES, CardRule, register

# Each family registers its rules on import.
from . import basic as _basic  # noqa: E402,F401

__all__ = ["RULES", "CardRule", "register"]
