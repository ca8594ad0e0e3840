"""Bots from outside sgz, as a bot author writes them (``tests.core.external_bot:first``)."""
from __future__ import annotations

from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.view import SeatView


def first(view: SeatView, request: Request, rng: Draws) -> Choice:
    """The first legal answer; a pick takes the fewest cards it may."""
    if request.choices:
        return request.choices[0]
    return Choice(cards=request.cards[: request.min])


class Counting:
    """A bot with state of its own: a class is made once, then called."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, view: SeatView, request: Request, rng: Draws) -> Choice:
        self.asked += 1
        return first(view, request, rng)


not_a_bot = 42
