"""天地人's own events: 勾玉 gained or spent, and the 终局 board turning over.

An earned identity needs no event of its own: it is the core ``RoleShown``
(seed 002: every identity, once taken from the row, lies face up for all).
"""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import FoldError
from sanguozhi.core.state import State

from .endgame import deaths_needed, in_endgame


class GouyuChanged(ev.Event, tag="tdr_gouyu"):
    """A seat gains (``n`` > 0) or spends (``n`` < 0) 勾玉; ``reason`` says why:
    ``reveal`` (the n-th to earn an identity), ``kill`` (a rebel's killer),
    ``duihuan`` (cashed in), or the identity skill that paid it."""

    seat: int
    n: int
    reason: str = ""


class EndgameStarted(ev.Event, tag="tdr_endgame"):
    """终局: the pile has been reshuffled and ``deaths`` characters have died (seed 002)."""

    deaths: int


def _gouyu(s: State, e: GouyuChanged) -> None:
    seat = s.seats[e.seat]
    if seat.points + e.n < 0:
        raise FoldError(f"seat {e.seat} has {seat.points} 勾玉, cannot spend {-e.n}")
    seat.points += e.n


def _endgame(s: State, e: EndgameStarted) -> None:
    # The board is a fact of the table, not a free choice: a record that turns it
    # over before the seed's condition holds is refused.
    if not in_endgame(s):
        raise FoldError(f"the endgame needs a reshuffled pile and {deaths_needed(s.n)} dead")


HANDLERS = {GouyuChanged: _gouyu, EndgameStarted: _endgame}
EVENTS = (GouyuChanged, EndgameStarted)
