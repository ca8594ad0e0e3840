"""魏 (wei) skills of hegemony's own: 神速 巧变 断粮 据守 强袭 驱虎 节命 行殇 放逐 骁果.

(曹操 司马懿 夏侯惇 张辽 许褚 郭嘉 甄姬 use identity's skills of the same text.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards.base import NAMES, holds_in_judge, judge_name
from ....cards.delayed import SupplyShortage
from ....deck import KINDS
from ....distance import distance, in_attack_range
from ....requests import Choice, Request
from ....skills.base import announce
from ....skills.common import discard_own, is_black, others_from, own_cards
from ....skills.wu import _in_range_without
from ..generals import HG_GENERALS
from .book import action, define, form, trigger
from .common import aim, at_phase, choose, damaged_one, hand_or, free_slash, lost_hp, pindian, slash_targets, stack, turn_owner, uncounted

if TYPE_CHECKING:
    from ....engine import DamageCtx, Engine, TurnCtx
    from ....state import State
    from .common import Flow


# -- 夏侯渊: 神速 ---------------------------------------------------------------------------

define(
    "shensu", "Godspeed", "active",
    "你可以跳过判定阶段和摸牌阶段，视为使用一张无距离限制的【杀】；你可以跳过出牌阶段并弃置一张装备牌，视为使用一张无距离限制的【杀】。",
    "You may skip your judge and draw phases to use a Slash with no distance limit; you may skip your play phase and "
    "discard an equipment card to use a Slash with no distance limit.",
)


def _equipment_cards(state: "State", seat: int) -> list[int]:
    return [c for c in own_cards(state, seat) if KINDS[NAMES[c]].type == "equip"]


def _shensu_can(engine: "Engine", seat: int, ctx: "TurnCtx") -> bool:
    st = engine.state
    if ctx.seat != seat or ctx.phase in ctx.skip or not slash_targets(engine, seat):
        return False
    if ctx.phase == "judge":
        return True
    # An equipment card: one worn (public) or in the hand (secret).
    return ctx.phase == "play" and (bool(st.chars[seat].equip) or hand_or(engine, seat, bool(_equipment_cards(st, seat))))


def _shensu(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    targets = slash_targets(engine, seat)
    if ctx.phase == "judge":
        options = [Choice(targets=(t,)) for t in targets]
    else:
        options = [Choice(cards=(c,), targets=(t,)) for c in _equipment_cards(st, seat) for t in targets]
    go = yield from choose(engine, seat, f"hg_shensu:{ctx.phase}", options, hidden=ctx.phase == "play")
    if go is None:
        return
    announce(engine, seat, "hg_shensu", go.targets, window="phase_before")
    ctx.skip.update(("judge", "draw") if ctx.phase == "judge" else ("play",))
    if go.cards:
        discard_own(engine, seat, go.cards, "hg_shensu")
    yield from free_slash(engine, seat, "hg_shensu", go.targets[0])


trigger("hg_shensu", "phase_before", _shensu, can=_shensu_can, owners=turn_owner, silent=True)
uncounted("hg_shensu")


# -- 张郃: 巧变 ---------------------------------------------------------------------------

define(
    "qiaobian", "Flexibility", "active",
    "你可以弃置一张手牌，跳过你的一个阶段（准备阶段和结束阶段除外）：若跳过摸牌阶段，你可以获得至多两名其他角色的各一张手牌；"
    "若跳过出牌阶段，你可以将场上的一张牌置入另一名角色相应的区域内。",
    "You may discard a hand card to skip one of your phases (not the start or finish phase): skipping the draw phase, you may "
    "take a hand card from each of up to two other characters; skipping the play phase, you may move a card on the board "
    "into the same area of another character.",
)

QIAOBIAN_PHASES = ("judge", "draw", "play", "discard")


def _moves(state: "State") -> list[Choice]:
    """Every card on the board that may move into another character's same area: (card, from, to)."""
    out = []
    chars = [p for p in state.chars if p.alive]
    for p in chars:
        for slot, card in p.equip.items():
            out += [Choice(cards=(card,), targets=(p.seat, q.seat)) for q in chars if q.seat != p.seat and slot not in q.equip]
        for card in p.judge:
            name = judge_name(state, p.seat, card)
            out += [Choice(cards=(card,), targets=(p.seat, q.seat)) for q in chars if q.seat != p.seat and not holds_in_judge(state, q.seat, name)]
    return out


def _qiaobian(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    cost = yield from choose(engine, seat, f"hg_qiaobian:{ctx.phase}", [Choice(cards=(c,)) for c in st.chars[seat].hand])
    if cost is None:
        return
    announce(engine, seat, "hg_qiaobian", window="phase_before")
    engine.move(cost.cards, "hand", "discard", src_seat=seat, reason="hg_qiaobian")
    ctx.skip.add(ctx.phase)
    if ctx.phase == "draw":
        cands = [t for t in others_from(st, seat) if st.chars[t].hand]
        options = [Choice(targets=(t,)) for t in cands] + [Choice(targets=(a, b)) for i, a in enumerate(cands) for b in cands[i + 1 :]]
        go = yield from choose(engine, seat, "hg_qiaobian:take", options)
        for t in go.targets if go else ():
            if st.chars[t].hand:
                card = engine.hidden_hand_card(t)
                engine.move((card,), "hand", "hand", src_seat=t, dst_seat=seat, reason="hg_qiaobian", vis=(seat, t))
    elif ctx.phase == "play":
        go = yield from choose(engine, seat, "hg_qiaobian:move", _moves(st))
        if go is not None:
            card, (src, dst) = go.cards[0], go.targets
            if card in st.chars[src].judge:
                name = judge_name(st, src, card)
                engine.move((card,), "judge", "judge", src_seat=src, dst_seat=dst, reason=f"as:{name}" if name != NAMES[card] else "hg_qiaobian")
            else:
                engine.move((card,), "equip", "equip", src_seat=src, dst_seat=dst, reason="hg_qiaobian")


trigger(
    "hg_qiaobian", "phase_before", _qiaobian,
    can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase in QIAOBIAN_PHASES and ctx.phase not in ctx.skip and bool(e.state.chars[seat].hand),
    owners=turn_owner, silent=True,
)


# -- 徐晃: 断粮 ---------------------------------------------------------------------------

define(
    "duanliang", "Cut Supplies", "active",
    "你可以将一张黑色基本牌或黑色装备牌当【兵粮寸断】使用；你使用【兵粮寸断】可以对距离为2的角色使用。",
    "You may use a black basic or equipment card as Supply Shortage; your Supply Shortage may target a character at distance 2.",
)
form(
    "hg_duanliang", "supply_shortage", lambda c: is_black(c) and KINDS[NAMES[c]].type in ("basic", "equip"),
    zones=("hand", "equip"), play=False,
)


class HgSupplyShortage(SupplyShortage):
    """兵粮寸断 in hegemony: 断粮 reaches distance 2 (a converted card reveals 徐晃 first)."""

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        p = st.chars[seat]
        far = "hg_duanliang" in p.skills or (card is None and "hg_duanliang" in p.latent)
        if not far:
            return super().target_choices(engine, seat, card)
        free = st.content.trick_distance_free(st, seat)
        return [
            (t,) for t in st.seats_from(seat)
            if t != seat and (free or distance(st, seat, t) <= 2) and not holds_in_judge(st, t, self.name)
        ]


HG_GENERALS.card(HgSupplyShortage())


# -- 曹仁: 据守 ---------------------------------------------------------------------------

define(
    "jushou", "Hold Fast", "active",
    "结束阶段开始时，你可以摸三张牌，然后叠置。",
    "At the start of your finish phase you may draw three cards, then become stacked (your next turn is skipped).",
)


def _jushou(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    yield from engine.draw(seat, 3, reason="hg_jushou")
    stack(engine, seat)


trigger("hg_jushou", "phase_start", _jushou, can=at_phase("finish"), owners=turn_owner)


# -- 典韦: 强袭 ---------------------------------------------------------------------------

define(
    "qiangxi", "Assault", "active",
    "出牌阶段限一次，你可以失去1点体力或弃置一张武器牌，然后对你攻击范围内的一名角色造成1点伤害。",
    "Once per play phase, you may lose 1 hp or discard a weapon card, then deal 1 damage to a character within your attack range.",
)


def _qiangxi_options(state: "State", seat: int) -> list[Choice]:
    others = others_from(state, seat)
    out = [Choice(option="hp", targets=(t,)) for t in others if in_attack_range(state, seat, t)]
    for c in own_cards(state, seat):
        if KINDS[NAMES[c]].subtype == "weapon":
            out += [Choice(cards=(c,), targets=(t,)) for t in others if _in_range_without(state, seat, t, c)]
    return out


def _qiangxi(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    go = yield from engine.ask(Request(seat, "skill", prompt="hg_qiangxi", choices=tuple(_qiangxi_options(st, seat))))
    target = go.targets[0]
    announce(engine, seat, "hg_qiangxi", (target,))
    if go.cards:
        discard_own(engine, seat, go.cards, "hg_qiangxi")
    else:
        yield from engine.lose_hp(seat, 1, cause="hg_qiangxi")
    if st.chars[target].alive and not st.ended:
        yield from engine.damage(seat, target, 1)


action("hg_qiangxi", lambda e, seat: bool(_qiangxi_options(e.state, seat)), _qiangxi, per_turn=1)


# -- 荀彧: 驱虎, 节命 -----------------------------------------------------------------------

define(
    "quhu", "Rouse the Tiger", "active",
    "出牌阶段限一次，你可以与体力值大于你的一名角色拼点：若你赢，其对其攻击范围内你选择的一名角色造成1点伤害；若你没赢，其对你造成1点伤害。",
    "Once per play phase, you may pindian a character whose hp is higher than yours: if you win, it deals 1 damage to a "
    "character you choose within its attack range; if not, it deals 1 damage to you.",
)


def _quhu_targets(state: "State", seat: int) -> list[int]:
    me = state.chars[seat]
    return [t for t in others_from(state, seat) if state.chars[t].hp > me.hp and state.chars[t].hand]


def _quhu(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    to = yield from engine.ask(Request(seat, "skill", prompt="hg_quhu", choices=tuple(Choice(targets=(t,)) for t in _quhu_targets(st, seat))))
    tiger = to.targets[0]
    announce(engine, seat, "hg_quhu", (tiger,))
    won = yield from pindian(engine, seat, tiger, "hg_quhu")
    if not won:
        yield from engine.damage(tiger, seat, 1)
        return
    prey = [t for t in st.seats_from(tiger) if t != tiger and in_attack_range(st, tiger, t)]
    if prey:
        go = yield from engine.ask(Request(seat, "skill", prompt=f"hg_quhu:prey:{tiger}", choices=tuple(Choice(targets=(t,)) for t in prey)))
        yield from engine.damage(tiger, go.targets[0], 1)


action("hg_quhu", lambda e, seat: bool(e.state.chars[seat].hand) and bool(_quhu_targets(e.state, seat)), _quhu, per_turn=1)

define(
    "jieming", "Lifeline", "active",
    "当你受到1点伤害后，你可以令一名角色将手牌摸至X张（X为其体力上限且至多为5）。",
    "After you take each 1 damage, you may have a character draw until its hand holds X cards (X: its max hp, at most 5).",
)


def _short(state: "State", t: int) -> int:
    p = state.chars[t]
    return min(p.max_hp, 5) - len(p.hand)


def _jieming(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    for _ in range(ctx.n):
        if not st.chars[seat].alive or st.ended:
            return
        options = [Choice(targets=(t,)) for t in st.seats_from(seat) if _short(st, t) > 0]
        go = yield from choose(engine, seat, "hg_jieming", options)
        if go is None:
            return
        announce(engine, seat, "hg_jieming", go.targets, window="damaged")
        t = go.targets[0]
        yield from engine.draw(t, _short(st, t), reason="hg_jieming")


trigger("hg_jieming", "damaged", _jieming, can=lambda e, seat, ctx: ctx.dst == seat, owners=damaged_one, silent=True)


# -- 曹丕: 行殇, 放逐 -----------------------------------------------------------------------

define(
    "xingshang", "Mourning Verses", "active",
    "当其他角色死亡时，你可以获得其所有牌。",
    "When another character dies, you may take all of its cards.",
)


def _xingshang(engine: "Engine", seat: int, dead: int) -> "Flow":
    p = engine.state.chars[dead]
    if p.hand:
        engine.move(tuple(p.hand), "hand", "hand", src_seat=dead, dst_seat=seat, reason="hg_xingshang", vis=(seat, p.owner))
    if p.equip:
        engine.move(tuple(p.equip.values()), "equip", "hand", src_seat=dead, dst_seat=seat, reason="hg_xingshang")
    return
    yield  # pragma: no cover


trigger(
    "hg_xingshang", "death", _xingshang,
    can=lambda e, seat, dead: dead != seat and bool(e.state.chars[dead].hand or e.state.chars[dead].equip),
    target=lambda e, seat, dead: dead,
)

define(
    "fangzhu", "Exile", "active",
    "当你受到伤害后，你可以令一名其他角色摸X张牌（X为你已损失的体力值），然后其叠置。",
    "After you take damage, you may have another character draw X cards (X: your lost hp); it then becomes stacked.",
)


def _fangzhu(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    t = yield from aim(engine, seat, "hg_fangzhu", "damaged", others_from(st, seat))
    if t is None:
        return
    x = lost_hp(engine, seat)
    if x:
        yield from engine.draw(t, x, reason="hg_fangzhu")
    stack(engine, t)


trigger("hg_fangzhu", "damaged", _fangzhu, can=lambda e, seat, ctx: ctx.dst == seat and e.state.chars[seat].alive, owners=damaged_one, silent=True)


# -- 乐进: 骁果 ---------------------------------------------------------------------------

define(
    "xiaoguo", "Valiant", "active",
    "其他角色的结束阶段开始时，你可以弃置一张基本牌，然后其选择一项：弃置一张装备牌，或受到你造成的1点伤害。",
    "At the start of another character's finish phase you may discard a basic card; it then chooses: discard an equipment "
    "card, or take 1 damage from you.",
)


def _basics(state: "State", seat: int) -> list[int]:
    return [c for c in state.chars[seat].hand if KINDS[NAMES[c]].type == "basic"]


def _xiaoguo(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    t = ctx.seat
    go = yield from choose(engine, seat, f"hg_xiaoguo:{t}", [Choice(cards=(c,)) for c in _basics(st, seat)], hidden=True)
    if go is None:
        return
    announce(engine, seat, "hg_xiaoguo", (t,), window="phase_start")
    engine.move(go.cards, "hand", "discard", src_seat=seat, reason="hg_xiaoguo")
    if not st.chars[t].alive:
        return
    options = [Choice(cards=(c,)) for c in _equipment_cards(st, t)] + [Choice(option="damage")]
    pay = yield from engine.ask(Request(t, "skill", prompt=f"hg_xiaoguo:pay:{seat}", choices=tuple(options)))
    if pay.cards:
        discard_own(engine, t, pay.cards, "hg_xiaoguo")
    else:
        yield from engine.damage(seat, t, 1)


trigger(
    "hg_xiaoguo", "phase_start", _xiaoguo,
    can=lambda e, seat, ctx: ctx.phase == "finish" and ctx.seat != seat and e.state.chars[ctx.seat].alive and hand_or(e, seat, bool(_basics(e.state, seat))),
    silent=True,
)
