"""A policy trained on the env, as a ``Bot``: what ``sgz arena``, ``sgz sim --bots`` and the tables seat.

    from sanguozhi.core.bots import register
    from sanguozhi.rl.bot import policy_bot

    register("mine")(policy_bot(lambda obs: int(obs["action_mask"].argmax())))

The bot asks ``policy`` exactly what the env would ask the agent at that
seat: the same observation (``Observer``, built only from the seat's view:
the ``SeatView`` it is given is the projection of the game on that seat,
and the observation reads nothing else) and the same mask, one step of the
answer at a time (``actions="factored"``) or the whole answer (``"flat"``).
The vocabularies are those of the game's mode, seats and options, made once
per table.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.view import SeatView

from .actions import Factored, Flat, Steps
from .layout import vocab
from .observe import Observer

Policy = Callable[[dict[str, np.ndarray]], int]


class PolicyBot:
    """``policy(observation dict) -> action`` answering a seat's requests."""

    def __init__(self, policy: Policy, actions: str = "factored") -> None:
        if actions not in ("factored", "flat"):
            raise ValueError(f"actions={actions!r}: choose factored or flat")
        self.policy, self.actions = policy, actions
        self._tables: dict[tuple[str, int, str], tuple[Observer, Factored]] = {}

    def _table(self, view: SeatView) -> tuple[Observer, Factored]:
        seats = len(view._s.seats)  # public: the table's size
        key = (view.mode, seats, repr(sorted(view.options.items())))
        made = self._tables.get(key)
        if made is None:
            v, _ = vocab(view.mode, seats, dict(view.options))
            made = self._tables[key] = (Observer(v), Factored(v))
        return made

    def __call__(self, view: SeatView, request: Request, rng: Draws, /) -> Choice:
        observer, factored = self._table(view)
        state = view._s  # the seat's projection only: Observer.encode reads view(state, seat) and the table's distances
        seat = view.seat
        if self.actions == "flat":
            answers = Flat().answers(request)
            obs = {"observation": observer.encode(state, seat, request), "action_mask": Flat().mask(answers)}
            return answers[self._legal(obs)]
        steps: Steps = factored.start(request)
        while True:
            obs = {"observation": observer.encode(state, seat, request, steps), "action_mask": factored.mask(steps)}
            choice = factored.take(steps, self._legal(obs))
            if choice is not None:
                return choice

    def _legal(self, obs: dict[str, Any]) -> int:
        a = int(self.policy(obs))
        if not obs["action_mask"][a]:
            raise ValueError(f"the policy chose action {a}, which the mask does not allow")
        return a


def policy_bot(policy: Policy, actions: str = "factored") -> PolicyBot:
    """A ``Bot`` that plays ``policy`` (see the module docstring)."""
    return PolicyBot(policy, actions)
