"""吴 (wu) skills of hegemony's own: 制衡 谦逊 度势 英魂 天香 红颜 天义 不屈 好施 缔盟
直谏 固政 短兵 奋迅.

(甘宁 吕蒙 黄盖 周瑜 大乔 孙尚香 use identity's skills of the same text.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards.base import NAMES, SUIT
from ....deck import KINDS, RANK, SLASH_NAMES
from ....requests import Choice, Request
from ....skills.base import announce, has_skill, set_state
from ....skills.common import discard_own, hurt, is_red, look_at_top, others_from, own_cards
from ....skills.wu import balance
from ..cards import NEAR_EXTRA, NO_DISTANCE
from ..ruleset import ON_DEATH
from ..scratch import scratch
from ....skills.wind import heavenly_scent, rosy_cheeks
from .book import BOOK, action, ban, define, form, mod, trigger
from .common import at_phase, cancel_target, choose, targeted_by, lost_hp, pindian, reveal_only, targets_of, turn_owner

if TYPE_CHECKING:
    from ....engine import Engine, TurnCtx
    from ....state import State
    from .common import Flow


# -- 孙权: 制衡 ---------------------------------------------------------------------------

define(
    "zhiheng", "Balance of Power", "active",
    "出牌阶段限一次，你可以弃置一至X张牌（X为你的体力上限），然后摸等量的牌。",
    "Once per play phase, you may discard one to X cards (X: your max hp), then draw as many.",
)
action("hg_zhiheng", lambda e, seat: bool(own_cards(e.state, seat)), balance("hg_zhiheng", lambda st, seat: st.chars[seat].max_hp), per_turn=1)


# -- 陆逊: 谦逊, 度势 -----------------------------------------------------------------------

define(
    "qianxun", "Modesty", "compulsory",
    "锁定技，当你成为【顺手牵羊】或【乐不思蜀】的目标时，你取消此目标。",
    "Compulsory. When you become a target of a Snatch or an Indulgence, you are removed from its targets.",
)


trigger("hg_qianxun", "target_confirming", cancel_target, can=targeted_by(("snatch", "indulgence")), owners=targets_of)

define(
    "duoshi", "Assess the Situation", "active",
    "出牌阶段限四次，你可以将一张红色手牌当【以逸待劳】使用。",
    "Up to four times in your play phase, you may use a red hand card as Await Exhausted.",
)
form(
    "hg_duoshi", "await_exhausted", is_red, play=False,
    when=lambda st, seat: st.current == seat and st.used.get(f"hg_duoshi@{seat}", 0) < 4,
)


# -- 孙坚: 英魂 ---------------------------------------------------------------------------

define(
    "yinghun", "Heroic Soul", "active",
    "准备阶段开始时，若你已受伤，你可以选择一名其他角色并选择一项：令其摸X张牌，然后弃置一张牌；或令其摸一张牌，然后弃置X张牌（X为你已损失的体力值）。",
    "At the start of your start phase, if wounded, you may choose another character and either: it draws X cards then "
    "discards one; or it draws one card then discards X (X: your lost hp).",
)


def _discard_n(engine: "Engine", seat: int, n: int, reason: str) -> "Flow":
    cards = own_cards(engine.state, seat)
    k = min(n, len(cards))
    if k:
        pick = yield from engine.ask(Request(seat, "discard", prompt=reason, cards=cards, min=k, max=k))
        discard_own(engine, seat, pick.cards, reason)


def _yinghun(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    x = lost_hp(engine, seat)
    options = [Choice(targets=(t,), option="draw_x") for t in others_from(st, seat)]
    if x > 1:
        options += [Choice(targets=(t,), option="draw_1") for t in others_from(st, seat)]
    go = yield from choose(engine, seat, f"hg_yinghun:{x}", options)
    if go is None:
        return
    t = go.targets[0]
    announce(engine, seat, "hg_yinghun", (t,), window="phase_start")
    draw, drop = (x, 1) if go.option == "draw_x" else (1, x)
    yield from engine.draw(t, draw, reason="hg_yinghun")
    yield from _discard_n(engine, t, drop, "hg_yinghun")


trigger(
    "hg_yinghun", "phase_start", _yinghun,
    can=lambda e, seat, ctx: at_phase("start")(e, seat, ctx) and hurt(e.state, seat) and bool(others_from(e.state, seat)),
    owners=turn_owner, silent=True,
)


# -- 小乔: 天香, 红颜 -----------------------------------------------------------------------

define(
    "tianxiang", "Heavenly Scent", "active",
    "当你受到伤害时，你可以弃置一张红桃手牌，将此伤害转移给一名其他角色，然后其摸X张牌（X为其已损失的体力值）。",
    "When you would take damage, you may discard a heart hand card to transfer the damage to another character; after it "
    "has taken that damage it draws X cards (X: its lost hp).",
)


heavenly_scent(BOOK, "hg_tianxiang")

define(
    "hongyan", "Rosy Cheeks", "compulsory",
    "锁定技，你的黑桃牌视为红桃牌。",
    "Compulsory. Your spade cards count as hearts.",
)
rosy_cheeks(BOOK, "hg_hongyan")


def _hongyan_concealed(engine: "Engine", seat: int, ctx: dict) -> bool:
    # A spade judgement of a character that may hold 红颜 concealed: it may reveal it now,
    # and the judgement counts as a heart (sgz-rules/2; the card is shown to all).
    return engine.fair and ctx["seat"] == seat and SUIT[ctx["card"]] == "spade" and "hg_hongyan" not in engine.state.chars[seat].skills


trigger("hg_hongyan", "judge_result", reveal_only, can=_hongyan_concealed, owners=lambda ctx: (ctx["seat"],))


# -- 太史慈: 天义 -------------------------------------------------------------------------

define(
    "tianyi", "Heaven's Justice", "active",
    "出牌阶段限一次，你可以与一名角色拼点：若你赢，本回合你使用【杀】无距离限制、次数上限+1且可以多选择一个目标；若你没赢，本回合你不能使用【杀】。",
    "Once per play phase, you may pindian a character: if you win, this turn your Slash ignores distance, you may use one "
    "more, and it may take one more target; if not, you cannot use Slash this turn.",
)
WON, LOST = 1, 2


def _tianyi_result(state: "State", seat: int) -> int:
    return state.used.get(f"hg_tianyi.result@{seat}", 0)


def _tianyi(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    cands = [t for t in others_from(st, seat) if st.chars[t].hand]
    to = yield from engine.ask(Request(seat, "skill", prompt="hg_tianyi", choices=tuple(Choice(targets=(t,)) for t in cands)))
    announce(engine, seat, "hg_tianyi", to.targets)
    won = yield from pindian(engine, seat, to.targets[0], "hg_tianyi")
    set_state(engine, seat, "hg_tianyi", "result", WON if won else LOST, turn=True)


action(
    "hg_tianyi", lambda e, seat: bool(e.state.chars[seat].hand) and any(e.state.chars[t].hand for t in others_from(e.state, seat)),
    _tianyi, per_turn=1,
)
mod("slash_limit", lambda st, seat, limit: limit + 1 if _tianyi_result(st, seat) == WON else limit, "hg_tianyi")
mod("slash_extra_targets", lambda st, seat, card: 1 if _tianyi_result(st, seat) == WON else 0, "hg_tianyi")
ban(tuple(sorted(SLASH_NAMES)), lambda st, user, target: _tianyi_result(st, user) == LOST, "hg_tianyi")
NO_DISTANCE.append(lambda st, seat: _tianyi_result(st, seat) == WON)


# -- 周泰: 不屈 ---------------------------------------------------------------------------

define(
    "buqu", "Indomitable", "active",
    "每当你扣减1点体力后，若你的体力值不大于0，你可以将牌堆顶的一张牌置于你的武将牌上，称为“创”：若所有“创”的点数均不同，你不进入濒死状态。"
    "你回复体力后，移去等量的“创”。",
    "Each time you lose hp and are left at 0 or less, you may put the top card of the pile on your general as a scar (创): "
    "while all scars have different ranks you do not enter the dying state. Recovering removes as many scars.",
)
SCAR = "hg_buqu.c"  # a mark per scar: hg_buqu.c{card} = its rank


def scars(state: "State", seat: int) -> list[int]:
    return [int(k[len(SCAR):]) for k in state.chars[seat].marks if k.startswith(SCAR)]


def _buqu_needed(state: "State", seat: int) -> int:
    return 1 - state.chars[seat].hp - len(scars(state, seat))


def _buqu(engine: "Engine", seat: int, dying: int) -> "Flow":
    st = engine.state
    for card in look_at_top(engine, seat, _buqu_needed(st, seat), "hg_buqu"):
        engine.move((card,), "processing", "removed", dst_seat=seat, reason="hg_buqu")
        set_state(engine, seat, "hg_buqu", f"c{card}", RANK[card])
    return
    yield  # pragma: no cover


def _kept(state: "State", seat: int) -> bool:
    if not has_skill(state, seat, "hg_buqu"):
        return False
    ranks = [RANK[c] for c in scars(state, seat)]
    return len(ranks) >= 1 - state.chars[seat].hp and len(set(ranks)) == len(ranks)


def _drop_scars(engine: "Engine", seat: int, n: int) -> None:
    for card in scars(engine.state, seat)[-n:] if n > 0 else ():
        set_state(engine, seat, "hg_buqu", f"c{card}", 0)
        engine.move((card,), "removed", "discard", src_seat=seat, reason="hg_buqu")


def _buqu_heal(engine: "Engine", seat: int, c: int) -> "Flow":
    p = engine.state.chars[seat]
    _drop_scars(engine, seat, len(scars(engine.state, seat)) - max(0, 1 - p.hp))
    return
    yield  # pragma: no cover


def _buqu_death(engine: "Engine", seat: int, killer: int) -> "Flow":
    _drop_scars(engine, seat, len(scars(engine.state, seat)))
    return
    yield  # pragma: no cover


trigger("hg_buqu", "dying", _buqu, can=lambda e, seat, dying: dying == seat and _buqu_needed(e.state, seat) > 0, owners=lambda dying: (dying,))
trigger(
    "hg_buqu", "recovered", _buqu_heal,
    can=lambda e, seat, c: c == seat and len(scars(e.state, seat)) > max(0, 1 - e.state.chars[seat].hp),
    owners=lambda c: (c,), silent=True, optional=False,
)
mod("keeps_alive", _kept, "hg_buqu")
ON_DEATH["hg_buqu"] = _buqu_death


# -- 鲁肃: 好施, 缔盟 -----------------------------------------------------------------------

define(
    "haoshi", "Altruism", "active",
    "摸牌阶段，你可以多摸两张牌，然后若你的手牌数大于5，你将一半的手牌（向下取整）交给除你外手牌数最少的一名角色。",
    "In your draw phase you may draw two more cards; then, if you hold more than five, give half of your hand (rounded down) "
    "to the other character with the fewest hand cards.",
)


def _haoshi(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.draw += 2
    return
    yield  # pragma: no cover


def _haoshi_give(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    hand = st.chars[seat].hand
    others = others_from(st, seat)
    least = min(len(st.chars[t].hand) for t in others)
    fewest = [t for t in others if len(st.chars[t].hand) == least]
    k = len(hand) // 2
    pick = yield from engine.ask(Request(seat, "give", prompt="hg_haoshi", cards=tuple(hand), min=k, max=k, vis=engine.secret(seat)))
    to = fewest[0]
    if len(fewest) > 1:
        go = yield from engine.ask(Request(seat, "skill", prompt="hg_haoshi:to", choices=tuple(Choice(targets=(t,)) for t in fewest)))
        to = go.targets[0]
    engine.move(pick.cards, "hand", "hand", src_seat=seat, dst_seat=to, reason="hg_haoshi", vis=(seat, to))


trigger("hg_haoshi", "draw_count", _haoshi, can=lambda e, seat, ctx: ctx.seat == seat, owners=turn_owner)
trigger(
    "hg_haoshi", "phase_end", _haoshi_give,
    can=lambda e, seat, ctx: at_phase("draw")(e, seat, ctx) and e.state.used.get(f"hg_haoshi@{seat}", 0) > 0
    and len(e.state.chars[seat].hand) > 5 and bool(others_from(e.state, seat)),
    owners=turn_owner, silent=True, optional=False,
)

define(
    "dimeng", "Alliance", "active",
    "出牌阶段限一次，你可以选择两名其他角色并弃置X张牌（X为其手牌数之差），令这两名角色交换手牌。",
    "Once per play phase, you may choose two other characters and discard X cards (X: the difference of their hand sizes); they exchange hands.",
)


def _dimeng_pairs(state: "State", seat: int) -> list[tuple[int, int]]:
    mine = len(own_cards(state, seat))
    others = others_from(state, seat)
    return [
        (a, b) for i, a in enumerate(others) for b in others[i + 1 :]
        if abs(len(state.chars[a].hand) - len(state.chars[b].hand)) <= mine and (state.chars[a].hand or state.chars[b].hand)
    ]


def _dimeng(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    go = yield from engine.ask(Request(seat, "skill", prompt="hg_dimeng", choices=tuple(Choice(targets=p) for p in _dimeng_pairs(st, seat))))
    a, b = go.targets
    announce(engine, seat, "hg_dimeng", (a, b))
    x = abs(len(st.chars[a].hand) - len(st.chars[b].hand))
    if x:
        pay = yield from engine.ask(Request(seat, "discard", prompt="hg_dimeng", cards=own_cards(st, seat), min=x, max=x))
        discard_own(engine, seat, pay.cards, "hg_dimeng")
    ha, hb = tuple(st.chars[a].hand), tuple(st.chars[b].hand)
    if ha:
        engine.move(ha, "hand", "hand", src_seat=a, dst_seat=b, reason="hg_dimeng", vis=(a, b))
    if hb:
        engine.move(hb, "hand", "hand", src_seat=b, dst_seat=a, reason="hg_dimeng", vis=(a, b))


action("hg_dimeng", lambda e, seat: bool(_dimeng_pairs(e.state, seat)), _dimeng, per_turn=1)


# -- 张昭张纮: 直谏, 固政 -------------------------------------------------------------------

define(
    "zhijian", "Forthright Advice", "active",
    "出牌阶段，你可以将手牌中的一张装备牌置入一名其他角色的装备区，然后摸一张牌。",
    "In your play phase, you may put an equipment card from your hand into another character's equipment area, then draw a card.",
)


def _zhijian_options(state: "State", seat: int) -> list[Choice]:
    out = []
    for c in state.chars[seat].hand:
        kind = KINDS[NAMES[c]]
        if kind.type == "equip":
            out += [Choice(cards=(c,), targets=(t,)) for t in others_from(state, seat) if kind.subtype not in state.chars[t].equip]
    return out


def _zhijian(engine: "Engine", seat: int) -> "Flow":
    go = yield from engine.ask(Request(seat, "skill", prompt="hg_zhijian", choices=tuple(_zhijian_options(engine.state, seat))))
    announce(engine, seat, "hg_zhijian", go.targets)
    engine.move(go.cards, "hand", "equip", src_seat=seat, dst_seat=go.targets[0], reason="hg_zhijian")
    yield from engine.draw(seat, 1, reason="hg_zhijian")


action("hg_zhijian", lambda e, seat: bool(_zhijian_options(e.state, seat)), _zhijian)

define(
    "guzheng", "Stable Rule", "active",
    "其他角色的弃牌阶段结束时，你可以将其于此阶段内弃置的一张手牌交给该角色，然后你可以获得其余此阶段内弃置的牌。",
    "When another character's discard phase ends, you may give back to it one of the cards it discarded this phase; if you "
    "do, you may take the other cards it discarded this phase.",
)


def discarded(engine: "Engine", seat: int) -> tuple[int, ...]:
    """The cards ``seat`` discarded in this turn's discard phase still in the discard pile."""
    got = scratch(engine).get("discarded")
    if not got or got[0] != seat:
        return ()
    pile = engine.state.discard
    return tuple(c for c in got[1] if c in pile)


def _guzheng(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    t = ctx.seat
    cards = discarded(engine, t)
    go = yield from choose(engine, seat, f"hg_guzheng:{t}", [Choice(cards=(c,)) for c in cards])
    if go is None:
        return
    announce(engine, seat, "hg_guzheng", (t,), window="phase_end")
    engine.move(go.cards, "discard", "hand", dst_seat=t, reason="hg_guzheng")
    rest = tuple(c for c in cards if c not in go.cards)
    if rest and st.chars[seat].alive:
        take = yield from engine.ask(Request(seat, "option", prompt=f"hg_guzheng:rest:{t}", choices=(Choice(option="take"), Choice(option="pass"))))
        if take.option == "take":
            engine.move(rest, "discard", "hand", dst_seat=seat, reason="hg_guzheng")


trigger(
    "hg_guzheng", "phase_end", _guzheng,
    can=lambda e, seat, ctx: ctx.phase == "discard" and ctx.seat != seat and e.state.chars[ctx.seat].alive and bool(discarded(e, ctx.seat)),
    silent=True,
)


# -- 丁奉: 短兵, 奋迅 -----------------------------------------------------------------------

define(
    "duanbing", "Short Weapons", "active",
    "你使用【杀】可以多选择一名距离为1的角色为目标。",
    "Your Slash may take one more target at distance 1.",
)
NEAR_EXTRA.append(lambda st, seat: "hg_duanbing" in st.chars[seat].skills)

define(
    "fenxun", "Swift Charge", "active",
    "出牌阶段限一次，你可以弃置一张牌并选择一名其他角色，本回合你与其的距离视为1。",
    "Once per play phase, you may discard a card and choose another character: this turn your distance to it is 1.",
)


def _fenxun(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    options = [Choice(cards=(c,), targets=(t,)) for c in own_cards(st, seat) for t in others_from(st, seat)]
    go = yield from engine.ask(Request(seat, "skill", prompt="hg_fenxun", choices=tuple(options)))
    announce(engine, seat, "hg_fenxun", go.targets)
    discard_own(engine, seat, go.cards, "hg_fenxun")
    set_state(engine, seat, "hg_fenxun", "to", go.targets[0] + 1, turn=True)


action("hg_fenxun", lambda e, seat: bool(own_cards(e.state, seat)) and bool(others_from(e.state, seat)), _fenxun, per_turn=1)
# The distance counts as 1: a change large enough for distance()'s floor of 1.
mod("distance", lambda st, a, b: -1000 if st.used.get(f"hg_fenxun.to@{a}", 0) == b + 1 else 0, "hg_fenxun")
