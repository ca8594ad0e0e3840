"""Game modes, registered by id.  A mode is a ruleset (``base.Ruleset``) in a
module or package of its own that registers itself; the engine never names one.

A built-in mode's module is imported when the mode is first asked for
(``ruleset_of``): a seek in one game's record imports that mode's rules and no
other.  ``RULESETS`` (every mode: imports them all) and ``load_all`` are for
what lists the modes.
"""
from __future__ import annotations

from typing import Any

from .base import BUILTIN_MODULES, ModeError, Ruleset, load_all, playable_modes, register, ruleset_of

BUILTIN_MODULES.update(
    {
        "identity": __name__ + ".identity",
        "tripod": __name__ + ".herokill.tripod",
        "tiandiren": __name__ + ".tiandiren",
        "herokill-identity": __name__ + ".herokill.identity",
        "3v3-casual": __name__ + ".herokill.casual",
        "3v3-competitive": __name__ + ".herokill.competitive",
        "duel": __name__ + ".duel",
        "hegemony": __name__ + ".hegemony",
        "identity-seed000": __name__ + ".seed000",
        "jade-seal": __name__ + ".seed000",
        "hegemony-six": __name__ + ".six",
    }
)

# The modes that ship with sgz (tests may register more): what the record
# schema describes.
BUILTIN: tuple[str, ...] = tuple(sorted(BUILTIN_MODULES))


def __getattr__(name: str) -> Any:
    # ``RULESETS`` is every mode: reading it imports the built-in ones first.
    if name == "RULESETS":
        return load_all()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BUILTIN", "BUILTIN_MODULES", "RULESETS", "ModeError", "Ruleset", "load_all", "playable_modes", "register", "ruleset_of"]
