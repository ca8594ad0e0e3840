"""The horses: -1 (进攻马) shortens your distance to others, +1 (防御马)
lengthens others' distance to you.  The distance itself is computed in
``core.distance``; these rules only put the card into its slot."""
from __future__ import annotations

from .base import register
from .equipment import EquipRule

register(
    EquipRule(
        "defensive_horse",
        "锁定技，其他角色计算与你的距离+1。",
        "Compulsory: other characters count their distance to you as 1 more.",
    )
)
register(
    EquipRule(
        "offensive_horse",
        "锁定技，你计算与其他角色的距离-1。",
        "Compulsory: you count your distance to other characters as 1 less.",
    )
)
