"""`random`: uniform over the legal choices (a pick: a uniform size, then a uniform subset)."""
from __future__ import annotations

from ..requests import Choice, Request
from ..rng import Draws
from ..view import SeatView
from . import register


@register("random")
def random_bot(view: SeatView, request: Request, rng: Draws) -> Choice:
    if request.choices:
        return rng.choice(request.choices)
    k = request.min + rng.below(request.max - request.min + 1)
    pool = list(request.cards)
    rng.shuffle(pool)
    return Choice(cards=tuple(pool[:k]))
