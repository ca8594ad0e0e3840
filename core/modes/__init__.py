"""Game modes, registered by id.  A mode is one module that registers itself."""
from __future__ import annotations

from .base import MODES, Mode, ModeError, mode_of, register

from . import identity as _identity  # noqa: E402,F401
from . import planned as _planned  # noqa: E402,F401

__all__ = ["MODES", "Mode", "ModeError", "mode_of", "register"]
