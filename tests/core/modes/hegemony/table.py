"""Scripted hegemony positions: ``HgTable`` builds a game from explicit events
(two general slots per character, which of them are face up, hands, the pile
from the top down), on the idea of ``tests.scenario.Table``.

``hegemony-blank`` is hegemony plus skill-less generals (``blank_{kingdom}{halves}{m|f}``,
e.g. ``blank_wei4m``) so a scenario can seat kingdoms, genders and half fish
without skills getting in the way; they are never dealt.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.content import Pack
from sanguozhi.core.deck import CARDS, deck_numbers
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.generals import General, register
from sanguozhi.core.modes import RULESETS, register as register_mode, ruleset_of
from sanguozhi.core.modes.hegemony import Hegemony
from sanguozhi.core.modes.hegemony.events import FirstPlayer, FullyRevealed
from sanguozhi.core.modes.hegemony.generals import halves
from tests.scenario import Table

BLANKS = Pack("test-hegemony-blanks", "测试白板", "Test blanks")
for _k in ("wei", "shu", "wu", "qun"):
    for _h in (3, 4, 5):
        for _g in ("m", "f"):
            _gid = f"blank_{_k}{_h}{_g}"
            register(General(_gid, f"白板{_k}{_h}{_g}", _k, "male" if _g == "m" else "female", _h, name_en=f"Blank {_k} {_h}{_g}", pack="test"), BLANKS)


class BlankHegemony(Hegemony):
    id = "hegemony-blank"

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        return (*super().packs(options), BLANKS)


if BlankHegemony.id not in RULESETS:
    register_mode(BlankHegemony())

KINGDOMS = ("wei", "shu", "wu", "qun")


class HgTable(Table):
    """A hegemony position.  ``generals``: seat -> (main, deputy); by default
    seat s plays two blanks of kingdom ``KINGDOMS[s % 4]``.  ``reveals``: the
    (seat, slot) reveals already made, in order (careerists follow it);
    ``shown``: seats whose both generals are face up (rewards already paid), or "all"."""

    def __init__(
        self,
        players: int = 4,
        *,
        generals: Mapping[int, tuple[str, str]] | None = None,
        reveals: Sequence[tuple[int, int]] = (),
        shown: Iterable[int] | str = (),
        hands: Mapping[int, Iterable[str]] | None = None,
        equip: Mapping[int, Iterable[str]] | None = None,
        judge: Mapping[int, Iterable[str]] | None = None,
        pile: Iterable[str] = (),
        hp: Mapping[int, int] | None = None,
        first: int = 0,
        seed: int = 7,
        mode: str = "hegemony-blank",
        options: dict[str, Any] | None = None,
    ) -> None:
        opts = ruleset_of(mode).check(players, {"deck": "hegemony", **(options or {})})
        self.used: set[int] = set()
        self.deck = set(deck_numbers(ruleset_of(mode).deck(opts)))
        events: list[ev.Event] = [ev.GameStarted(mode=mode, players=players, seed=seed, options=opts, deck=ruleset_of(mode).deck(opts))]
        for seat in range(players):
            k = KINGDOMS[seat % 4]
            main, deputy = (generals or {}).get(seat, (f"blank_{k}4m", f"blank_{k}4f"))
            top = (halves(main) + halves(deputy)) // 2
            now = (hp or {}).get(seat, top)
            events.append(ev.GeneralChosen(seat=seat, general=main, max_hp=top, hp=now, slot=0, vis=(seat,)))
            events.append(ev.GeneralChosen(seat=seat, general=deputy, max_hp=top, hp=now, slot=1, vis=(seat,)))
        shown = range(players) if shown == "all" else tuple(shown)  # type: ignore[assignment]
        both = [(s, i) for s in shown for i in (0, 1)]
        for seat, slot in [*reveals, *(r for r in both if r not in reveals)]:
            g = fold(events).chars[seat].slots[slot].general
            events.append(ev.GeneralRevealed(seat=seat, slot=slot, general=g))
        for seat in shown:
            events.append(FullyRevealed(seat=seat))
        events.append(FirstPlayer(seat=first))
        events += self.place(pile, hands, equip, judge)
        state = fold(events)
        self.game = Game(list(events), lambda g: Engine(state, fresh=False, sink=g._sink))

    def kingdom(self, seat: int) -> str:
        return self.state.chars[seat].kingdom


def hcard(name: str, suit: str | None = None, rank: int | None = None, nth: int = 0) -> str:
    """``#N`` for a hegemony-deck card of ``name`` (suit letter s/h/c/d, rank)."""
    letters = {"s": "spade", "h": "heart", "c": "club", "d": "diamond"}
    found = [c.number for c in CARDS if c.pack == "hegemony" and c.name == name and (suit is None or c.suit == letters[suit]) and (rank is None or c.rank == rank)]
    return f"#{found[nth]}"
