"""Hegemony's own events and their folds.

Marks they set on a character (public, like the cards on the table):
``hg.first`` the first player, ``hg.full`` both generals have been face up
once (the rewards are paid), ``hg.lost0``/``hg.lost1`` a slot's skills lost
(断肠), ``hg.extra`` an extra turn granted by the character at mark - 1
(放权), ``hg.bar`` other characters may not reveal while it acts (祸水).
"""
from __future__ import annotations

from ... import events as ev
from ...evolve import FoldError
from ...state import State


class FirstPlayer(ev.Event, tag="hg_first"):
    """The first player, chosen at random (seed 001)."""

    seat: int


class FullyRevealed(ev.Event, tag="hg_full"):
    """Both generals of a character are face up for the first time (the moment
    of the half-fish and companion rewards)."""

    seat: int


class GeneralConcealed(ev.Event, tag="hg_conceal"):
    """A face-up general is turned face down again (倾城).  Every seat saw it, so
    every seat still knows which it is; its skills are no longer had."""

    seat: int
    slot: int
    general: str


class GeneralSeen(ev.Event, tag="hg_seen"):
    """``by`` looks at a concealed general of ``seat`` (知己知彼); ``vis``: who learns it."""

    seat: int
    slot: int
    general: str
    by: int
    vis: tuple[int, ...] | None = None


class HandSeen(ev.Event, tag="hg_hand_seen"):
    """``by`` looks at ``seat``'s hand (知己知彼); ``vis``: who sees the cards."""

    seat: int
    by: int
    cards: tuple[int, ...]
    vis: tuple[int, ...] | None = None


class EndRevealed(ev.Event, tag="hg_end_reveal"):
    """At the end of the game every concealed general is shown (not a reveal
    that could change the outcome: the game is decided)."""

    seat: int
    slot: int
    general: str


class SkillsLost(ev.Event, tag="hg_skills_lost"):
    """A character loses every skill of one of its generals (断肠)."""

    seat: int
    slot: int


class ExtraTurn(ev.Event, tag="hg_extra_turn"):
    """``seat`` is granted an extra turn by ``by`` (放权; ``on``), or has had it."""

    seat: int
    by: int
    on: bool = True


class RevealsBarred(ev.Event, tag="hg_bar"):
    """While ``seat`` acts, the other characters may not reveal generals (祸水)."""

    seat: int
    on: bool = True


def _mark(s: State, seat: int, key: str, value: int) -> None:
    marks = s.chars[seat].marks
    if value:
        marks[key] = value
    else:
        marks.pop(key, None)


def _first(s: State, e: FirstPlayer) -> None:
    _mark(s, e.seat, "hg.first", 1)


def _full(s: State, e: FullyRevealed) -> None:
    _mark(s, e.seat, "hg.full", 1)


def _conceal(s: State, e: GeneralConcealed) -> None:
    slot = s.chars[e.seat].slots[e.slot]
    if slot.general != e.general or slot.vis is not None:
        raise FoldError(f"seat {e.seat}'s slot {e.slot} does not hold a face-up {e.general!r}")
    slot.vis = tuple(range(len(s.seats)))
    s.rs.refresh(s, e.seat)


def _seen(s: State, e: GeneralSeen) -> None:
    slot = s.chars[e.seat].slots[e.slot]
    if slot.general != e.general:
        raise FoldError(f"seat {e.seat}'s slot {e.slot} holds {slot.general!r}, not {e.general!r}")
    if slot.vis is not None and e.by not in slot.vis:
        slot.vis = (*slot.vis, e.by)


def _nothing(s: State, e: ev.Event) -> None:
    pass


def _end_reveal(s: State, e: EndRevealed) -> None:
    slot = s.chars[e.seat].slots[e.slot]
    if slot.general != e.general:
        raise FoldError(f"seat {e.seat}'s slot {e.slot} holds {slot.general!r}, not {e.general!r}")
    slot.vis = None
    s.rs.refresh(s, e.seat)


def _lost(s: State, e: SkillsLost) -> None:
    _mark(s, e.seat, f"hg.lost{e.slot}", 1)
    s.rs.refresh(s, e.seat)


def _extra(s: State, e: ExtraTurn) -> None:
    _mark(s, e.seat, "hg.extra", e.by + 1 if e.on else 0)


def _bar(s: State, e: RevealsBarred) -> None:
    _mark(s, e.seat, "hg.bar", 1 if e.on else 0)
    for p in s.chars:
        if p.slots:
            s.rs.refresh(s, p.seat)


EVENTS: tuple[type[ev.Event], ...] = (
    FirstPlayer, FullyRevealed, GeneralConcealed, GeneralSeen, HandSeen, EndRevealed, SkillsLost, ExtraTurn, RevealsBarred,
)
HANDLERS = {
    FirstPlayer: _first,
    FullyRevealed: _full,
    GeneralConcealed: _conceal,
    GeneralSeen: _seen,
    HandSeen: _nothing,
    EndRevealed: _end_reveal,
    SkillsLost: _lost,
    ExtraTurn: _extra,
    RevealsBarred: _bar,
}
