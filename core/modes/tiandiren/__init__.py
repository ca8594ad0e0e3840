"""天地人 (seed 002): earned identities, 勾玉, identity and force skills, the 终局.

``ruleset`` is the mode; ``identity`` the row of identity cards and earning
one; ``skills`` what the mode grants (亮将, 兑换, identity and force skills);
``endgame`` the 终局 and the seed's card texts; ``events`` its own events.
"""
from __future__ import annotations

from ..base import register
from .ruleset import TianDiRen

register(TianDiRen())

__all__ = ["TianDiRen"]
