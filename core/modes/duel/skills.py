"""The duel's own generals and skills: the project's stand-ins.

Seed 003's FAQ names skills of the 对决 generals without printing them: 夏侯惇
may damage himself; 典韦 and 周泰 transfer damage (at the end of a row even an
adjacent enemy's, and a damage only once); 小乔's skill fails when 马超 makes
a dodged 杀 hit; 赵云 and 糜夫人 turn generals face down again (赵云's 护主
voids a whole card); 左慈's 化身 replaces the dying general with a new one,
new hp and all; 诸葛亮's 观星 acts after he is redeployed.  Roster ``seed003``
(the default of option ``roster``) reads two more sentences as written: 马超
has no distance-changing skill (``duel_machao2``), and 甘宁 and 甘夫人 have
skills that discard 奇兵 cards (``duel_ganning``, ``duel_ganfuren``).  These generals are
written here from those hints (``pack="duel"``, ids ``duel_*``), each marked
a stand-in in ``data/generals.tsv``, ``sgz generals --mode duel`` and the
docs/modes/duel.md.  典韦, 周泰, 小乔, 左慈 and 糜夫人 are not among the 25 standard
generals; the others are duel versions of standard ones (华佗's 急救 counts
"outside your turn" by player, 陆逊's 连营 watches the player's hand).

An ambush skill (伏击技, ``AMBUSH``) may be used while its general is face
down: using it reveals the general first (``Duel.latent``); every other skill
needs its general face up.
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...cards.base import SUIT
from ...content import Pack
from ...deck import KINDS, SLASH_NAMES
from ...generals import General, register
from ...requests import Choice, Request
from ...rng import Draws
from ...skills.base import SkillBook, announce, has_skill, holder
from ...windows import Hook
from ...skills.common import is_red
from ...skills.shu import _guanxing
from ...skills.wu import draw_on_empty_hand
from . import row
from .data import DUEL_GENERALS_DATA, roster_ids
from .rules import QIBING_ZONE, REDEPLOYED, conceal, enemies, face_up, owner, qibing_cards, return_qibing

if TYPE_CHECKING:
    from ...cards.basic import Dodged
    from ...engine import DamageCtx, Engine, UseCtx
    from ...state import State
    from .rules import Redeploy

    Flow = Generator[Any, Any, Any]

DUEL_GENERALS = Pack("duel-generals", "对决武将（本项目替代）", "Duel generals (the project's stand-ins)")
BOOK = SkillBook(DUEL_GENERALS)
AMBUSH: set[str] = set()  # 伏击技: usable face down (revealing the general)


def define(sid: str, zh: str, en: str, text_zh: str, text_en: str, *, ambush: bool = False) -> None:
    if ambush:
        AMBUSH.add(sid)
        text_zh, text_en = "伏击技，" + text_zh, "Ambush. " + text_en
    BOOK.define(sid, zh, en, "active", text_zh, text_en)


def _damaged(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.dst,)


def _moved(ctx: "Redeploy") -> tuple[int, ...]:
    return ctx.moved


# -- 夏侯惇: 刚烈 (伏击) — may damage himself (FAQ 武将相关 1) ---------------------------------

define(
    "duel_ganglie", "刚烈", "Unbending",
    "当你受到伤害后，你可以进行判定：若结果不为红桃，你对一名武将（可以是你）造成1点伤害。",
    "After you take damage, you may judge: unless the result is a heart, you deal 1 damage to a general (you may choose yourself).",
    ambush=True,
)


def _ganglie(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    final = yield from engine.judge(seat, "duel_ganglie")
    if SUIT[final] == "heart" or not st.chars[seat].alive:
        return
    targets = row.ring(st)
    pick = yield from engine.ask(Request(seat, "skill", prompt=f"duel_ganglie:{seat}", choices=tuple(Choice(targets=(t,)) for t in targets)))
    yield from engine.damage(seat, pick.targets[0], 1, card="duel_ganglie")


BOOK.trigger("duel_ganglie", "damaged", _ganglie, can=lambda e, seat, ctx: ctx.dst == seat, owners=_damaged)


# -- 典韦: 护卫 (伏击), 周泰: 挡刃 (伏击) — transfer damage, once (FAQ 武将相关 2) ---------------------


def _may_transfer(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    st = engine.state
    transferred = ctx.extra is not None and ctx.extra.get("transferred")
    return ctx.dst != seat and not transferred and st.chars[ctx.dst].alive and seat in row.neighbours(st, ctx.dst)


def transfer(engine: "Engine", ctx: "DamageCtx", to: int) -> "Flow":
    """转移伤害: prevent this damage; ``to`` takes one of the same source, amount and
    kind (and card), which is never transferred again."""
    ctx.prevented = True
    yield from engine.damage(ctx.src, to, ctx.n, ctx.nature, ctx.card, ctx.cards, use=ctx.use, extra={"transferred": True})


define(
    "duel_huwei", "护卫", "Bodyguard",
    "当与你相邻的一名武将受到伤害时，你可以防止此伤害，然后你受到同来源、同点数、同属性的伤害（转移伤害；一个伤害只能被转移一次）。",
    "When a general next to you would take damage, you may prevent it and take a damage of the same source, amount and kind "
    "yourself (a transfer; a damage is transferred only once).",
    ambush=True,
)
BOOK.trigger("duel_huwei", "damage_inflicted", lambda e, seat, ctx: transfer(e, ctx, seat), can=_may_transfer, target=lambda e, seat, ctx: ctx.dst)

define(
    "duel_dangren", "挡刃", "Blade Wall",
    "当与你相邻的一名武将受到伤害时，你可以弃置一张手牌，防止此伤害，然后令你或另一名与你相邻的武将受到同来源、同点数、同属性的伤害（转移伤害；一个伤害只能被转移一次）。",
    "When a general next to you would take damage, you may discard a hand card to prevent it; then you, or another general next to you, "
    "takes a damage of the same source, amount and kind (a transfer; a damage is transferred only once).",
    ambush=True,
)


def _dangren(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    st = engine.state
    tos = [seat] + [n for n in row.neighbours(st, seat) if n != ctx.dst]
    to = yield from engine.ask(Request(seat, "skill", prompt=f"duel_dangren:{ctx.dst}", choices=tuple(Choice(targets=(t,)) for t in tos)))
    cost = yield from engine.ask(Request(seat, "discard", prompt="duel_dangren", cards=tuple(st.chars[seat].hand), min=1, max=1))
    engine.move(cost.cards, "hand", "discard", src_seat=seat, reason="duel_dangren")
    yield from transfer(engine, ctx, to.targets[0])


BOOK.trigger(
    "duel_dangren", "damage_inflicted", _dangren,
    can=lambda e, seat, ctx: _may_transfer(e, seat, ctx) and bool(e.state.chars[seat].hand), target=lambda e, seat, ctx: ctx.dst,
)


# -- 小乔: 天香 (伏击) — fails when 马超 or 碎石锤 make the dodged 杀 hit (FAQ 武将相关 4) ------------------

define(
    "duel_tianxiang", "天香", "Heavenly Scent",
    "当敌方武将使用的【杀】结算后，若此【杀】被己方武将的【闪】抵消（且未因其他效果依然造成伤害），你可以对此【杀】的使用者造成1点伤害。",
    "After an enemy general's Slash resolves, if a Dodge of one of your generals cancelled it (and nothing made it hit after all), "
    "you may deal 1 damage to its user.",
    ambush=True,
)


def _tianxiang_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    st = engine.state
    if use.name not in SLASH_NAMES or not enemies(st, seat, use.seat) or not st.chars[use.seat].alive:
        return False
    dodged: list[Dodged] = use.extra.get("dodged", [])
    return any(not d.hit and owner(st, d.target) == owner(st, seat) for d in dodged)


BOOK.trigger(
    "duel_tianxiang", "card_used", lambda e, seat, use: e.damage(seat, use.seat, 1, card="duel_tianxiang"),
    can=_tianxiang_can, target=lambda e, seat, use: use.seat,
)


def _log_dodged(engine: "Engine", seat: int, d: "Dodged") -> "Flow":
    # 天香 asks once the 杀 has resolved whether a 闪 still stands (马超 and 碎石锤 may
    # have made it hit after all, in the same window): the verdicts are kept.
    d.use.extra.setdefault("dodged", []).append(d)
    return
    yield  # pragma: no cover


# Not the skill's use (no question, no event): only kept while 小乔 is at the table.
DUEL_GENERALS.hook(
    Hook(
        "card_responded", "duel_tianxiang", _log_dodged, holder(DUEL_GENERALS.skills["duel_tianxiang"]),
        can=lambda e, seat, d: d.use.name in SLASH_NAMES and enemies(e.state, seat, d.use.seat), silent=True,
    ),
    owner="duel_tianxiang",
)


# -- 马超: 铁骑 (伏击) — a dodged 杀 hits after all (FAQ 武将相关 4) -----------------------------------

define(
    "duel_tieji", "铁骑", "Iron Cavalry",
    "当己方武将使用的【杀】被【闪】抵消后，你可以令此【杀】依然造成伤害。",
    "After a Slash of one of your generals is cancelled by a Dodge, you may make it deal its damage anyway.",
    ambush=True,
)


def _tieji(engine: "Engine", seat: int, d: "Dodged") -> "Flow":
    d.hit = True
    return
    yield  # pragma: no cover


BOOK.trigger(
    "duel_tieji", "card_responded", _tieji,
    can=lambda e, seat, d: d.use.name in SLASH_NAMES and not enemies(e.state, seat, d.use.seat) and not d.hit and e.state.chars[d.target].alive,
    target=lambda e, seat, d: d.target,
)


# -- 赵云: 护主 — turns face down again and voids a whole card (FAQ 明置暗置 4, 锦囊牌 2) -----------------

define(
    "duel_huzhu", "护主", "Loyal Guard",
    "当敌方武将使用的锦囊牌指定己方武将为目标后，你可以暗置此武将牌（保留伤害标记），令此牌对所有目标无效。",
    "After an enemy general's trick targets one of your generals, you may turn this general face down (it keeps its damage tokens): "
    "the trick has no effect on any of its targets.",
)


def _huzhu_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    st = engine.state
    if KINDS[use.name].type != "trick" or not enemies(st, seat, use.seat) or not face_up(st, seat):
        return False
    return any(t not in use.cancelled and not enemies(st, seat, t) for t in use.targets)


def _huzhu(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    conceal(engine, seat)
    use.cancelled.update(use.targets)
    return
    yield  # pragma: no cover


BOOK.trigger("duel_huzhu", "target_confirmed", _huzhu, can=_huzhu_can)


# -- 糜夫人: 存嗣, 随军 ------------------------------------------------------------------------------

define(
    "duel_cunsi", "存嗣", "Preserve the Heir",
    "出牌阶段限一次，你可以暗置另一名己方明置的武将（其保留伤害标记），然后你摸一张牌。",
    "Once per play phase, you may turn another of your face-up generals face down (it keeps its damage tokens), then draw a card.",
)


def _cunsi_targets(state: "State", seat: int) -> list[int]:
    return [g for g in row.generals(state, owner(state, seat)) if g != seat and face_up(state, g)]


def _cunsi(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    pick = yield from engine.ask(Request(seat, "skill", prompt="duel_cunsi", choices=tuple(Choice(targets=(g,)) for g in _cunsi_targets(st, seat))))
    target = pick.targets[0]
    announce(engine, seat, "duel_cunsi", (target,))
    conceal(engine, target)
    yield from engine.draw(seat, 1, reason="duel_cunsi")


BOOK.action("duel_cunsi", lambda e, seat: face_up(e.state, seat) and bool(_cunsi_targets(e.state, seat)), _cunsi, per_turn=1)

define(
    "duel_suijun", "随军", "March Along",
    "当你被调遣后，你可以摸一张牌。",
    "After you are redeployed, you may draw a card.",
)
BOOK.trigger("duel_suijun", REDEPLOYED, lambda e, seat, ctx: e.draw(seat, 1, reason="duel_suijun"), can=lambda e, seat, ctx: seat in ctx.moved, owners=_moved)


# -- 诸葛亮: 观星 after a redeploy (FAQ 装备牌 3) ------------------------------------------------------

define(
    "duel_guanxing", "观星", "Stargazing",
    "当你被调遣后，你可以观看牌堆顶的X张牌（X为存活武将数且至多为5），然后将其中任意张以任意顺序置于牌堆顶，其余置于牌堆底。",
    "After you are redeployed, you may look at the top X cards of the pile (X: living generals, at most 5); "
    "put any of them back on top in any order and the rest at the bottom.",
)
BOOK.trigger("duel_guanxing", REDEPLOYED, _guanxing, can=lambda e, seat, ctx: seat in ctx.moved, owners=_moved)


# -- 左慈: 化身 (伏击) — dying, becomes a new general with its own hp (FAQ 武将相关 3) -----------------------

define(
    "duel_huashen", "化身", "Incarnation",
    "当你进入濒死状态时，你可以将此武将牌替换为一张未上场的武将牌（随机，暗置），体力为新武将牌的体力上限。",
    "When you are dying, you may replace this general with one not at the table (at random, face down), with that general's full hp.",
    ambush=True,
)


def unused_generals(state: "State") -> list[str]:
    at_table = {sl.general for p in state.chars for sl in p.slots}
    return [g for g in roster_ids(state.options) if g not in at_table and g != "duel_zuoci"]


def _huashen(engine: "Engine", seat: int, ctx: int) -> "Flow":
    st = engine.state
    pool = unused_generals(st)
    gid = Draws(st.seed, "duel_huashen", st.decisions * 16 + seat).choice(pool)
    hp = engine.content.general(gid).max_hp
    engine.emit(ev.GeneralChosen(seat=seat, general=gid, max_hp=hp, hp=hp, vis=(owner(st, seat),)))
    return
    yield  # pragma: no cover


BOOK.trigger("duel_huashen", "dying", _huashen, can=lambda e, seat, ctx: ctx == seat and bool(unused_generals(e.state)), owners=lambda ctx: (ctx,))


# -- 华佗: 急救 outside one's own player's turn ---------------------------------------------------------

define(
    "duel_jijiu", "急救", "First Aid",
    "你的回合外，你可以将一张红色牌当【桃】使用。",
    "Outside your player's turn, you may use any red card (hand or equipment) as a Peach.",
)
BOOK.form(
    "duel_jijiu", "peach", is_red, zones=("hand", "equip"), play=False,
    when=lambda st, seat: st.current < 0 or st.chars[st.current].owner != st.chars[seat].owner,
)


# -- 陆逊: 连营 on the player's hand ----------------------------------------------------------------

define(
    "duel_lianying", "连营", "Continuous Camps",
    "当己方失去最后的手牌后，你可以摸一张牌。",
    "After your player loses its last hand card, you may draw a card.",
)


def _hand_lost(engine: "Engine", seat: int, cards: tuple[int, ...]) -> None:
    st = engine.state
    side = owner(st, seat)
    if st.seats[side].hand:
        return
    for g in row.generals(st, side):
        if has_skill(st, g, "duel_lianying"):
            engine.later(lambda g=g: draw_on_empty_hand(engine, g, "duel_lianying"))


BOOK.mod("hand_lost", _hand_lost, "duel_lianying")


# -- 甘宁: 奇袭, 甘夫人: 神智 — an enemy's 奇兵 card may be discarded (seed 003 "奇兵牌可以被弃置（如甘夫人、甘寧技能）") --

define(
    "duel_qixi", "奇袭", "Surprise Raid",
    "出牌阶段限一次，你可以弃置一张黑色手牌，然后弃置敌方的一张手牌（随机）、敌方武将装备区里的一张牌或敌方面前的一张奇兵牌"
    "（【过河拆桥】拆不到奇兵牌，此技能可以）。",
    "Once per play phase, you may discard a black hand card, then discard one of the enemy's hand cards (at random), a card of an "
    "enemy general's equipment, or one of the 奇兵 cards in front of the enemy (which Dismantlement cannot reach).",
)
define(
    "duel_shenzhi", "神智", "Discernment",
    "出牌阶段限一次，你可以弃置一张手牌，然后弃置敌方面前的一张奇兵牌或敌方武将装备区里的一张牌。",
    "Once per play phase, you may discard a hand card, then discard one of the 奇兵 cards in front of the enemy, or a card of an "
    "enemy general's equipment.",
)


def _enemy_cards(state: "State", seat: int, hand: bool) -> list[Choice]:
    """What ``seat``'s raid may discard: the enemy's 奇兵 cards, its generals' equipment, a hand card."""
    foe = 1 - owner(state, seat)
    out = [Choice(cards=(c,)) for c in qibing_cards(state, foe)]
    out += [Choice(cards=(c,)) for g in row.generals(state, foe) for c in state.chars[g].equip.values()]
    if hand and state.seats[foe].hand:
        out.append(Choice(option="hand", targets=(foe,)))
    return out


def _raid(sid: str, cost: "Callable[[int], bool]", hand: bool) -> tuple["Callable[[Engine, int], bool]", "Callable[[Engine, int], Flow]"]:
    def available(engine: "Engine", seat: int) -> bool:
        st = engine.state
        return any(cost(c) for c in st.chars[seat].hand) and bool(_enemy_cards(st, seat, hand))

    def run(engine: "Engine", seat: int) -> "Flow":
        st = engine.state
        pay = yield from engine.ask(Request(seat, "discard", prompt=sid, cards=tuple(c for c in st.chars[seat].hand if cost(c)), min=1, max=1))
        pick = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(_enemy_cards(st, seat, hand))))
        foe = 1 - owner(st, seat)
        announce(engine, seat, sid, (foe,))
        engine.move(pay.cards, "hand", "discard", src_seat=seat, reason=sid)
        if pick.option == "hand":
            engine.move((engine.hidden_hand_card(foe),), "hand", "discard", src_seat=foe, reason=sid)
            return
        card = pick.cards[0]
        if card in qibing_cards(st, foe):
            return_qibing(engine, (card,), QIBING_ZONE, c=foe, reason=sid)  # back to the 奇兵 pile, as after a use
            return
        holder = next(g for g in row.generals(st, foe) if card in st.chars[g].equip.values())
        engine.move((card,), "equip", "discard", src_seat=holder, reason=sid)

    return available, run


BOOK.action("duel_qixi", *_raid("duel_qixi", lambda c: SUIT[c] in ("spade", "club"), hand=True), per_turn=1)
BOOK.action("duel_shenzhi", *_raid("duel_shenzhi", lambda c: True, hand=False), per_turn=1)


# -- the generals ----------------------------------------------------------------------------------

for _g in (
    General("duel_xiahoudun", "夏侯惇", "wei", "male", 4, ("duel_ganglie",), name_en="Xiahou Dun (duel)", pack="duel"),
    General("duel_dianwei", "典韦", "wei", "male", 4, ("duel_huwei",), name_en="Dian Wei (duel)", pack="duel"),
    General("duel_zhugeliang", "诸葛亮", "shu", "male", 3, ("duel_guanxing", "kongcheng"), name_en="Zhuge Liang (duel)", pack="duel"),
    General("duel_zhaoyun", "赵云", "shu", "male", 4, ("longdan", "duel_huzhu"), name_en="Zhao Yun (duel)", pack="duel"),
    General("duel_machao", "马超", "shu", "male", 4, ("mashu", "duel_tieji"), name_en="Ma Chao (duel)", pack="duel"),
    General("duel_mifuren", "糜夫人", "shu", "female", 3, ("duel_cunsi", "duel_suijun"), name_en="Lady Mi (duel)", pack="duel"),
    General("duel_zhoutai", "周泰", "wu", "male", 4, ("duel_dangren",), name_en="Zhou Tai (duel)", pack="duel"),
    General("duel_xiaoqiao", "小乔", "wu", "female", 3, ("duel_tianxiang",), name_en="Xiao Qiao (duel)", pack="duel"),
    General("duel_luxun", "陆逊", "wu", "male", 3, ("qianxun", "duel_lianying"), name_en="Lu Xun (duel)", pack="duel"),
    General("duel_huatuo", "华佗", "qun", "male", 3, ("duel_jijiu", "qingnang"), name_en="Hua Tuo (duel)", pack="duel"),
    General("duel_zuoci", "左慈", "qun", "male", 3, ("duel_huashen",), name_en="Zuo Ci (duel)", pack="duel"),
    # Roster seed003 (option ``roster``): 马超 without 马术 — "當前由於沒有改變距離的技能" —
    # and two generals whose skills discard 奇兵 cards, as the seed says they may.
    General("duel_machao2", "马超", "shu", "male", 4, ("duel_tieji",), name_en="Ma Chao (duel)", pack="duel"),
    General("duel_ganning", "甘宁", "wu", "male", 4, ("duel_qixi",), name_en="Gan Ning (duel)", pack="duel"),
    General("duel_ganfuren", "甘夫人", "shu", "female", 3, ("duel_shenzhi",), name_en="Lady Gan (duel)", pack="duel"),
):
    register(_g, DUEL_GENERALS)


def _standard_generals() -> None:
    """The standard generals ``generals.tsv`` deals, with their standard skills (the same
    objects as identity's: a rule lives in one place).  Only these: a duel's content holds
    no other general, so no view or list names one."""
    from ...generals import STANDARD_GENERALS

    for gid in DUEL_GENERALS_DATA:
        if gid in DUEL_GENERALS.generals:
            continue
        g = STANDARD_GENERALS.generals.get(gid)
        if g is None:
            raise ValueError(f"generals.tsv lists {gid!r}, which is neither a standard general nor one of core/modes/duel/skills.py")
        DUEL_GENERALS.general(g)
    wanted = {s for g in DUEL_GENERALS.generals.values() for s in (*g.skills, *g.lord_skills)}
    DUEL_GENERALS.reuse(STANDARD_GENERALS, *sorted(wanted - set(DUEL_GENERALS.skills)))


_standard_generals()
