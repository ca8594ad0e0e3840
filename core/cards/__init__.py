"""Card rules, one module per family, registered by card name in the
``standard-cards`` content pack.

A card name without a rule in a game's content is never offered as a play:
the engine skips it, and a deck that needs it is refused with a clear error.
"""
from __future__ import annotations

from .base import STANDARD_CARDS, CardRule, register

# Each family registers its rules (and hooks) on import.
from . import basic as _basic  # noqa: E402,F401
from . import nullification as _nullification  # noqa: E402,F401
from . import tricks as _tricks  # noqa: E402,F401
from . import delayed as _delayed  # noqa: E402,F401
from . import weapons as _weapons  # noqa: E402,F401
from . import armor as _armor  # noqa: E402,F401
from . import horses as _horses  # noqa: E402,F401
from . import chain as _chain  # noqa: E402,F401

__all__ = ["STANDARD_CARDS", "CardRule", "register"]
