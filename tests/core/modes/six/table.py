"""Scripted hegemony-six positions: ``SixTable`` builds a game from explicit events
(two general slots per character, the reveals made, hands, the pile from the
top down), on the idea of ``tests.core.modes.hegemony.table.HgTable``.

``hegemony-six-blank`` is hegemony-six plus skill-less generals
(``sixblank_{force}{hp}``) so a scenario can seat forces without skills getting
in the way; they are never dealt.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.content import Pack
from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.engine import Engine
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import Game
from sanguozhi.core.generals import GENERALS, General, register
from sanguozhi.core.modes import RULESETS, register as register_mode, ruleset_of
from sanguozhi.core.modes.hegemony.events import FirstPlayer, FullyRevealed
from sanguozhi.core.modes.six import HegemonySix
from sanguozhi.core.modes.six.data import FORCES
from tests.scenario import Table

BLANKS = Pack("test-six-blanks", "测试白板", "Test blanks")
for _f in FORCES:
    for _h in (3, 4, 5):
        _gid = f"sixblank_{_f}{_h}"
        register(General(_gid, f"白板{_f}{_h}", _f, "male", _h, name_en=f"Blank {_f} {_h}", pack="test"), BLANKS)


class BlankSix(HegemonySix):
    id = "hegemony-six-blank"

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        return (*super().packs(options), BLANKS)


if BlankSix.id not in RULESETS:
    register_mode(BlankSix())


class SixTable(Table):
    """``generals``: seat -> (main, deputy); by default seat s plays two blanks of
    force ``FORCES[s % 5]``.  ``reveals``: (seat, slot) reveals made, in order;
    ``shown``: seats with both generals face up; ``plots``: 谋攻 cards beside a seat."""

    def __init__(
        self,
        players: int = 5,
        *,
        generals: Mapping[int, tuple[str, str]] | None = None,
        reveals: Sequence[tuple[int, int]] = (),
        shown: Iterable[int] = (),
        hands: Mapping[int, Iterable[str]] | None = None,
        pile: Iterable[str] = (),
        hp: Mapping[int, int] | None = None,
        plots: Mapping[int, Iterable[str]] | None = None,
        first: int = 0,
        seed: int = 7,
        mode: str = "hegemony-six-blank",
        options: dict[str, Any] | None = None,
    ) -> None:
        rs = ruleset_of(mode)
        opts = rs.check(players, dict(options or {}))
        self.used: set[int] = set()
        self.deck = set(deck_numbers(rs.deck(opts)))
        events: list[ev.Event] = [ev.GameStarted(mode=mode, players=players, seed=seed, options=opts, deck=rs.deck(opts))]
        for seat in range(players):
            f = FORCES[seat % 5]
            main, deputy = (generals or {}).get(seat, (f"sixblank_{f}4", f"sixblank_{f}3"))
            top = GENERALS[main].max_hp
            now = (hp or {}).get(seat, top)
            events.append(ev.GeneralChosen(seat=seat, general=main, max_hp=top, hp=now, slot=0, vis=(seat,)))
            events.append(ev.GeneralChosen(seat=seat, general=deputy, max_hp=top, hp=now, slot=1, vis=(seat,)))
        shown = tuple(shown)
        both = [(s, i) for s in shown for i in (0, 1)]
        for seat, slot in [*reveals, *(r for r in both if r not in reveals)]:
            g = fold(events).chars[seat].slots[slot].general
            events.append(ev.GeneralRevealed(seat=seat, slot=slot, general=g))
        for seat in shown:
            events.append(FullyRevealed(seat=seat))
        events.append(FirstPlayer(seat=first))
        events += self.place(pile, hands, None, None)
        for seat, names in (plots or {}).items():
            events.append(ev.CardsMoved(cards=tuple(self.card(n) for n in names), src="pile", dst="plot", dst_seat=seat, reason="test"))
        state = fold(events)
        self.game = Game(list(events), lambda g: Engine(state, fresh=False, sink=g._sink))
