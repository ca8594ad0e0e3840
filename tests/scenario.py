"""Scripted positions for rule scenarios.

``Table`` builds a game from explicit events (roles, generals, hands, the draw
pile from the top down, and ``extra`` events of the mode's own), so a test
states the position it is about, then
answers each request itself.  The events are real, so ``fold(table.events)``
is the live state throughout.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS, deck_numbers
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.identity import roles_for
from sanguozhi.core.requests import PASS, Choice, Request
from sanguozhi.core.state import State


class Table:
    def __init__(
        self,
        players: int = 4,
        *,
        roles: Sequence[str] | None = None,
        hands: Mapping[int, Iterable[str]] | None = None,
        equip: Mapping[int, Iterable[str]] | None = None,
        judge: Mapping[int, Iterable[str]] | None = None,
        chained: Iterable[int] = (),
        pile: Iterable[str] = (),
        hp: Mapping[int, int] | None = None,
        max_hp: Mapping[int, int] | None = None,
        generals: Mapping[int, str] | None = None,
        concealed: Mapping[int, str] | None = None,
        first: int = 0,
        shown: Iterable[int] = (0,),
        seed: int = 7,
        mode: str = "identity",
        options: dict[str, Any] | None = None,
        reshuffled: bool = False,
        extra: Iterable[ev.Event] = (),
    ) -> None:
        opts = ruleset_of(mode).check(players, options or {})
        self.used: set[int] = set()
        deck = ruleset_of(mode).deck(opts)  # a mode's own cards (the jade seal) are in play
        events: list[ev.Event] = [ev.GameStarted(mode=mode, players=players, seed=seed, rules=ev.RULES_VERSION, options=opts, deck=deck)]
        roles = tuple(roles or roles_for(players))
        if all(roles):
            events.append(ev.RolesDealt(roles=roles))
            for seat in shown:  # roles shown to everyone (identity: the lord's)
                events.append(ev.RoleShown(seat=seat, role=roles[seat]))
        else:  # a seat with "" has no role yet (天地人); the others' are known to all
            events += [ev.RoleShown(seat=s, role=r) for s, r in enumerate(roles) if r]
        for seat in range(players):
            g = (generals or {}).get(seat, "vanilla")
            top = (max_hp or {}).get(seat, 4)
            events.append(ev.GeneralChosen(seat=seat, general=g, max_hp=top, hp=(hp or {}).get(seat, top)))
        for seat, g in (concealed or {}).items():  # a second general, face down to the others
            p = fold(events).chars[seat]
            events.append(ev.GeneralChosen(seat=seat, general=g, max_hp=p.max_hp, hp=p.hp, slot=1, vis=(seat,)))
        self.deck = set(deck_numbers(deck))
        events += self.place(pile, hands, equip, judge, reshuffled=reshuffled)
        for seat in chained:
            events.append(ev.ChainToggled(seat=seat, on=True))
        events += extra  # the mode's own position (points, deaths) before the first turn
        if first != 0:
            before = (first - 1) % players
            events.append(ev.TurnStarted(seat=before, turn=0, round=0))
            events.append(ev.TurnEnded(seat=before))
        self.begin(events)

    def begin(self, events: list[ev.Event]) -> None:
        """Play on from the position these events make (a scenario's own events)."""
        self.initial = list(events)
        state = fold(events)
        self.game = Game(list(events), lambda g: Engine(state, fresh=False, sink=g._sink))

    def restart(self, **start: Any) -> None:
        """Play the same position again with its start event changed: an older
        record's ``rules``, or ``options`` it did not name."""
        events = list(self.initial)
        events[0] = msgspec.structs.replace(events[0], **start)
        self.begin(events)

    def place(
        self,
        pile: Iterable[str],
        hands: Mapping[int, Iterable[str]] | None,
        equip: Mapping[int, Iterable[str]] | None,
        judge: Mapping[int, Iterable[str]] | None,
        *,
        reshuffled: bool = False,
    ) -> list[ev.Event]:
        """The shuffle that stacks the pile (``pile`` on top, top first) and the
        deals of the hands, equipment and judge zones of a position."""
        top_cards = [self.card(n) for n in pile]
        hand_cards = {s: [self.card(n) for n in names] for s, names in (hands or {}).items()}
        equip_cards = {s: [self.card(n) for n in names] for s, names in (equip or {}).items()}
        # A judge entry "slash>lightning" is a card placed as another (a converted delayed trick).
        judge_cards: dict[int, list[int]] = {}
        judge_as: dict[int, str] = {}
        for seat, entries in (judge or {}).items():
            judge_cards[seat] = []
            for entry in entries:
                face, _, counts_as = entry.partition(">")
                c = self.card(face)
                judge_cards[seat].append(c)
                if counts_as:
                    judge_as[c] = counts_as
        rest = [c.number for c in CARDS if c.number not in self.used and c.number in self.deck]
        # The pile is stored top last: the listed top cards end the list.
        placed = [c for cs in (*hand_cards.values(), *equip_cards.values(), *judge_cards.values()) for c in cs]
        order = tuple(rest + top_cards[::-1] + placed)
        events: list[ev.Event] = [ev.PileShuffled(order=order)]
        if reshuffled:  # the draw pile has been reshuffled once since
            events.append(ev.PileShuffled(order=order, reshuffle=True))
        for seat, cards in hand_cards.items():
            if cards:
                events.append(ev.CardsMoved(cards=tuple(cards), src="pile", dst="hand", dst_seat=seat, reason="deal", vis=(seat,)))
        for seat, cards in equip_cards.items():
            if cards:
                events.append(ev.CardsMoved(cards=tuple(cards), src="pile", dst="equip", dst_seat=seat, reason="deal"))
        for seat, cards in judge_cards.items():
            for c in cards:  # the first listed was placed first
                reason = f"as:{judge_as[c]}" if c in judge_as else "deal"
                events.append(ev.CardsMoved(cards=(c,), src="pile", dst="judge", dst_seat=seat, reason=reason))
        return events

    def card(self, name: str) -> int:
        """The first unused card of ``name`` (a glossary id) in the game's deck, or ``#N`` for card N."""
        if name.startswith("#"):
            number = int(name[1:])
        else:
            number = next((c.number for c in CARDS if c.name == name and c.number in self.deck and c.number not in self.used), -1)
            if number < 0:
                raise ValueError(f"no unused {name!r} card left in the deck")
        if number in self.used:
            raise ValueError(f"card {number} is used twice in the scenario")
        self.used.add(number)
        return number

    # -- looking --------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def events(self) -> list[ev.Event]:
        return self.game.events

    @property
    def request(self) -> Request:
        req = self.game.request
        assert req is not None, "the game is over"
        return req

    def hand(self, seat: int) -> list[str]:
        return [CARDS[c].name for c in self.state.chars[seat].hand]

    def hp(self, seat: int) -> int:
        return self.state.chars[seat].hp

    def of_type(self, kind: type[ev.Event], since: int = 0) -> list[Any]:
        return [e for e in self.events[since:] if isinstance(e, kind)]

    # -- answering ------------------------------------------------------------

    def choose(self, choice: Choice) -> list[ev.Event]:
        return self.game.submit(choice)

    def in_hand(self, seat: int, name: str) -> int:
        for c in self.state.chars[seat].hand:
            if CARDS[c].name == name:
                return c
        raise AssertionError(f"seat {seat} holds no {name!r}: {self.hand(seat)}")

    def use(self, name: str, *targets: int) -> list[ev.Event]:
        """The asked seat uses (or answers with) a card of ``name`` from its hand."""
        req = self.request
        card = self.in_hand(req.seat, name)
        choice = Choice(cards=(card,), targets=tuple(targets))
        if not targets and req.choices and choice not in req.choices:
            # A card whose only use names its targets itself (南蛮入侵, 无中生有).
            only = [c for c in req.choices if c.cards == (card,) and not c.option]
            if len(only) == 1:
                choice = only[0]
        return self.choose(choice)

    def option(self, option: str, *targets: int) -> list[ev.Event]:
        """Answer with a named option (``hand``, ``draw``, a form such as ``spear``, a trigger)."""
        return self.choose(Choice(option=option, targets=tuple(targets)))

    def pick(self, *cards: int) -> list[ev.Event]:
        """Answer a pick (or a one-card choice) with these card numbers."""
        req = self.request
        if req.choices:
            return self.choose(next(c for c in req.choices if c.cards == tuple(cards)))
        return self.choose(Choice(cards=tuple(cards)))

    def pass_(self) -> list[ev.Event]:
        return self.choose(Choice(option=PASS))

    def end(self) -> list[ev.Event]:
        """End the play phase."""
        assert self.request.kind == "play", self.request
        return self.choose(Choice(option="end"))

    def discard(self, *names: str) -> list[ev.Event]:
        seat = self.request.seat
        hand = list(self.state.chars[seat].hand)
        picked = []
        for n in names:
            c = next(c for c in hand if CARDS[c].name == n and c not in picked)
            picked.append(c)
        return self.choose(Choice(cards=tuple(picked)))

    def finish(self, limit: int = 500) -> None:
        """End play phases and pass until the game is over."""
        for _ in range(limit):
            if self.game.request is None:
                return
            self._pass_on(self.request)
        raise AssertionError(f"the game is not over within {limit} steps")

    def _pass_on(self, req: Request) -> None:
        if req.kind == "play":
            self.end()
        elif req.kind == "discard":
            self.choose(Choice(cards=tuple(req.cards[: req.min])))
        elif any(c.is_pass for c in req.choices):
            self.pass_()
        else:
            self.choose(req.choices[0])

    def until(self, kind: str, seat: int | None = None, limit: int = 200) -> Request:
        """End play phases and pass until a request of ``kind`` (for ``seat``) comes."""
        for _ in range(limit):
            req = self.request
            if req.kind == kind and (seat is None or req.seat == seat):
                return req
            self._pass_on(req)
        raise AssertionError(f"no {kind} request within {limit} steps")


def trigger_of(req: Request) -> str:
    """What a trigger question offers, as ``window:skill``, whether asked in public
    or (a concealed general's, under fair rules) in secret as ``window:concealed``
    with the skills that can act as its answers."""
    window, _, source = req.prompt.rpartition(":")
    if source == "concealed":
        source = "+".join(c.option for c in req.choices if not c.is_pass)
    return f"{window}:{source}"
