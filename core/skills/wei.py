"""魏 (wei): 曹操 司马懿 夏侯惇 张辽 许褚 郭嘉 甄姬 — their skills."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..cards.base import NAMES, SUIT, take_card_of
from ..deck import SLASH_NAMES
from ..requests import PASS_CHOICE, Choice, Request
from .base import SkillBook, announce, ask_trigger, rule
from .standard import BOOK, define, trigger
from .common import is_black, kin, look_at_top, others_from, own_cards

if TYPE_CHECKING:
    from ..engine import DamageCtx, Engine, ResponseCtx, TurnCtx
    from .base import Flow


def _damaged_one(ctx: "DamageCtx") -> tuple[int]:
    return (ctx.dst,)


def _turn_owner(ctx: "TurnCtx") -> tuple[int]:
    return (ctx.seat,)


def _judged_one(ctx: dict[str, Any]) -> tuple[int]:
    return (ctx["seat"],)


# -- 曹操: 奸雄, 护驾 (主公技) -------------------------------------------------------------

define(
    "jianxiong", "奸雄", "Ambition", "active",
    "当你受到伤害后，你可以获得对你造成伤害的牌。",
    "After you take damage, you may take the card(s) that dealt it.",
)


@rule(BOOK, "jianxiong")
def _jianxiong_rule(book: SkillBook, sid: str) -> None:
    def can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
        processing = engine.state.processing
        return ctx.dst == seat and any(c in processing for c in ctx.cards)

    def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
        processing = engine.state.processing
        got = tuple(c for c in ctx.cards if c in processing)
        if got:
            engine.move(got, "processing", "hand", dst_seat=seat, reason=sid)
        return
        yield  # pragma: no cover

    book.trigger(sid, "damaged", run, can=can, owners=_damaged_one)


def lord_call(sid: str, kingdom: str, name: str, book: SkillBook = BOOK):
    """护驾 / 激将: when the lord needs to use or play ``name``, ask the other
    characters of ``kingdom`` in turn order (from the lord's next seat) whether
    one plays it for the lord; the first who does answers."""

    def can(engine: "Engine", seat: int, ctx: "ResponseCtx") -> bool:
        return ctx.seat == seat and ctx.answered is None and name in ctx.names and bool(kin(engine.state, seat, kingdom))

    def run(engine: "Engine", seat: int, ctx: "ResponseCtx") -> "Flow":
        names = tuple(n for n in ctx.names if n in SLASH_NAMES) if name == "slash" else (name,)
        for helper in kin(engine.state, seat, kingdom):
            played = yield from engine.respond(helper, names, prompt=f"{sid}:{seat}", source=ctx.source)
            if played:
                ctx.answered = (name, ())
                return

    book.trigger(sid, "response_needed", run, can=can, owners=lambda ctx: (ctx.seat,))


define(
    "hujia", "护驾", "Escort", "lord_skill",
    "主公技，当你需要使用或打出【闪】时，你可以令其他魏势力角色依次选择是否打出一张【闪】（视为由你使用或打出）。",
    "Lord skill. When you need to use or play a Dodge, you may ask the other Wei characters in turn to play one for you (it counts as yours).",
)
lord_call("hujia", "wei", "dodge")


# -- 司马懿: 反馈, 鬼才 --------------------------------------------------------------------

define(
    "fankui", "反馈", "Feedback", "active",
    "当你受到伤害后，你可以获得伤害来源的一张牌。",
    "After you take damage, you may take one card (hand or equipment) from the character who dealt it.",
)


def _fankui_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    if ctx.dst != seat or ctx.src < 0 or ctx.src == seat:
        return False
    src = engine.state.chars[ctx.src]
    return src.alive and bool(src.hand or src.equip)


@rule(BOOK, "fankui")
def _fankui_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
        yield from take_card_of(engine, seat, ctx.src, sid, zones=("hand", "equip"))

    book.trigger(sid, "damaged", run, can=_fankui_can, owners=_damaged_one, target=lambda e, seat, ctx: ctx.src)

define(
    "guicai", "鬼才", "Devilish Wit", "active",
    "当一名角色的判定牌生效前，你可以打出一张手牌代替之。",
    "Before any character's judgement takes effect, you may play a hand card to replace the judgement card.",
)


def replace_judgement(book: SkillBook, sid: str, equipment: bool = False) -> None:
    """鬼才: before a judgement takes effect, play one of one's cards in its place
    (a hand card; with ``equipment``, a worn card too: Hero Kill's 变法)."""

    def cards_of(engine: "Engine", seat: int) -> tuple[int, ...]:
        st = engine.state
        return own_cards(st, seat) if equipment else tuple(st.chars[seat].hand)

    def run(engine: "Engine", seat: int, ctx: dict[str, Any]) -> "Flow":
        st = engine.state
        prompt = f"{sid}:{ctx['seat']}:{ctx['reason']}:{ctx['card']}"
        choice = yield from engine.ask(Request(seat, "skill", prompt=prompt, choices=(*(Choice(cards=(c,)) for c in cards_of(engine, seat)), PASS_CHOICE)))
        if choice.is_pass:
            return
        card = choice.cards[0]
        announce(engine, seat, sid, (ctx["seat"],), window="judge_result")
        zone = "hand" if card in st.chars[seat].hand else "equip"
        engine.move((card,), zone, "processing", src_seat=seat, dst_seat=ctx["seat"], reason=sid)
        engine.emit(ev.CardPlayed(seat=seat, name=NAMES[card], cards=(card,)))
        old = ctx["card"]
        if old in st.processing:
            engine.move((old,), "processing", "discard", reason=sid)
        ctx["card"] = card

    book.trigger(sid, "judge_result", run, can=lambda e, seat, ctx: bool(cards_of(e, seat)), silent=True)


rule(BOOK, "guicai")(replace_judgement)


# -- 夏侯惇: 刚烈 ------------------------------------------------------------------------

define(
    "ganglie", "刚烈", "Unbending", "active",
    "当你受到伤害后，你可以进行判定：若结果不为红桃，伤害来源选择一项：弃置两张手牌，或受到你造成的1点伤害。",
    "After you take damage, you may judge: unless the result is a heart, the source of the damage chooses: discard two hand cards, or take 1 damage from you.",
)


def _ganglie_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    return ctx.dst == seat and ctx.src >= 0 and engine.state.chars[ctx.src].alive


@rule(BOOK, "ganglie")
def _ganglie_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
        st = engine.state
        src = ctx.src
        final = yield from engine.judge(seat, sid)
        if SUIT[final] == "heart" or not st.chars[src].alive:
            return
        hand = st.chars[src].hand
        pay = "damage"
        if len(hand) >= 2:
            pick = yield from engine.ask(Request(src, "skill", prompt=f"{sid}:{seat}", choices=(Choice(option="discard"), Choice(option="damage"))))
            pay = pick.option
        if pay == "discard":
            cost = yield from engine.ask(Request(src, "discard", prompt=f"{sid}:{seat}", cards=tuple(hand), min=2, max=2))
            engine.move(cost.cards, "hand", "discard", src_seat=src, reason=sid)
        else:
            yield from engine.damage(seat, src, 1)

    book.trigger(sid, "damaged", run, can=_ganglie_can, owners=_damaged_one, target=lambda e, seat, ctx: ctx.src)


# -- 张辽: 突袭 --------------------------------------------------------------------------

define(
    "tuxi", "突袭", "Raid", "active",
    "摸牌阶段，你可以改为获得至多两名其他角色的各一张手牌。",
    "In your draw phase, instead of drawing you may take one hand card from each of up to two other characters.",
)


def _tuxi_targets(engine: "Engine", seat: int) -> list[int]:
    players = engine.state.chars
    return [s for s in others_from(engine.state, seat) if players[s].hand]


@rule(BOOK, "tuxi")
def _tuxi_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
        cands = _tuxi_targets(engine, seat)
        options = [Choice(targets=(t,)) for t in cands]
        options += [Choice(targets=(a, b)) for i, a in enumerate(cands) for b in cands[i + 1 :]]
        choice = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=(*options, PASS_CHOICE)))
        if choice.is_pass:
            return
        announce(engine, seat, sid, choice.targets, window="draw_count")
        ctx.draw = 0
        for t in choice.targets:
            if engine.state.chars[t].hand:
                card = engine.hidden_hand_card(t)
                engine.move((card,), "hand", "hand", src_seat=t, dst_seat=seat, reason=sid, vis=(seat, t))

    book.trigger(
        sid, "draw_count", run,
        can=lambda e, seat, ctx: ctx.seat == seat and ctx.draw > 0 and bool(_tuxi_targets(e, seat)),
        owners=_turn_owner, silent=True,
    )


# -- 许褚: 裸衣 --------------------------------------------------------------------------

define(
    "luoyi", "裸衣", "Bare-Chested", "active",
    "摸牌阶段，你可以少摸一张牌，然后本回合你使用【杀】或【决斗】对目标角色造成伤害时，此伤害+1。",
    "In your draw phase you may draw one card fewer; then this turn the damage your Slash or Duel deals to its target is +1.",
)


def _luoyi(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.draw -= 1
    return
    yield  # pragma: no cover


def _luoyi_bonus(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    ctx.n += 1
    return
    yield  # pragma: no cover


@rule(BOOK, "luoyi")
def _luoyi_rule(book: SkillBook, sid: str) -> None:
    used = f"{sid}@"

    def bonus_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
        use = ctx.use
        return (
            ctx.src == seat
            and use is not None
            and use.seat == seat
            and (ctx.card in SLASH_NAMES or ctx.card == "duel")
            and engine.state.used.get(f"{used}{seat}", 0) > 0
        )

    book.trigger(sid, "draw_count", _luoyi, can=lambda e, seat, ctx: ctx.seat == seat and ctx.draw > 0, owners=_turn_owner)
    book.trigger(sid, "damage_caused", _luoyi_bonus, can=bonus_can, owners=lambda ctx: (ctx.src,), optional=False)


# -- 郭嘉: 天妒, 遗计 ----------------------------------------------------------------------

define(
    "tiandu", "天妒", "Heaven's Envy", "active",
    "当你的判定牌生效后，你可以获得之。",
    "After your judgement takes effect, you may take the judgement card.",
)


def _tiandu(engine: "Engine", seat: int, ctx: dict[str, Any]) -> "Flow":
    card = ctx["card"]
    if card in engine.state.processing:
        engine.move((card,), "processing", "hand", dst_seat=seat, reason="tiandu")
    return
    yield  # pragma: no cover


trigger(
    "tiandu", "judged", _tiandu,
    can=lambda e, seat, ctx: ctx["seat"] == seat and ctx["card"] in e.state.processing,
    owners=_judged_one,
)

define(
    "yiji", "遗计", "Legacy Plan", "active",
    "当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将这两张牌任意分配给任意角色（可以是你）。",
    "After you take each 1 damage, you may look at the top two cards of the pile and give each to any character (yourself included).",
)


@rule(BOOK, "yiji")
def _yiji_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
        st = engine.state
        for _ in range(ctx.n):
            if not st.chars[seat].alive or st.ended:
                return
            if not (yield from ask_trigger(engine, seat, sid, "damaged")):
                return
            announce(engine, seat, sid, window="damaged")
            left = list(look_at_top(engine, seat, 2, sid))
            while left:
                seats = st.seats_from(seat)
                options = tuple(Choice(cards=(c,), targets=(t,)) for c in left for t in seats)
                give = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=options, vis=engine.secret(seat)))
                card, to = give.cards[0], give.targets[0]
                vis = (seat,) if to == seat else (seat, to)
                engine.move((card,), "processing", "hand", dst_seat=to, reason=sid, vis=vis)
                left.remove(card)

    book.trigger(sid, "damaged", run, can=lambda e, seat, ctx: ctx.dst == seat, owners=_damaged_one, silent=True)


# -- 甄姬: 倾国, 洛神 ----------------------------------------------------------------------

define(
    "qingguo", "倾国", "Captivating Grace", "active",
    "你可以将一张黑色手牌当【闪】使用或打出。",
    "You may use or play any black hand card as a Dodge.",
)
@rule(BOOK, "qingguo")
def _qingguo_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "dodge", is_black)

define(
    "luoshen", "洛神", "Goddess of the Luo", "active",
    "准备阶段开始时，你可以进行判定：若结果为黑色，判定牌生效后你获得之，然后你可以重复此流程。",
    "At the start of your start phase you may judge: on a black result you take the judgement card once it has taken effect, and may judge again.",
)


def black_judgements(book: SkillBook, sid: str, phase: str = "start") -> None:
    """洛神: at the start of ``phase`` (the start phase; Hero Kill's 玉步: the draw
    phase), judge; take each black judgement once it has taken effect and judge
    again if one wishes, until a red one."""

    def run(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
        st = engine.state
        while True:
            final = yield from engine.judge(seat, sid)
            if not is_black(final) or final not in st.chars[seat].hand or not st.chars[seat].alive:
                return
            if not (yield from ask_trigger(engine, seat, sid, "phase_start")):
                return
            announce(engine, seat, sid, window="phase_start")

    def take(engine: "Engine", seat: int, ctx: dict[str, Any]) -> "Flow":
        engine.move((ctx["card"],), "processing", "hand", dst_seat=seat, reason=sid)
        return
        yield  # pragma: no cover

    book.trigger(sid, "phase_start", run, can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == phase, owners=_turn_owner)
    # The black judgement card is taken after it takes effect (判定生效后), as part of the same use.
    book.trigger(
        sid, "judged", take,
        can=lambda e, seat, ctx: ctx["seat"] == seat and ctx["reason"] == sid and is_black(ctx["card"]) and ctx["card"] in e.state.processing,
        owners=_judged_one, optional=False, silent=True,
    )


rule(BOOK, "luoshen")(black_judgements)

