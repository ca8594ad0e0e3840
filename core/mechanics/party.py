"""Party skills (结党技, seed 000 技能类型 10) and impeachment (弹劾).

At its skill's timing the founder may ask another character whether to
join its party; members of one party use the party's effect at its timing.
A character is in one party at most; the founder is always in its own
party; when the founder dies the party is gone.  Membership is the mark
``party.in`` (the founder's seat + 1): one key, so never two parties.

**弹劾 (impeach)**: you name a card; the target shows its whole hand.  If the
name is there the impeachment succeeds, else the target may impeach you
once in return (that one cannot be answered again: the seed's 一次).  A
character impeached with success discards the cards of that name from its
hand, and for the rest of the round, whenever it takes damage from a
character that is in no party, it discards a card (``impeachment``, a rule
of the mechanics pack, not of any skill: it lasts though the party may go).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..deck import NAMES, deck_numbers
from ..requests import PASS_CHOICE, Choice, Request
from ..skills.base import Action, SkillBook, announce, set_state, uses_this_turn
from ..skills.common import discard_own, own_cards
from ..windows import Hook
from .events import Impeached, Joined
from .pack import MECHANICS

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine
    from ..state import State

Flow = Generator[Any, Any, Any]

PARTY = "party"
IMPEACH = "tanhe"  # the skill-like use every member of a party may make (a skill of no general)
PENALTY = "impeachment"  # the rule owning the impeached character's penalty


def founds(state: "State", c: int) -> bool:
    """Has ``c`` a party skill (so it founds, and is always in, a party)?"""
    p = state.chars[c]
    skills = state.content.skills
    return p.alive and any(skills[s].kind == "party" for s in p.skills if s in skills)


def party_of(state: "State", c: int) -> int:
    """The founder of ``c``'s party (``c`` itself for a founder), or -1."""
    p = state.chars[c]
    if not p.alive:
        return -1
    if founds(state, c):
        return c
    leader = p.marks.get(f"{PARTY}.in", 0) - 1
    if leader >= 0 and founds(state, leader):
        return leader
    return -1


def invite(engine: "Engine", founder: int, c: int) -> Generator[Any, Any, bool]:
    """``c`` chooses whether to join ``founder``'s party; True if it joins."""
    answer = yield from engine.ask(Request(c, "join", prompt=f"join:{founder}", choices=(Choice(option="join", targets=(founder,)), PASS_CHOICE)))
    if answer.is_pass:
        return False
    engine.emit(Joined(seat=c, group=PARTY, leader=founder))
    return True


def card_names(state: "State") -> tuple[str, ...]:
    """The card names a declaration may name: those printed in this game's deck."""
    return tuple(sorted({NAMES[c] for c in deck_numbers(state.deck)}))


def impeach(engine: "Engine", seat: int, target: int, *, answerable: bool = True) -> Flow:
    """弹劾: ``seat`` names a card, ``target`` shows its hand (see the module doc)."""
    st = engine.state
    name = yield from engine.ask(Request(seat, "declare", prompt=f"{IMPEACH}:{target}", choices=tuple(Choice(option=n) for n in card_names(st))))
    hand = tuple(st.chars[target].hand)
    if hand:
        engine.emit(ev.CardsShown(seat=target, cards=hand))
    found = tuple(c for c in hand if NAMES[c] == name.option)
    engine.emit(Impeached(seat=seat, target=target, name=name.option, success=bool(found)))
    if found:
        engine.move(found, "hand", "discard", src_seat=target, reason=IMPEACH)
        set_state(engine, target, IMPEACH, "round", st.round + 1)  # + 1: a mark is never 0
        return
    if answerable and st.chars[target].alive and st.chars[seat].alive:
        answer = (Choice(option=IMPEACH, targets=(seat,)), PASS_CHOICE)
        back = yield from engine.ask(Request(target, "trigger", prompt=f"skill_used:{IMPEACH}", choices=answer))
        if not back.is_pass:
            engine.emit(ev.Triggered(seat=target, source=IMPEACH, targets=(seat,), w="skill_used"))
            yield from impeach(engine, target, seat, answerable=False)


def impeached(state: "State", c: int) -> bool:
    """Was ``c`` impeached with success this round?"""
    return state.chars[c].marks.get(f"{IMPEACH}.round", 0) == state.round + 1


def _penalty_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    st = engine.state
    return ctx.src >= 0 and party_of(st, ctx.src) < 0 and bool(own_cards(st, seat))


def _penalty(engine: "Engine", seat: int, ctx: "DamageCtx") -> Flow:
    cards = own_cards(engine.state, seat)
    pick = yield from engine.ask(Request(seat, "discard", prompt=f"{PENALTY}:{ctx.src}", cards=cards, min=1, max=1))
    discard_own(engine, seat, pick.cards, PENALTY)


MECHANICS.hook(Hook("damage_inflicted", IMPEACH, _penalty, impeached, can=_penalty_can, owners=lambda ctx: (ctx.dst,)), owner=PENALTY)


SkillBook(MECHANICS).define(
    IMPEACH, "弹劾", "Impeach", "party",
    "党派的效果：你声明一个牌名，然后目标角色展示所有手牌：若其中有该牌名，弹劾成功，其弃置手牌中该牌名的牌，"
    "本轮其受到不处于党派中的角色造成的伤害时，弃置一张牌；若没有，其可以对你发动一次弹劾。",
    "A party's effect: name a card; the target shows its whole hand.  If the name is there the impeachment succeeds: "
    "it discards those cards, and this round, whenever a character in no party damages it, it discards a card.  "
    "If not, it may impeach you once in return.",
)  # fmt: skip


def impeach_targets(state: "State", seat: int) -> list[int]:
    """Whom ``seat`` may impeach: the living not in its party."""
    mine = party_of(state, seat)
    return [c for c in state.seats_from(seat) if c != seat and party_of(state, c) != mine]


def impeach_action(book: SkillBook, sid: str) -> Action:
    """Party skill ``sid``'s effect: every member of its party may impeach once in its play phase."""

    def available(engine: "Engine", seat: int) -> bool:
        st = engine.state
        return party_of(st, seat) >= 0 and uses_this_turn(st, seat, IMPEACH) < 1 and bool(impeach_targets(st, seat))

    def run(engine: "Engine", seat: int) -> Flow:
        options = tuple(Choice(targets=(t,)) for t in impeach_targets(engine.state, seat))
        pick = yield from engine.ask(Request(seat, "skill", prompt=f"{IMPEACH}:target", choices=options))
        target = pick.targets[0]
        announce(engine, seat, IMPEACH, (target,))
        yield from impeach(engine, seat, target)

    return book.pack.action(Action(IMPEACH, available, run, per_turn=1), owner=sid)
