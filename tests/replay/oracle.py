"""An oracle of what each seat has seen, independent of ``replay.visibility`` and
``core.view``: the card numbers it has seen where they lie, the general slots and
names, the roles it knows (tests/replay/test_views.py; the live tables' messages,
tests/cli/web/test_leaks.py)."""
from __future__ import annotations

import re

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.state import State
from sanguozhi.replay.narrate import Narrator

ROLE_WORDS = {
    "lord": re.compile(r"\blord\b|主公", re.I),
    "loyalist": re.compile(r"\bloyalist\b|忠臣", re.I),
    "rebel": re.compile(r"\brebel\b|反贼", re.I),
    "renegade": re.compile(r"\brenegade\b|内奸", re.I),
}


class CardNames:
    """Which cards a line names: every card's label as ``n`` prints it
    (``Slash ♠7``), found longest first so ``Fire Slash ♠7`` is not read as
    ``Slash ♠7``.  A label printed on several cards names all of them."""

    def __init__(self, n: Narrator) -> None:
        self.cards: dict[str, set[int]] = {}
        for c, card in enumerate(CARDS):
            if card.name:
                self.cards.setdefault(n.card(c), set()).add(c)
        self.pattern = re.compile("|".join(re.escape(k) for k in sorted(self.cards, key=len, reverse=True)))

    def named(self, line: str) -> list[set[int]]:
        return [self.cards[m] for m in self.pattern.findall(line)]

    def leaked(self, line: str, known: set[int]) -> list[set[int]]:
        """Labels in ``line`` that no card the seat knows carries: a hidden card named."""
        return [cs for cs in self.named(line) if not cs & known]


def general_cards() -> dict[int, str]:
    """Card number -> general of the deck's general cards (tripod's, printed
    "general:<id>").  Read when an oracle is made, not at import: a mode adds
    its cards to the deck when it loads (alone, tripod's test would see none)."""
    return {c.number: c.name.partition(":")[2] for c in CARDS if c.name and c.kind.type == "general"}


# Modes whose hp is printed on a general (seed 003: a face-down general's hp is hidden, its tokens are not).
HP_ON_THE_GENERAL = {"duel"}


class Oracle:
    """What each seat has seen: card numbers where they lie, general slots, general names, roles."""

    def __init__(self, state: State) -> None:
        seats = len(state.seats)
        self.state = state
        self.known: list[set[int]] = [set() for _ in range(seats)]
        self.slots: list[set[tuple[int, int]]] = [set() for _ in range(seats)]
        self.names: list[set[str]] = [set() for _ in range(seats)]
        self.roles: list[set[str]] = [set() for _ in range(seats)]
        self.role_of: list[dict[int, str]] = [{} for _ in range(seats)]  # whose role each seat knows
        self.ended = False
        self.general_cards = general_cards()

    def feed(self, e: ev.Event) -> None:
        self._feed(e)
        # A general card seen names its general (tripod's general cards, printed "general:<id>").
        for s, known in enumerate(self.known):
            self.names[s].update(self.general_cards[c] for c in known.intersection(self.general_cards))

    def _feed(self, e: ev.Event) -> None:
        t = type(e)
        for s, known in enumerate(self.known):
            if t is ev.CardsMoved:
                if e.vis is None or s in e.vis or (e.dst == "hand" and e.dst_seat == s):  # a hand is named by its seat
                    known.update(e.cards)
                else:
                    known.difference_update(e.cards)
            elif t is ev.PileShuffled:
                known.difference_update(e.order)
            elif t in (ev.CardUsed, ev.CardPlayed, ev.CardsShown):
                known.update(e.cards)
            elif t is ev.GeneralChosen:
                if e.vis is None or s in e.vis:
                    self.slots[s].add((e.seat, e.slot))
                    self.names[s].add(e.general)
                else:
                    self.slots[s].discard((e.seat, e.slot))
            elif t is ev.GeneralRevealed:
                self.slots[s].add((e.seat, e.slot))
                self.names[s].add(e.general)
            elif t is ev.GeneralsOffered:
                if e.vis is None or s in e.vis:
                    self.names[s].update(e.generals)
            elif isinstance(getattr(e, "general", None), str) and isinstance(getattr(e, "slot", None), int):
                # A mode's event naming a general slot (a look at it, a reveal at the
                # end, turning it face down again): those in its vis learn it.
                vis = getattr(e, "vis", None)
                if vis is None or s in vis:
                    self.slots[s].add((e.seat, e.slot))
                    self.names[s].add(e.general)
            elif t is ev.RolesDealt:
                self.roles[s].add(e.roles[s])
                self.role_of[s][s] = e.roles[s]
            elif t in (ev.RoleShown, ev.Died):
                self.roles[s].add(e.role)
                if e.role:  # an earned identity (天地人) is a RoleShown too: seen by all
                    self.role_of[s][e.seat] = e.role
            elif t is ev.GameEnded:
                self.roles[s].update(ROLE_WORDS)  # the end reveals every role
                self.ended = True
            elif t is not ev.Decided:
                cards = getattr(e, "cards", None)
                if isinstance(cards, tuple):
                    vis = getattr(e, "vis", None)
                    if vis is None or s in vis:
                        known.update(cards)
                    else:
                        known.difference_update(cards)


def view_cards(v: dict) -> list[int]:
    out = list(v["discard"]) + list(v["processing"])
    for s in v["seats"]:
        out += s["hand"] or []
    for p in v["characters"]:
        out += p["equip"].values()
        out += p["judge"]
        for cards in p["zones"].values():  # a mode's own zones (tripod's general zone)
            out += cards
    return [c for c in out if c is not None]
