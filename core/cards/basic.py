"""The basic cards: 杀 (and 火杀, 雷杀), 闪, 桃, 酒."""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import msgspec

from .base import CardRule, register

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from .base import Flow

NATURE = {"slash": "normal", "fire_slash": "fire", "thunder_slash": "thunder"}
SLASH_TUPLE = ("slash", "fire_slash", "thunder_slash")

_NATURE_ZH = {"slash": "", "fire_slash": "火焰", "thunder_slash": "雷电"}
_NATURE_EN = {"slash": "", "fire_slash": "fire ", "thunder_slash": "thunder "}


class Dodged(msgspec.Struct):
    """The window ``card_responded`` after a 闪 cancelled a 杀 (贯石斧, 青龙偃月刀)."""

    use: "UseCtx"
    target: int
    hit: bool = False  # set by 贯石斧: the 杀 deals its damage anyway


class Slash(CardRule):
    """杀: one target in attack range, once per turn; a 闪 cancels it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.nature = NATURE[name]
        self.text_zh = (
            f"出牌阶段限一次，对攻击范围内的一名其他角色使用。目标角色需打出一张【闪】，否则受到你造成的1点{_NATURE_ZH[name]}伤害。"
        )
        self.text_en = (
            f"Once per play phase, use on another character in your attack range. The target must play a Dodge, "
            f"or take 1 {_NATURE_EN[name]}damage from you."
        )

    def usable(self, engine: "Engine", seat: int) -> bool:
        return engine.can_slash(seat)

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        reach = engine.reach(seat)
        extra = 0
        for mod in engine.content.slash_extra:
            extra += mod(st, seat, card)
        if not extra:
            return [(t,) for t in reach]
        return [combo for k in range(1, extra + 2) for combo in combinations(reach, k)]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        players = engine.state.chars
        for target in use.targets:
            if target in use.cancelled or not players[target].alive:
                continue
            yield from self.hit(engine, use, target)

    def hit(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        needed = use.extra.get("dodges_needed", 1)  # 无双: two
        no_dodge = use.extra.get("no_dodge")  # 铁骑: targets that may not answer with a 闪
        if no_dodge and target in no_dodge:
            yield from engine.damage(use.seat, target, 1 + use.bonus, NATURE[use.name], card=use.name, cards=use.cards, use=use)
            return
        for _ in range(needed):
            dodged = yield from engine.respond(target, ("dodge",), prompt=f"{use.name}:{use.seat}", source=use)
            if not dodged:
                break
        else:
            after = Dodged(use, target)
            if engine.fair and not engine.idle("card_being_responded"):  # 牌被响应时, then 牌被响应后 (sgz-rules/1: only the latter)
                yield from engine.window("card_being_responded", after)
            yield from engine.window("card_responded", after)
            if not after.hit:
                return
        yield from engine.damage(use.seat, target, 1 + use.bonus, NATURE[use.name], card=use.name, cards=use.cards, use=use)


class Dodge(CardRule):
    """闪: only ever played in answer to a 杀 (or what asks for a 闪)."""

    name = "dodge"
    text_zh = "当【杀】对你生效前，打出一张【闪】抵消之（或响应其他需要【闪】的牌）。"
    text_en = "Play when a Slash would take effect on you to cancel it (or answer anything else that asks for a Dodge)."

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False


class Peach(CardRule):
    """桃: in your play phase recover 1 if hurt; or save a dying character."""

    name = "peach"
    text_zh = "出牌阶段，若你已受伤，对你使用，你回复1点体力；或当一名角色处于濒死状态时，对其使用，其回复1点体力。"
    text_en = "In your play phase, if you are hurt, recover 1 hp; or use on a dying character: it recovers 1 hp."

    def usable(self, engine: "Engine", seat: int) -> bool:
        p = engine.state.chars[seat]
        return p.hp < p.max_hp

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        target = use.targets[0] if use.targets else use.seat
        yield from engine.recover(target, 1 + use.extra.get("recover_bonus", 0), src=use.seat)  # 救援: +1


class Analeptic(CardRule):
    """酒: once per turn, +1 damage to your next 杀 this turn; or recover 1 while dying."""

    name = "analeptic"
    text_zh = "出牌阶段限一次，本回合你使用的下一张【杀】伤害+1；或当你处于濒死状态时，对你使用，你回复1点体力。"
    text_en = "Once per play phase: your next Slash this turn deals +1 damage; or, while you are dying, recover 1 hp."

    def usable(self, engine: "Engine", seat: int) -> bool:
        return engine.state.used.get("analeptic", 0) < 1

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        # The +1 is folded from the CardUsed event (State.drunk); only the
        # dying use has an effect to resolve here.
        if engine.state.chars[use.seat].hp <= 0:
            yield from engine.recover(use.seat, 1, src=use.seat)


for _name in NATURE:
    register(Slash(_name))
register(Dodge())
register(Peach())
register(Analeptic())
