"""Which cards a seat has not seen where they lie, from the events alone.

The State says where every card is, not whether it lies face up.  The
events do: a movement's ``vis`` lists the seats that saw the card numbers
(``None``: everyone), and a use or a play shows its cards to everyone.  A
card whose latest *sighting* (a movement, a use, a play, or any event that
names cards) left a seat out is *unseen* by that seat: ``core.view.view``
shows ``None`` in its place if it lies in an open zone (discard, processing,
equipment, judgement area).  The draw pile and the other hands are never
shown to a seat at all, so they need no such bookkeeping.

The conventions, so that card families added later need nothing here: an
event shows the card numbers in its ``cards`` (a tuple) or ``card`` (an int)
field to the seats in its ``vis`` field, to everyone if it has none or it is
``None``.  A card moved into a seat's own hand is seen by that seat.  A
shuffle turns the shuffled cards face down for everyone.  A ``Decided`` event
is a choice, not a sighting (a pick among face-down cards names them).

``SeenTracker`` follows one pass forward (narration, the property test);
``Visibility`` answers for any point of a record (seeking) from a per-card
index of sightings, built once, lazily.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from sanguozhi.core import events as ev

EVERYONE = None  # the ``vis`` of a sighting every seat had
NOBODY: frozenset[int] = frozenset()


def sighting(e: ev.Event) -> tuple[tuple[int, ...], frozenset[int] | None] | None:
    """The cards ``e`` shows and to whom (``None``: everyone), or None."""
    t = type(e)
    if t is ev.CardsMoved:
        if e.vis is None:
            return e.cards, EVERYONE
        seen = frozenset(e.vis)
        if e.dst == "hand" and e.dst_seat >= 0:
            seen = seen | {e.dst_seat}
        return e.cards, seen
    if t is ev.CardUsed or t is ev.CardPlayed:
        return (e.cards, EVERYONE) if e.cards else None
    if t is ev.PileShuffled:
        return e.order, NOBODY
    if t is ev.Decided or t in _NO_CARDS:
        return None
    # An event type added later: the conventions of the module docstring.
    cards = getattr(e, "cards", None)
    if not (isinstance(cards, tuple) and all(type(c) is int for c in cards)):
        card = getattr(e, "card", None)
        cards = (card,) if type(card) is int else None
    if not cards:
        return None
    vis = getattr(e, "vis", None)
    return cards, (EVERYONE if vis is None else frozenset(vis))


_NO_CARDS = frozenset(
    {
        ev.GameStarted,
        ev.RolesDealt,
        ev.GeneralChosen,
        ev.RoleShown,
        ev.TurnStarted,
        ev.PhaseStarted,
        ev.PhaseSkipped,
        ev.TurnEnded,
        ev.Triggered,
        ev.Damaged,
        ev.HpLost,
        ev.Recovered,
        ev.Dying,
        ev.Died,
        ev.GameEnded,
        ev.Reseeded,
        ev.GeneralRevealed,
        ev.MaxHpChanged,
        ev.TurnedOver,
        ev.GameQuit,
    }
)


class SeenTracker:
    """The unseen cards of every seat, updated one event at a time."""

    def __init__(self, players: int) -> None:
        self.unseen: list[set[int]] = [set() for _ in range(players)]

    def feed(self, e: ev.Event) -> None:
        s = sighting(e)
        if s is None:
            return
        cards, seen = s
        for seat, unseen in enumerate(self.unseen):
            if seen is None or seat in seen:
                unseen.difference_update(cards)
            else:
                unseen.update(cards)


class Visibility:
    """``unseen(seat, k, cards)``: which of ``cards`` ``seat`` had not seen after ``k`` events."""

    def __init__(self, events: Sequence[ev.Event]) -> None:
        self.events = events
        self._built = 0
        self._at: dict[int, list[int]] = {}  # card -> indices of its sightings
        self._by: dict[int, list[frozenset[int] | None]] = {}  # card -> who saw each

    def _build(self, k: int) -> None:
        at, by = self._at, self._by
        events = self.events
        for i in range(self._built, k):
            s = sighting(events[i])
            if s is None:
                continue
            cards, seen = s
            for c in cards:
                lst = at.get(c)
                if lst is None:
                    at[c] = [i]
                    by[c] = [seen]
                else:
                    lst.append(i)
                    by[c].append(seen)
        self._built = max(self._built, k)

    def unseen(self, seat: int, k: int, cards: Iterable[int]) -> set[int]:
        if k > self._built:
            self._build(k)
        out = set()
        for c in cards:
            lst = self._at.get(c)
            if lst is None:
                continue
            j = bisect_left(lst, k) - 1
            if j >= 0:
                seen = self._by[c][j]
                if seen is not None and seat not in seen:
                    out.add(c)
        return out


def open_cards(state) -> list[int]:  # state: core.state.State
    """The cards in zones every seat may look at (if they lie face up)."""
    out = list(state.discard)
    out += state.processing
    for p in state.chars:
        out += p.equip.values()
        out += p.judge
        for cards in p.zones.values():
            out += cards
    return out
