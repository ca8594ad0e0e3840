"""群 (qun): 华佗 吕布 貂蝉 — their skills."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..deck import SLASH_NAMES
from ..requests import Choice, Request
from .base import SkillBook, announce, rule
from .standard import BOOK, define
from .common import banned, discard_own, hurt, is_red, own_cards, others_from, pay_and_aim

if TYPE_CHECKING:
    from ..engine import Engine, UseCtx
    from ..state import State
    from .base import Flow


# -- 华佗: 急救, 青囊 ----------------------------------------------------------------------

define(
    "jijiu", "急救", "First Aid", "active",
    "你的回合外，你可以将一张红色牌当【桃】使用。",
    "Outside your turn, you may use any red card (hand or equipment) as a Peach.",
)
@rule(BOOK, "jijiu")
def _jijiu_rule(book: SkillBook, sid: str) -> None:
    book.form(sid, "peach", is_red, zones=("hand", "equip"), play=False, when=lambda st, seat: st.current != seat)

define(
    "qingnang", "青囊", "Green Satchel", "active",
    "出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色：该角色回复1点体力。",
    "Once per play phase, you may discard a hand card and choose a hurt character: it recovers 1 hp.",
)


def _hurt_seats(state: "State", seat: int) -> list[int]:
    return [t for t in state.seats_from(seat) if hurt(state, t)]


@rule(BOOK, "qingnang")
def _qingnang_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int) -> "Flow":
        target = yield from pay_and_aim(engine, seat, sid, 1, _hurt_seats(engine.state, seat))
        yield from engine.recover(target, 1, src=seat)

    book.action(sid, lambda e, seat: bool(e.state.chars[seat].hand) and bool(_hurt_seats(e.state, seat)), run, per_turn=1)


# -- 吕布: 无双 --------------------------------------------------------------------------

define(
    "wushuang", "无双", "Peerless", "compulsory",
    "锁定技，当你使用【杀】指定目标后，目标角色需连续使用两张【闪】才能抵消此【杀】；"
    "当你使用【决斗】指定目标后，或成为【决斗】的目标后，与你决斗的角色每次需连续打出两张【杀】。",
    "Compulsory. A target of your Slash needs two Dodges in a row to cancel it; "
    "in a Duel you use or are the target of, your opponent must play two Slashes each time.",
)


def _wushuang_slash(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra["dodges_needed"] = max(2, use.extra.get("dodges_needed", 1))
    return
    yield  # pragma: no cover


def _wushuang_duel_user(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    needs = use.extra.setdefault("duel_needs", {})
    for t in use.targets:
        needs[t] = 2
    return
    yield  # pragma: no cover


def _wushuang_duel_target(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra.setdefault("duel_needs", {})[use.seat] = 2
    return
    yield  # pragma: no cover


@rule(BOOK, "wushuang")
def _wushuang_rule(book: SkillBook, sid: str) -> None:
    book.trigger(sid, "target_specified", _wushuang_slash, can=lambda e, seat, use: use.seat == seat and use.name in SLASH_NAMES, owners=lambda use: (use.seat,))
    book.trigger(sid, "target_specified", _wushuang_duel_user, can=lambda e, seat, use: use.seat == seat and use.name == "duel", owners=lambda use: (use.seat,))
    book.trigger(
        sid, "target_confirmed", _wushuang_duel_target,
        can=lambda e, seat, use: use.name == "duel" and seat in use.targets and use.seat != seat,
        owners=lambda use: use.targets,
    )


# -- 貂蝉: 离间, 闭月 ----------------------------------------------------------------------

define(
    "lijian", "离间", "Sow Dissension", "active",
    "出牌阶段限一次，你可以弃置一张牌并选择两名其他男性角色：后选择的角色视为对先选择的角色使用一张不能被【无懈可击】响应的【决斗】。",
    "Once per play phase, you may discard a card and choose two other male characters: the second counts as using "
    "on the first a Duel that cannot be answered with a Nullification.",
)


def _lijian_pairs(state: "State", seat: int) -> list[tuple[int, int]]:
    players = state.chars
    males = [t for t in others_from(state, seat) if players[t].gender == "male"]
    return [(a, b) for a in males for b in males if a != b and not banned(state, b, a, "duel")]


def lijian(sid: str, unnullifiable: bool):
    """离间: pay a card; the second of two other male characters duels the first
    (identity: that 决斗 cannot be nullified)."""

    def run(engine: "Engine", seat: int) -> "Flow":
        st = engine.state
        cost = yield from engine.ask(Request(seat, "discard", prompt=sid, cards=own_cards(st, seat), min=1, max=1))
        pair = yield from engine.ask(Request(seat, "skill", prompt=sid, choices=tuple(Choice(targets=p) for p in _lijian_pairs(st, seat))))
        first, second = pair.targets
        announce(engine, seat, sid, (first, second))
        discard_own(engine, seat, cost.cards, sid)
        if st.chars[first].alive and st.chars[second].alive:
            yield from engine.use_card(second, "duel", (), (first,), extra={"unnullifiable": True} if unnullifiable else None)

    return run


_lijian = lijian("lijian", True)


@rule(BOOK, "lijian")
def _lijian_rule(book: SkillBook, sid: str) -> None:
    book.action(sid, lambda e, seat: bool(own_cards(e.state, seat)) and bool(_lijian_pairs(e.state, seat)), lijian(sid, True), per_turn=1)

define(
    "biyue", "闭月", "Outshine the Moon", "active",
    "结束阶段开始时，你可以摸一张牌。",
    "At the start of your finish phase you may draw a card.",
)


@rule(BOOK, "biyue")
def _biyue_rule(book: SkillBook, sid: str) -> None:
    def run(engine: "Engine", seat: int, ctx: object) -> "Flow":
        yield from engine.draw(seat, 1, reason=sid)

    book.trigger(sid, "phase_start", run, can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "finish", owners=lambda ctx: (ctx.seat,))

