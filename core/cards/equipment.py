"""What every equipment card shares: using it puts it into its slot.

A slot holds one card (seed 000 注意事项 2): the old one of the same slot is
discarded first ("replace"), then the new one enters from the processing
zone.  Leaving the equipment zone any way runs ``core.windows.EQUIP_LOST``
(白银狮子 recovers there).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..deck import KINDS
from .base import NAMES, CardRule

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from ..state import State
    from .base import Flow


class EquipRule(CardRule):
    def __init__(self, name: str, text_zh: str, text_en: str) -> None:
        self.name = name
        self.slot = KINDS[name].subtype
        self.text_zh = text_zh
        self.text_en = text_en

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st = engine.state
        seat = use.seat
        if len(use.cards) != 1 or use.cards[0] not in st.processing or not st.chars[seat].alive:
            return
        card = use.cards[0]
        slot = KINDS[NAMES[card]].subtype if KINDS[NAMES[card]].type == "equip" else self.slot
        old = st.chars[seat].equip.get(slot)
        if old is not None:
            engine.move((old,), "equip", "discard", src_seat=seat, reason="replace")
        engine.move((card,), "processing", "equip", dst_seat=seat, reason="equip")
        return
        yield  # pragma: no cover


def wields(name: str, slot: str = "weapon"):
    """``holds`` for a hook: the seat has ``name`` in its ``slot``."""

    def holds(state: "State", seat: int) -> bool:
        card = state.chars[seat].equip.get(slot)
        return card is not None and NAMES[card] == name

    return holds


def armor_counts(use: "UseCtx | None", seat: int) -> bool:
    """Armour works unless the card use dealing with ``seat`` ignores it (青釭剑)."""
    return use is None or seat not in use.ignore_armor
