"""烽火狼烟, 万箭齐发, 休养生息 and 五谷丰登 resolved in the direction their user
chooses (3v3 competitive, seed 004: 需要出此牌的玩家指定结算顺序（逆时针或顺时针）).

The direction is part of the use: each card is offered twice, its targets
in turn order (counter-clockwise, the way play goes) and in the reverse
order (clockwise); the user's own place stays first where the card starts
with the user (休养生息, 五谷丰登).  These rules replace the standard ones in
the pack of the mode that installs them, for that mode only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.tricks import AmazingGrace, ArcheryAttack, GodSalvation, SavageAssault
from ...content import Pack

if TYPE_CHECKING:
    from ...engine import Engine


class EitherWay:
    """A mass card whose targets may be resolved in either direction."""

    @property
    def text_zh(self) -> str:
        return super().text_zh + "使用者指定结算顺序（逆时针或顺时针）。"  # type: ignore[misc]

    @property
    def text_en(self) -> str:
        return super().text_en + " Its user chooses the order: counter-clockwise or clockwise."  # type: ignore[misc]

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        out = []
        for targets in super().target_choices(engine, seat, card):  # type: ignore[misc]
            out.append(targets)
            head = targets[:1] if targets[:1] == (seat,) else ()
            rest = targets[len(head) :]
            if len(rest) > 1:
                out.append(head + rest[::-1])
        return out


class SavageAssaultEitherWay(EitherWay, SavageAssault):
    pass


class ArcheryAttackEitherWay(EitherWay, ArcheryAttack):
    pass


class GodSalvationEitherWay(EitherWay, GodSalvation):
    pass


class AmazingGraceEitherWay(EitherWay, AmazingGrace):
    pass


EITHER_WAY = Pack("herokill-either-way", "结算顺序自选", "Mass cards either way")
for _rule in (SavageAssaultEitherWay(), ArcheryAttackEitherWay(), GodSalvationEitherWay(), AmazingGraceEitherWay()):
    EITHER_WAY.card(_rule)
