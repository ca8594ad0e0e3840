"""What every card rule provides, and the registry of rules by card name."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from ..requests import Choice, Request

    Flow = Generator[Request, Choice, Any]


class CardRule:
    """The rule of one card name.  Subclasses override what differs."""

    name: str = ""
    placement: str = "processing"  # where the card goes when used

    def usable(self, engine: "Engine", seat: int) -> bool:
        """May ``seat`` use this card in its play phase at all?"""
        return True

    def target_choices(self, engine: "Engine", seat: int, card: int) -> list[tuple[int, ...]]:
        """The legal target tuples; ``()`` for a card used on oneself or everyone."""
        return [()]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        """The card's effect once used (targets already chosen and confirmed)."""
        raise NotImplementedError(f"card {self.name!r} has no effect")
        yield  # pragma: no cover

    def resolve_delayed(self, engine: "Engine", seat: int, card: int) -> "Flow":
        raise NotImplementedError(f"card {self.name!r} is not a delayed trick")
        yield  # pragma: no cover


RULES: dict[str, CardRule] = {}


def register(rule: CardRule, *names: str) -> CardRule:
    """Register ``rule`` under its name (or under each of ``names``)."""
    for name in names or (rule.name,):
        if name in RULES:
            raise ValueError(f"card {name!r} has two rules")
        RULES[name] = rule
    return rule
