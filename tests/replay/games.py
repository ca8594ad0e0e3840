"""Seeded bot games for the replay tests (in memory, or recorded to a file)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.records.session import run_bots, start_recorded


def bots_for(players: int, bot: str = "basic") -> dict[int, str]:
    return {s: bot for s in range(players)}


def bot_game(players: int = 5, seed: int = 1, bot: str = "basic", max_turns: int = 30, mode: str = "identity", **options: Any) -> list[ev.Event]:
    """The events of a bot game cut at ``max_turns`` turns."""
    game = new_game(mode, players, seed, {"max_turns": max_turns, **options})
    run_bots(game, bots_for(players, bot))
    return game.events


def recorded_game(folder: Path, players: int = 5, seed: int = 1, bot: str = "basic", max_turns: int = 30) -> Path:
    """A bot game recorded in ``folder``; its path."""
    path = folder / f"game-{players}p-s{seed}-{bot}-t{max_turns}.jsonl"
    bots = bots_for(players, bot)
    game, writer = start_recorded(path, "identity", players, seed, {"max_turns": max_turns}, bots)
    with writer:
        run_bots(game, bots)
    return path


def long_game(min_events: int = 10_000) -> list[ev.Event]:
    """A 10-seat basic-deck, basic-bot game of at least ``min_events`` events.

    Most such games end after a few thousand events; some stall (nobody can
    kill anybody) and run to the turn limit.  The first such seed from 11 is
    taken (11 at the time of writing: 14,724 events at 1,200 turns).
    """
    for seed in range(11, 111):
        events = bot_game(10, seed, "basic", max_turns=max(1200, min_events // 8), deck="basic")
        if len(events) >= min_events:
            return events
    raise AssertionError(f"no seed in 11-110 gives a game of {min_events} events")
