"""What 逐鹿天下 (``jade-seal``, seed 000) plays with beyond the standard cards.

- **玉玺 (the jade seal)**: a treasure (宝物) printed without suit or rank
  (card 600), shuffled into the pile at random.  Whoever draws it must show
  it and use it at once (it waits for the next timing point of the
  resolution in progress); its wearer draws two more cards in its draw phase;
  a wearer with an ally must break the alliance (毁盟) at once; when its
  holder is killed it moves to the killer's treasure slot; and when a
  character kills another while it is on nobody (the pile, the discard
  pile), the killer puts it into its equipment.
- **结盟 (ally)** and **毁盟 (break)**: skills every character has in this mode
  (衍生, seed 000), see their texts.

Alliances are seats' teams, changed by the mode's events (``Allied``,
``AllianceEnded``); a dead ally is no ally.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from sanguozhi.core import events as ev
from sanguozhi.core.cards.equipment import EquipRule, wields
from sanguozhi.core.content import Pack
from sanguozhi.core.deck import Kind, add_cards, add_kind
from sanguozhi.core.evolve import FoldError
from sanguozhi.core.requests import PASS_CHOICE, Choice, Request
from sanguozhi.core.skills.base import SkillBook, announce, set_state, turn_state
from sanguozhi.core.skills.common import discard_own, own_cards
from sanguozhi.core.windows import Hook

if TYPE_CHECKING:
    from sanguozhi.core.engine import Engine, TurnCtx, UseCtx
    from sanguozhi.core.state import State

Flow = Generator[Any, Any, Any]

JADE = Pack("jade-seal", "逐鹿天下", "Jade Seal")
BOOK = SkillBook(JADE)

SEAL = "jade_seal"
FIRST = 600  # seed 000's modes print at 600-699: the seal is 600 for ever
add_kind(Kind(SEAL, "玉玺", "equip", "treasure"))
(SEAL_CARD,) = add_cards(FIRST, [(SEAL, "", 0, "jade-seal")])

JIEMENG, HUIMENG = "jiemeng", "huimeng"
SEAL_DRAW = 2


class Allied(ev.Event, tag="jade_ally"):
    """Two characters become allies (结盟): one camp."""

    seat: int
    other: int


class AllianceEnded(ev.Event, tag="jade_break"):
    """An alliance is undone (毁盟)."""

    seat: int
    other: int


def _allied(s: "State", e: Allied) -> None:
    for c in (e.seat, e.other):
        if not s.chars[c].alive or ally_of(s, c) >= 0:
            raise FoldError(f"seat {c} cannot take an ally: dead, or allied already")
    s.seats[s.chars[e.seat].owner].team = s.seats[s.chars[e.other].owner].team = min(e.seat, e.other)


def _ended(s: "State", e: AllianceEnded) -> None:
    for c in (e.seat, e.other):
        s.seats[s.chars[c].owner].team = -1


EVENTS = (Allied, AllianceEnded)
HANDLERS = {Allied: _allied, AllianceEnded: _ended}


# -- reading the table ------------------------------------------------------------------------------


def ally_of(state: "State", c: int) -> int:
    """``c``'s living ally, or -1."""
    team = state.seats[state.chars[c].owner].team
    if team < 0:
        return -1
    for p in state.chars:
        if p.seat != c and p.alive and state.seats[p.owner].team == team:
            return p.seat
    return -1


def seal_holder(state: "State") -> int:
    """The living character holding the seal (worn, or in its hand), or -1."""
    for p in state.chars:
        if p.alive and (SEAL_CARD in p.hand or p.equip.get("treasure") == SEAL_CARD):
            return p.seat
    return -1


def wears_seal(state: "State", c: int) -> bool:
    return state.chars[c].equip.get("treasure") == SEAL_CARD


def seal_zone(state: "State") -> tuple[str, int]:
    """Where the seal lies: (zone, character or -1)."""
    for p in state.chars:
        if SEAL_CARD in p.hand:
            return "hand", p.seat
        if p.equip.get("treasure") == SEAL_CARD:
            return "equip", p.seat
        if SEAL_CARD in p.judge:
            return "judge", p.seat
    for zone in ("pile", "discard", "processing", "removed"):
        if SEAL_CARD in getattr(state, zone):
            return zone, -1
    raise ValueError("the jade seal is nowhere")


# -- 毁盟 -----------------------------------------------------------------------------------------------


def break_alliance(engine: "Engine", c: int) -> Flow:
    """毁盟: draw two, the alliance is undone, a 杀 (no card) at the former ally;
    recover 1 if it died of it, else lose 1.  Reading: the alliance ends before
    the 杀 (the seed lists it last; nothing in between depends on it)."""
    st = engine.state
    other = ally_of(st, c)
    if other < 0:
        return
    yield from engine.draw(c, 2, reason=HUIMENG)
    engine.emit(AllianceEnded(seat=c, other=other))
    if st.chars[c].alive and st.chars[other].alive:
        yield from engine.use_card(c, "slash", (), (other,))
    if not st.chars[c].alive:
        return
    if not st.chars[other].alive and st.chars[other].killer == c:
        yield from engine.recover(c, 1, src=c)
    else:
        yield from engine.lose_hp(c, 1, cause=HUIMENG)


def seal_check(engine: "Engine", c: int, w: str) -> Flow:
    """A wearer of the seal with an ally breaks the alliance at once (``w``: the window it happens in)."""
    st = engine.state
    if st.chars[c].alive and wears_seal(st, c) and ally_of(st, c) >= 0:
        engine.emit(ev.Triggered(seat=c, source=SEAL, targets=(ally_of(st, c),), w=w))
        yield from break_alliance(engine, c)


# -- the seal ---------------------------------------------------------------------------------------------

JADE.card(
    EquipRule(
        SEAL,
        "宝物牌。摸到此牌的角色须立即展示并使用之；装备此牌的角色若有同阵营盟友，则立即发动“毁盟”；摸牌阶段，你多摸两张牌；"
        "拥有此牌的角色被杀死后，此牌移动到杀死该角色的角色的宝物区；有角色杀死其他角色后，若场上没有玉玺，其将此牌置入其装备区。",
        "Treasure.  Whoever draws it must show it and use it at once; a wearer with an ally breaks the alliance at once; "
        "you draw two more cards in your draw phase; when its holder is killed it moves to the killer's treasure slot; "
        "when a character kills another while no one holds it, the killer puts it into its equipment.",
    )
)


def _drawn(engine: "Engine", cards: tuple[int, ...], src: str, src_seat: int, seat: int, reason: str) -> tuple[int, ...]:
    # Nothing is diverted: a drawn seal goes into the hand, to be shown and used at once.
    if SEAL_CARD in cards and src == "pile":
        engine.later(lambda: show_and_use(engine, seat))
    return cards


def show_and_use(engine: "Engine", c: int) -> Flow:
    st = engine.state
    if st.chars[c].alive and SEAL_CARD in st.chars[c].hand:
        engine.emit(ev.CardsShown(seat=c, cards=(SEAL_CARD,)))
        yield from engine.use_card(c, SEAL, (SEAL_CARD,), ())


JADE.mod("hand_divert", _drawn, owner=SEAL)


def _more(engine: "Engine", seat: int, ctx: "TurnCtx") -> Flow:
    ctx.draw += SEAL_DRAW
    return
    yield  # pragma: no cover


JADE.hook(Hook("draw_count", SEAL, _more, wields(SEAL, "treasure"), owners=lambda ctx: (ctx.seat,)))


def _worn(engine: "Engine", seat: int, use: "UseCtx") -> Flow:
    yield from seal_check(engine, seat, "card_used")


def _worn_with_ally(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    return use.name == SEAL and wears_seal(engine.state, seat) and ally_of(engine.state, seat) >= 0


# Silent: ``seal_check`` announces itself when it acts.
JADE.hook(Hook("card_used", SEAL, _worn, lambda st, seat: True, can=_worn_with_ally, owners=lambda use: (use.seat,), silent=True))


def _to_killer_can(engine: "Engine", seat: int, dead: int) -> bool:
    st = engine.state
    p = st.chars[dead]
    return p.killer == seat and (SEAL_CARD in p.hand or p.equip.get("treasure") == SEAL_CARD)


def _to_killer(engine: "Engine", seat: int, dead: int) -> Flow:
    zone = "hand" if SEAL_CARD in engine.state.chars[dead].hand else "equip"
    engine.move((SEAL_CARD,), zone, "equip", src_seat=dead, dst_seat=seat, reason=SEAL)
    # Announced once it lies face up (from a hand it was not seen before).
    engine.emit(ev.Triggered(seat=seat, source=SEAL, targets=(dead,), w="death"))
    yield from seal_check(engine, seat, "death")


JADE.hook(Hook("death", SEAL, _to_killer, lambda st, seat: True, can=_to_killer_can, silent=True))


def claim_after_kill(engine: "Engine", killer: int) -> Flow:
    """A killer takes the seal into its equipment when it is on nobody."""
    st = engine.state
    if killer < 0 or not st.chars[killer].alive or seal_holder(st) >= 0:
        return
    zone, at = seal_zone(st)
    if at >= 0:
        return  # in someone's judge zone: on the table
    engine.move((SEAL_CARD,), zone, "equip", dst_seat=killer, reason=SEAL)
    engine.emit(ev.Triggered(seat=killer, source=SEAL, w="death"))  # once it lies face up
    yield from seal_check(engine, killer, "death")


# -- 结盟 and 毁盟 --------------------------------------------------------------------------------------------

BOOK.define(
    JIEMENG, "结盟", "Ally", "active",
    "出牌阶段限一次，若你没有同盟成员，你可以对一名没有同盟成员的角色发动“结盟”，其若同意，则你与其成为同盟成员。"
    "出牌阶段对己方同盟成员限一次，你可以弃置一张牌，然后与其各摸一张牌。",
    "Once per play phase, if you have no ally, you may offer an alliance to a character without one; if it agrees you are "
    "allies.  Once per play phase towards your ally, you may discard a card, then you and it each draw one.",
)  # fmt: skip
BOOK.define(
    HUIMENG, "毁盟", "Break", "active",
    "回合开始或结束时，若你有同盟成员，你可以摸两张牌并视为对其使用一张【杀】并解除双方同盟关系，若其因此死亡，你回复一点体力，否则你失去一点体力。",
    "When your turn starts or ends, if you have an ally, you may draw two cards, count as using a Slash on it, and end the "
    "alliance; if it dies of it you recover 1 hp, else you lose 1 hp.",
)  # fmt: skip
SKILLS = frozenset({JIEMENG, HUIMENG})


def _partners(state: "State", c: int) -> list[int]:
    return [o for o in state.seats_from(c) if o != c and ally_of(state, o) < 0]


def _can_ally(state: "State", c: int) -> bool:
    return ally_of(state, c) < 0 and not turn_state(state, c, JIEMENG, "offered") and bool(_partners(state, c))


def _can_aid(state: "State", c: int) -> bool:
    return ally_of(state, c) >= 0 and not turn_state(state, c, JIEMENG, "aided") and bool(own_cards(state, c))


def _jiemeng(engine: "Engine", c: int) -> Flow:
    st = engine.state
    if _can_ally(st, c):
        pick = yield from engine.ask(Request(c, "skill", prompt=f"{JIEMENG}:offer", choices=tuple(Choice(targets=(o,)) for o in _partners(st, c))))
        other = pick.targets[0]
        announce(engine, c, JIEMENG, (other,))
        set_state(engine, c, JIEMENG, "offered", 1, turn=True)
        answer = yield from engine.ask(Request(other, "ally", prompt=f"ally:{c}", choices=(Choice(option="agree", targets=(c,)), PASS_CHOICE)))
        if answer.is_pass:
            return
        engine.emit(Allied(seat=c, other=other))
        for who in (c, other):
            yield from seal_check(engine, who, "skill_used")
        return
    ally = ally_of(st, c)
    paid = yield from engine.ask(Request(c, "discard", prompt=JIEMENG, cards=own_cards(st, c), min=1, max=1))
    announce(engine, c, JIEMENG, (ally,))
    set_state(engine, c, JIEMENG, "aided", 1, turn=True)
    discard_own(engine, c, paid.cards, JIEMENG)
    yield from engine.draw(c, 1, reason=JIEMENG)
    yield from engine.draw(ally, 1, reason=JIEMENG)


BOOK.action(JIEMENG, lambda engine, c: _can_ally(engine.state, c) or _can_aid(engine.state, c), _jiemeng)


def _break(engine: "Engine", c: int, ctx: "TurnCtx") -> Flow:
    yield from break_alliance(engine, c)


for _window in ("turn_start", "turn_end"):
    BOOK.trigger(
        HUIMENG, _window, _break,
        can=lambda engine, c, ctx: ally_of(engine.state, c) >= 0,
        owners=lambda ctx: (ctx.seat,),
        target=lambda engine, c, ctx: ally_of(engine.state, c),
    )  # fmt: skip
