"""What a mode decides: set-up, turn order, who wins, what a death brings."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State


class ModeError(ValueError):
    """A mode, player count or option that cannot be played."""


class Mode:
    id: str = ""
    title_zh: str = ""
    seed: str = ""  # the rule text it follows
    players: range = range(0)
    Options: type[msgspec.Struct]

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Validate a player count and options; return the options with defaults filled in."""
        if players not in self.players:
            raise ModeError(f"mode {self.id!r} takes {self.players.start}-{self.players.stop - 1} players, not {players}")
        try:
            opts = msgspec.convert(options, self.Options)
        except msgspec.ValidationError as exc:
            raise ModeError(f"mode {self.id!r}: bad option: {exc}") from None
        return msgspec.structs.asdict(opts)

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        """The card numbers this game plays with; () means all 160."""
        return ()

    def setup(self, engine: "Engine") -> Generator:
        raise NotImplementedError

    def next_seat(self, state: "State") -> int:
        return 0 if state.current < 0 else state.next_alive(state.current)

    def winner(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        raise NotImplementedError

    def after_death(self, engine: "Engine", seat: int, killer: int) -> Generator:
        return
        yield  # pragma: no cover


MODES: dict[str, Mode] = {}


def register(mode: Mode) -> Mode:
    if mode.id in MODES:
        raise ValueError(f"mode {mode.id!r} is registered twice")
    MODES[mode.id] = mode
    return mode


def mode_of(mode_id: str) -> Mode:
    try:
        return MODES[mode_id]
    except KeyError:
        known = ", ".join(sorted(MODES))
        raise ModeError(f"unknown mode {mode_id!r} (modes: {known})") from None
