"""A seat's observation as one array (the blocks of ``layout``, docs/RL.md).

Built from ``core.view.view(state, seat)`` — what the seat sees, the same
projection ``sgz replay --as`` shows — and the seat's own pending question
and partial answer; the distances as the table counts them from the seat
(``core.distance``, public like the table) and the damage dealt so far
(``SeatView.damage_matrix``: every damage is an event all seats see).
Nothing else of the state is read.
"""
from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from sanguozhi.core.deck import CARDS
from sanguozhi.core.distance import distance, in_attack_range
from sanguozhi.core.requests import Request
from sanguozhi.core.state import State
from sanguozhi.core.view import SeatView, view

from .actions import Steps
from .layout import CHARACTER, EQUIP_SLOTS, GENDERS, KINDS, PHASES, ROLES, STAGES, Vocab, blocks, observation_size

SUITS = ("spade", "heart", "club", "diamond")


def _team(side: str | None) -> str | None:
    return "lord" if side == "loyalist" else side


class Observer:
    """Encodes observations for one game's vocabulary."""

    def __init__(self, v: Vocab) -> None:
        self.v = v
        self.size = observation_size(v)
        self.at = {name: at for name, at, _ in blocks(v)}
        self._per_char = sum(size(v) for _, size, _, _ in CHARACTER)
        self._char0 = self.at["c0.flags"] if v.characters else self.size
        self._char_at = {name: self.at[f"c0.{name}"] - self._char0 for name, _, _, _ in CHARACTER} if v.characters else {}
        self._deck = {c: i for i, c in enumerate(v.deck)}
        names = {n: k for k, n in enumerate(v.names)}
        self._name = {c.number: names[c.name] for c in CARDS if c is not None and c.name in names}
        self._general = {g: i for i, g in enumerate(v.generals)}
        self._kingdom = {k: i for i, k in enumerate(v.kingdoms)}
        self._option = {o: i for i, o in enumerate(v.options)}
        self._kind = {k: i for i, k in enumerate(KINDS)}
        self._phase = {p: i for i, p in enumerate(PHASES)}

    def encode(self, state: State, seat: int, request: Request | None = None, steps: Steps | None = None) -> np.ndarray:
        """``seat``'s observation; ``request``: its pending question (``steps``: the answer built so far)."""
        v = self.v
        # Filled item by item as an array of float32 (a third of numpy's cost an item), returned as numpy's without a copy.
        o = array("f", bytes(4 * self.size))
        at = self.at
        table: dict[str, Any] = view(state, seat)
        C = v.characters
        o[at["round"]] = min(1.0, table["round"] / 20)
        phase = self._phase.get(table["phase"])
        if phase is not None:
            o[at["phase"] + phase] = 1
        o[at["pile"]] = min(1.0, table["pile_count"] / max(1, len(v.deck)))
        if 0 <= table["current"] < C:
            o[at["current"] + table["current"]] = 1
        o[at["me"] + seat] = 1
        if request is not None:
            self._request(o, request, steps)
        hand = table["seats"][seat]["hand"] or []
        self._cards(o, at["hand"], hand)
        self._names(o, at["hand_names"], hand, 4)
        for c in hand:
            suit = CARDS[c].suit
            if suit in SUITS:
                i = at["hand_suits"] + SUITS.index(suit)
                o[i] = min(1.0, o[i] + 1 / 8)
        self._names(o, at["discard"], table["discard"], 8)
        self._cards(o, at["processing"], table["processing"])
        self._characters(o, state, seat, table)
        return np.frombuffer(o, dtype=np.float32)

    def _cards(self, o: array, base: int, cards: list) -> None:
        deck = self._deck
        for c in cards:
            i = deck.get(c) if c is not None else None
            if i is not None:
                o[base + i] = 1

    def _names(self, o: array, base: int, cards: list, per: float) -> None:
        name = self._name
        for c in cards:
            k = name.get(c) if c is not None else None
            if k is not None:
                o[base + k] = min(1.0, o[base + k] + 1 / per)

    def _option_index(self, word: str) -> int:
        return self._option.get(word, len(self.v.options))

    def _request(self, o: array, req: Request, steps: Steps | None) -> None:
        at, C = self.at, self.v.characters
        o[at["kind"] + self._kind.get(req.kind, len(KINDS))] = 1
        head, _, rest = req.prompt.partition(":")
        o[at["prompt"] + self._option_index(head)] = 1
        for part in rest.split(":"):
            if part.isdigit():
                if int(part) < C:
                    o[at["prompt_seat"] + int(part)] = 1
                break
        r = at["request"]
        o[r] = 1
        o[r + 1] = req.is_pick
        o[r + 2] = min(1.0, req.min / 10)
        o[r + 3] = min(1.0, req.max / 10)
        o[r + 4] = min(1.0, len(req.choices) / 64)
        if steps is None:
            o[at["stage"] + STAGES.index("flat")] = 1
            return
        o[at["stage"] + STAGES.index(steps.stage)] = 1
        self._cards(o, at["chosen"], list(steps.cards))
        for t in steps.picked:
            if 0 <= t < C:
                o[at["chosen_targets"] + t] = 1
        if steps.group and steps.option:
            o[at["chosen_option"] + self._option_index(steps.option)] = 1

    def _characters(self, o: array, state: State, seat: int, table: dict[str, Any]) -> None:
        v, ca = self.v, self._char_at
        seats = table["seats"]
        my_team = _team(seats[seat]["side"])
        chars = table["characters"]
        mine_alive = [p["seat"] for p in chars if p["owner"] == seat and p["alive"]]
        mine = [m for m, q in enumerate(chars) if q["owner"] == seat]
        damage = SeatView(state, seat).damage_matrix()
        taken = [sum(col) for col in zip(*damage)]  # by each character, from anyone
        for p in chars[: v.characters]:
            c = p["seat"]
            b = self._char0 + c * self._per_char
            owner = seats[p["owner"]]
            f = b + ca["flags"]
            o[f] = 1
            o[f + 1] = p["alive"]
            o[f + 2] = p["owner"] == seat
            o[f + 3] = c == table["current"]
            o[f + 4] = p["chained"]
            o[f + 5] = p["flipped"]
            h = b + ca["hp"]
            if p["hp"] is not None:
                o[f + 6] = 1
                o[h] = min(1.0, max(0, p["hp"]) / 10)
                o[h + 1] = min(1.0, p["max_hp"] / 10)
            o[h + 2] = min(1.0, max(0, p["lost"]) / 10)
            o[b + ca["hand_count"]] = min(1.0, p["hand_count"] / 10)
            role = owner["role"]
            o[b + ca["role"] + (ROLES.index(role) if role in ROLES else len(ROLES))] = 1
            side = _team(owner["side"])
            s = b + ca["side"]
            if side is None:
                o[s + 2] = 1
            elif side == my_team:
                o[s] = 1
            else:
                o[s + 1] = 1
            k = self._kingdom.get(p["kingdom"])
            if k is not None:
                o[b + ca["kingdom"] + k] = 1
            if p["gender"] in GENDERS:
                o[b + ca["gender"] + GENDERS.index(p["gender"])] = 1
            generals = p["generals"]
            for slot, block in ((0, "general"), (1, "deputy")):
                if slot < len(generals):
                    g = self._general.get(generals[slot] or "")
                    if g is not None:
                        o[b + ca[block] + g] = 1
                    o[b + ca["concealed"] + slot] = p["concealed"][slot]
            self._names(o, b + ca["equip"], [p["equip"].get(s) for s in EQUIP_SLOTS], 1)
            self._names(o, b + ca["judge"], p["judge"], 1)
            for cards in p["zones"].values():
                self._names(o, b + ca["zones"], cards, 4)
            o[b + ca["points"]] = min(1.0, max(0, owner["points"]) / 10)
            if p["alive"] and mine_alive:
                r = b + ca["reach"]
                o[r] = min(1.0, min(distance(state, m, c) for m in mine_alive) / 6)
                o[r + 1] = any(in_attack_range(state, m, c) for m in mine_alive if m != c)
            d = b + ca["damage"]
            dealt = damage[c]
            o[d] = min(1.0, sum(dealt[m] for m in mine) / 10)
            o[d + 1] = min(1.0, sum(damage[m][c] for m in mine) / 10)
            o[d + 2] = min(1.0, sum(dealt) / 10)
            o[d + 3] = min(1.0, taken[c] / 10)
