"""天地人 positions for rule scenarios, on ``tests.scenario.Table``.

Seat 0 is the lord; a seat without a role has not earned one.  ``concealed``
gives a seat its stacked second general (seen by itself only); ``revealed``
one already turned up (so the seat has earned the role given in ``roles``).
``gouyu`` are the seats' 勾玉 and ``dead`` characters already dead; with
``reshuffled=True`` (the pile reshuffled once) and enough dead, the 终局 has
begun.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.modes.tiandiren.events import GouyuChanged
from tests.scenario import Table

MODE = "tiandiren"


def table(
    players: int = 4,
    *,
    roles: Sequence[str] | None = None,
    generals: Mapping[int, str] | None = None,
    concealed: Mapping[int, str] | None = None,
    revealed: Mapping[int, str] | None = None,
    gouyu: Mapping[int, int] | None = None,
    dead: Iterable[int] = (),
    options: Mapping[str, Any] | None = None,
    **kw: Any,
) -> Table:
    roles = tuple(roles or ("lord",) + ("",) * (players - 1))
    seconds = {**(concealed or {}), **(revealed or {})}
    extra: list[ev.Event] = [ev.GeneralRevealed(seat=s, slot=1, general=g) for s, g in (revealed or {}).items()]
    extra += [GouyuChanged(seat=s, n=n) for s, n in (gouyu or {}).items()]
    extra += [ev.Died(seat=s, role=roles[s]) for s in dead]
    return Table(
        players,
        mode=MODE,
        roles=roles,
        generals=generals,
        concealed=seconds,
        extra=extra,
        options={"generals": "vanilla", **(options or {})},
        **kw,
    )


def earned_roles(t: Table) -> list[str]:
    return [s.role for s in t.state.seats]
