"""吴 (wu): 孙权 甘宁 吕蒙 黄盖 周瑜 大乔 陆逊 孙尚香 — their skills."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards.base import SUIT
from ..deck import SLASH_NAMES, SUITS
from ..distance import in_attack_range
from ..requests import PASS_CHOICE, Choice, Request
from .base import SkillBook, announce, ask_trigger, has_skill, rule
from .standard import BOOK, action, ban, define, mod, trigger
from .common import banned, discard_own, hurt, is_black, own_cards, others_from, pay_and_aim

if TYPE_CHECKING:
    from ..engine import Engine, TurnCtx, UseCtx
    from ..state import State
    from .base import Flow


# -- 孙权: 制衡, 救援 (主公技) -------------------------------------------------------------

define(
    "zhiheng", "制衡", "Balance of Power", "active",
    "出牌阶段限一次，你可以弃置至少一张牌，然后摸等量的牌。",
    "Once per play phase, you may discard any number (at least one) of your cards, then draw as many.",
)


def balance(sid: str, cap: "Callable[[State, int], int] | None" = None):
    """制衡: discard at least one card (at most ``cap``), then draw as many."""

    def run(engine: "Engine", seat: int) -> "Flow":
        cards = own_cards(engine.state, seat)
        most = len(cards) if cap is None else min(len(cards), cap(engine.state, seat))
        pick = yield from engine.ask(Request(seat, "discard", prompt=sid, cards=cards, min=1, max=most))
        announce(engine, seat, sid)
        discard_own(engine, seat, pick.cards, sid)
        yield from engine.draw(seat, len(pick.cards), reason=sid)

    return run


_zhiheng = balance("zhiheng")


@rule(BOOK, "zhiheng")
def _zhiheng_rule(book: SkillBook, sid: str) -> None:
    book.action(sid, lambda e, seat: bool(own_cards(e.state, seat)), balance(sid), per_turn=1)

define(
    "jiuyuan", "救援", "Rescue", "lord_skill",
    "主公技，锁定技，其他吴势力角色使用【桃】令你回复体力时，回复值+1。",
    "Lord skill, compulsory. When another Wu character's Peach makes you recover, you recover 1 more.",
    compulsory=True,
)


def _jiuyuan(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra["recover_bonus"] = use.extra.get("recover_bonus", 0) + 1
    return
    yield  # pragma: no cover


def rescue(book: SkillBook, sid: str, kingdom: str) -> None:
    """救援: another ``kingdom`` character's 桃 heals the lord 1 more."""

    def can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
        return use.name == "peach" and use.seat != seat and seat in use.targets and engine.state.chars[use.seat].kingdom == kingdom

    book.trigger(sid, "target_confirmed", _jiuyuan, can=can, owners=lambda use: use.targets)


rescue(BOOK, "jiuyuan", "wu")


# -- 甘宁: 奇袭 --------------------------------------------------------------------------

define(
    "qixi", "奇袭", "Surprise Raid", "active",
    "你可以将一张黑色牌当【过河拆桥】使用。",
    "You may use any black card (hand or equipment) as a Dismantlement.",
)
@rule(BOOK, "qixi")
def _qixi_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "dismantlement", is_black, zones=("hand", "equip"), play=False)


# -- 吕蒙: 克己 --------------------------------------------------------------------------

define(
    "keji", "克己", "Self-Restraint", "active",
    "若你未于出牌阶段内使用或打出过【杀】，你可以跳过弃牌阶段。",
    "If you have not used or played a Slash in your play phase, you may skip your discard phase.",
)


def _keji_can(engine: "Engine", seat: int, ctx: "TurnCtx") -> bool:
    used = engine.state.used
    return ctx.seat == seat and ctx.phase == "discard" and not used.get("slash_any", 0) and not used.get("slash_played", 0)


def _keji(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.skip.add("discard")
    return
    yield  # pragma: no cover


trigger("keji", "phase_before", _keji, can=_keji_can, owners=lambda ctx: (ctx.seat,))


# -- 黄盖: 苦肉 --------------------------------------------------------------------------

define(
    "kurou", "苦肉", "Self-Injury", "active",
    "出牌阶段，你可以失去1点体力，然后摸两张牌。",
    "In your play phase you may lose 1 hp, then draw two cards (as often as you like).",
)


def _kurou(engine: "Engine", seat: int) -> "Flow":
    announce(engine, seat, "kurou")
    yield from engine.lose_hp(seat, 1, cause="kurou")
    if engine.state.chars[seat].alive:
        yield from engine.draw(seat, 2, reason="kurou")


action("kurou", lambda e, seat: True, _kurou)


# -- 周瑜: 英姿, 反间 ----------------------------------------------------------------------

define(
    "yingzi", "英姿", "Heroic Bearing", "active",
    "摸牌阶段，你可以多摸一张牌。",
    "In your draw phase you may draw one more card.",
)


def _yingzi(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.draw += 1
    return
    yield  # pragma: no cover


@rule(BOOK, "yingzi")
def _yingzi_rule(book: SkillBook, sid: str) -> None:
    book.trigger(sid, "draw_count", _yingzi, can=lambda e, seat, ctx: ctx.seat == seat, owners=lambda ctx: (ctx.seat,))

define(
    "fanjian", "反间", "Sow Discord", "active",
    "出牌阶段限一次，你可以令一名其他角色选择一种花色，然后其获得你的一张手牌并展示之：若此牌花色与其所选的不同，你对其造成1点伤害。",
    "Once per play phase, you may make another character name a suit, then take one of your hand cards unseen and show it: "
    "if its suit differs from the one named, you deal 1 damage to that character.",
)


@rule(BOOK, "fanjian")
def _fanjian_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int) -> "Flow":
        st = engine.state
        to = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(Choice(targets=(t,)) for t in others_from(st, seat))))
        target = to.targets[0]
        announce(engine, seat, sid, (target,))
        named = yield from engine.ask(Request(target, "suit", prompt=f"{sid}:{seat}", choices=tuple(Choice(option=s) for s in SUITS)))
        card = engine.hidden_hand_card(seat)
        engine.move((card,), "hand", "hand", src_seat=seat, dst_seat=target, reason=sid)  # taken face up: everyone sees it
        if SUIT[card] != named.option:
            yield from engine.damage(seat, target, 1)

    book.action(sid, lambda e, seat: bool(e.state.chars[seat].hand) and bool(others_from(e.state, seat)), run, per_turn=1)


# -- 大乔: 国色, 流离 ----------------------------------------------------------------------

define(
    "guose", "国色", "National Beauty", "active",
    "你可以将一张方块牌当【乐不思蜀】使用。",
    "You may use any diamond card (hand or equipment) as an Indulgence.",
)
@rule(BOOK, "guose")
def _guose_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "indulgence", lambda c: SUIT[c] == "diamond", zones=("hand", "equip"), play=False)

define(
    "liuli", "流离", "Displacement", "active",
    "当你成为【杀】的目标时，你可以弃置一张牌并选择你攻击范围内为此【杀】合法目标（无距离限制）的一名其他角色：该角色代替你成为此【杀】的目标。",
    "When you become the target of a Slash, you may discard a card and choose another character in your attack range "
    "that could be a target of this Slash (the user excluded): it becomes the target instead of you.",
)


def _in_range_without(state: "State", seat: int, target: int, card: int) -> bool:
    """Is ``target`` in ``seat``'s attack range once ``card`` (the 流离 cost) has left?"""
    eq = state.chars[seat].equip
    if card not in (eq.get("weapon"), eq.get("offensive_horse")):
        return in_attack_range(state, seat, target)
    scratch = state.clone()  # a what-if copy, never the game's state
    p = scratch.chars[seat]
    p.equip = {k: v for k, v in p.equip.items() if v != card}
    return in_attack_range(scratch, seat, target)


def _liuli_options(engine: "Engine", seat: int, use: "UseCtx") -> list[Choice]:
    st = engine.state
    out: list[Choice] = []
    cands = [t for t in others_from(st, seat) if t != use.seat and t not in use.targets and not banned(st, use.seat, t, use.name)]
    if not cands:
        return out
    for c in own_cards(st, seat):
        out.extend(Choice(cards=(c,), targets=(t,)) for t in cands if _in_range_without(st, seat, t, c))
    return out


def _liuli_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    if use.name not in SLASH_NAMES or seat not in use.targets or seat in use.cancelled:
        return False
    p = engine.state.chars[seat]
    return bool(p.hand or p.equip)


@rule(BOOK, "liuli")
def _liuli_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
        options = _liuli_options(engine, seat, use)
        if not options:
            return
        choice = yield from engine.ask(Request(seat, "skill", prompt=f"{sid}:{use.seat}", choices=(*options, PASS_CHOICE)))
        if choice.is_pass:
            return
        new = choice.targets[0]
        announce(engine, seat, sid, (new,), window="target_confirming")
        discard_own(engine, seat, choice.cards, sid)
        use.targets[use.targets.index(seat)] = new

    book.trigger(sid, "target_confirming", run, can=_liuli_can, owners=lambda use: use.targets, silent=True)


# -- 陆逊: 谦逊, 连营 ----------------------------------------------------------------------

define(
    "qianxun", "谦逊", "Modesty", "compulsory",
    "锁定技，你不能被选择为【顺手牵羊】与【乐不思蜀】的目标。",
    "Compulsory. You cannot be chosen as the target of a Snatch or an Indulgence.",
)


def _qianxun(state: "State", user: int, target: int) -> bool:
    return has_skill(state, target, "qianxun")


ban(("snatch", "indulgence"), _qianxun, "qianxun")

define(
    "lianying", "连营", "Continuous Camps", "active",
    "当你失去最后的手牌后，你可以摸一张牌。",
    "After you lose your last hand card, you may draw a card.",
)


def draw_on_empty_hand(engine: "Engine", seat: int, sid: str = "lianying") -> "Flow":
    """连营's draw: once the hand is empty, ``seat`` may draw a card (the duel's 连营 too)."""
    st = engine.state
    if not st.chars[seat].alive or st.chars[seat].hand or st.ended:
        return
    if (yield from ask_trigger(engine, seat, sid, "cards_lost")):
        announce(engine, seat, sid, window="cards_lost")
        yield from engine.draw(seat, 1, reason=sid)


def _hand_lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
    st = engine.state
    if not st.chars[seat].hand and has_skill(st, seat, "lianying"):
        engine.later(lambda: draw_on_empty_hand(engine, seat))


mod("hand_lost", _hand_lost, "lianying")


# -- 孙尚香: 结姻, 枭姬 --------------------------------------------------------------------

define(
    "jieyin", "结姻", "Marriage", "active",
    "出牌阶段限一次，你可以弃置两张手牌并选择一名已受伤的男性角色：你和该角色各回复1点体力。",
    "Once per play phase, you may discard two hand cards and choose a hurt male character: you and it each recover 1 hp.",
)


def _jieyin_targets(state: "State", seat: int) -> list[int]:
    players = state.chars
    return [t for t in others_from(state, seat) if players[t].gender == "male" and hurt(state, t)]


@rule(BOOK, "jieyin")
def _jieyin_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int) -> "Flow":
        target = yield from pay_and_aim(engine, seat, sid, 2, _jieyin_targets(engine.state, seat))
        yield from engine.recover(seat, 1, src=seat)
        yield from engine.recover(target, 1, src=seat)

    book.action(sid, lambda e, seat: len(e.state.chars[seat].hand) >= 2 and bool(_jieyin_targets(e.state, seat)), run, per_turn=1)

define(
    "xiaoji", "枭姬", "Warrior Princess", "active",
    "当你失去装备区里的一张牌后，你可以摸两张牌。",
    "After you lose a card from your equipment, you may draw two cards (for each card lost).",
)


@rule(BOOK, "xiaoji")
def _xiaoji_rule(book: SkillBook, sid: str) -> None:
    def draw_two(engine: "Engine", seat: int) -> "Flow":
        st = engine.state
        if not st.chars[seat].alive or st.ended:
            return
        if (yield from ask_trigger(engine, seat, sid, "cards_lost")):
            announce(engine, seat, sid, window="cards_lost")
            yield from engine.draw(seat, 2, reason=sid)

    def lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
        if seat >= 0 and has_skill(engine.state, seat, sid):
            for _ in cards:
                engine.later(lambda: draw_two(engine, seat))

    book.mod("equip_lost", lost, sid)

