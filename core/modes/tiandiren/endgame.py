"""终局 (seed 002) and the seven cards whose text the seed gives.

The board turns over once the pile has been reshuffled (洗过一次: the deal's
shuffle does not count) and one character has died (4-6 players) or two
(7).  Both only ever grow, so whether the game is in its endgame is a fact of
the state (``in_endgame``); the ``EndgameStarted`` event marks the moment it
became true (``TianDiRen.react``).

The seed lists its 终局 cards with their whole text, and the 终局 clauses
only make sense against that text (连弩's "any number of 杀" strengthens "one
more 杀"), so this mode plays these card names by the seed from the start:

- 桃: as the standard; 终局: only while a character is dying.
- 万箭齐发 / 南蛮入侵: every *other character in your attack range* may
  *discard* (弃置) a 闪 / 杀, or takes 1 damage from you; 终局: it cannot be
  cancelled (取消: no 无懈可击 may be used against it).
- 决斗: a character *in your attack range*; starting with it, you and it take
  turns to *discard* a 杀; the first who does not takes 1 damage from the
  other; 终局: 2 damage.
- 闪电: no longer a delayed trick: from you, every character in turn judges
  until one's judgement is a 闪 (or all have judged); that one loses 1 hp;
  终局: 3.
- 桃园结义: as the standard; 终局: you draw two cards, every other character
  one.
- 连弩 (诸葛连弩, range 1 = "+0"): one more 杀 in the play phase; 终局: any
  number.

A discard is not a play (打出): forms (武圣, 龙胆 …) and 八卦阵 do not answer
these cards, and a card's 终局 text is the one in force when it is used.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from sanguozhi.core.cards.base import NAMES, CardRule
from sanguozhi.core.cards.basic import SLASH_TUPLE, Peach
from sanguozhi.core.cards.equipment import EquipRule, wields
from sanguozhi.core.cards.tricks import GodSalvation, Trick
from sanguozhi.core.content import Pack
from sanguozhi.core.requests import Choice, Request

if TYPE_CHECKING:
    from sanguozhi.core.engine import Engine, UseCtx
    from sanguozhi.core.state import State

    Flow = Generator[Any, Any, Any]

TIANDIREN_CARDS = Pack("tiandiren-cards", "天地人·终局牌", "Tiandiren endgame cards")
ANY_NUMBER = 1 << 30


def deaths_needed(players: int) -> int:
    """Seed 002: at least one dead at 4-6 players, two at 7 (or 8)."""
    return 2 if players >= 7 else 1


def in_endgame(state: "State") -> bool:
    """Has the board turned over: the pile reshuffled once, and enough dead?"""
    if state.shuffles < 2:  # the deal's shuffle is the first
        return False
    return sum(1 for p in state.chars if not p.alive) >= deaths_needed(len(state.chars))


class EndgameText(CardRule):
    """A card whose 终局 text replaces its text once the board has turned over.

    Whether it has is read once, when the card's effect starts
    (``use.extra["endgame"]``); an uncancellable card is then open to no 无懈可击.
    """

    uncancellable_in_endgame = False

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        late = use.extra["endgame"] = in_endgame(engine.state)
        if late and self.uncancellable_in_endgame:
            use.extra["unnullifiable"] = True
        yield from super().effect(engine, use)  # type: ignore[misc]


def discard_answer(engine: "Engine", seat: int, names: tuple[str, ...], prompt: str) -> Generator[Request, Choice, bool]:
    """``seat`` may discard a hand card named in ``names`` (弃置, not 打出); True if it did."""
    options = tuple(Choice(cards=(c,)) for c in engine.state.chars[seat].hand if NAMES[c] in names)
    choice = yield from engine.ask_hidden(seat, "respond", prompt, options)
    if choice.is_pass:
        return False
    engine.move(choice.cards, "hand", "discard", src_seat=seat, reason=prompt.partition(":")[0])
    return True


# -- 桃 ---------------------------------------------------------------------------------------


class EndgamePeach(Peach):
    text_zh = "出牌阶段，若你已受伤，你回复1点体力；响应：一名濒死角色回复1点体力。终局：此牌不能于濒死以外的时机使用。"
    text_en = "In your play phase, if you are hurt, recover 1 hp; in answer to a dying character, it recovers 1 hp. Endgame: only while a character is dying."

    def usable(self, engine: "Engine", seat: int) -> bool:
        # Saving a dying character never asks ``usable``: only the play-phase use is barred.
        return not in_endgame(engine.state) and super().usable(engine, seat)


# -- 万箭齐发 南蛮入侵 ----------------------------------------------------------------------------


class InRangeVolley(EndgameText, Trick):
    """Every other character in the user's attack range, from its next seat."""

    uncancellable_in_endgame = True
    answer: tuple[str, ...] = ()

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        reach = tuple(t for t in st.seats_from(st.next_alive(seat)) if t != seat and engine.in_range(seat, t))
        return [reach] if reach else []

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        answered = yield from discard_answer(engine, target, self.answer, f"{self.name}:{use.seat}")
        if not answered:
            yield from engine.damage(use.seat, target, 1, card=self.name, cards=use.cards, use=use)


class EndgameArchery(InRangeVolley):
    name = "archery_attack"
    answer = ("dodge",)
    text_zh = "出牌阶段使用。攻击范围内的每名其他角色可各弃置一张【闪】，否则你对其造成1点伤害。终局：此牌不能被取消（不能对此牌使用【无懈可击】）。"
    text_en = "Every other character in your attack range may discard a Dodge, or takes 1 damage from you. Endgame: it cannot be cancelled (no Nullification)."


class EndgameSavage(InRangeVolley):
    name = "savage_assault"
    answer = SLASH_TUPLE
    text_zh = "出牌阶段使用。攻击范围内的每名其他角色可各弃置一张【杀】，否则你对其造成1点伤害。终局：此牌不能被取消（不能对此牌使用【无懈可击】）。"
    text_en = "Every other character in your attack range may discard a Slash, or takes 1 damage from you. Endgame: it cannot be cancelled (no Nullification)."


# -- 决斗 -------------------------------------------------------------------------------------


class EndgameDuel(EndgameText, Trick):
    name = "duel"
    text_zh = "出牌阶段，对攻击范围内的一名其他角色使用。由其开始，其与你轮流弃置一张【杀】，首先不弃置的一方受到另一方造成的1点伤害。终局：此伤害改为2点。"
    text_en = "Use on another character in your attack range. Starting with it, you and it take turns to discard a Slash; the first who does not takes 1 damage from the other. Endgame: 2 damage."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [(t,) for t in engine.reach(seat)]

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        players = engine.state.chars
        turn, other = target, use.seat
        needs = use.extra.get("duel_needs")  # 无双: who must answer with two each time
        n = 2 if use.extra["endgame"] else 1
        while players[turn].alive and players[other].alive:
            answered = True
            for _ in range(needs.get(turn, 1) if needs else 1):
                answered = yield from discard_answer(engine, turn, SLASH_TUPLE, f"duel:{other}:{use.seat}")
                if not answered:
                    break
            if not answered:
                yield from engine.damage(other, turn, n, card=self.name, cards=use.cards, use=use)
                return
            turn, other = other, turn


# -- 闪电 -------------------------------------------------------------------------------------


class EndgameLightning(EndgameText, Trick):
    name = "lightning"
    text_zh = "出牌阶段使用。从你开始，所有角色依次进行判定，直到有角色的判定结果为【闪】或所有角色都判定过为止；判定出【闪】的角色失去1点体力。终局：失去的体力改为3点。"
    text_en = "From you, every character in turn judges until one's judgement is a Dodge (or all have judged); that one loses 1 hp. Endgame: 3 hp."

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [tuple(engine.state.seats_from(seat))]

    def affects(self, engine: "Engine", use: "UseCtx", target: int) -> bool:
        return not use.extra.get("struck")  # once one has judged a 闪, nobody else judges

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        final = yield from engine.judge(target, self.name)
        if NAMES[final] == "dodge":
            use.extra["struck"] = True
            yield from engine.lose_hp(target, 3 if use.extra["endgame"] else 1, cause=self.name)


# -- 桃园结义 ---------------------------------------------------------------------------------


class EndgameSalvation(EndgameText, GodSalvation):
    text_zh = "出牌阶段，对所有角色使用。每名目标角色回复1点体力。终局：改为你摸两张牌，其他角色各摸一张牌。"
    text_en = "Use on every character: each recovers 1 hp. Endgame: instead you draw two cards and every other character draws one."

    def affects(self, engine: "Engine", use: "UseCtx", target: int) -> bool:
        return use.extra["endgame"] or super().affects(engine, use, target)

    def on_target(self, engine: "Engine", use: "UseCtx", target: int) -> "Flow":
        if use.extra["endgame"]:
            yield from engine.draw(target, 2 if target == use.seat else 1, reason=self.name)
        else:
            yield from super().on_target(engine, use, target)


# -- 连弩 -------------------------------------------------------------------------------------

_crossbow = wields("crossbow")


def _crossbow_limit(state: "State", seat: int, limit: int) -> int:
    if not _crossbow(state, seat):
        return limit
    return ANY_NUMBER if in_endgame(state) else limit + 1


for _rule in (EndgamePeach(), EndgameArchery(), EndgameSavage(), EndgameDuel(), EndgameLightning(), EndgameSalvation()):
    TIANDIREN_CARDS.card(_rule)
TIANDIREN_CARDS.card(
    EquipRule(
        "crossbow",
        "攻击范围+0（1）。出牌阶段，你可以额外使用一张【杀】。终局：改为出牌阶段你可以使用任意数量的【杀】。",
        "Range +0 (1). In your play phase you may use one more Slash. Endgame: any number of Slashes.",
    )
)
TIANDIREN_CARDS.mod("slash_limit", _crossbow_limit, owner="crossbow")
