"""Scenario tables for the Hero Kill modes: a 3v3 table (teams, every role
shown, who acts first) and a game's final position for scoring."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.herokill.casual import Casual
from sanguozhi.core.modes.herokill.competitive import ActionRight, Competitive
from sanguozhi.core.state import State
from tests.scenario import Table


def casual(first: int = 0, **kw: Any) -> Table:
    """A 3v3-casual table where ``first`` plays first (no die roll)."""
    # Without a turn before it, the first turn would be rolled for.
    before = [] if first else [ev.TurnStarted(seat=5, turn=0, round=0), ev.TurnEnded(seat=5)]
    return Table(6, mode="3v3-casual", roles=Casual.roles, shown=range(6), extra=before, first=first, **kw)


def competitive(first: int = 1, **kw: Any) -> Table:
    """A 3v3-competitive table where ``first`` (a captain) has the first action right."""
    right = ActionRight(team=first // 3, seats=(first,), turn=1)
    return Table(6, mode="3v3-competitive", roles=Competitive.roles, shown=range(6), extra=[right], **kw)


def final(mode: str, roles: Sequence[str], deaths: Mapping[int, int]) -> State:
    """The position after ``deaths`` (victim -> killer, -1: nobody), in order."""
    n = len(roles)
    events: list[ev.Event] = [ev.GameStarted(mode=mode, players=n, seed=1, rules=ev.RULES_VERSION, options=ruleset_of(mode).check(n, {})), ev.RolesDealt(roles=tuple(roles))]
    events += [ev.GeneralChosen(seat=s, general="vanilla", max_hp=4, hp=4) for s in range(n)]
    events += [ev.Died(seat=v, role=roles[v], killer=k) for v, k in deaths.items()]
    return fold(events)


def points(state: State, seat: int, won: bool) -> int:
    return state.rs.points(state, seat, won)
