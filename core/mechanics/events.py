"""The events of seed 000's mechanics, their folds and their prose.

A ruleset that installs the mechanics pack lists ``EVENTS`` among its own
events, folds them with ``HANDLERS`` and narrates them with ``narrate``
(``core.modes.seed000`` does).  Groups — a party, a building's range, a
legislator's system — are marks of their members, so views show them:
``{group}.in`` is the leader's seat + 1, ``{group}.progress`` a member's
completion of a building, ``{group}.rule.{rule}`` the rule in force.
"""
from __future__ import annotations

from typing import Any

from .. import events as ev
from ..evolve import FoldError
from ..state import State


class GambitShown(ev.Event, tag="s0_gambit"):
    """博弈 (term 95): both secret choices shown together, and who won."""

    seat: int  # who started it
    target: int
    source: str  # the skill
    chose: str
    answer: str
    winner: int


class CovertChosen(ev.Event, tag="s0_covert"):
    """A covert skill (隐匿技) used: seen by the seats in ``vis`` (its owner) alone.
    What it chose is kept (in the turn's uses, which no view shows) until the turn ends.
    Under fair rules a pass is noted too (``passed``), so that the others see the
    same events whether the skill was used or not."""

    seat: int
    skill: str
    targets: tuple[int, ...] = ()
    value: int = 0  # what the skill notes (the target's hp when chosen)
    vis: tuple[int, ...] | None = None
    passed: bool = False


class Joined(ev.Event, tag="s0_join"):
    """A character joins a group led by ``leader``: a party (``party``), a building's
    range or a legislator's system (the skill's id)."""

    seat: int
    group: str
    leader: int


class Left(ev.Event, tag="s0_leave"):
    """A character leaves a group (a new system replaces the old one)."""

    seat: int
    group: str


class Progressed(ev.Event, tag="s0_progress"):
    """修筑: a building's completion for one character in its range changes by ``n``."""

    seat: int
    group: str
    n: int


class Enacted(ev.Event, tag="s0_enact"):
    """A legislator puts one rule of its system in force (法令 or 新政)."""

    seat: int
    group: str
    rule: str


class Impeached(ev.Event, tag="s0_impeach"):
    """弹劾: ``seat`` named a card; ``target`` showed its hand; ``success`` if the name was there."""

    seat: int
    target: int
    name: str
    success: bool


def _nothing(s: State, e: ev.Event) -> None:
    pass


def _covert(s: State, e: CovertChosen) -> None:
    if e.passed:
        return
    s.used[f"{e.skill}.covert@{e.seat}"] = (e.targets[0] + 1) if e.targets else 1
    s.used[f"{e.skill}.value@{e.seat}"] = e.value


def _joined(s: State, e: Joined) -> None:
    if not s.chars[e.leader].alive or not s.chars[e.seat].alive:
        raise FoldError(f"seat {e.seat} cannot join a group led by seat {e.leader}: the dead join nothing")
    s.chars[e.seat].marks[f"{e.group}.in"] = e.leader + 1


def _left(s: State, e: Left) -> None:
    marks = s.chars[e.seat].marks
    marks.pop(f"{e.group}.in", None)
    marks.pop(f"{e.group}.progress", None)


def _progressed(s: State, e: Progressed) -> None:
    marks = s.chars[e.seat].marks
    key = f"{e.group}.progress"
    value = marks.get(key, 0) + e.n
    if value < 0 or f"{e.group}.in" not in marks:
        raise FoldError(f"seat {e.seat} has no completion {value} in {e.group}")
    if value:
        marks[key] = value
    else:
        marks.pop(key, None)


def _enacted(s: State, e: Enacted) -> None:
    marks = s.chars[e.seat].marks
    prefix = f"{e.group}.rule."
    for key in [k for k in marks if k.startswith(prefix)]:
        del marks[key]
    marks[prefix + e.rule] = 1


EVENTS: tuple[type[ev.Event], ...] = (GambitShown, CovertChosen, Joined, Left, Progressed, Enacted, Impeached)
HANDLERS: dict[type, Any] = {
    GambitShown: _nothing,
    CovertChosen: _covert,
    Joined: _joined,
    Left: _left,
    Progressed: _progressed,
    Enacted: _enacted,
    Impeached: _nothing,
}


# -- prose --------------------------------------------------------------------------------

# Names of the mechanics' rules and options (a ruleset merges them into its display names).
NAMES: dict[str, tuple[str, str]] = {
    "execute": ("斩杀", "execute"),
    "explosion": ("爆炸", "explosion"),
    "splash": ("溅射", "splash"),
    "party": ("党派", "party"),
    "impeachment": ("弹劾", "impeachment"),
    "gambit": ("博弈", "Gamble"),
    "covert": ("秘密发动", "in secret"),
}


def _group(n: Any, group: str, leader: int) -> str:
    from ..skills.base import SKILLS

    if group == "party":
        return f"{n.seat(leader)}的党派" if n.zh else f"{n.seat(leader)}'s party"
    kind = SKILLS[group].kind if group in SKILLS else ""
    name = n.name(group)
    if kind == "build":
        return f"{n.seat(leader)}的建筑「{name}」的范围" if n.zh else f"the range of {n.seat(leader)}'s building {name}"
    return f"{n.seat(leader)}的体制「{name}」" if n.zh else f"{n.seat(leader)}'s system {name}"


def narrate(n: Any, e: ev.Event) -> str | None:
    """A line for a mechanics event (None: not one of them)."""
    zh = n.zh
    t = type(e)
    if t is GambitShown:
        who, other = n.seat(e.seat), n.seat(e.target)
        if zh:
            return f"{who}与{other}博弈（{n.name(e.source)}）：{who}选择「{n.name(e.chose)}」，{other}选择「{n.name(e.answer)}」，{n.seat(e.winner)}胜"
        return f"{who} and {other} gamble ({n.name(e.source)}): {who} chose {n.name(e.chose)}, {other} {n.name(e.answer)}; {n.seat(e.winner)} wins"
    if t is CovertChosen:
        if not n.sees(e.vis):
            return ""  # covert: the others learn nothing, not even that it was used
        if e.passed:
            return f"{n.seat(e.seat)}秘密放弃了【{n.name(e.skill)}】" if zh else f"{n.seat(e.seat)} secretly passes on {n.name(e.skill)}"
        on = ", ".join(n.seat(s) for s in e.targets)
        return f"{n.seat(e.seat)}秘密发动【{n.name(e.skill)}】，选择{on}" if zh else f"{n.seat(e.seat)} secretly uses {n.name(e.skill)} on {on}"
    if t is Joined:
        where = _group(n, e.group, e.leader)
        return f"{n.seat(e.seat)}加入{where}" if zh else f"{n.seat(e.seat)} joins {where}"
    if t is Left:
        return f"{n.seat(e.seat)}离开「{n.name(e.group)}」" if zh else f"{n.seat(e.seat)} leaves {n.name(e.group)}"
    if t is Progressed:
        sign = "+" if e.n > 0 else "-"
        return f"{n.seat(e.seat)}在「{n.name(e.group)}」的完成度{sign}{abs(e.n)}" if zh else f"{n.seat(e.seat)}'s completion in {n.name(e.group)} {sign}{abs(e.n)}"
    if t is Enacted:
        return f"{n.seat(e.seat)}的体制「{n.name(e.group)}」执行「{n.name(e.rule)}」" if zh else f"{n.seat(e.seat)}'s system {n.name(e.group)} puts {n.name(e.rule)} in force"
    if t is Impeached:
        done = ("成功" if e.success else "失败") if zh else ("succeeds" if e.success else "fails")
        if zh:
            return f"{n.seat(e.seat)}弹劾{n.seat(e.target)}，声明【{n.name(e.name)}】：{done}"
        return f"{n.seat(e.seat)} impeaches {n.seat(e.target)} naming {n.name(e.name)}: it {done}"
    return None
