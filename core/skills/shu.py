"""蜀 (shu): 刘备 关羽 张飞 诸葛亮 赵云 马超 黄月英 — their skills."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.base import NAMES
from ..deck import KINDS, SLASH_NAMES
from ..requests import Choice, Request
from .base import SkillBook, announce, ask_trigger, has_skill, rule, set_state, turn_state
from .standard import BOOK, define, mod, trigger
from .common import is_red, is_slash, kin, others_from
from .wei import lord_call

if TYPE_CHECKING:
    from ..engine import Engine, TurnCtx, UseCtx
    from ..state import State
    from .base import Flow


# -- 刘备: 仁德, 激将 (主公技) -------------------------------------------------------------

define(
    "rende", "仁德", "Benevolence", "active",
    "出牌阶段，你可以将至少一张手牌交给一名其他角色（可多次发动）。你于本阶段内以此法给出的牌首次达到两张或更多时，你回复1点体力。",
    "In your play phase you may give any number of hand cards to another character (as often as you like). "
    "The first time the cards you have given this phase reach two or more, you recover 1 hp.",
)


def _rende_ok(engine: "Engine", seat: int) -> bool:
    st = engine.state
    return bool(st.chars[seat].hand) and bool(others_from(st, seat))


def rende(sid: str, heal_at: int):
    """仁德: give hand cards to another character; the first time the cards given
    this phase reach ``heal_at``, recover 1 (identity: 2; hegemony: 3)."""

    def run(engine: "Engine", seat: int) -> "Flow":
        st = engine.state
        hand = tuple(st.chars[seat].hand)
        cards = yield from engine.ask(Request(seat, "give", prompt=sid, cards=hand, min=1, max=len(hand), vis=engine.secret(seat)))
        to = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(Choice(targets=(t,)) for t in others_from(st, seat))))
        target = to.targets[0]
        announce(engine, seat, sid, (target,))
        engine.move(cards.cards, "hand", "hand", src_seat=seat, dst_seat=target, reason=sid, vis=(seat, target))
        before = turn_state(st, seat, sid, "given")
        given = before + len(cards.cards)
        set_state(engine, seat, sid, "given", given, turn=True)
        if before < heal_at <= given:
            yield from engine.recover(seat, 1, src=seat)

    return run


@rule(BOOK, "rende")
def _rende_rule(book: SkillBook, sid: str) -> None:
    book.action(sid, _rende_ok, rende(sid, 2))

define(
    "jijiang", "激将", "Rouse", "lord_skill",
    "主公技，当你需要使用或打出【杀】时，你可以令其他蜀势力角色依次选择是否打出一张【杀】（视为由你使用或打出）。",
    "Lord skill. When you need to use or play a Slash, you may ask the other Shu characters in turn to play one for you (it counts as yours).",
)
def rouse(book: SkillBook, sid: str, kingdom: str) -> None:
    """激将: the lord's 杀 played or used for it by the other characters of ``kingdom``."""
    # Playing a 杀 in answer (决斗, 南蛮入侵): asked where the response is needed.
    lord_call(sid, kingdom, "slash", book)

    def ok(state: "State", seat: int) -> bool:
        # One call per turn that nobody answers: asking again changes nothing.
        return not turn_state(state, seat, sid, "refused") and bool(kin(state, seat, kingdom))

    def pick(engine: "Engine", seat: int) -> "Flow":
        """Using a 杀 (the target is already chosen): the first character of the kingdom
        to play one gives the card; the use goes on with it, as the lord's."""
        announce(engine, seat, sid, window="card_choosing")
        for helper in kin(engine.state, seat, kingdom):
            cards = yield from engine.play_for(helper, SLASH_ORDER, prompt=f"{sid}:{seat}")
            if cards is not None:
                return cards
        set_state(engine, seat, sid, "refused", 1, turn=True)
        return None

    book.form(sid, "slash", lambda c: False, play=False, when=ok, pick=pick, count=0)


rouse(BOOK, "jijiang", "shu")


# -- 关羽: 武圣 --------------------------------------------------------------------------

define(
    "wusheng", "武圣", "War Saint", "active",
    "你可以将一张红色牌当【杀】使用或打出。",
    "You may use or play any red card (hand or equipment) as a Slash.",
)
@rule(BOOK, "wusheng")
def _wusheng_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "slash", is_red, zones=("hand", "equip"))


# -- 张飞: 咆哮 --------------------------------------------------------------------------

define(
    "paoxiao", "咆哮", "Roar", "compulsory",
    "锁定技，出牌阶段，你使用【杀】无次数限制。",
    "Compulsory. In your play phase there is no limit to how many Slashes you use.",
)
UNLIMITED = 1 << 20
SLASH_ORDER = ("slash", "fire_slash", "thunder_slash")


def _paoxiao_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    st = engine.state
    return use.seat == seat == st.current and st.phase == "play" and use.name in SLASH_NAMES and st.used.get("slash_any", 0) > 1


def _nothing(engine: "Engine", seat: int, ctx: object) -> "Flow":
    return
    yield  # pragma: no cover


@rule(BOOK, "paoxiao")
def _paoxiao_rule(book: SkillBook, sid: str) -> None:
    def limit(st: "State", seat: int, limit: int) -> int:
        p = st.chars[seat]
        if sid in p.skills and st.phase == "play" and p.alive:
            return UNLIMITED
        return limit

    book.mod("slash_limit", limit, sid)
    # The record shows 咆哮 on every 杀 beyond the first of a turn (the one it allowed).
    book.trigger(sid, "card_using", _nothing, can=_paoxiao_can, owners=lambda use: (use.seat,))


# -- 诸葛亮: 观星, 空城 --------------------------------------------------------------------

define(
    "guanxing", "观星", "Stargazing", "active",
    "准备阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后将其中任意张以任意顺序置于牌堆顶，其余置于牌堆底。",
    "At the start of your start phase you may look at the top X cards of the pile (X: living characters, at most 5); "
    "put any of them back on top in any order and the rest at the bottom.",
)


def stargaze(sid: str):
    """观星's look at the top of the pile and the put-back, under skill ``sid``."""

    def run(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
        st = engine.state
        engine.ensure_pile()
        k = min(5, len(st.alive_seats()), len(st.pile))
        top = tuple(st.pile[-1 : -k - 1 : -1])
        # The pick is the cards to keep on top, the first topmost; the rest go to the bottom.
        keep = yield from engine.ask(Request(seat, "skill", prompt=f"{sid}:{k}", cards=top, min=0, max=k, vis=engine.secret(seat)))
        kept = keep.cards
        rest = tuple(c for c in top if c not in kept)
        if kept:
            engine.move(kept, "pile", "pile", src_seat=seat, reason=sid, vis=(seat,))
        if rest:
            engine.move(rest, "pile", "pile", src_seat=seat, reason=f"{sid}:bottom", vis=(seat,))

    return run


_guanxing = stargaze("guanxing")


@rule(BOOK, "guanxing")
def _guanxing_rule(book: SkillBook, sid: str) -> None:
    book.trigger(sid, "phase_start", stargaze(sid), can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "start", owners=lambda ctx: (ctx.seat,))

define(
    "kongcheng", "空城", "Empty City", "compulsory",
    "锁定技，若你没有手牌，你不能被选择为【杀】或【决斗】的目标。",
    "Compulsory. While you have no hand cards you cannot be chosen as the target of a Slash or a Duel.",
)


@rule(BOOK, "kongcheng")
def _kongcheng_rule(book: SkillBook, sid: str) -> None:
    def banned(state: "State", user: int, target: int) -> bool:
        return not state.chars[target].hand and has_skill(state, target, sid)

    book.ban((*sorted(SLASH_NAMES), "duel"), banned, sid)


# -- 赵云: 龙胆 --------------------------------------------------------------------------

define(
    "longdan", "龙胆", "Dragon Courage", "active",
    "你可以将一张【杀】当【闪】使用或打出，或将一张【闪】当普通【杀】使用或打出。",
    "You may use or play a Slash as a Dodge, or a Dodge as a plain Slash.",
)
@rule(BOOK, "longdan")
def _longdan_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "slash", lambda c: NAMES[c] == "dodge", option=f"{sid}:slash")
    book.form(sid, "dodge", is_slash, option=f"{sid}:dodge")


# -- 马超: 马术, 铁骑 ----------------------------------------------------------------------

define(
    "mashu", "马术", "Horsemanship", "compulsory",
    "锁定技，你与其他角色的距离-1。",
    "Compulsory. Your distance to every other character is reduced by 1.",
)
@rule(BOOK, "mashu")
def _mashu_rule(book: SkillBook, sid: str) -> None:
    def closer(st: "State", a: int, b: int) -> int:
        p = st.chars[a]  # hot (every distance): no call
        return -1 if sid in p.skills and p.alive else 0

    book.mod("distance", closer, sid)

define(
    "tieji", "铁骑", "Iron Cavalry", "active",
    "当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。",
    "After your Slash targets a character, you may judge: on a red result that character cannot answer this Slash with a Dodge.",
)


def _tieji_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    return use.seat == seat and use.name in SLASH_NAMES


def _tieji(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    players = engine.state.chars
    for t in list(use.targets):
        if t in use.cancelled or not players[t].alive or not players[seat].alive:
            continue
        if not (yield from ask_trigger(engine, seat, "tieji", "target_specified", (t,))):
            continue
        announce(engine, seat, "tieji", (t,), window="target_specified")
        final = yield from engine.judge(seat, "tieji")
        if is_red(final):
            use.extra.setdefault("no_dodge", set()).add(t)


trigger("tieji", "target_specified", _tieji, can=_tieji_can, owners=lambda use: (use.seat,), silent=True)


# -- 黄月英: 集智, 奇才 --------------------------------------------------------------------

define(
    "jizhi", "集智", "Wisdom", "active",
    "当你使用一张非转化的普通锦囊牌时，你可以摸一张牌。",
    "When you use a (not converted) non-delayed trick card, you may draw a card.",
)


def _jizhi_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    return use.seat == seat and KINDS[use.name].type == "trick" and bool(use.cards) and all(NAMES[c] == use.name for c in use.cards)


def _draw_one(engine: "Engine", seat: int, ctx: object) -> "Flow":
    yield from engine.draw(seat, 1, reason="jizhi")


trigger("jizhi", "card_using", _draw_one, can=_jizhi_can, owners=lambda use: (use.seat,))

define(
    "qicai", "奇才", "Genius", "compulsory",
    "锁定技，你使用锦囊牌无距离限制。",
    "Compulsory. Your trick cards have no distance limit.",
)
mod("trick_distance_free", lambda st, seat: has_skill(st, seat, "qicai"), "qicai")

