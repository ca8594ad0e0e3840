"""What one seat may see (boardgame.io's playerView).

``view(state, seat)`` is the projection as data: no other seat's hand, no
hidden role, no concealed general, no draw-pile order.  ``seat=None`` is the
full review.  A card can also lie face down in an open zone (moved there with
a ``vis`` that leaves the seat out): the State keeps those cards
(``State.face_down``) and the view shows ``None`` in their place, so
``view(state, seat)`` alone is exactly what the seat sees.  A general slot says
itself who may see it; kingdom and gender come only from face-up generals.
``SeatView`` is the cheap read-only window a bot decides through.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

from .deck import CARDS
from .distance import attack_range, distance, in_attack_range
from .modes.base import Ruleset
from .state import Character, Seat, State

_PLAIN_HP = Ruleset.hp_hidden


def _hides_hp(rs: Ruleset) -> bool:
    """Does the ruleset hide some hp (the duel)?  Most do not: their hp_hidden is never asked."""
    return type(rs).hp_hidden is not _PLAIN_HP


def _sees(slot_vis: tuple[int, ...] | None, seat: int | None) -> bool:
    return seat is None or slot_vis is None or seat in slot_vis


def face_down_to(state: State, seat: int) -> set[int]:
    """The cards lying face down in an open zone that ``seat`` did not see go there."""
    return {c for c, saw in state.face_down.items() if seat not in saw}


def view(state: State, seat: int | None = None, unseen: Collection[int] = ()) -> dict[str, Any]:
    """What ``seat`` sees (None: the full review).  Cards face down to it in the
    open zones show as None; ``unseen`` may add cards it has not seen (a
    replay that knows more, from the events)."""
    full = seat is None
    if not full and state.face_down:
        down = face_down_to(state, seat)
        if down:
            unseen = down.union(unseen)
    show: Callable[[Iterable[int]], list[Any]] = list
    if not full and unseen:
        show = lambda cards: [None if c in unseen else c for c in cards]  # noqa: E731
    rs = state.rs
    seats = [
        {
            "seat": s.seat,
            "role": (s.role or None) if (mine or s.role_shown) else None,  # None: hidden, or none yet
            "side": rs.side(state, s.seat) if full else rs.known_side(state, seat, s.seat),
            "hand_count": len(s.hand),
            "hand": list(s.hand) if mine else None,
            "points": s.points,
        }
        for s in state.seats
        for mine in (full or s.seat == seat,)
    ]
    hides = not full and _hides_hp(rs)
    chars = []
    for p in state.chars:
        slots = p.slots
        generals = [sl.general if _sees(sl.vis, seat) else None for sl in slots]
        hidden = hides and rs.hp_hidden(state, seat, p.seat)
        equip = p.equip
        chars.append(
            {
                "seat": p.seat,
                "owner": p.owner,
                "general": generals[0] if generals else "",
                "generals": generals,
                "concealed": [sl.vis is not None for sl in slots],
                "kingdom": p.kingdom,
                "gender": p.gender,
                "hp": None if hidden else p.hp,
                "max_hp": None if hidden else p.max_hp,
                "lost": p.max_hp - p.hp,  # public (the duel's damage tokens)
                "alive": p.alive,
                "hand_count": len(p.hand),
                "equip": dict(zip(equip, show(equip.values()))) if equip else {},
                "judge": show(p.judge),
                "zones": {z: show(cards) for z, cards in p.zones.items()},
                "chained": p.chained,
                "flipped": p.flipped,
                "marks": dict(p.marks),
            }
        )
    return {
        "seq": state.seq,
        "mode": state.mode,
        "viewer": seat,
        "turn": state.turn,
        "round": state.table_round or state.round,  # as a player counts: from the first player's turn
        "current": state.current,
        "phase": state.phase,
        "pile_count": len(state.pile),
        "pile": list(state.pile) if full else None,
        "discard": show(state.discard),
        "processing": show(state.processing),
        "seats": seats,
        "characters": chars,
        "ended": state.ended,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "points": list(state.points),
    }


def _known_role(s: Seat, me: int) -> str | None:
    """The role of seat ``s`` as seat ``me`` knows it: its own, or one shown."""
    return (s.role or None) if (s.seat == me or s.role_shown) else None


class SeatView:
    """Read-only access to what ``seat`` may see; what a bot decides through.

    Characters are named by their place (``seat`` arguments); ``self.seat`` is
    the deciding seat.  Generals, roles and sides are only what this seat may
    see: a concealed general of another seat is None.
    """

    __slots__ = ("_s", "seat", "memo", "_hides")

    def __init__(self, state: State, seat: int) -> None:
        self._s = state
        self.seat = seat
        self._hides = _hides_hp(state.rs)
        # What a bot works out from this view, kept for the one decision it serves.
        self.memo: dict[str, object] = {}

    @property
    def n(self) -> int:
        return len(self._s.chars)

    @property
    def mode(self) -> str:
        return self._s.mode

    @property
    def options(self) -> dict:
        """The game's options (public: they are in the record's start)."""
        return self._s.options

    @property
    def hand(self) -> list[int]:
        return self._s.seats[self.seat].hand

    def form(self, option: str) -> Any:
        """The form (a way to use cards as another card) a play option names, or None."""
        return self._s.content.forms.get(option)

    def hand_names(self) -> list[str]:
        return [CARDS[c].name for c in self._s.seats[self.seat].hand]

    def role(self, seat: int) -> str | None:
        return _known_role(self._s.seats[self._s.chars[seat].owner], self.seat)

    def roles(self) -> list[str | None]:
        """Every character's role as this seat knows it (its own, and those shown)."""
        seats, me = self._s.seats, self.seat
        return [_known_role(seats[p.owner], me) for p in self._s.chars]

    def side(self, seat: int) -> str | None:
        """The side (team) of ``seat``'s owner as this seat knows it, or None."""
        st = self._s
        return st.rs.known_side(st, self.seat, st.chars[seat].owner)

    def general(self, seat: int, slot: int = 0) -> str | None:
        """The general in a slot of ``seat``'s character, if this seat may see it."""
        slots = self._s.chars[seat].slots
        if slot >= len(slots):
            return None
        sl = slots[slot]
        return sl.general if _sees(sl.vis, self.seat) else None

    def kingdom(self, seat: int) -> str:
        return self._s.chars[seat].kingdom

    def face_up(self, seat: int) -> bool:
        """Are all of ``seat``'s generals face up (public)?"""
        slots = self._s.chars[seat].slots
        return bool(slots) and all(sl.vis is None for sl in slots)

    def owner(self, seat: int) -> int:
        """The seat that decides for character ``seat`` (public)."""
        return self._s.chars[seat].owner

    def hp(self, seat: int) -> int:
        """``seat``'s hp; where the mode hides it (a duel general face down to this
        seat), what is sure: a living general has at least 1."""
        p = self._s.chars[seat]
        if self._hides and self._s.rs.hp_hidden(self._s, self.seat, seat):
            return 1 if p.alive else 0
        return p.hp

    def points(self, seat: int) -> int:
        """The points of ``seat``'s owner (public: 天地人's 勾玉)."""
        return self._s.seats[self._s.chars[seat].owner].points

    def max_hp(self, seat: int) -> int:
        """``seat``'s max hp; where the mode hides it, the hp it has lost plus the 1 it surely has."""
        p = self._s.chars[seat]
        if self._hides and self._s.rs.hp_hidden(self._s, self.seat, seat):
            return p.max_hp - p.hp + 1
        return p.max_hp

    def lost(self, seat: int) -> int:
        """The hp ``seat`` has lost (public: the duel's damage tokens)."""
        p = self._s.chars[seat]
        return p.max_hp - p.hp

    def alive(self, seat: int) -> bool:
        return self._s.chars[seat].alive

    def hand_count(self, seat: int) -> int:
        return len(self._s.chars[seat].hand)

    def equip(self, seat: int) -> dict[str, int]:
        return self._s.chars[seat].equip

    def judge(self, seat: int) -> list[int]:
        return self._s.chars[seat].judge

    def zone(self, seat: int, zone: str) -> list[int]:
        """The cards in a zone of ``seat``'s own that its mode names (``Ruleset.zones``;
        they lie face up: tripod's general zone)."""
        return self._s.chars[seat].zones.get(zone, [])

    def chained(self, seat: int) -> bool:
        return self._s.chars[seat].chained

    def gender(self, seat: int) -> str:
        return self._s.chars[seat].gender

    def character(self, seat: int) -> Character:
        """Public facts of a character (hp, zones, chain); never read its slots or hand through it."""
        return self._s.chars[seat]

    def equip_name(self, seat: int, slot: str) -> str | None:
        """The name of what ``seat`` has in ``slot`` (weapon, armor, horses), or None."""
        card = self._s.chars[seat].equip.get(slot)
        return None if card is None else CARDS[card].name

    def judge_names(self, seat: int) -> list[str]:
        """What the cards in ``seat``'s judge zone count as (public)."""
        p = self._s.chars[seat]
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

    def order(self) -> list[int]:
        """The characters around the table in turn order (public: 迁都 moves them)."""
        return list(self._s.order) or list(range(len(self._s.chars)))

    def uses_this_turn(self, seat: int, sid: str) -> int:
        """How often ``seat`` used skill ``sid`` this turn (public: each use is an event)."""
        return self._s.used.get(f"{sid}@{seat}", 0)

    def has_skill(self, seat: int, sid: str) -> bool:
        """A face-up skill of ``seat`` (public), or one of this seat's own concealed generals."""
        p = self._s.chars[seat]
        if not p.alive:
            return False
        return sid in p.skills or (p.owner == self.seat and sid in p.latent)

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
    def decisions(self) -> int:
        return self._s.decisions

    def alive_seats(self) -> list[int]:
        return self._s.alive_seats()
