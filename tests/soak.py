"""The soaks' size, and one game of a bounded soak: bots play it to the end into
a record, which must re-execute whole (``sgz validate --complete``) and fold
to the live state.

The default run keeps every soak, fuzz run and property test bounded (a few
seconds each); ``SGZ_SOAK=K`` multiplies their games and examples by K for a
longer run (``SGZ_SOAK=10 python -m pytest -m slow``), each extra game on seeds
the default run does not play."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.state import snapshot
from sanguozhi.records.check import check
from sanguozhi.records.session import run_bots, start_recorded


def scale() -> int:
    """``SGZ_SOAK``, or ValueError saying in one line what it must be (the run's
    configuration refuses a bad one before any test, ``tests/conftest.py``)."""
    given = os.environ.get("SGZ_SOAK", "1")
    if not given.isdigit() or int(given) < 1:
        raise ValueError(f"SGZ_SOAK must be a whole number ≥ 1 (how many times the default soak to run), not {given!r}")
    return int(given)


def soak(n: int) -> int:
    """``n`` games (or examples) in the default run; ``n`` × ``SGZ_SOAK`` in a longer one."""
    return n * scale()


def checked_bot_game(path: Path, mode: str, players: int, seed: int, options: dict[str, Any], bots: dict[int, str]) -> Game:
    game, writer = start_recorded(path, mode, players, seed, options, bots)
    with writer:
        run_bots(game, bots)
    assert game.state.ended, f"{path.name} did not end"
    c = check(path)
    assert c.ok and c.finished, c.error
    assert snapshot(fold(game.events)) == snapshot(game.state)
    return game
