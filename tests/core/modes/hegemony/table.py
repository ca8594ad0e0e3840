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
from sanguozhi.core.evolve import fold
from sanguozhi.core.generals import General, register
from sanguozhi.core.modes import RULESETS, register as register_mode, ruleset_of
from sanguozhi.core.modes.base import Ruleset
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


def register_blank_mode(base: type[Ruleset], mode_id: str, blanks: Pack) -> None:
    """Register ``mode_id``: mode ``base`` plus the skill-less generals of ``blanks`` (never dealt)."""

    class Blank(base):  # type: ignore[valid-type,misc]
        id = mode_id

        def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
            return (*super().packs(options), blanks)

    if mode_id not in RULESETS:
        register_mode(Blank())


register_blank_mode(Hegemony, "hegemony-blank", BLANKS)

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
        rs = ruleset_of(mode)
        opts = rs.check(players, {**self.default_options, **(options or {})})
        self.used: set[int] = set()
        self.deck = set(deck_numbers(rs.deck(opts)))
        events: list[ev.Event] = [ev.GameStarted(mode=mode, players=players, seed=seed, rules=ev.RULES_VERSION, options=opts, deck=rs.deck(opts))]
        for seat in range(players):
            main, deputy = (generals or {}).get(seat) or self.blanks(seat)
            top = self.max_hp(main, deputy)
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
        events += self.beside()
        self.begin(events)

    default_options: dict[str, Any] = {"deck": "hegemony"}

    def blanks(self, seat: int) -> tuple[str, str]:
        """The two skill-less generals ``seat`` plays unless the scenario names its pair."""
        k = KINGDOMS[seat % 4]
        return f"blank_{k}4m", f"blank_{k}4f"

    def max_hp(self, main: str, deputy: str) -> int:
        return (halves(main) + halves(deputy)) // 2

    def beside(self) -> list[ev.Event]:
        """Events placing what a mode keeps beside the seats (none here)."""
        return []

    def kingdom(self, seat: int) -> str:
        return self.state.chars[seat].kingdom


def hcard(name: str, suit: str | None = None, rank: int | None = None, nth: int = 0) -> str:
    """``#N`` for a hegemony-deck card of ``name`` (suit letter s/h/c/d, rank)."""
    letters = {"s": "spade", "h": "heart", "c": "club", "d": "diamond"}
    found = [c.number for c in CARDS if c.pack == "hegemony" and c.name == name and (suit is None or c.suit == letters[suit]) and (rank is None or c.rank == rank)]
    return f"#{found[nth]}"
