"""The non-delayed tricks (锦囊): 过河拆桥, 顺手牵羊, 决斗, 南蛮入侵, 万箭齐发,
桃园结义, 五谷丰登, 无中生有, 借刀杀人, 火攻, 铁索连环.

Each target is resolved in turn: a target the effect no longer reaches
(``use.cancelled``: 藤甲, a dead one) is skipped, then every seat may
nullify the effect on it (``nullified``), then the effect applies.
"""
from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import TYPE_CHECKING

from .. import events as ev
from ..deck import SLASH_NAMES
from ..distance import distance
from ..requests import Choice, Request
from .base import SUIT, CardRule, discard_card_of, has_cards, register, take_card_of
from .basic import SLASH_TUPLE
from .nullification import nullified

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from .base import Flow


class Trick(CardRule):
    """A trick resolved target by target, each open to 无懈可击."""

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        players = engine.state.chars
        for target in use.targets:
            if target in use.cancelled or not players[target].alive or not self.affects(engine, use, target):
                continue
            # 离间's 决斗 cannot be answered with a 无懈可击.
            if not use.extra.get("unnullifiable") and (yield from self.nullified(engine, use, target)):
                continue
            if not players[use.seat].alive and self.needs_user:
                return
            yield from self.on_target(engine, use, target)

    needs_user = False  # the effect cannot happen once the user is dead

    def nullified(self, engine: "Engine", use: "UseCtx", target: int) -> "Generator[Request, Choice, bool]":
        """Is the effect on ``target`` cancelled by a 无懈可击?  (A mode may ask its own way: duel.)"""
        return nullified(engine, use.name, use.seat, target)

    def affects(self, engine: "Engine", use: "UseCtx", target: int) -> bool:
        """False when the effect would change nothing (a full-hp 桃园结义 target): no 无懈可击 is asked."""
        return True

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        raise NotImplementedError(f"trick {self.name!r} has no effect")
        yield  # pragma: no cover


def _others_from_next(engine: "Engine", seat: int) -> tuple[int, ...]:
    st = engine.state
    return tuple(s for s in st.seats_from(st.next_alive(seat)) if s != seat)


# -- 过河拆桥 顺手牵羊 -----------------------------------------------------------------


class Dismantlement(Trick):
    name = "dismantlement"
    text_zh = "出牌阶段，对区域内有牌的一名其他角色使用。你弃置其区域内的一张牌。"
    text_en = "In your play phase, use on another character with a card in any zone: discard one card from its hand, equipment or judge zone."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return [(t,) for t in st.seats_from(seat) if t != seat and has_cards(st, t)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        yield from discard_card_of(engine, use.seat, target, self.name)


class Snatch(Trick):
    name = "snatch"
    needs_user = True
    text_zh = "出牌阶段，对距离为1且区域内有牌的一名其他角色使用。你获得其区域内的一张牌。"
    text_en = "In your play phase, use on another character at distance 1 with a card in any zone: take one card from its hand, equipment or judge zone."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        free = st.content.trick_distance_free(st, seat, self.name)  # 奇才, 飞贼
        return [(t,) for t in st.seats_from(seat) if t != seat and has_cards(st, t) and (free or distance(st, seat, t) <= 1)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        yield from take_card_of(engine, use.seat, target, self.name)


# -- 决斗 南蛮入侵 万箭齐发 -------------------------------------------------------------


class Duel(Trick):
    name = "duel"
    text_zh = "出牌阶段，对一名其他角色使用。由其开始，其与你轮流打出一张【杀】，首先不打出【杀】的一方受到另一方造成的1点伤害。"
    text_en = "In your play phase, use on another character. Starting with it, you and it take turns to play a Slash; the first who does not takes 1 damage from the other."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [(t,) for t in engine.state.seats_from(seat) if t != seat]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        players = engine.state.chars
        turn, other = target, use.seat
        needs = use.extra.get("duel_needs")  # 无双: who must play two 杀 each time
        while players[turn].alive and players[other].alive:
            played = True
            for _ in range(needs.get(turn, 1) if needs else 1):
                played = yield from engine.respond(turn, SLASH_TUPLE, prompt=f"duel:{other}:{use.seat}", source=use)
                if not played:
                    break
            if not played:
                yield from engine.damage(other, turn, 1, card=self.name, cards=use.cards, use=use)
                return
            turn, other = other, turn


class MassTrick(Trick):
    """南蛮入侵 / 万箭齐发: every other character, from the user's next seat."""

    answer: tuple[str, ...] = ()

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        others = _others_from_next(engine, seat)
        return [others] if others else []

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        played = yield from engine.respond(target, self.answer, prompt=f"{self.name}:{use.seat}", source=use)
        if not played:
            yield from engine.damage(use.seat, target, 1, card=self.name, cards=use.cards, use=use)


class SavageAssault(MassTrick):
    name = "savage_assault"
    answer = SLASH_TUPLE
    text_zh = "出牌阶段，对所有其他角色使用。每名目标角色需打出一张【杀】，否则受到你造成的1点伤害。"
    text_en = "In your play phase, use on every other character. Each must play a Slash, or take 1 damage from you."


class ArcheryAttack(MassTrick):
    name = "archery_attack"
    answer = ("dodge",)
    text_zh = "出牌阶段，对所有其他角色使用。每名目标角色需打出一张【闪】，否则受到你造成的1点伤害。"
    text_en = "In your play phase, use on every other character. Each must play a Dodge, or take 1 damage from you."


# -- 桃园结义 五谷丰登 无中生有 ------------------------------------------------------------


class GodSalvation(Trick):
    name = "god_salvation"
    text_zh = "出牌阶段，对所有角色使用。每名目标角色回复1点体力。"
    text_en = "In your play phase, use on every character. Each recovers 1 hp."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [tuple(engine.state.seats_from(seat))]

    def affects(self, engine: "Engine", use: "UseCtx", target: int) -> bool:
        p = engine.state.chars[target]
        return p.hp < p.max_hp

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        yield from engine.recover(target, 1, src=use.seat)


class AmazingGrace(Trick):
    name = "amazing_grace"
    text_zh = "出牌阶段，对所有角色使用。你亮出牌堆顶等同于目标数的牌，每名目标角色从你开始依次获得其中一张。"
    text_en = "In your play phase, use on every character. Reveal as many cards from the top of the draw pile as there are targets; starting with you, each target takes one of them."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [tuple(engine.state.seats_from(seat))]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st = engine.state
        revealed: list[int] = []
        want = sum(1 for t in use.targets if st.chars[t].alive)
        while len(revealed) < want:
            engine.ensure_pile()
            k = min(want - len(revealed), len(st.pile))
            cards = tuple(st.pile[-1 : -k - 1 : -1])
            engine.move(cards, "pile", "processing", reason=self.name)
            revealed.extend(cards)
        use.extra["revealed"] = tuple(revealed)
        left = revealed
        use.extra["left"] = left
        yield from super().effect(engine, use)
        rest = tuple(c for c in left if c in st.processing)
        if rest:
            engine.move(rest, "processing", "discard", reason=self.name)

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        left: list[int] = use.extra["left"]
        if not left:
            return
        choice = yield from engine.ask(Request(target, "grace", prompt=f"{self.name}:{use.seat}", choices=tuple(Choice(cards=(c,)) for c in left)))
        card = choice.cards[0]
        left.remove(card)
        engine.move((card,), "processing", "hand", dst_seat=target, reason=self.name)


class ExNihilo(Trick):
    name = "ex_nihilo"
    text_zh = "出牌阶段，对你使用。你摸两张牌。"
    text_en = "In your play phase, use on yourself: draw two cards."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [(seat,)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        yield from engine.draw(target, 2, reason=self.name)


# -- 借刀杀人 -------------------------------------------------------------------------


class Collateral(Trick):
    """Targets are (holder, victim): the holder is the target, the victim whom it must attack."""

    name = "collateral"
    text_zh = "出牌阶段，对装备区里有武器牌的一名其他角色使用，并选择其攻击范围内的另一名角色。目标角色需对后者使用一张【杀】，否则将其装备区里的武器牌交给你。"
    text_en = (
        "In your play phase, use on another character with a weapon, choosing a second character in its attack range. "
        "The target must use a Slash on the second one, or give you its weapon."
    )
    needs_user = True

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        out = []
        for holder in st.seats_from(seat):
            if holder != seat and "weapon" in st.chars[holder].equip:
                out.extend(
                    (holder, victim)
                    for victim in st.seats_from(holder)
                    if victim != holder and engine.in_range(holder, victim) and not st.content.target_banned(st, holder, victim, "slash")  # 空城
                )
        return out

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        st = engine.state
        holder, victim = use.targets[0], use.targets[1]
        if holder in use.cancelled or not st.chars[holder].alive:
            return
        if (yield from nullified(engine, use.name, use.seat, holder)):
            return
        if st.chars[victim].alive:
            used = yield from engine.ask_use_slash(holder, (victim,), prompt=f"collateral:{use.seat}:{victim}")
            if used:
                return
        weapon = st.chars[holder].equip.get("weapon")
        if weapon is not None and st.chars[use.seat].alive:
            engine.move((weapon,), "equip", "hand", src_seat=holder, dst_seat=use.seat, reason=self.name)


# -- 火攻 -----------------------------------------------------------------------------


class FireAttack(Trick):
    name = "fire_attack"
    needs_user = True
    text_zh = "出牌阶段，对一名有手牌的角色使用。目标角色展示一张手牌，然后你可以弃置一张与之花色相同的手牌，对其造成1点火焰伤害。"
    text_en = "In your play phase, use on a character with hand cards. It shows a hand card; you may then discard a hand card of the same suit to deal it 1 fire damage."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        # Oneself only with another hand card besides this one.
        return [(t,) for t in st.seats_from(seat) if len(st.chars[t].hand) > (1 if t == seat else 0)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        st = engine.state
        hand = st.chars[target].hand
        if not hand:
            return
        pick = yield from engine.ask(Request(target, "show", prompt=f"{self.name}:{use.seat}", cards=tuple(hand), min=1, max=1))
        shown = pick.cards[0]
        engine.emit(ev.CardsShown(seat=target, cards=(shown,)))
        suit = SUIT[shown]
        options = tuple(Choice(cards=(c,)) for c in st.chars[use.seat].hand if SUIT[c] == suit)
        choice = yield from engine.ask_hidden(use.seat, "fire_attack", f"{self.name}:{target}:{suit}", options)
        if choice.is_pass:
            return
        engine.move(choice.cards, "hand", "discard", src_seat=use.seat, reason=self.name)
        yield from engine.damage(use.seat, target, 1, "fire", card=self.name, cards=use.cards, use=use)


# -- 铁索连环 -------------------------------------------------------------------------


class IronChain(Trick):
    name = "iron_chain"
    recastable = True
    text_zh = "出牌阶段，对一至两名角色使用。目标角色横置或重置其武将牌（连环状态）。此牌可以重铸。"
    text_en = "In your play phase, use on one or two characters: each is chained, or unchained if it was. May be recast (discard it, draw one)."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        seats = engine.state.seats_from(seat)
        return [(t,) for t in seats] + list(combinations(seats, 2))

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        engine.emit(ev.ChainToggled(seat=target, on=not engine.state.chars[target].chained))
        return
        yield  # pragma: no cover


for _rule in (
    Dismantlement(),
    Snatch(),
    Duel(),
    SavageAssault(),
    ArcheryAttack(),
    GodSalvation(),
    AmazingGrace(),
    ExNihilo(),
    Collateral(),
    FireAttack(),
    IronChain(),
):
    register(_rule)

assert SLASH_NAMES == frozenset(SLASH_TUPLE)
