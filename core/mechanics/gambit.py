"""博弈 (gambit, term 95): a game of rock-paper-scissors between two characters.

Each chooses one option in secret (a decision whose ``vis`` is its own seat:
the record keeps both, no other seat sees them); then both are shown
together.  If the option of the one gambled against (被博弈者) counters the
option of the one who started it, the former wins; in every other case —
ties included — the one who started it wins.
"""
from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from ..requests import Choice, Request
from .events import GambitShown

if TYPE_CHECKING:
    from ..engine import Engine


def winner(seat: int, target: int, chose: str, answer: str, beats: Mapping[str, str]) -> int:
    """Who wins: ``target`` only if its ``answer`` counters (克制) ``chose``."""
    return target if beats.get(answer) == chose else seat


def gambit(engine: "Engine", seat: int, target: int, source: str, beats: Mapping[str, str]) -> Generator[Any, Any, int]:
    """``seat`` gambles against ``target`` (for skill ``source``); ``beats`` maps each
    option to the one it counters.  Returns the winner."""
    options = tuple(Choice(option=o) for o in beats)
    chars = engine.state.chars
    picks = []
    for who, other in ((seat, target), (target, seat)):
        owner = chars[who].owner
        pick = yield from engine.ask(Request(who, "gambit", prompt=f"gambit:{source}:{other}", choices=options, vis=(owner,), together=True))
        picks.append(pick.option)
    chose, answer = picks
    won = winner(seat, target, chose, answer, beats)
    engine.emit(GambitShown(seat=seat, target=target, source=source, chose=chose, answer=answer, winner=won))
    return won
