"""What one seat may see (boardgame.io's playerView).

``view(state, seat)`` is the projection as data: no other seat's hand, no
hidden role, no draw-pile order.  ``seat=None`` is the full review.  A card
can also lie face down in an open zone (moved there with a ``vis`` that leaves
the seat out); the State does not say so, so the caller that knows (the
replay's ``Visibility``, from the events) passes those cards as ``unseen``
and the view shows ``None`` in their place.
``SeatView`` is the cheap read-only window a bot decides through.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from .deck import CARDS
from .distance import attack_range, distance, in_attack_range
from .state import State


def view(state: State, seat: int | None = None, unseen: Collection[int] = ()) -> dict[str, Any]:
    full = seat is None
    if full or not unseen:
        def show(cards: Iterable[int]) -> list[Any]:
            return list(cards)
    else:
        def show(cards: Iterable[int]) -> list[Any]:
            return [None if c in unseen else c for c in cards]
    players = []
    for p in state.players:
        mine = full or p.seat == seat
        players.append(
            {
                "seat": p.seat,
                "general": p.general,
                "kingdom": p.kingdom,
                "gender": p.gender,
                "hp": p.hp,
                "max_hp": p.max_hp,
                "alive": p.alive,
                "role": p.role if (mine or p.role_shown) else None,
                "hand_count": len(p.hand),
                "hand": list(p.hand) if mine else None,
                "equip": dict(zip(p.equip, show(p.equip.values()))),
                "judge": show(p.judge),
                "chained": p.chained,
                "flipped": p.flipped,
            }
        )
    return {
        "seq": state.seq,
        "mode": state.mode,
        "viewer": seat,
        "turn": state.turn,
        "round": state.round,
        "current": state.current,
        "phase": state.phase,
        "pile_count": len(state.pile),
        "pile": list(state.pile) if full else None,
        "discard": show(state.discard),
        "processing": show(state.processing),
        "players": players,
        "ended": state.ended,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


class SeatView:
    """Read-only access to what ``seat`` may see; what a bot decides through."""

    __slots__ = ("_s", "seat", "memo")

    def __init__(self, state: State, seat: int) -> None:
        self._s = state
        self.seat = seat
        # What a bot works out from this view, kept for the one decision it serves.
        self.memo: dict[str, object] = {}

    @property
    def n(self) -> int:
        return len(self._s.players)

    @property
    def hand(self) -> list[int]:
        return self._s.players[self.seat].hand

    def hand_names(self) -> list[str]:
        return [CARDS[c].name for c in self._s.players[self.seat].hand]

    def role(self, seat: int) -> str | None:
        p = self._s.players[seat]
        return p.role if (seat == self.seat or p.role_shown) else None

    def roles(self) -> list[str | None]:
        """Every seat's role as this seat knows it (its own, and those shown)."""
        me = self.seat
        return [p.role if (p.role_shown or p.seat == me) else None for p in self._s.players]

    def hp(self, seat: int) -> int:
        return self._s.players[seat].hp

    def max_hp(self, seat: int) -> int:
        return self._s.players[seat].max_hp

    def alive(self, seat: int) -> bool:
        return self._s.players[seat].alive

    def hand_count(self, seat: int) -> int:
        return len(self._s.players[seat].hand)

    def equip(self, seat: int) -> dict[str, int]:
        return self._s.players[seat].equip

    def judge(self, seat: int) -> list[int]:
        return self._s.players[seat].judge

    def chained(self, seat: int) -> bool:
        return self._s.players[seat].chained

    def gender(self, seat: int) -> str:
        return self._s.players[seat].gender

    def equip_name(self, seat: int, slot: str) -> str | None:
        """The name of what ``seat`` has in ``slot`` (weapon, armor, horses), or None."""
        card = self._s.players[seat].equip.get(slot)
        return None if card is None else CARDS[card].name

    def judge_names(self, seat: int) -> list[str]:
        """What the cards in ``seat``'s judge zone count as (public)."""
        p = self._s.players[seat]
        return [p.judge_names.get(c, CARDS[c].name) for c in p.judge]

    def damage_dealt(self, src: int, dst: int) -> int:
        return self._s.damage_dealt[src][dst]

    def damage_matrix(self) -> list[list[int]]:
        """Public: damage[src][dst] dealt so far (read it, never change it)."""
        return self._s.damage_dealt

    def distance(self, a: int, b: int) -> int:
        return distance(self._s, a, b)

    def attack_range(self, seat: int) -> int:
        return attack_range(self._s, seat)

    def in_range(self, a: int, b: int) -> bool:
        return in_attack_range(self._s, a, b)

    @property
    def current(self) -> int:
        return self._s.current

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def drunk(self) -> int:
        return self._s.drunk if self._s.current == self.seat else 0

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def decisions(self) -> int:
        return self._s.decisions

    def alive_seats(self) -> list[int]:
        return self._s.alive_seats()
