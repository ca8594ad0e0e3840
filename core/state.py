"""The state of a game: what a fold of its events gives.

The table has *seats* and *characters* (GLOSSARY).  A seat is who decides:
its hand, role, team and points.  A character is what sits on the table:
general slots, hp, equipment and judge zones (and zones of its own that
its ruleset names), chain and turn-over, marks.
Identity maps them one to one (character ``c`` belongs to seat ``c``); a
duel player is one seat with several characters; a hegemony character has a
main and a deputy slot.  Events name characters by their place (``seat``
fields), except ``vis`` and a ``Decided`` event's ``seat``, which name the
deciding seats.  A character's ``hand`` *is* its seat's hand (the same list).

A general slot says who may see its general (``vis``: ``None`` once it is
face up for everyone).  ``kingdom``, ``gender`` and ``skills`` are derived by
the game's ruleset from the slots that are face up (``Ruleset.refresh``), so
nothing there tells a seat more than it may see.

``State`` is a mutable msgspec Struct so that folding can update it in place
(a fold owns its state; ``core.evolve.evolve`` is the pure, copying form).
Only ``core.evolve`` and the rulesets' fold handlers write to a State.  Its
``rs`` and ``content`` are the game's ruleset and content (rules, not data):
``snapshot(state)`` is the state as plain data.
"""
from __future__ import annotations

from typing import Any

import msgspec

ZONES = ("pile", "discard", "processing", "hand", "equip", "judge", "removed")
_EMPTY: frozenset[str] = frozenset()


class Seat(msgspec.Struct, gc=False):
    seat: int
    hand: list[int] = []
    role: str = ""
    role_shown: bool = False
    team: int = -1
    points: int = 0


class Slot(msgspec.Struct, gc=False):
    """One general on a character, and who may see which it is (None: everyone)."""

    general: str
    vis: tuple[int, ...] | None = None


class Character(msgspec.Struct, gc=False):
    seat: int  # its place at the table (what events call ``seat``)
    owner: int = -1  # the seat that decides for it
    slots: list[Slot] = []
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    hand: list[int] = []  # its seat's hand (the same list object)
    equip: dict[str, int] = {}  # slot -> card
    judge: list[int] = []  # delayed tricks, last placed last
    judge_names: dict[int, str] = {}  # a delayed trick's card -> what it counts as
    chained: bool = False
    flipped: bool = False
    marks: dict[str, int] = {}
    # Zones of its own that its ruleset names (``Ruleset.zones``: tripod's
    # general zone), zone -> cards, last placed last.
    zones: dict[str, list[int]] = {}
    killer: int = -1  # once dead: who killed it (the Died event's; -1: nobody)
    # Derived from the face-up slots by the ruleset (Ruleset.refresh).
    kingdom: str = ""
    gender: str = ""
    skills: frozenset[str] = _EMPTY  # the skills it has now
    latent: frozenset[str] = _EMPTY  # skills it may use by revealing a concealed slot

    @property
    def general(self) -> str:
        """The main slot's general ("" before one is chosen)."""
        return self.slots[0].general if self.slots else ""

    def clone(self, hand: list[int]) -> "Character":
        return msgspec.structs.replace(
            self,
            slots=[msgspec.structs.replace(s) for s in self.slots],
            hand=hand,
            equip=self.equip.copy(),
            judge=self.judge.copy(),
            judge_names=self.judge_names.copy(),
            marks=self.marks.copy(),
            zones={z: cards.copy() for z, cards in self.zones.items()},
        )


class State(msgspec.Struct, gc=False):
    mode: str
    seed: int
    rules: str
    options: dict[str, Any]
    seats: list[Seat]
    chars: list[Character]
    deck: tuple[int, ...]
    pile: list[int] = []  # the draw pile, top last
    discard: list[int] = []
    processing: list[int] = []
    removed: list[int] = []
    turn: int = 0
    round: int = 0  # the engine's round (TurnStarted.round): a new one begins at the lowest place
    current: int = -1
    # The table's round: counted from the turn that opened the game (a round
    # is once around from the first player), as a player counts rounds.
    opener: int = -1
    table_round: int = 0
    phase: str = ""
    shuffles: int = 0  # index of the next shuffle's random stream
    decisions: int = 0  # number of decisions made so far
    used: dict[str, int] = {}  # uses this turn by the current player, by card name
    drunk: int = 0  # pending 酒 bonus for the current player's next 杀
    damage_dealt: list[list[int]] = []  # public: damage[src][dst] so far
    ended: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    points: tuple[int, ...] = ()  # by seat, when the mode scores the game
    seq: int = 0  # events folded so far
    epoch: int = 0  # bumped whenever a character's skills change, it dies, or (duel) the ring changes (the engine re-reads its hooks)
    # Cards lying face down in an open zone (discard, processing, equipment,
    # judgement, a mode's own zones): card -> the seats that saw it go there.
    # A view shows them to the other seats as unknown (core.view).
    face_down: dict[int, frozenset[int]] = {}
    # The characters around the table in turn order, once a rule has moved some
    # (Hero Kill's 迁都 swaps two places); empty while each sits at its index.
    order: list[int] = []
    commit: str = ""  # a committed deal's commitment (GameStarted.commit)
    start_seed: int = 0  # the seed the game started with (a fork's Reseeded changes ``seed`` only)
    rs: Any = None  # the game's ruleset (core.modes.base.Ruleset)
    content: Any = None  # the game's content (core.content.Content)

    @property
    def n(self) -> int:
        """How many characters are on the table."""
        return len(self.chars)

    def owner(self, c: int) -> int:
        return self.chars[c].owner

    def alive_seats(self) -> list[int]:
        """The living characters, in table order."""
        return [p.seat for p in self.chars if p.alive]

    def place(self, c: int) -> int:
        """Where character ``c`` sits around the table (its index unless moved)."""
        return self.order.index(c) if self.order else c

    def round_of(self, seat: int) -> int:
        """The table's round a turn of ``seat`` starting now is in (counted from the opener's first turn)."""
        if self.opener < 0 or self.current < 0:
            return 1
        n, base = len(self.chars), self.place(self.opener)
        rel = lambda c: (self.place(c) - base) % n  # noqa: E731
        return self.table_round + 1 if rel(seat) <= rel(self.current) else self.table_round

    def next_alive(self, seat: int) -> int:
        n = len(self.chars)
        order = self.order
        k0 = order.index(seat) if order else seat
        for k in range(1, n + 1):
            s = (k0 + k) % n
            if order:
                s = order[s]
            if self.chars[s].alive:
                return s
        return seat

    def seats_from(self, seat: int) -> list[int]:
        """Living characters in turn order starting with ``seat`` (if alive)."""
        chars = self.chars
        if self.order:
            ring = self.order
            k = ring.index(seat % len(chars))
            return [c for c in ring[k:] + ring[:k] if chars[c].alive]
        k = seat % len(chars)
        # A character's ``seat`` is its index: rotate the list (in C), then filter.
        return [p.seat for p in chars[k:] + chars[:k] if p.alive]

    def turn_order(self) -> list[int]:
        """Living characters in turn order from the current player's (the first seat's before any turn)."""
        return self.seats_from(self.current if self.current >= 0 else 0)

    def clone(self) -> "State":
        seats = [msgspec.structs.replace(s, hand=s.hand.copy()) for s in self.seats]
        return msgspec.structs.replace(
            self,
            options=self.options.copy(),
            seats=seats,
            chars=[p.clone(seats[p.owner].hand) for p in self.chars],
            pile=self.pile.copy(),
            discard=self.discard.copy(),
            processing=self.processing.copy(),
            removed=self.removed.copy(),
            order=self.order.copy(),
            used=self.used.copy(),
            damage_dealt=[row.copy() for row in self.damage_dealt],
            face_down=self.face_down.copy(),
        )

    def zone_cards(self) -> dict[int, str]:
        """Where every card is: card -> zone name (with seat for seat zones)."""
        where: dict[int, str] = {}

        def put(cards: Any, zone: str) -> None:
            for c in cards:
                if c in where:
                    raise AssertionError(f"card {c} is in {where[c]} and {zone}")
                where[c] = zone

        put(self.pile, "pile")
        put(self.discard, "discard")
        put(self.processing, "processing")
        put(self.removed, "removed")
        for s in self.seats:
            put(s.hand, f"hand:{s.seat}")
        for p in self.chars:
            put(p.equip.values(), f"equip:{p.seat}")
            put(p.judge, f"judge:{p.seat}")
            for zone, cards in p.zones.items():
                put(cards, f"{zone}:{p.seat}")
        return where


def _plain(obj: Any) -> Any:
    return getattr(obj, "id", repr(obj))


def snapshot(state: State) -> dict[str, Any]:
    """The state as plain data (the ruleset and content by id), e.g. to compare two states."""
    return msgspec.to_builtins(state, enc_hook=_plain)
