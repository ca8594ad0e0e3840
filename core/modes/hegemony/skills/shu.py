"""蜀 (shu) skills of hegemony's own: 仁德 空城 烈弓 狂骨 连环 涅槃 八阵 火计 看破 享乐
放权 祸首 再起 巨象 烈刃 淑慎 神智.

(关羽 张飞 赵云 马超 黄月英 use identity's skills of the same text.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .... import events as ev
from ....cards.armor import _eight_diagram
from ....cards.base import NAMES, SUIT, take_card_of
from ....deck import KINDS, SLASH_NAMES
from ....distance import attack_range, distance
from ....requests import Choice, Request
from ....skills.base import announce, ask_trigger, set_state, turn_state
from ....skills.common import hurt, is_black, is_red, look_at_top, others_from
from ....skills.shu import rende
from ..kingdoms import same_kingdom
from .book import action, define, form, mod, trigger
from .common import aim, at_phase, cancel_target, choose, lost_hp, targeted_by, pindian, source_of, targets_of, turn_owner, user

if TYPE_CHECKING:
    from ....engine import DamageCtx, Engine, ResponseCtx, TurnCtx, UseCtx
    from ....state import State
    from .common import Flow


# -- 刘备: 仁德 ---------------------------------------------------------------------------

define(
    "rende", "Benevolence", "active",
    "出牌阶段，你可以将任意张手牌交给一名其他角色（可多次发动）。你于本阶段内以此法给出的牌首次达到三张时，你回复1点体力。",
    "In your play phase you may give any number of hand cards to another character (as often as you like). The first time "
    "the cards you have given this phase reach three, you recover 1 hp.",
)
action("hg_rende", lambda e, seat: bool(e.state.chars[seat].hand) and bool(others_from(e.state, seat)), rende("hg_rende", 3))


# -- 诸葛亮: 空城 -------------------------------------------------------------------------

define(
    "kongcheng", "Empty City", "compulsory",
    "锁定技，当你成为【杀】或【决斗】的目标时，若你没有手牌，你取消此目标。",
    "Compulsory. When you become a target of a Slash or a Duel while you have no hand cards, you are removed from its targets.",
)
trigger(
    "hg_kongcheng", "target_confirming", cancel_target,
    can=lambda e, seat, use: targeted_by((*SLASH_NAMES, "duel"))(e, seat, use) and not e.state.chars[seat].hand,
    owners=targets_of,
)


# -- 黄忠: 烈弓 ---------------------------------------------------------------------------

define(
    "liegong", "Fierce Bow", "active",
    "当你于出牌阶段内使用【杀】指定一个目标后，若其手牌数不小于你的体力值或不大于你的攻击范围，你可以令其不能使用【闪】响应此【杀】。",
    "In your play phase, after your Slash targets a character whose hand size is at least your hp or at most your attack "
    "range, you may make it unable to answer this Slash with a Dodge.",
)


def _liegong_fits(state: "State", seat: int, t: int) -> bool:
    k = len(state.chars[t].hand)
    return k >= state.chars[seat].hp or k <= attack_range(state, seat)


def _liegong(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    st = engine.state
    for t in list(use.targets):
        if t in use.cancelled or not st.chars[t].alive or not _liegong_fits(st, seat, t):
            continue
        if not (yield from ask_trigger(engine, seat, "hg_liegong", "target_specified", (t,))):
            continue
        announce(engine, seat, "hg_liegong", (t,), window="target_specified")
        use.extra.setdefault("no_dodge", set()).add(t)


trigger(
    "hg_liegong", "target_specified", _liegong,
    can=lambda e, seat, use: use.seat == seat == e.state.current and e.state.phase == "play" and use.name in SLASH_NAMES,
    owners=user, silent=True,
)


# -- 魏延: 狂骨 ---------------------------------------------------------------------------

define(
    "kuanggu", "Wild Bones", "compulsory",
    "锁定技，当你对距离1以内的一名角色造成1点伤害后，你回复1点体力。",
    "Compulsory. Each time you deal 1 damage to a character within distance 1 (counted before the damage), you recover 1 hp.",
)


def _kuanggu_note(engine: "Engine", ctx: "DamageCtx") -> None:
    # Right after the hp is lost, before any dying: the distance as it was.
    st = engine.state
    if ctx.src >= 0 and ("hg_kuanggu" in st.chars[ctx.src].skills or "hg_kuanggu" in st.chars[ctx.src].latent):
        ctx.extra["hg_kuanggu"] = ctx.src != ctx.dst and distance(st, ctx.src, ctx.dst) <= 1


def _kuanggu(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    yield from engine.recover(seat, ctx.n, src=seat)


mod("damage_applied", _kuanggu_note, "hg_kuanggu")
trigger(
    "hg_kuanggu", "damage_done", _kuanggu,
    can=lambda e, seat, ctx: ctx.src == seat and ctx.extra.get("hg_kuanggu", False) and hurt(e.state, seat),
    owners=source_of,
)


# -- 庞统: 连环, 涅槃 -----------------------------------------------------------------------

define(
    "lianhuan", "Chaining", "active",
    "你可以将一张梅花手牌当【铁索连环】使用或重铸。",
    "You may use a club hand card as Iron Chain, or recast it.",
)
form("hg_lianhuan", "iron_chain", lambda c: SUIT[c] == "club", play=False, option="hg_lianhuan:chain")


def _clubs(state: "State", seat: int) -> tuple[int, ...]:
    return tuple(c for c in state.chars[seat].hand if SUIT[c] == "club")


def _lianhuan_recast(engine: "Engine", seat: int) -> "Flow":
    pick = yield from engine.ask(Request(seat, "skill", prompt="hg_lianhuan:recast", choices=tuple(Choice(cards=(c,)) for c in _clubs(engine.state, seat))))
    announce(engine, seat, "hg_lianhuan")
    yield from engine.recast(seat, pick.cards)


action("hg_lianhuan", lambda e, seat: bool(_clubs(e.state, seat)), _lianhuan_recast)

define(
    "niepan", "Nirvana", "limited",
    "限定技，当你处于濒死状态时，你可以弃置你区域内的所有牌，然后复原你的武将牌，摸三张牌，将体力回复至3点。",
    "Limited. While you are dying you may discard every card in your areas, then become level and unchained, draw three "
    "cards and set your hp to 3.",
)


def _niepan(engine: "Engine", seat: int, dying: int) -> "Flow":
    st = engine.state
    engine.discard_all(seat, reason="hg_niepan")
    p = st.chars[seat]
    if p.flipped:
        engine.emit(ev.TurnedOver(seat=seat, on=False))
    if p.chained:
        engine.emit(ev.ChainToggled(seat=seat, on=False))
    yield from engine.draw(seat, 3, reason="hg_niepan")
    up = min(3, p.max_hp) - p.hp
    if up > 0:
        engine.emit(ev.Recovered(seat=seat, n=up, src=seat))  # the hp is set, not recovered point by point


trigger("hg_niepan", "dying", _niepan, can=lambda e, seat, dying: dying == seat and e.state.chars[seat].hp <= 0, owners=lambda dying: (dying,))


# -- 卧龙诸葛亮: 八阵, 火计, 看破 ----------------------------------------------------------

define(
    "bazhen", "Eight Formations", "compulsory",
    "锁定技，若你的装备区里没有防具牌，你视为装备着【八卦阵】。",
    "Compulsory. While your armour slot is empty you count as wearing Eight Diagram.",
)


def _bazhen_can(engine: "Engine", seat: int, ctx: "ResponseCtx") -> bool:
    st = engine.state
    if ctx.seat != seat or ctx.answered is not None or "dodge" not in ctx.names or "armor" in st.chars[seat].equip:
        return False
    src = ctx.source
    if src is not None and src.name in SLASH_NAMES:
        weapon = st.chars[src.seat].equip.get("weapon")
        if weapon is not None and NAMES[weapon] == "qinggang_sword":
            return False  # 青釭剑 ignores armour, 八阵 too
    return True


trigger("hg_bazhen", "response_needed", _eight_diagram, can=_bazhen_can, owners=lambda ctx: (ctx.seat,), optional=True)

define(
    "huoji", "Fire Stratagem", "active",
    "你可以将一张红色手牌当【火攻】使用。",
    "You may use a red hand card as Fire Attack.",
)
form("hg_huoji", "fire_attack", is_red, play=False)

define(
    "kanpo", "See Through", "active",
    "你可以将一张黑色手牌当【无懈可击】使用。",
    "You may use a black hand card as Nullification.",
)
form("hg_kanpo", "nullification", is_black, play=False)


# -- 刘禅: 享乐, 放权 -----------------------------------------------------------------------

define(
    "xiangle", "Enjoy Life", "compulsory",
    "锁定技，当你成为其他角色使用【杀】的目标后，除非其弃置一张基本牌，否则此【杀】对你无效。",
    "Compulsory. When you become the target of another character's Slash, unless its user discards a basic card, the Slash "
    "has no effect on you.",
)


def _xiangle(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    st = engine.state
    basics = [Choice(cards=(c,)) for c in st.chars[use.seat].hand if KINDS[NAMES[c]].type == "basic"]
    pay = yield from choose(engine, use.seat, f"hg_xiangle:{seat}", basics, hidden=True)
    if pay is None:
        use.cancelled.add(seat)
    else:
        engine.move(pay.cards, "hand", "discard", src_seat=use.seat, reason="hg_xiangle")


trigger("hg_xiangle", "target_confirmed", _xiangle, can=targeted_by(SLASH_NAMES, others_only=True), owners=targets_of)

define(
    "fangquan", "Delegate Power", "active",
    "你可以跳过出牌阶段，然后此回合结束时，你可以弃置一张手牌，令一名其他角色获得一个额外的回合。",
    "You may skip your play phase; if you do, at the end of the turn you may discard a hand card to give another character an extra turn.",
)


def _fangquan_skip(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.skip.add("play")
    set_state(engine, seat, "hg_fangquan", "skipped", 1, turn=True)
    return
    yield  # pragma: no cover


def _fangquan_give(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    from ..events import ExtraTurn

    st = engine.state
    options = [Choice(cards=(c,), targets=(t,)) for c in st.chars[seat].hand for t in others_from(st, seat)]
    go = yield from choose(engine, seat, "hg_fangquan", options)
    if go is None:
        return
    announce(engine, seat, "hg_fangquan", go.targets, window="turn_end")
    engine.move(go.cards, "hand", "discard", src_seat=seat, reason="hg_fangquan")
    engine.emit(ExtraTurn(seat=go.targets[0], by=seat))


trigger("hg_fangquan", "phase_before", _fangquan_skip, can=lambda e, seat, ctx: at_phase("play")(e, seat, ctx) and "play" not in ctx.skip, owners=turn_owner)
trigger(
    "hg_fangquan", "turn_end", _fangquan_give,
    can=lambda e, seat, ctx: ctx.seat == seat and turn_state(e.state, seat, "hg_fangquan", "skipped") > 0 and bool(e.state.chars[seat].hand),
    owners=turn_owner, silent=True,
)


# -- 孟获: 祸首, 再起 -----------------------------------------------------------------------

define(
    "huoshou", "Chief of Calamity", "compulsory",
    "锁定技，【南蛮入侵】对你无效；当其他角色使用【南蛮入侵】指定目标后，你代替其成为此牌造成的伤害的来源。",
    "Compulsory. Savage Assault has no effect on you; when another character's Savage Assault takes its targets, you become "
    "the source of the damage it deals.",
)
trigger("hg_huoshou", "target_confirmed", cancel_target, can=targeted_by(("savage_assault",)), owners=targets_of)


def _huoshou_claim(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra.setdefault("hg_huoshou", seat)
    return
    yield  # pragma: no cover


def _huoshou_source(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.src = seat
    return
    yield  # pragma: no cover


trigger(
    "hg_huoshou", "target_specified", _huoshou_claim,
    can=lambda e, seat, use: use.name == "savage_assault" and use.seat != seat and "hg_huoshou" not in use.extra,
)
trigger(
    "hg_huoshou", "damage_pending", _huoshou_source,
    can=lambda e, seat, ctx: ctx.use is not None and ctx.use.extra.get("hg_huoshou") == seat and ctx.card == "savage_assault" and ctx.src != seat,
    owners=lambda ctx: (ctx.use.extra.get("hg_huoshou", -1),) if ctx.use is not None else (),
    silent=True,
)

define(
    "zaiqi", "Rise Again", "active",
    "摸牌阶段，若你已受伤，你可以放弃摸牌并亮出牌堆顶的X张牌（X为你已损失的体力值）：你每亮出一张红桃牌，回复1点体力，然后将这些红桃牌置入弃牌堆，获得其余的牌。",
    "In your draw phase, if wounded, you may draw nothing and reveal the top X cards (X: your lost hp): recover 1 hp per "
    "heart, discard the hearts and take the rest.",
)


def _zaiqi(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.draw = 0
    shown = look_at_top(engine, seat, lost_hp(engine, seat), "hg_zaiqi")
    engine.emit(ev.CardsShown(seat=seat, cards=shown))
    hearts = tuple(c for c in shown if SUIT[c] == "heart")
    if hearts:
        yield from engine.recover(seat, len(hearts), src=seat)
        engine.move(hearts, "processing", "discard", reason="hg_zaiqi")
    rest = tuple(c for c in shown if c not in hearts)
    if rest:
        engine.move(rest, "processing", "hand", dst_seat=seat, reason="hg_zaiqi")


trigger("hg_zaiqi", "draw_count", _zaiqi, can=lambda e, seat, ctx: ctx.seat == seat and ctx.draw > 0 and hurt(e.state, seat), owners=turn_owner)


# -- 祝融: 巨象, 烈刃 -----------------------------------------------------------------------

define(
    "juxiang", "Elephant", "compulsory",
    "锁定技，【南蛮入侵】对你无效；当其他角色使用的【南蛮入侵】结算后，你获得之。",
    "Compulsory. Savage Assault has no effect on you; after another character's Savage Assault has resolved, you take it.",
)
trigger("hg_juxiang", "target_confirmed", cancel_target, can=targeted_by(("savage_assault",)), owners=targets_of)


def _juxiang_take(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    got = tuple(c for c in use.cards if c in engine.state.processing)
    engine.move(got, "processing", "hand", dst_seat=seat, reason="hg_juxiang")
    return
    yield  # pragma: no cover


trigger(
    "hg_juxiang", "card_used", _juxiang_take,
    can=lambda e, seat, use: use.name == "savage_assault" and use.seat != seat and any(c in e.state.processing for c in use.cards),
)

define(
    "lieren", "Blazing Blade", "active",
    "当你使用【杀】对目标角色造成伤害后，你可以与其拼点：若你赢，你获得其一张牌。",
    "After your Slash damages its target, you may pindian it: if you win, you take one of its cards.",
)


def _lieren_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    st = engine.state
    use = ctx.use
    return (
        ctx.src == seat and use is not None and use.name in SLASH_NAMES and not ctx.chained and ctx.dst != seat
        and st.chars[ctx.dst].alive and bool(st.chars[ctx.dst].hand) and bool(st.chars[seat].hand) and st.chars[seat].alive
    )


def _lieren(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    won = yield from pindian(engine, seat, ctx.dst, "hg_lieren")
    if won and engine.state.chars[ctx.dst].alive:
        yield from take_card_of(engine, seat, ctx.dst, "hg_lieren", zones=("hand", "equip"))


trigger("hg_lieren", "damage_done", _lieren, can=_lieren_can, owners=source_of, target=lambda e, seat, ctx: ctx.dst)


# -- 甘夫人: 淑慎, 神智 ---------------------------------------------------------------------

define(
    "shushen", "Virtuous", "active",
    "当你回复1点体力后，你可以令与你势力相同的一名其他角色摸一张牌。",
    "After you recover 1 hp, you may have another character of your kingdom draw a card.",
)


def _kin(state: "State", seat: int) -> list[int]:
    return [t for t in others_from(state, seat) if same_kingdom(state, seat, t)]


def _shushen(engine: "Engine", seat: int, ctx: int) -> "Flow":
    t = yield from aim(engine, seat, "hg_shushen", "recovered", _kin(engine.state, seat))
    if t is not None:
        yield from engine.draw(t, 1, reason="hg_shushen")


trigger("hg_shushen", "recovered", _shushen, can=lambda e, seat, c: c == seat and bool(_kin(e.state, seat)), owners=lambda c: (c,), silent=True)

define(
    "shenzhi", "Divine Wisdom", "active",
    "准备阶段开始时，你可以弃置所有手牌：若以此法弃置的牌数不小于你的体力值，你回复1点体力。",
    "At the start of your start phase you may discard your whole hand: if you discard at least as many cards as your hp, you recover 1 hp.",
)


def _shenzhi(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    p = engine.state.chars[seat]
    hand = tuple(p.hand)
    engine.move(hand, "hand", "discard", src_seat=seat, reason="hg_shenzhi")
    if len(hand) >= p.hp:
        yield from engine.recover(seat, 1, src=seat)


trigger("hg_shenzhi", "phase_start", _shenzhi, can=lambda e, seat, ctx: at_phase("start")(e, seat, ctx) and bool(e.state.chars[seat].hand), owners=turn_owner)
