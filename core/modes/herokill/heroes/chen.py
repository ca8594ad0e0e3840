"""臣 (chen) heroes' skills with rules of their own: 变法 (商鞅), 诀别 (虞姬), 烽火 (褒姒),
易装 (花木兰), 补刀 (关羽), 反击 门神 (秦琼), 玉步 (赵飞燕).

(刘伯温 岳飞 韩信 杨延昭 澹台名 and the others' second skills play Sanguosha skills: ``same``.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.base import NAMES, color_of, holds_in_judge
from ....deck import SLASH_NAMES
from ....requests import PASS_CHOICE, Choice, Request
from ....skills.base import SAME_AS, announce, set_state, skill_state
from ....skills.common import banned, others_from, pay_and_aim
from ....skills.wei import black_judgements, replace_judgement
from .book import BOOK, action, define, trigger
from .events import Disguised

if TYPE_CHECKING:
    from ....engine import DamageCtx, Engine, TurnCtx, UseCtx
    from ....state import State

    Flow = Any


def _turn_owner(ctx: "TurnCtx") -> tuple[int]:
    return (ctx.seat,)


def _has_cards(state: "State", seat: int) -> bool:
    p = state.chars[seat]
    return bool(p.hand or p.equip)


# -- 商鞅: 变法 (鬼才, and a worn card may replace the judgement too) ----------------------

define("hk_bianfa", "active")
replace_judgement(BOOK, "hk_bianfa", equipment=True)
SAME_AS["hk_bianfa"] = "guicai"


# -- 虞姬: 诀别 ---------------------------------------------------------------------------

define("hk_juebie", "active")


def _males(state: "State", seat: int) -> list[int]:
    return [t for t in others_from(state, seat) if state.chars[t].gender == "male"]


def _juebie(engine: "Engine", seat: int, dying: int) -> "Flow":
    st = engine.state
    go = yield from engine.ask(Request(seat, "skill", prompt="hk_juebie", choices=(*(Choice(targets=(t,)) for t in _males(st, seat)), PASS_CHOICE)))
    if go.is_pass:
        return
    him = go.targets[0]
    announce(engine, seat, "hk_juebie", (him,), window="dying")
    src, cause = engine.dying_source(seat)
    # She asks nobody for a Potion: she dies, and he takes all her cards (her judge
    # zone's into his, where he has none of the same name; those are discarded).
    p = st.chars[seat]
    if p.hand:
        engine.move(tuple(p.hand), "hand", "hand", src_seat=seat, dst_seat=him, reason="hk_juebie", vis=(seat, him))
    if p.equip:
        engine.move(tuple(p.equip.values()), "equip", "hand", src_seat=seat, dst_seat=him, reason="hk_juebie")
    for card in tuple(p.judge):
        name = p.judge_names.get(card)
        if holds_in_judge(st, him, name or NAMES[card]):
            engine.move((card,), "judge", "discard", src_seat=seat, reason="hk_juebie")
        else:
            engine.move((card,), "judge", "judge", src_seat=seat, dst_seat=him, reason=f"as:{name}" if name else "hk_juebie")
    yield from engine.kill(seat, src, cause)


trigger(
    "hk_juebie", "dying", _juebie,
    can=lambda e, seat, dying: dying == seat and e.state.chars[seat].hp <= 0 and bool(_males(e.state, seat)),
    owners=lambda dying: (dying,), silent=True,
)


# -- 褒姒: 烽火 ---------------------------------------------------------------------------

define("hk_fenghuo", "active")


def _beacon_targets(engine: "Engine", seat: int) -> list[tuple[int, ...]]:
    rule = engine.rules.get("savage_assault")
    return engine.targets_for(rule, seat, None) if rule is not None else []


def _fenghuo(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    paid = yield from engine.ask(Request(seat, "discard", prompt="hk_fenghuo", cards=tuple(st.chars[seat].equip.values()), min=1, max=1))
    options = _beacon_targets(engine, seat)
    targets = options[0]
    if len(options) > 1:  # the order the user resolves it in (3v3 competitive)
        pick = yield from engine.ask(Request(seat, "skill", prompt="hk_fenghuo", choices=tuple(Choice(targets=t) for t in options)))
        targets = pick.targets
    announce(engine, seat, "hk_fenghuo", targets)
    engine.move(paid.cards, "equip", "discard", src_seat=seat, reason="hk_fenghuo")
    yield from engine.use_card(seat, "savage_assault", (), targets)


action("hk_fenghuo", lambda e, seat: bool(e.state.chars[seat].equip) and bool(_beacon_targets(e, seat)), _fenghuo)


# -- 花木兰: 易装 -------------------------------------------------------------------------

define("hk_yizhuang", "active")


def _dead_males(state: "State", seat: int) -> list[int]:
    return [p.seat for p in state.chars if not p.alive and p.gender == "male" and p.general in state.content.generals]


def _yizhuang(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    dead = yield from pay_and_aim(engine, seat, "hk_yizhuang", 2, _dead_males(st, seat))
    hero = st.content.general(st.chars[dead].general)
    engine.emit(Disguised(seat=seat, general=hero.id))
    change = hero.max_hp - st.chars[seat].max_hp
    if change:
        yield from engine.change_max_hp(seat, change, cause="hk_yizhuang")


action("hk_yizhuang", lambda e, seat: len(e.state.chars[seat].hand) >= 2 and bool(_dead_males(e.state, seat)), _yizhuang)


# -- 关羽: 补刀 ---------------------------------------------------------------------------

define("hk_budao", "active")


def _budao_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    st = engine.state
    t = ctx.dst
    return (
        ctx.card in SLASH_NAMES
        and st.current != seat
        and t != seat
        and st.chars[t].alive
        and _has_cards(st, seat)
        and engine.in_range(seat, t)
        and not banned(st, seat, t, "slash")
    )


def _budao(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    # A 杀 of his that draws blood opens this window again: he may go on.
    yield from engine.ask_use_slash(seat, (ctx.dst,), prompt=f"hk_budao:{ctx.dst}", source="hk_budao")


trigger("hk_budao", "damaged", _budao, can=_budao_can, silent=True)


# -- 秦琼: 反击, 门神 ---------------------------------------------------------------------

define("hk_fanji", "active")


def _fanji_can(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    st = engine.state
    src = ctx.src
    return (
        ctx.dst == seat
        and (ctx.card in SLASH_NAMES or ctx.card == "duel")
        and 0 <= src != seat
        and st.chars[src].alive
        and _has_cards(st, seat)
        and not banned(st, seat, src, "slash")
    )


def _fanji(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    src = ctx.src
    options = engine.card_options(seat, SLASH_NAMES, use=True, targets=(src,))
    choice = yield from engine.ask_hidden(seat, "use_slash", f"hk_fanji:{src}", options)
    if choice.is_pass:
        return
    announce(engine, seat, "hk_fanji", (src,), window="damaged")
    yield from engine.use_choice(seat, choice, extra={"hk_fanji": True})


def _red_undodgeable(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra.setdefault("no_dodge", set()).update(use.targets)
    return
    yield  # pragma: no cover


trigger("hk_fanji", "damaged", _fanji, can=_fanji_can, owners=lambda ctx: (ctx.dst,), silent=True)
trigger(
    "hk_fanji", "target_specified", _red_undodgeable,
    can=lambda e, seat, use: use.seat == seat and bool(use.extra.get("hk_fanji")) and use.name in SLASH_NAMES and color_of(use.cards) == "red",
    owners=lambda use: (use.seat,), optional=False,
)

define("hk_menshen", "active")


def ward_of(state: "State", seat: int) -> int:
    """The character 秦琼 stands in for (门神), or -1."""
    return skill_state(state, seat, "hk_menshen", "ward") - 1


def _menshen_set(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    st = engine.state
    go = yield from engine.ask(Request(seat, "skill", prompt="hk_menshen", choices=(*(Choice(targets=(t,)) for t in others_from(st, seat)), PASS_CHOICE)))
    if go.is_pass:
        return
    announce(engine, seat, "hk_menshen", go.targets, window="phase_start")
    set_state(engine, seat, "hk_menshen", "ward", go.targets[0] + 1)


def _menshen_end(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    set_state(engine, seat, "hk_menshen", "ward", 0)
    return
    yield  # pragma: no cover


def _menshen_can(engine: "Engine", seat: int, use: "UseCtx") -> bool:
    ward = ward_of(engine.state, seat)
    return (use.name in SLASH_NAMES or use.name == "duel") and ward in use.targets and ward not in use.cancelled and use.seat != seat and seat not in use.targets


def _menshen(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.targets[use.targets.index(ward_of(engine.state, seat))] = seat
    return
    yield  # pragma: no cover


trigger(
    "hk_menshen", "phase_start", _menshen_set,
    can=lambda e, seat, ctx: ctx.seat == seat and ctx.phase == "finish" and bool(others_from(e.state, seat)), owners=_turn_owner, silent=True,
)
trigger("hk_menshen", "turn_start", _menshen_end, can=lambda e, seat, ctx: ctx.seat == seat and ward_of(e.state, seat) >= 0, owners=_turn_owner, optional=False, silent=True)
trigger("hk_menshen", "target_confirming", _menshen, can=_menshen_can, optional=False, target=lambda e, seat, use: ward_of(e.state, seat))


# -- 赵飞燕: 玉步 (洛神, before the draw) -----------------------------------------------

define("hk_yubu", "active")
black_judgements(BOOK, "hk_yubu", phase="draw")
SAME_AS["hk_yubu"] = "luoshen"
