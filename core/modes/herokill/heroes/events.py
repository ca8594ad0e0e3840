"""What the heroes change at the table beyond the core events: two places
exchanged (迁都) and a hero's skills taken on (易装).  Every Hero Kill mode
decodes and folds them (``EVENTS``, ``HANDLERS``) and narrates them (``narrate``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .... import events as ev

if TYPE_CHECKING:
    from ....state import State

DISGUISE = "hk_yizhuang:"  # mark prefix: the general whose skills the character plays


class PlacesSwapped(ev.Event, tag="hk_swap"):
    """Characters ``a`` and ``b`` exchange places around the table (迁都): turn
    order, distances and the table follow the new places."""

    a: int
    b: int


class Disguised(ev.Event, tag="hk_disguise"):
    """Character ``seat`` loses its skills and plays those of ``general`` (易装);
    ``general`` "" ends it (a tripod player changing its general card)."""

    seat: int
    general: str


def _swap(s: "State", e: PlacesSwapped) -> None:
    if not s.order:
        s.order = list(range(len(s.chars)))
    order = s.order
    i, j = order.index(e.a), order.index(e.b)
    order[i], order[j] = order[j], order[i]


def _disguise(s: "State", e: Disguised) -> None:
    marks = s.chars[e.seat].marks
    for key in [k for k in marks if k.startswith(DISGUISE)]:
        del marks[key]
    if e.general:
        marks[DISGUISE + e.general] = 1
    s.rs.refresh(s, e.seat)


EVENTS: tuple[type[ev.Event], ...] = (PlacesSwapped, Disguised)
HANDLERS: dict = {PlacesSwapped: _swap, Disguised: _disguise}


def disguise_of(marks: dict[str, int]) -> str:
    """The general a character plays the skills of (易装), or ""."""
    return next((k[len(DISGUISE) :] for k in marks if k.startswith(DISGUISE)), "")


def narrate(n: Any, e: ev.Event) -> str | None:
    if isinstance(e, PlacesSwapped):
        a, b = n.seat(e.a), n.seat(e.b)
        return f"{a} 与 {b} 交换位置" if n.zh else f"{a} and {b} exchange places"
    if isinstance(e, Disguised):
        who = n.seat(e.seat)
        if not e.general:
            return f"{who} 不再拥有易装获得的技能" if n.zh else f"{who} no longer has the skills taken by Disguise"
        hero = n.name(e.general)
        return f"{who} 失去所有技能，获得 {hero} 的技能" if n.zh else f"{who} loses all its skills and gains {hero}'s"
    return None
