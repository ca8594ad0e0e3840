"""Scripted duel positions (seed 003) for rule scenarios, on the idea of ``tests.scenario.Table``.

``DuelTable`` builds a duel from explicit events: each player's row of
generals (from the left), which are face up, damage tokens, hands, each
general's equipment, the 奇兵 cards in front of each player and the top of the
draw pile; then the first player's turn begins.  Characters 0 and 1 are the
players' own places; the generals follow in placement order: seat 0's row,
then seat 1's (``t.g(seat, k)`` is seat ``seat``'s ``k``-th general from the left).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS, NAMES
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.duel import RowPlaced
from sanguozhi.core.modes.duel.data import QIBING_CARDS
from sanguozhi.core.requests import Choice
from tests.scenario import Table


class DuelTable(Table):
    def __init__(
        self,
        rows: Mapping[int, Sequence[str]],
        *,
        face_up: Iterable[str] = (),
        lost: Mapping[str, int] | None = None,
        hands: Mapping[int, Iterable[str]] | None = None,
        equip: Mapping[str, str] | None = None,
        qibing: Mapping[int, Iterable[str]] | None = None,
        pile: Iterable[str] = (),
        first: int = 0,
        seed: int = 7,
        options: dict[str, Any] | None = None,
    ) -> None:
        rs = ruleset_of("duel")
        opts = rs.check(2, options or {})
        deck = rs.deck(opts)
        self.used: set[int] = set()
        self.in_deck = set(deck)
        self.rows = {s: list(rows.get(s, ())) for s in (0, 1)}
        events: list[ev.Event] = [ev.GameStarted(mode="duel", players=2, seed=seed, rules=ev.RULES_VERSION, options=opts, deck=deck)]
        events.append(ev.RolesDealt(roles=("first", "second")))
        events += [ev.RoleShown(seat=0, role="first"), ev.RoleShown(seat=1, role="second")]
        up, lost = set(face_up), dict(lost or {})
        content = rs.content(opts)
        for seat in (0, 1):
            events.append(RowPlaced(seat=seat, count=len(self.rows[seat])))
            for k, gid in enumerate(self.rows[seat]):
                top = content.general(gid).max_hp
                events.append(ev.GeneralChosen(seat=self.g(seat, k), general=gid, max_hp=top, hp=top - lost.get(gid, 0), vis=None if gid in up else (seat,)))
        top_cards = [self.card(n) for n in pile]
        hand_cards = {s: [self.card(n) for n in names] for s, names in (hands or {}).items()}
        equip_cards = {self.find(gid): self.card(name) for gid, name in (equip or {}).items()}
        qibing_cards = {s: [self.card(k) for k in kinds] for s, kinds in (qibing or {}).items()}
        placed = [c for cs in (*hand_cards.values(), *qibing_cards.values()) for c in cs] + list(equip_cards.values())
        set_aside = tuple(c for c in QIBING_CARDS if c not in self.used)
        rest = [c for c in deck if c not in self.used and c not in QIBING_CARDS]
        events.append(ev.PileShuffled(order=set_aside + tuple(rest + top_cards[::-1] + placed)))
        events.append(ev.CardsMoved(cards=set_aside, src="pile", dst="removed", reason="qibing"))
        for seat, cards in hand_cards.items():
            if cards:
                events.append(ev.CardsMoved(cards=tuple(cards), src="pile", dst="hand", dst_seat=seat, reason="deal", vis=(seat,)))
        for seat, cards in qibing_cards.items():
            if cards:
                events.append(ev.CardsMoved(cards=tuple(cards), src="pile", dst="qibing", dst_seat=seat, reason="qibing"))
        for c, card in equip_cards.items():
            events.append(ev.CardsMoved(cards=(card,), src="pile", dst="equip", dst_seat=c, reason="deal"))
        if first:
            events += [ev.TurnStarted(seat=0, turn=0, round=0), ev.TurnEnded(seat=0)]
        state = fold(events)
        self.game = Game(list(events), lambda g: Engine(state, fresh=False, sink=g._sink))

    # -- naming ------------------------------------------------------------------

    def g(self, seat: int, k: int) -> int:
        """Seat ``seat``'s ``k``-th general (placement order)."""
        return 2 + (len(self.rows[0]) if seat else 0) + k

    def find(self, gid: str) -> int:
        """The character of general ``gid``."""
        for seat in (0, 1):
            if gid in self.rows[seat]:
                return self.g(seat, self.rows[seat].index(gid))
        raise KeyError(gid)

    def card(self, name: str) -> int:
        """The first unused card of ``name`` in the duel's deck (a 奇兵 kind too), or ``#N``."""
        if name.startswith("#"):
            return super().card(name)
        number = next((c.number for c in CARDS if c.name == name and c.number in self.in_deck and c.number not in self.used), -1)
        if number < 0:
            raise ValueError(f"no unused {name!r} card left in the duel's deck")
        self.used.add(number)
        return number

    def ring(self) -> list[int]:
        from sanguozhi.core.modes.duel import row

        return row.ring(self.state)

    # -- answering ----------------------------------------------------------------

    def act(self, who: str | int, name: str, *targets: int) -> list[ev.Event]:
        """In the play phase, general ``who`` uses a card (hand or 奇兵) named ``name``, or takes an option."""
        c = who if isinstance(who, int) else self.find(who)
        req = self.request
        assert req.kind == "play", req
        for ch in req.choices:
            if ch.targets[:1] != (c,) or ch.targets[1:] != targets:
                continue
            if ch.option == name or (ch.cards and not ch.option and NAMES[ch.cards[0]] == name):
                return self.choose(ch)
        raise AssertionError(f"{name} by {c} at {targets} is not offered: {[ch for ch in req.choices if ch.targets[:1] == (c,)]}")

    def offered(self, who: str | int) -> set[str]:
        """What general ``who`` may do in the play phase now: card names and options."""
        c = who if isinstance(who, int) else self.find(who)
        out = set()
        for ch in self.request.choices:
            if ch.targets[:1] == (c,):
                out.add(ch.option or NAMES[ch.cards[0]])
        return out

    def answer(self, kind: str, option: str | None = None, **match: Any) -> list[ev.Event]:
        """Answer the pending request of ``kind``: the choice with ``option`` (and ``targets``/``cards``), else its first non-pass."""
        req = self.request
        assert req.kind == kind, req
        for ch in req.choices:
            if option is not None and ch.option != option:
                continue
            if all(getattr(ch, k) == v for k, v in match.items()) and not ch.is_pass:
                return self.choose(ch)
        raise AssertionError(f"no {option} {match} among {req.choices}")

    def skip_to(self, kind: str, seat: int | None = None, prompt: str = "", limit: int = 100) -> Any:
        """Pass (and end play phases) until a request of ``kind`` whose prompt starts with ``prompt``."""
        for _ in range(limit):
            req = self.request
            if req.kind == kind and (seat is None or req.seat == seat) and req.prompt.startswith(prompt):
                return req
            self._pass_on(req)
        raise AssertionError(f"no {kind} {prompt} request within {limit} steps")

    def choose_pass(self) -> list[ev.Event]:
        return self.choose(Choice(option="pass"))
