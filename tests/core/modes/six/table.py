"""Scripted hegemony-six positions: ``SixTable`` builds a game from explicit events
(two general slots per character, the reveals made, hands, the pile from the
top down), on the idea of ``tests.core.modes.hegemony.table.HgTable``.

``hegemony-six-blank`` is hegemony-six plus skill-less generals
(``sixblank_{force}{hp}``) so a scenario can seat forces without skills getting
in the way; they are never dealt.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.content import Pack
from sanguozhi.core.generals import GENERALS, General, register
from sanguozhi.core.modes.six import HegemonySix
from sanguozhi.core.modes.six.data import FORCES
from tests.core.modes.hegemony.table import HgTable, register_blank_mode

BLANKS = Pack("test-six-blanks", "测试白板", "Test blanks")
for _f in FORCES:
    for _h in (3, 4, 5):
        _gid = f"sixblank_{_f}{_h}"
        register(General(_gid, f"白板{_f}{_h}", _f, "male", _h, name_en=f"Blank {_f} {_h}", pack="test"), BLANKS)


register_blank_mode(HegemonySix, "hegemony-six-blank", BLANKS)


class SixTable(HgTable):
    """``generals``: seat -> (main, deputy); by default seat s plays two blanks of
    force ``FORCES[s % 5]``.  ``reveals``: (seat, slot) reveals made, in order;
    ``shown``: seats with both generals face up; ``plots``: 谋攻 cards beside a seat."""

    default_options: dict[str, Any] = {}

    def __init__(
        self,
        players: int = 5,
        *,
        plots: Mapping[int, Iterable[str]] | None = None,
        mode: str = "hegemony-six-blank",
        **rest: Any,
    ) -> None:
        self.plots = plots or {}
        super().__init__(players, mode=mode, **rest)

    def blanks(self, seat: int) -> tuple[str, str]:
        f = FORCES[seat % 5]
        return f"sixblank_{f}4", f"sixblank_{f}3"

    def max_hp(self, main: str, deputy: str) -> int:
        return GENERALS[main].max_hp  # the main general's hp (seed 000)

    def beside(self) -> list[ev.Event]:
        return [
            ev.CardsMoved(cards=tuple(self.card(n) for n in names), src="pile", dst="plot", dst_seat=seat, reason="test")
            for seat, names in self.plots.items()
        ]
