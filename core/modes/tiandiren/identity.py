"""Earned identities (seed 002 ⑤): the row 忠忠内反反反 and its two directions.

After the lord is chosen, the other identity cards lie face up before it in
the order 忠…内…反 (by player count: loyalists, renegades, rebels).  Read
left to right is the loyal direction (效忠方向), right to left the rebel
direction (逆反方向).  Revealing (亮将) the concealed second general earns
the next card from the loyal end if either of one's generals shares the
lord's kingdom, else from the rebel end; once one kind is used up, the next
in that direction follows.  The X-th non-lord to earn an identity gains X
勾玉; the revealed general is then removed from play and lends the force skill
of its kingdom (``TianDiRen.refresh``).

What is left of the row is a fact of the table: the row minus the identities
earned so far (the ends are taken in order, so the rest stays in row order).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from sanguozhi.core import events as ev
from sanguozhi.core.modes.identity import roles_for

from .events import GouyuChanged

if TYPE_CHECKING:
    from sanguozhi.core.engine import Engine
    from sanguozhi.core.state import State

    Flow = Generator[Any, Any, Any]

ROW_ORDER = ("loyalist", "renegade", "rebel")  # the loyal direction reads the row this way


def row_for(players: int, six_roles: str = "1-1-3-1") -> tuple[str, ...]:
    """The identity cards laid before the lord (seed 002's counts by player count)."""
    roles = roles_for(players, six_roles)
    return tuple(r for kind in ROW_ORDER for r in roles if r == kind)


def row_left(state: "State") -> list[str]:
    """The identity cards still in the row, loyal end first."""
    left = list(row_for(len(state.seats), state.options.get("six_roles", "1-1-3-1")))
    for s in state.seats:
        if s.role and s.role != "lord":
            left.remove(s.role)
    return left


def next_identity(state: "State", loyal: bool) -> str:
    left = row_left(state)
    return left[0] if loyal else left[-1]


def earned(state: "State") -> int:
    """How many non-lords have earned an identity."""
    return sum(1 for s in state.seats if s.role and s.role != "lord")


def unearned(state: "State", c: int) -> bool:
    """A character whose seat has no identity yet (every non-lord at the start)."""
    return not state.seats[state.chars[c].owner].role


def lord_char(state: "State") -> int:
    return next(p.seat for p in state.chars if state.seats[p.owner].role == "lord")


def loyal_direction(state: "State", c: int) -> bool:
    """Does one of ``c``'s generals share the lord's kingdom (the loyal end)?"""
    kingdom = state.chars[lord_char(state)].kingdom
    return any(state.content.general(sl.general).kingdom == kingdom for sl in state.chars[c].slots)


def gain(engine: "Engine", c: int, n: int, reason: str) -> None:
    """``c``'s seat gains ``n`` 勾玉."""
    engine.emit(GouyuChanged(seat=engine.state.chars[c].owner, n=n, reason=reason))


def earn(engine: "Engine", c: int) -> "Flow":
    """亮将: reveal ``c``'s concealed general and take an identity from the row."""
    st = engine.state
    p = st.chars[c]
    for i, sl in enumerate(p.slots):
        if sl.vis is not None:
            engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=sl.general))
    role = next_identity(st, loyal_direction(st, c))
    x = earned(st) + 1
    gain(engine, c, x, "reveal")
    engine.emit(ev.RoleShown(seat=p.owner, role=role))  # may decide the game
    if role == "rebel":
        lone_blade(engine)
    return
    yield  # pragma: no cover


def lone_blade(engine: "Engine") -> None:
    """单刀赴会 (the lord's identity skill): a rebel identity is taken while no
    loyalist is on the table (none taken yet, or all dead): the lord gains 1 勾玉."""
    st = engine.state
    lord = lord_char(st)
    p = st.chars[lord]
    if not p.alive or "dandao_fuhui" not in p.skills:
        return
    if any(q.alive and st.seats[q.owner].role == "loyalist" for q in st.chars):
        return
    engine.emit(ev.Triggered(seat=lord, source="dandao_fuhui", w="skill_used"))
    gain(engine, lord, 1, "dandao_fuhui")
