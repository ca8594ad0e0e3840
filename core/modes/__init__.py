"""Game modes, registered by id.  A mode is a ruleset (``base.Ruleset``) in a
module or package of its own that registers itself; the engine never names one."""
from __future__ import annotations

from .base import RULESETS, ModeError, Ruleset, playable_modes, register, ruleset_of

from . import identity as _identity  # noqa: E402,F401
from .herokill import tripod as _tripod  # noqa: E402,F401
from . import tiandiren as _tiandiren  # noqa: E402,F401
from .herokill import identity as _herokill_identity  # noqa: E402,F401
from .herokill import casual as _herokill_casual  # noqa: E402,F401
from .herokill import competitive as _herokill_competitive  # noqa: E402,F401
from . import duel as _duel  # noqa: E402,F401
from . import hegemony as _hegemony  # noqa: E402,F401
from . import seed000 as _seed000  # noqa: E402,F401
from . import six as _six  # noqa: E402,F401
from . import planned as _planned  # noqa: E402,F401

# The modes that ship with sgz (tests may register more): what the record
# schema describes.
BUILTIN: tuple[str, ...] = tuple(sorted(RULESETS))

__all__ = ["BUILTIN", "RULESETS", "ModeError", "Ruleset", "playable_modes", "register", "ruleset_of"]
