"""Bots: functions from (what a seat sees, the request) to a choice.

A bot's randomness comes from the game seed, its seat and the decision's
number, so it decides the same at the same position whether the game ran
straight through or was resumed from a record.  A bot that searches by
forking the game (``replay.search``) says so with ``wants_game`` and is also
given the running game (the record so far).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..requests import Choice, Request
from ..rng import Draws
from ..state import State
from ..view import SeatView

Bot = Callable[[SeatView, Request, Draws], Choice]

BOTS: dict[str, Bot] = {}


def register(name: str) -> Callable[[Bot], Bot]:
    def add(bot: Bot) -> Bot:
        BOTS[name] = bot
        return bot

    return add


def bot_rng(state: State, seat: int) -> Draws:
    return Draws(state.seed, "bot", state.decisions * 16 + seat)


def bot_choice(name: str, state: State, request: Request, game: Any = None) -> Choice:
    """What bot ``name`` answers to ``request`` from the seat asked (``game``: the
    running ``core.game.Game``, for a bot that searches)."""
    try:
        bot = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})") from None
    view, rng = SeatView(state, request.seat), bot_rng(state, request.seat)
    if getattr(bot, "wants_game", False):
        if game is None:
            raise ValueError(f"bot {name!r} searches the game: it needs the running game")
        return bot(view, request, rng, game)
    return bot(view, request, rng)


from . import basic as _basic  # noqa: E402,F401
from . import random_bot as _random  # noqa: E402,F401
