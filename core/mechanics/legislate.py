"""Legislate skills (立法技, seed 000 技能类型 9): a system, its members and its rules.

Using the skill lays down a system (体制): the legislator chooses any number
of characters to enter it (at least one), then chooses one of the system's
rules to put in force.  A rule is a decree (法令: a restriction) or a new
policy (新政: a benefit); the members are under the rule in force.  A member
who breaks a decree may be punished by the legislator (执法: damage or another
harm, as the skill says).

Readings where the seed is silent: a new system replaces the legislator's
old one (its members leave it); a system lasts while its legislator lives.
Members and the rule in force are marks (``Joined``/``Left``/``Enacted``).
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import msgspec

from ..requests import Choice, Request
from ..skills.base import SkillBook, SkillError
from .events import Enacted, Joined, Left

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

Flow = Generator[Any, Any, Any]


class LawRule(msgspec.Struct, frozen=True):
    id: str
    kind: str  # decree (法令) | policy (新政)
    name_zh: str
    name_en: str


# Legislate skill id -> the rules of its system.
SYSTEMS: dict[str, tuple[LawRule, ...]] = {}


def system(book: SkillBook, sid: str, rules: tuple[LawRule, ...]) -> None:
    """Skill ``sid`` (a legislate skill of ``book``) lays down a system of ``rules``."""
    if book.pack.skills.get(sid) is None or book.pack.skills[sid].kind != "legislate":
        raise SkillError(f"skill {sid!r} is not a legislate skill of pack {book.pack.id!r}")
    bad = [r.id for r in rules if r.kind not in ("decree", "policy")]
    if bad or not rules:
        raise SkillError(f"system {sid!r}: every rule is a decree or a policy ({bad})")
    SYSTEMS[sid] = rules


def legislator(state: "State", sid: str) -> int:
    for p in state.chars:
        if p.alive and sid in p.skills:
            return p.seat
    return -1


def members(state: "State", sid: str) -> list[int]:
    key = f"{sid}.in"
    return [p.seat for p in state.chars if p.alive and key in p.marks]


def in_force(state: "State", sid: str) -> str:
    """The rule in force in ``sid``'s system ("" while none, or once its legislator is dead)."""
    c = legislator(state, sid)
    if c < 0:
        return ""
    prefix = f"{sid}.rule."
    return next((k[len(prefix) :] for k in state.chars[c].marks if k.startswith(prefix)), "")


def under(state: "State", c: int, sid: str, rule: str) -> bool:
    """Is ``c`` a member of ``sid``'s system while ``rule`` is in force?"""
    p = state.chars[c]
    return p.alive and f"{sid}.in" in p.marks and in_force(state, sid) == rule


def under_rule(sid: str, rule: str) -> Callable[["State", int], bool]:
    """``holds`` for a rule's hook on the members."""
    return lambda state, seat: under(state, seat, sid, rule)


def legislate(engine: "Engine", seat: int, sid: str) -> Flow:
    """Lay down ``sid``'s system: members one by one (at least one), then the rule in force."""
    st = engine.state
    for c in members(st, sid):
        engine.emit(Left(seat=c, group=sid))
    chosen: list[int] = []
    while True:
        options = [Choice(targets=(t,)) for t in st.seats_from(seat) if t not in chosen]
        if chosen:
            options.append(Choice(option="done"))
        if not options:
            break
        pick = yield from engine.ask(Request(seat, "skill", prompt=f"{sid}:member", choices=tuple(options)))
        if pick.option == "done":
            break
        chosen.append(pick.targets[0])
    for c in chosen:
        engine.emit(Joined(seat=c, group=sid, leader=seat))
    rule = yield from engine.ask(Request(seat, "skill", prompt=f"{sid}:rule", choices=tuple(Choice(option=r.id) for r in SYSTEMS[sid])))
    engine.emit(Enacted(seat=seat, group=sid, rule=rule.option))
