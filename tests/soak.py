"""One game of a bounded soak: bots play it to the end into a record, which must
re-execute whole (``sgz validate --complete``) and fold to the live state."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.state import snapshot
from sanguozhi.records.check import check
from sanguozhi.records.session import run_bots, start_recorded


def checked_bot_game(path: Path, mode: str, players: int, seed: int, options: dict[str, Any], bots: dict[int, str]) -> Game:
    game, writer = start_recorded(path, mode, players, seed, options, bots)
    with writer:
        run_bots(game, bots)
    assert game.state.ended, f"{path.name} did not end"
    c = check(path)
    assert c.ok and c.finished, c.error
    assert snapshot(fold(game.events)) == snapshot(game.state)
    return game
