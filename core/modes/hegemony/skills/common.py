"""What several hegemony skills share: pindian, a Slash that does not count,
stacking, who is damaged or acting."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from .... import events as ev
from ....requests import Choice, Request
from ....skills.base import set_state, turn_state
from ....skills.common import banned, others_from, pindian  # noqa: F401  (pindian: the hegemony skills' import)
from .book import mod

if TYPE_CHECKING:
    from ....engine import DamageCtx, Engine, TurnCtx, UseCtx

Flow = Generator[Any, Any, Any]


def damaged_one(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.dst,)


def source_of(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.src,)


def turn_owner(ctx: "TurnCtx") -> tuple[int]:
    return (ctx.seat,)


def user(use: "UseCtx") -> tuple[int]:
    return (use.seat,)


def targets_of(use: "UseCtx") -> list[int]:
    return use.targets


def at_phase(phase: str):
    """``can`` for a turn-point hook of the turn's own character in ``phase``."""
    return lambda engine, seat, ctx: ctx.seat == seat and ctx.phase == phase


def slash_targets(engine: "Engine", seat: int, pool: list[int] | None = None) -> list[int]:
    """Characters ``seat`` may use a Slash on when distance does not count."""
    st = engine.state
    return [t for t in (pool if pool is not None else others_from(st, seat)) if st.chars[t].alive and not banned(st, seat, t, "slash")]


def free_slash(engine: "Engine", seat: int, sid: str, target: int) -> Flow:
    """A virtual Slash a skill uses (神速, 双刃): it does not count against the turn's limit."""
    if engine.state.current == seat:
        set_state(engine, seat, sid, "free", turn_state(engine.state, seat, sid, "free") + 1, turn=True)
    yield from engine.use_card(seat, "slash", (), (target,))


def uncounted(sid: str) -> None:
    """Register the modifier that gives back the turn's Slash a skill's free Slash used."""
    mod("slash_limit", lambda st, seat, limit: limit + st.used.get(f"{sid}.free@{seat}", 0), sid)


def stack(engine: "Engine", c: int) -> None:
    """叠置: a level character is stacked; a stacked one is levelled."""
    engine.emit(ev.TurnedOver(seat=c, on=not engine.state.chars[c].flipped))


def choose(engine: "Engine", seat: int, prompt: str, options: list[Choice], *, can_pass: bool = True, hidden: bool = False) -> Generator[Any, Any, Choice | None]:
    """Ask ``seat`` to choose among ``options`` (and pass): the choice, or None.

    ``hidden``: the options are cards only ``seat`` sees (its hand), so under
    fair rules it is asked in secret even with none to offer (``Engine.ask_hidden``).
    """
    from ....requests import PASS_CHOICE

    if hidden:
        go = yield from engine.ask_hidden(seat, "skill", prompt, tuple(options))
        return None if go.is_pass else go
    if not options:
        return None
    go = yield from engine.ask(Request(seat, "skill", prompt=prompt, choices=(*options, PASS_CHOICE) if can_pass else tuple(options)))
    return None if go.is_pass else go


def reveal_only(engine: "Engine", seat: int, ctx: Any) -> Flow:
    """The run of a hook that is a standing skill's use while concealed (完杀, 红颜): the
    reveal before it is all there is to do; the skill then counts face up."""
    return
    yield  # pragma: no cover


def hand_or(engine: "Engine", seat: int, found: bool) -> bool:
    """Whether a skill paid with a particular hand card may be offered: under
    fair rules whenever ``seat`` holds any card (what it holds is secret, and
    the secret question then offers what fits); under older rules only when
    the card is ``found``."""
    return bool(engine.state.chars[seat].hand) if engine.fair else found


def aim(engine: "Engine", seat: int, sid: str, window: str, cands: list[int]) -> Generator[Any, Any, int | None]:
    """Ask ``seat`` whether to use ``sid`` on one of ``cands`` (or pass); announce
    the use at ``window``.  The character aimed at, or None."""
    from ....skills.base import announce

    go = yield from choose(engine, seat, sid, [Choice(targets=(t,)) for t in cands])
    if go is None:
        return None
    announce(engine, seat, sid, go.targets, window=window)
    return go.targets[0]


def cancel_target(engine: "Engine", seat: int, use: "UseCtx") -> Flow:
    """The character is removed from the card's targets (取消: 空城, 谦逊, 帷幕 …)."""
    use.cancelled.add(seat)
    return
    yield  # pragma: no cover


def targeted_by(names: Any, *, others_only: bool = False):
    """``can`` for a hook of a target of a card named in ``names`` (not yet cancelled)."""

    def can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
        return use.name in names and seat in use.targets and seat not in use.cancelled and not (others_only and use.seat == seat)

    return can


def lost_hp(engine: "Engine", c: int) -> int:
    p = engine.state.chars[c]
    return max(0, p.max_hp - max(p.hp, 0))
