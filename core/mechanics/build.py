"""Build skills (筑建技, seed 000 技能类型 8): a building, its range and its completion.

- **选择 (select)**: the builder adds a character to its building's range.
- **修筑 (build)**: each character in the range has its own completion; the
  builder or the character raises it (by the skill's means); it is *full*
  when it reaches the character's hp.  Only a character in the range with a
  full completion has the building's benefit, which depends on its attribute:
  - 进攻 ``attack``: when it deals damage that brings a character to dying, it
    may halve its completion to make that damage +1 (read: at 造成伤害时, when
    the damage would bring the target to 0 hp or less);
  - 防御 ``defense``: when it takes fatal damage (as much as its hp or more),
    it may halve its completion to prevent it (at 受到伤害时);
  - 联络 ``liaison``: once in its play phase it may halve its completion; then
    this turn the characters in the attack range of another character in the
    range count as in its attack range;
  - 经济 ``economy``: it draws one more card in its draw phase, and its hand
    limit is +1.

"Halve" takes away half the current completion, rounded as seed 000 rounds
(term 41: half up).  Readings where the seed is silent: a building stands
while its builder lives; a full completion is not raised further (the
building is finished).  The range and completions are marks of the members
(``Joined``/``Progressed`` events, ``core.mechanics.events``).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..distance import attack_range, distance
from ..skills.base import Action, SkillBook, SkillError, announce, set_state, turn_state, uses_this_turn
from ..windows import Hook
from .events import Joined, Progressed

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine, TurnCtx
    from ..state import State

Flow = Generator[Any, Any, Any]

ATTRIBUTES: dict[str, tuple[str, str]] = {
    "attack": ("进攻", "attack"),
    "defense": ("防御", "defense"),
    "liaison": ("联络", "liaison"),
    "economy": ("经济", "economy"),
}
# Build skill id -> its building's attribute.
BUILDINGS: dict[str, str] = {}


# -- reading a building ---------------------------------------------------------------


def builder(state: "State", sid: str) -> int:
    """The living character whose build skill ``sid`` stands the building, or -1."""
    for p in state.chars:
        if p.alive and sid in p.skills:
            return p.seat
    return -1


def in_range(state: "State", c: int, sid: str) -> bool:
    p = state.chars[c]
    return p.alive and f"{sid}.in" in p.marks


def members(state: "State", sid: str) -> list[int]:
    """The living characters in the building's range, in table order."""
    key = f"{sid}.in"
    return [p.seat for p in state.chars if p.alive and key in p.marks]


def progress(state: "State", c: int, sid: str) -> int:
    return state.chars[c].marks.get(f"{sid}.progress", 0)


def is_full(state: "State", c: int, sid: str) -> bool:
    """In the range of a standing building with its completion at its hp or more."""
    p = state.chars[c]
    return p.alive and f"{sid}.in" in p.marks and p.marks.get(f"{sid}.progress", 0) >= p.hp and builder(state, sid) >= 0


def enjoys(sid: str):
    """``holds`` for a building's benefit: in the range, completion full."""
    return lambda state, seat: is_full(state, seat, sid)


# -- changing it --------------------------------------------------------------------------


def select(engine: "Engine", by: int, c: int, sid: str) -> None:
    """选择: ``c`` enters the range of ``by``'s building."""
    engine.emit(Joined(seat=c, group=sid, leader=by))


def raise_progress(engine: "Engine", c: int, sid: str, n: int = 1) -> None:
    """修筑: ``c``'s completion +n (a full one stays as it is)."""
    if in_range(engine.state, c, sid) and not is_full(engine.state, c, sid):
        engine.emit(Progressed(seat=c, group=sid, n=n))


def halve(engine: "Engine", c: int, sid: str) -> None:
    """The completion loses half of itself (half rounded up, seed 000 term 41)."""
    cut = (progress(engine.state, c, sid) + 1) // 2
    if cut:
        engine.emit(Progressed(seat=c, group=sid, n=-cut))


# -- the attributes' benefits -----------------------------------------------------------------


def _would_kill(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    return engine.state.chars[ctx.dst].hp - ctx.n <= 0


def _fatal(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    return ctx.n >= engine.state.chars[seat].hp


def building(book: SkillBook, sid: str, attribute: str) -> None:
    """Give build skill ``sid`` (defined in ``book``) a building of ``attribute``:
    the benefit its full members enjoy.  How it selects and builds is the skill's own."""
    if attribute not in ATTRIBUTES:
        raise SkillError(f"building {sid!r}: unknown attribute {attribute!r} ({', '.join(ATTRIBUTES)})")
    if book.pack.skills.get(sid) is None or book.pack.skills[sid].kind != "build":
        raise SkillError(f"skill {sid!r} is not a build skill of pack {book.pack.id!r}")
    BUILDINGS[sid] = attribute
    pack = book.pack
    full = enjoys(sid)

    def halve_then(more: int = 0, prevent: bool = False):
        def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> Flow:
            halve(engine, seat, sid)
            ctx.n += more
            if prevent:
                ctx.prevented = True
            return
            yield  # pragma: no cover

        return run

    if attribute == "attack":
        pack.hook(Hook("damage_caused", sid, halve_then(more=1), full, can=_would_kill, optional=True, owners=lambda ctx: (ctx.src,), target=lambda e, s, ctx: ctx.dst), owner=sid)
    elif attribute == "defense":
        pack.hook(Hook("damage_inflicted", sid, halve_then(prevent=True), full, can=_fatal, optional=True, owners=lambda ctx: (ctx.dst,)), owner=sid)
    elif attribute == "economy":

        def more_cards(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
            ctx.draw += 1
            return
            yield  # pragma: no cover

        pack.hook(Hook("draw_count", sid, more_cards, full, owners=lambda ctx: (ctx.seat,)), owner=sid)
        pack.mod("hand_limit", lambda state, seat, limit: limit + 1 if is_full(state, seat, sid) else limit, owner=sid)
    else:
        _liaison(book, sid, full)


def liaison_action(sid: str) -> str:
    """The id of a liaison building's play-phase use (a skill of the building, not of a general)."""
    return f"{sid}_lianluo"


def _liaison(book: SkillBook, sid: str, full) -> None:
    aid = liaison_action(sid)
    name_zh, name_en = book.pack.skills[sid].name_zh, book.pack.skills[sid].name_en
    book.define(
        aid, "联络", "Liaison", "build",
        f"「{name_zh}」范围内且满进度的角色出牌阶段限一次，可以令其完成度减少一半，然后本回合处于此范围内其他角色攻击范围内的角色视为在其攻击范围内。",
        f"Once in its play phase, a character in {name_en}'s range with a full completion may halve its completion; "
        "then this turn whoever is in the attack range of another character in the range counts as in its attack range.",
    )  # fmt: skip

    def available(engine: "Engine", seat: int) -> bool:
        st = engine.state
        return full(st, seat) and progress(st, seat, sid) > 0 and uses_this_turn(st, seat, aid) < 1

    def run(engine: "Engine", seat: int) -> Flow:
        announce(engine, seat, aid)
        halve(engine, seat, sid)
        set_state(engine, seat, aid, "on", 1, turn=True)
        return
        yield  # pragma: no cover

    book.pack.action(Action(aid, available, run, per_turn=1), owner=sid)

    def reach(state: "State", a: int, b: int) -> bool:
        if not turn_state(state, a, aid, "on"):
            return False
        return any(o != a and o != b and distance(state, o, b) <= attack_range(state, o) for o in members(state, sid))

    book.pack.mod("in_range", reach, owner=sid)
