"""The armour: 八卦阵, 仁王盾, 藤甲, 白银狮子.

Armour does not count against a card use that ignores it (青釭剑 fills
``UseCtx.ignore_armor``); damage passed on by an iron chain is not the card's
own, so armour always counts there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..deck import RED_SUITS, SLASH_NAMES
from ..windows import Hook
from .base import NAMES, STANDARD_CARDS, attach, color_of, register, suit_of
from .equipment import EquipRule, armor_counts, wields

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine, ResponseCtx, UseCtx
    from .base import Flow

TEXTS: dict[str, tuple[str, str]] = {
    "eight_diagram": (
        "当你需要使用或打出【闪】时，你可以进行判定：若结果为红色，视为你使用或打出了一张【闪】。",
        "When you need to use or play a Dodge, you may judge: on a red result you count as having played one.",
    ),
    "renwang_shield": (
        "锁定技，黑色【杀】对你无效。",
        "Compulsory: black Slashes have no effect on you.",
    ),
    "vine": (
        "锁定技，【南蛮入侵】、【万箭齐发】和普通【杀】对你无效。当你受到火焰伤害时，此伤害+1。",
        "Compulsory: Savage Assault, Archery Attack and plain Slashes have no effect on you. Fire damage to you is +1.",
    ),
    "silver_lion": (
        "锁定技，当你受到伤害时，若此伤害大于1点，防止多余的伤害。当你失去装备区里的【白银狮子】后，你回复1点体力。",
        "Compulsory: damage to you of more than 1 is reduced to 1. After you lose it from your equipment, you recover 1 hp.",
    ),
}

for _name, (_zh, _en) in TEXTS.items():
    register(EquipRule(_name, _zh, _en))


def _wears(name: str):
    return wields(name, "armor")


# -- 八卦阵 -----------------------------------------------------------------------------


def _eight_diagram(engine: "Engine", seat: int, ctx: "ResponseCtx") -> "Flow":
    final = yield from engine.judge(seat, "eight_diagram")
    if suit_of(engine.state, seat, final) in RED_SUITS:
        engine.emit(ev.CardPlayed(seat=seat, name="dodge"))
        ctx.answered = ("dodge", ())


attach(
    Hook(
        "response_needed",
        "eight_diagram",
        _eight_diagram,
        _wears("eight_diagram"),
        can=lambda e, seat, ctx: ctx.seat == seat and ctx.answered is None and "dodge" in ctx.names and armor_counts(ctx.source, seat),
        optional=True,
        owners=lambda ctx: (ctx.seat,),
    )
)


# -- 仁王盾 and 藤甲: the card has no effect on the wearer ---------------------------------


def _no_effect(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.cancelled.add(seat)
    return
    yield  # pragma: no cover


def _targets(use: "UseCtx") -> list[int]:
    return use.targets


def _damaged(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.dst,)


def _reached(use: "UseCtx", seat: int) -> bool:
    return seat in use.targets and seat not in use.cancelled and seat not in use.ignore_armor


attach(
    Hook(
        "target_confirmed",
        "renwang_shield",
        _no_effect,
        _wears("renwang_shield"),
        can=lambda e, seat, use: use.name in SLASH_NAMES and _reached(use, seat) and color_of(use.cards) == "black",
        owners=_targets,
    )
)

VINE_PROOF = frozenset({"slash", "savage_assault", "archery_attack"})

attach(
    Hook(
        "target_confirmed",
        "vine",
        _no_effect,
        _wears("vine"),
        can=lambda e, seat, use: use.name in VINE_PROOF and _reached(use, seat),
        owners=_targets,
    )
)


def _vine_fire(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.n += 1
    return
    yield  # pragma: no cover


attach(
    Hook(
        "damage_inflicted",
        "vine",
        _vine_fire,
        _wears("vine"),
        can=lambda e, seat, ctx: ctx.dst == seat and ctx.nature == "fire" and armor_counts(ctx.use, seat),
        owners=_damaged,
    )
)


# -- 白银狮子 ---------------------------------------------------------------------------


def _silver_lion(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.n = 1
    return
    yield  # pragma: no cover


attach(
    Hook(
        "damage_inflicted",
        "silver_lion",
        _silver_lion,
        _wears("silver_lion"),
        can=lambda e, seat, ctx: ctx.dst == seat and ctx.n > 1 and armor_counts(ctx.use, seat),
        owners=_damaged,
    )
)


def _silver_lion_lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
    # The recovery is emitted here, inside the move, because moving a card is
    # not a flow; no skill listens to 回复体力后 yet.
    p = engine.state.chars[seat]
    for c in cards:
        if NAMES[c] == "silver_lion" and p.alive and p.hp < p.max_hp:
            engine.emit(ev.Triggered(seat=seat, source="silver_lion", w="cards_lost"))
            engine.emit(ev.Recovered(seat=seat, n=1, src=seat))


STANDARD_CARDS.mod("equip_lost", _silver_lion_lost, owner="silver_lion")
