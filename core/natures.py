"""Damage natures (伤害类型, seed 000 terms 27 and 86).

``normal`` damage has no nature.  The *attribute* natures (属性伤害) are the
ones an iron chain passes on (``core.cards.chain``): seed 000 names fire,
thunder and water (the standard cards deal only the first two; water comes
from seed 000's skills).  A content pack may add a nature of its own with
``add_nature``; the chain rule and narration read this table, never a name.
"""
from __future__ import annotations

from typing import NamedTuple


class Nature(NamedTuple):
    zh: str  # as in 造成1点{zh}伤害 ("" for normal damage)
    en: str  # as in "deals 1 {en} damage" ("" for normal damage)
    attribute: bool  # 属性伤害: passed along iron chains


NATURES: dict[str, Nature] = {
    "normal": Nature("", "", False),
    "fire": Nature("火焰", "fire", True),
    "thunder": Nature("雷电", "thunder", True),
    "water": Nature("水", "water", True),
}


def add_nature(nature_id: str, zh: str, en: str, *, attribute: bool = True) -> Nature:
    """Print a nature of damage (a pack's own); the same id may not mean two things."""
    nature = Nature(zh, en, attribute)
    known = NATURES.get(nature_id)
    if known is not None and known != nature:
        raise ValueError(f"damage nature {nature_id!r} is already {known}")
    NATURES[nature_id] = nature
    return nature


def is_attribute(nature_id: str) -> bool:
    """Is this an attribute nature (属性伤害), the kind iron chains pass on?"""
    n = NATURES.get(nature_id)
    return n is not None and n.attribute
