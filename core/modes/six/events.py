"""hegemony-six's own events and their folds (on top of hegemony's).

Marks they set on a character (public): ``six.mark`` the slot + 1 of the
general whose surname is its careerist mark; ``six.camp`` the seat + 1 of the
careerist whose camp it joined (归附); ``six.ruler`` the order (1, 2 …) in which
its ruler main general was revealed (the first to reveal keeps the force);
``six.crowned`` its ruler's +1 max hp is had.
"""
from __future__ import annotations

from ... import events as ev
from ...evolve import FoldError
from ...state import State
from ..hegemony.kingdoms import CAREERIST


class CareeristMarked(ev.Event, tag="six_careerist"):
    """``seat`` is a careerist (野心家); its mark is the surname of ``general``, face up in ``slot``."""

    seat: int
    slot: int
    general: str


class RulerShown(ev.Event, tag="six_ruler"):
    """A ruler general (君主) is revealed as ``seat``'s main general."""

    seat: int


class Crowned(ev.Event, tag="six_crowned"):
    """The ruler's force has three characters: +1 max hp, once."""

    seat: int


class Joined(ev.Event, tag="six_join"):
    """``seat`` joins (归附) the camp of the careerist ``leader``."""

    seat: int
    leader: int


class PlotDrawn(ev.Event, tag="six_plot"):
    """``seat`` draws a 谋攻 card: it is shown and put beside its generals."""

    seat: int
    card: int


def _careerist(s: State, e: CareeristMarked) -> None:
    p = s.chars[e.seat]
    if not p.alive or p.slots[e.slot].vis is not None or p.slots[e.slot].general != e.general:
        raise FoldError(f"seat {e.seat} cannot be marked by {e.general!r}: dead, concealed or not in slot {e.slot}")
    p.kingdom = CAREERIST
    p.marks["six.mark"] = e.slot + 1
    s.epoch += 1


def _ruler(s: State, e: RulerShown) -> None:
    s.chars[e.seat].marks["six.ruler"] = 1 + max((p.marks.get("six.ruler", 0) for p in s.chars), default=0)


def _crowned(s: State, e: Crowned) -> None:
    p = s.chars[e.seat]
    if p.marks.get("six.crowned"):
        raise FoldError(f"seat {e.seat}'s ruler is crowned already")
    p.marks["six.crowned"] = 1
    p.max_hp += 1


def _joined(s: State, e: Joined) -> None:
    p, lead = s.chars[e.seat], s.chars[e.leader]
    if not p.alive or lead.kingdom != CAREERIST or lead.marks.get("six.camp"):
        raise FoldError(f"seat {e.seat} cannot join seat {e.leader}: not a careerist leading a camp")
    p.kingdom = CAREERIST
    p.marks["six.camp"] = e.leader + 1
    s.epoch += 1


def _nothing(s: State, e: ev.Event) -> None:
    pass


EVENTS: tuple[type[ev.Event], ...] = (CareeristMarked, RulerShown, Crowned, Joined, PlotDrawn)
HANDLERS = {CareeristMarked: _careerist, RulerShown: _ruler, Crowned: _crowned, Joined: _joined, PlotDrawn: _nothing}
