"""Bots: functions from (what a seat sees, the request) to a choice.

``Bot`` is the protocol, and the one way to plug a bot into ``sgz sim``,
``sgz play``, ``sgz arena`` and the live tables: ``BOTS`` finds a bot by its
name (``core.bots.lookup``: registered here, an entry point of the group
``sanguozhi.bots``, or ``module:callable``).

A bot's randomness comes from the game seed, its seat and the decision's
number, so it decides the same at the same position whether the game ran
straight through or was resumed from a record.  The seed decides every hidden
fact of the game, so a bot never reads it: its stream is keyed by a one-way
hash of the seed and its seat (``bot_rng``), from which neither the seed nor
another seat's stream can be worked out.  A bot that searches by
forking the game (``replay.search``) says so with ``wants_game`` and is also
given the running game (the record so far).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..digest import blake2b
from ..requests import Choice, Request
from ..rng import Draws
from ..state import State
from ..view import SeatView
from .lookup import BotError, BotTable, well_formed

__all__ = ["BOTS", "Bot", "BotError", "bot_choice", "bot_rng", "load", "only_answer", "register", "well_formed"]


class Bot(Protocol):
    """A bot: what its seat sees (``view``: nothing the rules hide), the pending
    ``request`` (asked of that seat) and its own random stream (``rng``,
    keyed so that it answers the same at the same position of a resumed
    game) -> one of the request's legal answers.  A question with one legal
    answer is answered for it.  A bot that searches by forking the game sets
    ``wants_game = True`` and is called with the running game as a fourth
    argument."""

    def __call__(self, view: SeatView, request: Request, rng: Draws, /) -> Choice: ...


BOTS = BotTable()


def load(name: str) -> Bot:
    """The bot ``name`` names, ``module:callable`` included (a name the user
    typed: ``sgz sim --bots``); BotError, one line, when there is none."""
    return BOTS.load(name)


def register(name: str) -> Callable[[Bot], Bot]:
    def add(bot: Bot) -> Bot:
        BOTS[name] = bot
        return bot

    return add


_KEYS: dict[tuple[int, int], int] = {}


def _bot_key(seed: int, seat: int) -> int:
    key = _KEYS.get((seed, seat))
    if key is None:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        digest = blake2b(b"%d|%d" % (seed, seat), digest_size=8, person=b"sgz-bot").digest()
        key = _KEYS[(seed, seat)] = int.from_bytes(digest, "little")
    return key


def bot_rng(state: State, seat: int) -> Draws:
    """The random stream of ``seat``'s bot at this decision (see the module docstring)."""
    return Draws(_bot_key(state.seed, seat), "bot", state.decisions)


def only_answer(request: Request) -> Choice | None:
    """The one legal answer of ``request``, if it has only one."""
    if request.choices:
        return request.choices[0] if len(request.choices) == 1 else None
    if request.min == request.max == len(request.cards):
        return Choice(cards=request.cards)
    return None


def bot_choice(name: str, state: State, request: Request, game: Any = None) -> Choice:
    """What bot ``name`` answers to ``request`` from the seat asked (``game``: the
    running ``core.game.Game``, for a bot that searches)."""
    bot = BOTS.find(name)
    if bot is None:
        raise KeyError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    only = only_answer(request)
    if only is not None:
        return only  # a question with one legal answer (a secret one asked anyway): nothing to think about
    view, rng = SeatView(state, request.seat), bot_rng(state, request.seat)
    if getattr(bot, "wants_game", False):
        if game is None:
            raise ValueError(f"bot {name!r} searches the game: it needs the running game")
        return bot(view, request, rng, game)
    return bot(view, request, rng)

