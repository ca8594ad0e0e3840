"""What a person types at `sgz play` to give given answers: the steps' keys
(replay/steps.py), computed by playing the same game (same seed, options and
bots) with the answers a policy picks."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import Game, new_game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.requests import Choice, Request
from sanguozhi.replay.steps import Chooser, HandKeys, hand_keys


def first(game: Game, req: Request) -> Choice:
    """The first answer: the first enumerated choice, or the first cards of a pick."""
    return req.choices[0] if req.choices else Choice(cards=req.cards[: req.min])


def typed(mode: str, players: int, seed: int, seat: int, options: dict[str, Any] | None = None, answer: Callable[[Game, Request], Choice] = first, decisions: int = 10_000, turns: int | None = None) -> list[str]:
    """The lines typed for the person's first ``decisions`` answers (until the game ends,
    or turn ``turns`` is over)."""
    game = new_game(mode, players, seed, {**ruleset_of(mode).person_options, **(options or {})})
    keys: HandKeys | None = None
    lines: list[str] = []
    while not game.over and len(lines) < decisions and (turns is None or game.state.turn <= turns):
        req = game.request
        st = game.state
        if st.chars[req.seat].owner != seat:
            game.submit(bot_choice("basic", st, req))
            continue
        keys = hand_keys(st, seat, keys)
        choice = answer(game, req)
        lines.append(" ".join(Chooser(req, st, keys).keys_for(choice)))
        game.submit(choice)
    return lines
