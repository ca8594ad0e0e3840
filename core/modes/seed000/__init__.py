"""The modes of seed 000 beyond identity: ``identity-seed000`` (identity with the
project's generals for seed 000's skill kinds) and ``jade-seal`` (逐鹿天下).

Both install seed 000's mechanics (``core.mechanics``); ``mechanics`` holds
what every such ruleset shares.
"""
from __future__ import annotations

from ..base import register
from .identity_variant import IdentitySeed000
from .jade_seal import JadeSeal

register(IdentitySeed000())
register(JadeSeal())

__all__ = ["IdentitySeed000", "JadeSeal"]
