"""Hegemony's own cards: 知己知彼, 远交近攻, 以逸待劳, 无懈可击·国, 吴六剑 and
三尖两刃刀, printed (with the rest of the 108-card hegemony deck) at card
numbers 200-307, and their rules in the ``hegemony-cards`` pack.

Every other card of the hegemony deck is a standard + 军争 card kind with the
same text, so it keeps the standard rule (a separate physical card: the
hegemony deck is printed apart so that its suits and ranks are its own).
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...cards.base import NAMES
from ...cards.basic import NATURE, Slash
from ...cards.equipment import EquipRule, wields
from ...cards.nullification import COUNTERS, Nullification
from ...cards.tricks import Trick
from ...content import Pack
from ...deck import KINDS, Kind, SLASH_NAMES, add_cards, add_kind
from ...distance import distance
from ...requests import Choice, PASS_CHOICE, Request
from ...windows import Hook
from .data import DECK_DATA
from .events import GeneralSeen, HandSeen
from .kingdoms import CAREERIST, determined, members, same_kingdom
from .scratch import scratch

if TYPE_CHECKING:
    from ...engine import DamageCtx, Engine, UseCtx
    from ...state import State
    from .reveal import Flow

HG_CARDS = Pack("hegemony-cards", "国战卡牌", "Hegemony cards")

FIRST_NUMBER = 200  # hegemony's card numbers: 200-399

for _kind in (
    Kind("known_both", "知己知彼", "trick"),
    Kind("befriend_attacking", "远交近攻", "trick"),
    Kind("await_exhausted", "以逸待劳", "trick"),
    Kind("heg_nullification", "无懈可击·国", "trick"),
    Kind("six_swords", "吴六剑", "equip", "weapon", 2),
    Kind("triblade", "三尖两刃刀", "equip", "weapon", 3),
):
    add_kind(_kind)

# The horses keep their printed names (赤兔, 紫骍 …), as in the standard deck.
HEGEMONY_DECK: tuple[int, ...] = add_cards(
    FIRST_NUMBER, [(r.id, r.suit, r.rank, "hegemony") for r in DECK_DATA], faces=[r.name_zh if "horse" in r.id and r.name_zh != KINDS[r.id].zh else "" for r in DECK_DATA]
)


# -- 知己知彼 ----------------------------------------------------------------------------


def _unseen_slots(state: "State", viewer: int, target: int) -> list[int]:
    return [i for i, sl in enumerate(state.chars[target].slots) if sl.vis is not None and viewer not in sl.vis]


class KnownBoth(Trick):
    name = "known_both"
    recastable = True
    text_zh = "出牌阶段，对一名其他角色使用。你观看其所有手牌或其一张暗置的武将牌。此牌可以重铸。"
    text_en = "In your play phase, use on another character: look at its whole hand, or at one of its concealed generals. May be recast."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        owner = st.chars[seat].owner
        return [(t,) for t in st.seats_from(seat) if t != seat and (st.chars[t].hand or _unseen_slots(st, owner, t))]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        st = engine.state
        me = st.chars[use.seat].owner
        options = [Choice(option="hand")] if st.chars[target].hand else []
        options += [Choice(option=f"general:{i}") for i in _unseen_slots(st, me, target)]
        if not options:
            return
        pick = yield from engine.ask(Request(use.seat, "skill", prompt=f"known_both:{target}", choices=tuple(options)))
        vis = tuple(sorted({me, st.chars[target].owner}))
        if pick.option == "hand":
            engine.emit(HandSeen(seat=target, by=me, cards=tuple(st.chars[target].hand), vis=vis))
        else:
            slot = int(pick.option.split(":")[1])
            engine.emit(GeneralSeen(seat=target, slot=slot, general=st.chars[target].slots[slot].general, by=me, vis=vis))


# -- 远交近攻 ----------------------------------------------------------------------------


class BefriendAttacking(Trick):
    name = "befriend_attacking"
    needs_user = True
    text_zh = "出牌阶段，对一名与你势力不同且有明置武将的其他角色使用（你须已明置武将）。其摸一张牌，然后你摸三张牌。"
    text_en = "In your play phase, if you have a face-up general, use on a character of another kingdom with a face-up general: it draws 1, then you draw 3."

    def usable(self, engine: "Engine", seat: int) -> bool:
        return determined(engine.state, seat)

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return [(t,) for t in st.seats_from(seat) if t != seat and determined(st, t) and not same_kingdom(st, seat, t)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        yield from engine.draw(target, 1, reason=self.name)
        if engine.state.chars[use.seat].alive:
            yield from engine.draw(use.seat, 3, reason=self.name)


# -- 以逸待劳 ----------------------------------------------------------------------------


class AwaitExhausted(Trick):
    name = "await_exhausted"
    text_zh = "出牌阶段，对你和与你势力相同的所有角色使用。每名目标角色摸两张牌，然后弃置两张牌。"
    text_en = "In your play phase, use on yourself and every character of your kingdom: each draws 2 cards, then discards 2."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        mine = set(members(st, seat))
        return [tuple(t for t in st.seats_from(seat) if t in mine)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        st = engine.state
        yield from engine.draw(target, 2, reason=self.name)
        p = st.chars[target]
        cards = (*p.hand, *p.equip.values())
        if not cards:
            return
        k = min(2, len(cards))
        pick = yield from engine.ask(Request(target, "discard", prompt=self.name, cards=cards, min=k, max=k))
        from ...skills.common import discard_own

        discard_own(engine, target, pick.cards, self.name)


# -- 无懈可击·国 --------------------------------------------------------------------------


def _in_resolution(engine: "Engine") -> list["UseCtx"]:
    return scratch(engine).setdefault("tricks", [])


def _push(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    _in_resolution(engine).append(use)
    return
    yield  # pragma: no cover


def _pop(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    stack = _in_resolution(engine)
    if use in stack:
        stack.remove(use)
    return
    yield  # pragma: no cover


def _many_targets(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    return use.seat == seat and len(use.targets) > 1 and isinstance(engine.rules.get(use.name), Trick)


for _window, _run in (("card_using", _push), ("card_used", _pop)):
    HG_CARDS.hook(
        Hook(_window, "heg_nullification", _run, lambda st, s: True, can=_many_targets, silent=True, owners=lambda use: (use.seat,)),
        owner="heg_nullification",
    )


class HegNullification(Nullification):
    name = "heg_nullification"
    text_zh = "当一张锦囊牌对一名角色生效前，对此牌使用，抵消其对该角色产生的效果；或抵消其对该角色及与其势力相同的其他角色产生的效果（本次结算内）。"
    text_en = (
        "When a trick would take effect on a character, cancel its effect on that character; or cancel it on that character "
        "and on every other character of its kingdom for the rest of the trick's resolution."
    )

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        yield from super().effect(engine, use)
        against: Any = use.extra.get("against")
        if not use.extra.get("effective") or against is None:
            return
        trick, user, target, depth = against
        if depth:
            return
        st = engine.state
        trick_use = next((u for u in reversed(_in_resolution(engine)) if u.name == trick and target in u.targets), None)
        if trick_use is None or not st.chars[target].kingdom or st.chars[target].kingdom == CAREERIST:
            return
        kin = [t for t in trick_use.targets if t != target and t not in trick_use.cancelled and same_kingdom(st, t, target)]
        if not kin:
            return
        go = yield from engine.ask(Request(use.seat, "option", prompt=f"heg_nullification:{target}", choices=(Choice(option="kingdom"), Choice(option="one"))))
        if go.option == "kingdom":
            engine.emit(ev.Triggered(seat=use.seat, source="heg_nullification", targets=tuple(kin), w="card_effect"))
            trick_use.cancelled.update(kin)


COUNTERS.add("heg_nullification")


# -- 吴六剑 三尖两刃刀 ---------------------------------------------------------------------

EQUIP_TEXTS = {
    "six_swords": ("锁定技，与你势力相同的其他角色攻击范围+1。", "Compulsory: other characters of your kingdom have attack range +1."),
    "triblade": (
        "当你使用【杀】对目标角色造成伤害后，你可以弃置一张手牌，对其距离1的另一名其他角色造成1点伤害。",
        "After your Slash damages its target, you may discard a hand card to deal 1 damage to another character at distance 1 from that target.",
    ),
}


def _six_swords(state: "State", seat: int) -> int:
    for p in state.chars:
        if p.seat != seat and p.alive and "weapon" in p.equip and NAMES[p.equip["weapon"]] == "six_swords" and same_kingdom(state, p.seat, seat):
            return 1
    return 0


HG_CARDS.mod("range", _six_swords, owner="six_swords")


def _triblade_targets(state: "State", seat: int, hit: int) -> list[int]:
    return [t for t in state.seats_from(seat) if t not in (seat, hit) and distance(state, hit, t) == 1]


def _triblade_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    use = ctx.use
    st = engine.state
    return (
        ctx.src == seat and use is not None and use.name in SLASH_NAMES and not ctx.chained and bool(st.chars[seat].hand)
        and st.chars[seat].alive and bool(_triblade_targets(st, seat, ctx.dst))
    )


def _triblade(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    hand = st.chars[seat].hand
    options = [Choice(cards=(c,), targets=(t,)) for c in hand for t in _triblade_targets(st, seat, ctx.dst)]
    go = yield from engine.ask(Request(seat, "skill", prompt=f"triblade:{ctx.dst}", choices=(*options, PASS_CHOICE)))
    if go.is_pass:
        return
    engine.emit(ev.Triggered(seat=seat, source="triblade", targets=go.targets, w="damage_done"))
    engine.move(go.cards, "hand", "discard", src_seat=seat, reason="triblade")
    yield from engine.damage(seat, go.targets[0], 1)


HG_CARDS.hook(Hook("damage_done", "triblade", _triblade, wields("triblade"), can=_triblade_can, silent=True, owners=lambda ctx: (ctx.src,)))

# -- 杀 with hegemony's target rules ----------------------------------------------------------

# (state, seat) -> True: ``seat``'s Slash may take one more target at distance 1 (短兵).
NEAR_EXTRA: list[Callable[["State", int], bool]] = []
# (state, seat) -> True: ``seat``'s Slash ignores distance this turn (天义).
NO_DISTANCE: list[Callable[["State", int], bool]] = []


class HgSlash(Slash):
    """杀, whose targets skills of hegemony widen: distance ignored (天义), one
    more target at distance 1 (短兵)."""

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        if any(free(st, seat) for free in NO_DISTANCE):
            reach = [t for t in st.seats_from(seat) if t != seat]
            extra = sum(m(st, seat, card) for m in engine.content.slash_extra)
            base = [combo for k in range(1, extra + 2) for combo in combinations(reach, k)]
        else:
            base = super().target_choices(engine, seat, card)
        if not any(near(st, seat) for near in NEAR_EXTRA):
            return base
        close = [t for t in st.seats_from(seat) if t != seat and distance(st, seat, t) == 1]
        out = list(base)
        seen = set(base)
        for combo in base:
            for t in close:
                if t not in combo:
                    more = tuple(sorted((*combo, t), key=lambda x: (x - seat) % st.n))
                    if more not in seen:
                        seen.add(more)
                        out.append(more)
        return out


for _rule in (KnownBoth(), BefriendAttacking(), AwaitExhausted(), HegNullification(), *(HgSlash(n) for n in NATURE)):
    HG_CARDS.card(_rule)
for _name, (_zh, _en) in EQUIP_TEXTS.items():
    HG_CARDS.card(EquipRule(_name, _zh, _en))

