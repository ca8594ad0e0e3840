"""Scripted tripod positions: ``tests.scenario.Table`` for 三足鼎立.

A tripod table has no roles; each character wears a general card (in its
general slot) or none (4 max hp, no gender), and may hold general cards in
its general zone.  Like ``Table``, the position is built from real events,
so ``fold(table.events)`` is the live state throughout.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS, deck_numbers
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.herokill.tripod_pack import GENERAL_CARDS, GENERAL_SLOT, GENERAL_ZONE, KIND_PREFIX, NO_GENERAL
from tests.scenario import Table


def general_card(gid: str) -> str:
    """The card name of ``gid``'s general card (for ``pile=`` and ``hands=``)."""
    return KIND_PREFIX + gid


class TripodTable(Table):
    def __init__(
        self,
        *,
        hands: Mapping[int, Iterable[str]] | None = None,
        equip: Mapping[int, Iterable[str]] | None = None,
        generals: Mapping[int, str] | None = None,
        zones: Mapping[int, Iterable[str]] | None = None,
        hp: Mapping[int, int] | None = None,
        pile: Iterable[str] = (),
        first: int = 0,
        seed: int = 7,
        options: dict[str, Any] | None = None,
    ) -> None:
        """``generals``: the general each seat wears (its card in the general slot);
        ``zones``: generals whose cards lie in the seat's general zone; ``hp``:
        hp (max hp is the worn general's, 4 without one)."""
        rs = ruleset_of("tripod")
        # The rule scenarios name the standard generals' cards unless they ask for the heroes.
        opts = rs.check(3, {"heroes": "sanguosha", **(options or {})})
        self.used: set[int] = set()
        self.deck = set(deck_numbers(rs.deck(opts)))
        events: list[ev.Event] = [ev.GameStarted(mode="tripod", players=3, seed=seed, rules=ev.RULES_VERSION, options=opts, deck=rs.deck(opts))]
        worn = dict(generals or {})
        for seat in range(3):
            gid = worn.get(seat, NO_GENERAL)
            top = GENERALS[gid].max_hp
            events.append(ev.GeneralChosen(seat=seat, general=gid, max_hp=top, hp=(hp or {}).get(seat, top)))
        top_cards = [self.card(n) for n in pile]
        placed: dict[tuple[str, int], list[int]] = {}
        for zone, spec in (("hand", hands), ("equip", equip), (GENERAL_ZONE, {s: [general_card(g) for g in gs] for s, gs in (zones or {}).items()})):
            for seat, names in (spec or {}).items():
                placed[(zone, seat)] = [self.card(n) for n in names]
        for seat, gid in worn.items():
            placed[(GENERAL_SLOT, seat)] = [self.card(general_card(gid))]
        # The unlisted general cards lie at the bottom: below the listed top, plain cards are drawn.
        rest = sorted((c.number for c in CARDS if c.number in self.deck and c.number not in self.used), key=lambda c: (c < GENERAL_CARDS[0], c))
        below = [c for cards in placed.values() for c in cards]
        events.append(ev.PileShuffled(order=tuple(rest + top_cards[::-1] + below)))
        for (zone, seat), cards in placed.items():
            if cards:
                vis = (seat,) if zone == "hand" else None
                events.append(ev.CardsMoved(cards=tuple(cards), src="pile", dst=zone, dst_seat=seat, reason="deal", vis=vis))
        if first != 0:
            before = (first - 1) % 3
            events.append(ev.TurnStarted(seat=before, turn=0, round=0))
            events.append(ev.TurnEnded(seat=before))
        state = fold(events)
        self.game = Game(list(events), lambda g: Engine(state, fresh=False, sink=g._sink))

    def zone(self, seat: int, zone: str = GENERAL_ZONE) -> list[str]:
        """The generals of the cards in a seat's general zone (or general slot)."""
        return [CARDS[c].name[len(KIND_PREFIX) :] for c in self.state.chars[seat].zones.get(zone, [])]

    def gcard(self, gid: str) -> int:
        """The number of ``gid``'s general card."""
        return next(c.number for c in CARDS if c.name == general_card(gid))
