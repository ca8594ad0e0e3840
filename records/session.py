"""A recorded game: a Game whose events are appended to a record as they happen."""
from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from core.bots import bot_choice
from core.events import RULES_VERSION
from core.game import Game, new_game
from core.requests import Choice

from .format import FORMAT_VERSION, Header, RecordWriter


def sim_game_id(mode: str, players: int, seed: int, options: dict[str, Any], bots: dict[str, str]) -> str:
    """A bot game's id follows from what determines it, so a rerun has the same id."""
    key = repr((mode, players, seed, sorted(options.items()), sorted(bots.items()), RULES_VERSION))
    return hashlib.blake2b(key.encode(), digest_size=8).hexdigest()


def new_game_id() -> str:
    return uuid.uuid4().hex[:16]


def start_recorded(path: str | Path, mode: str, players: int, seed: int, options: dict[str, Any], bots: dict[int, str], game_id: str | None = None, *, atomic: bool = False, flush: Literal["decision", "close"] = "decision") -> tuple[Game, RecordWriter]:
    """Start a game whose every event goes to the record at ``path`` (``atomic``: named when whole; ``flush``: see RecordWriter)."""
    bot_names = {str(s): b for s, b in bots.items()}
    game = new_game(mode, players, seed, options)
    opts = game.state.options
    gid = game_id or sim_game_id(mode, players, seed, opts, bot_names)
    header = Header(sgz="record", v=FORMAT_VERSION, game=gid, rules=RULES_VERSION, mode=mode, players=players, seed=seed, options=opts, bots=bot_names)
    writer = RecordWriter(path, header, atomic=atomic, flush=flush)
    writer.write_all(game.events)
    game.on_event = writer.sink
    return game, writer


def run_bots(game: Game, bots: dict[int, str], person: Callable[[Game], Choice | None] | None = None) -> bool:
    """Answer requests until the game ends; seats without a bot ask ``person``.

    Returns False if the person quit (the record so far stays valid).
    """
    while not game.over:
        req = game.request
        assert req is not None
        name = bots.get(req.seat)
        if name is None:
            if person is None:
                raise ValueError(f"seat {req.seat} has no bot and nobody is playing it")
            choice = person(game)
            if choice is None:
                return False
        else:
            choice = bot_choice(name, game.state, req)
        game.submit(choice)
    return True
