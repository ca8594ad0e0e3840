"""The state of a game: what a fold of its events gives.

``State`` is a plain mutable msgspec Struct so that folding can update it in
place (a fold owns its state; ``core.evolve.evolve`` is the pure, copying
form).  Only ``core.evolve`` writes to a State.
"""
from __future__ import annotations

from typing import Any

import msgspec

ZONES = ("pile", "discard", "processing", "hand", "equip", "judge", "removed")


class Player(msgspec.Struct, gc=False):
    seat: int
    general: str = ""
    gender: str = ""
    kingdom: str = ""
    role: str = ""
    role_shown: bool = False
    hp: int = 0
    max_hp: int = 0
    alive: bool = True
    hand: list[int] = []
    equip: dict[str, int] = {}  # slot -> card
    judge: list[int] = []  # delayed tricks, last placed last
    judge_names: dict[int, str] = {}  # a delayed trick's card -> what it counts as
    chained: bool = False
    flipped: bool = False
    # Mode models (see docs/ARCHITECTURE.md): a duel row, hegemony's deputy,
    # concealed generals, teams and points.
    deputy: str = ""
    concealed: list[str] = []
    reserve: list[str] = []
    team: int = -1
    points: int = 0
    marks: dict[str, int] = {}

    def clone(self) -> "Player":
        return msgspec.structs.replace(
            self,
            hand=self.hand.copy(),
            equip=self.equip.copy(),
            judge=self.judge.copy(),
            judge_names=self.judge_names.copy(),
            concealed=self.concealed.copy(),
            reserve=self.reserve.copy(),
            marks=self.marks.copy(),
        )


class State(msgspec.Struct, gc=False):
    mode: str
    seed: int
    rules: str
    options: dict[str, Any]
    players: list[Player]
    deck: tuple[int, ...]
    pile: list[int] = []  # the draw pile, top last
    discard: list[int] = []
    processing: list[int] = []
    removed: list[int] = []
    turn: int = 0
    round: int = 0
    current: int = -1
    phase: str = ""
    shuffles: int = 0  # index of the next shuffle's random stream
    decisions: int = 0  # number of decisions made so far
    used: dict[str, int] = {}  # uses this turn by the current player, by card name
    drunk: int = 0  # pending 酒 bonus for the current player's next 杀
    damage_dealt: list[list[int]] = []  # public: damage[src][dst] so far
    ended: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    seq: int = 0  # events folded so far

    @property
    def n(self) -> int:
        return len(self.players)

    def alive_seats(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def next_alive(self, seat: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.players[s].alive:
                return s
        return seat

    def seats_from(self, seat: int) -> list[int]:
        """Living seats in turn order starting with ``seat`` (if alive)."""
        n = len(self.players)
        return [s for k in range(n) if self.players[s := (seat + k) % n].alive]

    def clone(self) -> "State":
        return msgspec.structs.replace(
            self,
            options=self.options.copy(),
            players=[p.clone() for p in self.players],
            pile=self.pile.copy(),
            discard=self.discard.copy(),
            processing=self.processing.copy(),
            removed=self.removed.copy(),
            used=self.used.copy(),
            damage_dealt=[row.copy() for row in self.damage_dealt],
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
        for p in self.players:
            put(p.hand, f"hand:{p.seat}")
            put(p.equip.values(), f"equip:{p.seat}")
            put(p.judge, f"judge:{p.seat}")
        return where
