"""Six-force hegemony (``hegemony-six``, seed 000's 国战): the five forces and careerists,
谋攻 cards and rulers, on official hegemony (``..hegemony``).  Its generals, rulers
and plots are the project's stand-ins, data files in ``data/`` (docs/modes/hegemony-six.md)."""
from __future__ import annotations

from ..base import RULESETS, register
from .ruleset import HegemonySix

if HegemonySix.id not in RULESETS:
    register(HegemonySix())

__all__ = ["HegemonySix"]
