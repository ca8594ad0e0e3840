"""The seed modes that are modelled (docs/ARCHITECTURE.md) but not yet playable.

They are registered so that `sgz` names them and refuses them with a clear
error instead of an unknown-mode message.
"""
from __future__ import annotations

from typing import Any

from .base import ModeError, Ruleset, register


class Planned(Ruleset):
    playable = False

    def __init__(self, mode_id: str, title_zh: str, seed: str, players: range) -> None:
        super().__init__()
        self.id, self.title_zh, self.seed, self.players = mode_id, title_zh, seed, players

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        raise ModeError(f"mode {self.id!r} ({self.title_zh}, seed {self.seed}) is modelled but not playable yet; see the documentation's 'Not built yet' (docs/not-built.md)")


# (mode id, title, seed, players) of each modelled mode not yet playable; none at present.
PLANNED: tuple[tuple[str, str, str, range], ...] = ()
for _args in PLANNED:
    register(Planned(*_args))
