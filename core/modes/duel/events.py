"""The duel's own events, and how they fold into the state.

- ``RowPlaced``: a player's generals are placed face down in a row; it adds
  their characters at the table (each general is a character of its own),
  standing at the next places of the ring;
- ``Redeployed``: 调遣, a general moves past its neighbour on its own side
  (the two swap places in the ring);
- ``RevealChosen``: the turn's own reveal (明置, once a turn), before its
  ``GeneralRevealed``; a reveal by an ambush skill has none;
- ``Scored``: a general died and its points go to the other player.

Re-concealing a general (暗置: 赵云, 糜夫人) is a ``GeneralChosen`` with the
owner's ``vis`` and the general's hp as it is (its damage tokens stay); 左慈's
化身 is a ``GeneralChosen`` of a new general with that general's own hp.
"""
from __future__ import annotations

from ... import events as ev
from ...state import Character, State
from .row import ROW


class RowPlaced(ev.Event, tag="duel_row"):
    """``seat`` places ``count`` generals face down in a row (its characters, in order from the left)."""

    seat: int
    count: int


class Redeployed(ev.Event, tag="duel_redeploy"):
    """调遣: general ``seat`` moves past its neighbour ``past`` (they swap places in the row).

    ``free``: caused by a card or skill, so not the turn's own redeploy.
    """

    seat: int
    past: int
    free: bool = False


class RevealChosen(ev.Event, tag="duel_reveal"):
    """The current player reveals general ``seat`` as its reveal of the turn (明置, once a turn)."""

    seat: int


class Scored(ev.Event, tag="duel_score"):
    """General ``dead`` (shown: ``general``) died; its ``points`` go to player ``seat``."""

    seat: int
    dead: int
    general: str
    points: int


def redeploy_key(seat: int) -> str:
    return f"duel.redeploy@{seat}"


def reveal_key(seat: int) -> str:
    return f"duel.reveal@{seat}"


def _row_placed(s: State, e: RowPlaced) -> None:
    hand = s.seats[e.seat].hand
    start = sum(1 for p in s.chars if ROW in p.marks)
    for k in range(e.count):
        c = len(s.chars)
        s.chars.append(Character(seat=c, owner=e.seat, hand=hand, marks={ROW: start + k}))
    n = len(s.chars)
    for row in s.damage_dealt:
        row.extend([0] * (n - len(row)))
    s.damage_dealt.extend([0] * n for _ in range(n - len(s.damage_dealt)))
    s.epoch += 1  # the ring changes (``row.Layout``)


def _redeployed(s: State, e: Redeployed) -> None:
    a, b = s.chars[e.seat].marks, s.chars[e.past].marks
    a[ROW], b[ROW] = b[ROW], a[ROW]
    s.epoch += 1  # the ring changes (``row.Layout``)
    if not e.free:
        s.used[redeploy_key(s.chars[e.seat].owner)] = 1


def _reveal_chosen(s: State, e: RevealChosen) -> None:
    s.used[reveal_key(s.chars[e.seat].owner)] = 1


def _scored(s: State, e: Scored) -> None:
    s.seats[e.seat].points += e.points


EVENTS = (RowPlaced, Redeployed, RevealChosen, Scored)
HANDLERS = {RowPlaced: _row_placed, Redeployed: _redeployed, RevealChosen: _reveal_chosen, Scored: _scored}
