"""A recorded game: a Game whose events are appended to a record as they happen."""
from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.digest import blake2b
from sanguozhi.core.events import RULES_VERSION
from sanguozhi.core.game import Game, new_game
from sanguozhi.core.requests import Choice

from .format import FORMAT_VERSION, Header, RecordWriter


def sim_game_id(mode: str, players: int, seed: int, options: dict[str, Any], bots: dict[str, str]) -> str:
    """A bot game's id follows from what determines it, so a rerun has the same id."""
    key = repr((mode, players, seed, sorted(options.items()), sorted(bots.items()), RULES_VERSION))
    return blake2b(key.encode(), digest_size=8).hexdigest()


def new_game_id() -> str:
    return uuid.uuid4().hex[:16]


def fresh_seed() -> int:
    """A seed nobody chose: the operating system's entropy (``core.commit``)."""
    import secrets

    from sanguozhi.core.commit import SEED_BITS

    return secrets.randbits(SEED_BITS)


def start_recorded(
    path: str | Path,
    mode: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    bots: dict[int, str],
    game_id: str | None = None,
    *,
    atomic: bool = False,
    flush: Literal["decision", "close"] = "decision",
    people: dict[int, str] | None = None,
    commit: bool = False,
    formal: frozenset[int] = frozenset(),
) -> tuple[Game, RecordWriter]:
    """Start a game whose every event goes to the record at ``path`` (``atomic``: named when whole; ``flush``: see RecordWriter).

    ``people`` names the person at each seat without a bot; ``commit``: the
    seed is kept from the table and committed to (``core.commit``), which
    needs the game's id first (a new one unless ``game_id`` is given).
    """
    bot_names = {str(s): b for s, b in bots.items()}
    if commit:
        from sanguozhi.core.commit import commitment

        game_id = game_id or new_game_id()
        game = new_game(mode, players, seed, options, commit=commitment(game_id, seed), formal=formal)
    else:
        game = new_game(mode, players, seed, options, formal=formal)
    opts = game.state.options
    gid = game_id or sim_game_id(mode, players, seed, opts, bot_names)
    names = {str(s): n for s, n in sorted((people or {}).items())}
    header = Header(sgz="record", v=FORMAT_VERSION, game=gid, rules=RULES_VERSION, mode=mode, players=players, seed=seed, options=opts, bots=bot_names, people=names, commit=game.state.commit)
    writer = RecordWriter(path, header, atomic=atomic, flush=flush)
    writer.attach(game)
    return game, writer


def start_person_game(
    path: str | Path,
    mode: str,
    players: int,
    seed: int | None,
    options: dict[str, Any],
    bots: dict[int, str],
    *,
    people: dict[int, str] | None = None,
    game_id: str | None = None,
    formal: frozenset[int] = frozenset(),
) -> tuple[Game, RecordWriter]:
    """A recorded game that people play: the mode's defaults for a person first
    (identity: choosing one's general), then ``options``.  Without a ``seed``
    the deal is one nobody chose, committed to (``core.commit``); a seed given
    is the player's own choice (reproducing a game), not kept secret.
    ModeError if it cannot be played."""
    from sanguozhi.core.modes import ruleset_of

    opts = {**ruleset_of(mode).person_options, **options}
    committed = seed is None
    return start_recorded(path, mode, players, fresh_seed() if seed is None else seed, opts, bots, game_id=game_id or new_game_id(), people=people, commit=committed, formal=formal)


def advance(game: Game, bots: dict[int, str], after: Callable[[Game], bool] | None = None) -> bool:
    """Let the bots answer until the game ends or a seat without a bot must decide.

    ``after`` is called after each decision; False from it stops there (and is returned).
    """
    while not game.over:
        req = game.request
        assert req is not None
        name = bots.get(req.seat)
        if name is None:
            return True
        game.submit(bot_choice(name, game.state, req, game))
        if after is not None and not after(game):
            return False
    return True


def run_bots(game: Game, bots: dict[int, str], person: Callable[[Game], Choice | None] | None = None, after: Callable[[Game], bool] | None = None) -> bool:
    """Answer requests until the game ends; seats without a bot ask ``person``.

    ``after`` is called after each decision; it returns False to stop there.
    Returns False if the person quit or ``after`` stopped the game (the
    record so far stays valid).
    """
    while advance(game, bots, after):
        if game.over:
            return True
        if person is None:
            raise ValueError(f"seat {game.request.seat} has no bot and nobody is playing it")  # type: ignore[union-attr]
        choice = person(game)
        if choice is None:
            return False
        game.submit(choice)
        if after is not None and not after(game):
            return False
    return False
