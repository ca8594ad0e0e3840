"""The basic cards: 杀 (and 火杀, 雷杀), 闪, 桃, 酒."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import CardRule, register

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from .base import Flow

NATURE = {"slash": "normal", "fire_slash": "fire", "thunder_slash": "thunder"}


class Slash(CardRule):
    """杀: one target in attack range, once per turn; a 闪 cancels it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.nature = NATURE[name]

    def usable(self, engine: "Engine", seat: int) -> bool:
        return engine.can_slash(seat)

    def target_choices(self, engine: "Engine", seat: int, card: int) -> list[tuple[int, ...]]:
        st = engine.state
        return [(t,) for t in st.seats_from(seat) if t != seat and engine.in_range(seat, t)]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        for target in use.targets:
            if target in use.cancelled or not engine.state.players[target].alive:
                continue
            yield from self.hit(engine, use, target)

    def hit(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        needed = use.extra.get("dodges_needed", 1)
        for _ in range(needed):
            dodged = yield from engine.respond(target, ("dodge",), prompt=f"{self.name}:{use.seat}")
            if not dodged:
                break
        else:
            return
        yield from engine.damage(use.seat, target, 1 + use.bonus, self.nature, card=self.name, cards=use.cards)


class Dodge(CardRule):
    """闪: only ever played in answer to a 杀 (or what asks for a 闪)."""

    name = "dodge"

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False


class Peach(CardRule):
    """桃: in your play phase recover 1 if hurt; or save a dying character."""

    name = "peach"

    def usable(self, engine: "Engine", seat: int) -> bool:
        p = engine.state.players[seat]
        return p.hp < p.max_hp

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        target = use.targets[0] if use.targets else use.seat
        yield from engine.recover(target, 1, src=use.seat)


class Analeptic(CardRule):
    """酒: once per turn, +1 damage to your next 杀 this turn; or recover 1 while dying."""

    name = "analeptic"

    def usable(self, engine: "Engine", seat: int) -> bool:
        return engine.state.used.get("analeptic", 0) < 1

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        # The +1 is folded from the CardUsed event (State.drunk); only the
        # dying use has an effect to resolve here.
        if engine.state.players[use.seat].hp <= 0:
            yield from engine.recover(use.seat, 1, src=use.seat)


for _name in NATURE:
    register(Slash(_name))
register(Dodge())
register(Peach())
register(Analeptic())
