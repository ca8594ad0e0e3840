"""Covert skills (隐匿技, seed 000 技能类型 7): used without a word.

"Other characters cannot know whether you used it, nor see what it chose."
So a covert skill is a *silent* hook (the engine asks nothing in public and
announces nothing): it asks its owner in secret (a request whose ``vis`` is
the owner's seat, so the ``Decided`` answer is the owner's alone) and notes
its choice in a ``CovertChosen`` event seen by the owner alone, folded into
the turn's uses (which no view shows).  The skill shows itself (a public
``Triggered``) only when it acts on the table, and what it noted is gone when
the next turn starts.

A play-phase action cannot be covert (choosing it is a public play
decision), so covert skills are triggers.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from typing import TYPE_CHECKING, Any

from ..requests import PASS_CHOICE, Choice, Request
from ..skills.base import SkillBook, SkillError
from ..windows import Hook
from .events import CovertChosen

if TYPE_CHECKING:
    from ..engine import Engine
    from ..state import State

Flow = Generator[Any, Any, Any]


def covert_trigger(
    book: SkillBook,
    sid: str,
    window: str,
    targets: Callable[["Engine", int, Any], list[int]],
    *,
    value: Callable[["Engine", int, int], int] = lambda engine, seat, target: 0,
    owners: Callable[[Any], Collection[int]] | None = None,
) -> Hook:
    """Covert skill ``sid`` at ``window``: its owner may choose one of ``targets`` in
    secret; ``value(engine, seat, target)`` is noted with the choice."""
    if book.pack.skills.get(sid) is None or book.pack.skills[sid].kind != "covert":
        raise SkillError(f"skill {sid!r} is not a covert skill of pack {book.pack.id!r}")

    def can(engine: "Engine", seat: int, ctx: Any) -> bool:
        return bool(targets(engine, seat, ctx))

    def run(engine: "Engine", seat: int, ctx: Any) -> Flow:
        owner = engine.state.chars[seat].owner
        options = tuple(Choice(targets=(t,)) for t in targets(engine, seat, ctx))
        pick = yield from engine.ask(Request(seat, "covert", prompt=f"{sid}:covert", choices=(*options, PASS_CHOICE), vis=(owner,)))
        if pick.is_pass:
            if engine.fair:  # the same events as a use: "others cannot know whether you used it"
                engine.emit(CovertChosen(seat=seat, skill=sid, vis=(owner,), passed=True))
            return
        target = pick.targets[0]
        engine.emit(CovertChosen(seat=seat, skill=sid, targets=(target,), value=value(engine, seat, target), vis=(owner,)))

    return book.trigger(sid, window, run, can=can, owners=owners, silent=True)


def covert_choice(state: "State", seat: int, sid: str) -> tuple[int, int] | None:
    """What ``seat``'s covert skill chose this turn: (target, value), or None."""
    target = state.used.get(f"{sid}.covert@{seat}", 0) - 1
    if target < 0:
        return None
    return target, state.used.get(f"{sid}.value@{seat}", 0)
