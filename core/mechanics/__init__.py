"""Seed 000's extended mechanics, for any ruleset that installs them.

The glossary's kinds of damage (``damage``: water, execute, explosion and
splash), the gambit (``gambit``), and the skill kinds the standard set lacks
(``covert``, ``build``, ``legislate``, ``party`` with impeachment,
``formation``, ``staged``; printed by ``pack``).  Each module is the rule
text of one idea, as functions skills call; what belongs to no skill lives
in the ``MECHANICS`` pack.  The project's own generals that play every kind
are the ``project`` package (pack ``sgz-seed000``).

A ruleset installs ``MECHANICS`` (and ``project.PROJECT`` for the generals),
lists ``EVENTS`` among its events with their ``HANDLERS``, narrates them with
``narrate`` and names them with ``NAMES`` (``core.modes.seed000`` does).
"""
from __future__ import annotations

from .events import EVENTS, HANDLERS, NAMES, narrate
from .pack import KIND_NAMES, MECHANICS

from . import damage as _damage  # noqa: E402,F401
from . import party as _party  # noqa: E402,F401  (the impeachment penalty)

__all__ = ["EVENTS", "HANDLERS", "KIND_NAMES", "MECHANICS", "NAMES", "narrate"]
