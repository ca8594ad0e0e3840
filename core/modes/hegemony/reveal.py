"""Revealing generals (明置) and what the first full reveal pays.

Seed 001: a concealed general is revealed at the start of its character's
start phase, or when its skill is used (the reveal happens, then the skill).
The first time both generals of a living character are face up, a leftover
half yin-yang fish may draw 1, and companions (珠联璧合) choose to draw 2 or
recover 1 — resolved at once, before the event in progress goes on.
"""
from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...requests import PASS_CHOICE, Choice, Request
from .events import FullyRevealed
from .generals import companions, half_left

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

Flow = Generator[Any, Any, Any]


def concealed_slots(state: "State", c: int) -> list[int]:
    return [i for i, sl in enumerate(state.chars[c].slots) if sl.vis is not None]


def barred(state: "State", c: int) -> bool:
    """May ``c`` not reveal now (祸水: another character's turn bars it)?"""
    return any(p.seat != c and p.alive and p.marks.get("hg.bar") for p in state.chars)


def reveal(engine: "Engine", c: int, slots: Iterable[int], *, rewards: bool = True) -> Flow:
    """Turn ``slots`` of ``c`` face up, then pay the first full reveal's rewards."""
    p = engine.state.chars[c]
    for i in slots:
        sl = p.slots[i]
        if sl.vis is not None:
            engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=sl.general))
    if rewards:
        yield from first_full_reveal(engine, c)


def first_full_reveal(engine: "Engine", c: int) -> Flow:
    st = engine.state
    p = st.chars[c]
    if not p.alive or p.marks.get("hg.full") or len(p.slots) < 2 or concealed_slots(st, c):
        return
    engine.emit(FullyRevealed(seat=c))
    a, b = p.slots[0].general, p.slots[1].general
    if half_left(a, b) and engine.rs.half_fish_reward:
        go = yield from engine.ask(Request(c, "reward", prompt="half_fish", choices=(Choice(option="draw"), PASS_CHOICE)))
        if not go.is_pass:
            engine.emit(ev.Triggered(seat=c, source="half_fish", w="skill_used"))
            yield from engine.draw(c, 1, reason="half_fish")
    if companions(a, b) and p.alive:
        options = [Choice(option="draw")]
        if p.hp < p.max_hp:
            options.append(Choice(option="recover"))
        go = yield from engine.ask(Request(c, "reward", prompt="companions", choices=(*options, PASS_CHOICE)))
        if go.is_pass:
            return
        engine.emit(ev.Triggered(seat=c, source="companions", w="skill_used"))
        if go.option == "draw":
            yield from engine.draw(c, 2, reason="companions")
        else:
            yield from engine.recover(c, 1, src=c)


def start_reveal(engine: "Engine", c: int) -> Flow:
    """The start phase: the character may reveal one or both concealed generals."""
    st = engine.state
    hidden = concealed_slots(st, c)
    if not hidden or barred(st, c) or not st.chars[c].alive:
        return
    names = {0: "main", 1: "deputy"}
    options = [Choice(option=names[i]) for i in hidden]
    if len(hidden) == 2:
        options.append(Choice(option="both"))
    go = yield from engine.ask(Request(c, "reveal", prompt="reveal", choices=(*options, PASS_CHOICE)))
    if go.is_pass:
        return
    slots = hidden if go.option == "both" else [0 if go.option == "main" else 1]
    yield from reveal(engine, c, slots)
