"""How the `basic` bot plays the Hero Kill 3v3 modes: sides by team, and
answers to the modes' own decisions.

Registered into ``core.bots.basic`` on import: the modes' relations
(``MODE_RELATIONS``: every side is public, an enemy is of the other team),
answers by request kind (``HANDLERS``) and, for picks, by prompt (``PICKS``).
Reads only the SeatView and the request.  (herokill-identity plays like
identity: its roles are identity's.)
"""
from __future__ import annotations

from ..requests import Choice, Request
from ..rng import Draws
from ..view import SeatView
from .basic import HANDLERS, MODE_RELATIONS, PICKS, Relations


def _teams(view: SeatView) -> Relations:
    sides = [view.side(s) for s in range(view.n)]
    mine = sides[view.seat]
    return sides, [s is not None and s != mine for s in sides], [s == mine for s in sides]


def _coin(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Pick order, action order: either is fair, so toss a coin."""
    return request.choices[rng.below(len(request.choices))]


def _action(view: SeatView, request: Request, rng: Draws) -> Choice:
    """The captain acts itself half the time; otherwise the vices act, either one first."""
    mine = [c for c in request.choices if c.option == "captain"]
    vices = [c for c in request.choices if c.option == "vices"]
    if not vices or rng.below(2) == 0:
        return mine[0]
    return vices[rng.below(len(vices))]


def _bequest(view: SeatView, request: Request, rng: Draws) -> Choice:
    """A dead character leaves its cards to the teammate holding the fewest."""
    mates = [c for c in request.choices if not c.is_pass]
    return min(mates, key=lambda c: (view.hand_count(c.targets[0]), c.targets[0]))


def _bequest_cards(view: SeatView, request: Request, rng: Draws) -> Choice:
    return Choice(cards=request.cards[: request.max])


for _mode in ("3v3-casual", "3v3-competitive"):
    MODE_RELATIONS[_mode] = _teams
HANDLERS.update({"pick_order": _coin, "act_order": _coin, "action": _action, "bequest": _bequest})
PICKS["bequest_cards"] = _bequest_cards
