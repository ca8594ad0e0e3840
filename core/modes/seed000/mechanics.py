"""What a ruleset that plays seed 000's mechanics shares: the packs, events, names and prose."""
from __future__ import annotations

from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.content import Pack
from sanguozhi.core.mechanics import EVENTS, HANDLERS, MECHANICS, NAMES, narrate
from sanguozhi.core.mechanics.project import PROJECT


class Seed000Mechanics:
    """A mixin for a ruleset: installs the mechanics and the project's generals after
    its own packs, folds and narrates the mechanics' events, names their rules."""

    events: tuple[type[ev.Event], ...] = EVENTS
    handlers: dict[type, Any] = HANDLERS
    display_names: dict[str, tuple[str, str]] = NAMES

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        return (*super().packs(options), MECHANICS, PROJECT)  # type: ignore[misc]

    def narrate(self, n: Any, event: ev.Event) -> str | None:
        return narrate(n, event)
