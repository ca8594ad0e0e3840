"""君 (jun) heroes' skills with rules of their own: 强掠 (铁木真), 隐忍 图强 (勾践),
控局 (李世民), 迁都 女权 (武则天), 蝶魂 (慕容), 奸雄 (曹操).

(嬴政 刘邦 赵匡胤 项羽 陈胜 and 铁木真's 骑射 play Sanguosha skills: ``same``.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .... import events as ev
from ....cards.base import take_card_of
from ....deck import KINDS
from ....requests import PASS_CHOICE, Choice, Request
from ....skills.base import announce, has_skill, uses_this_turn
from ....skills.common import discard_own, is_black, others_from
from .book import action, ban, define, form, mod, trigger
from .events import PlacesSwapped

if TYPE_CHECKING:
    from ....cards.basic import Dodged
    from ....engine import Engine, ResponseCtx, UseCtx
    from ....state import State

    Flow = Any


# -- 铁木真: 强掠 -------------------------------------------------------------------------

define("hk_qianglue", "active")


def _qianglue_can(engine: "Engine", seat: int, d: "Dodged") -> bool:
    p = engine.state.chars[d.target]
    return d.use.seat == seat and d.target != seat and p.alive and bool(p.hand or p.equip)


def _qianglue(engine: "Engine", seat: int, d: "Dodged") -> "Flow":
    final = yield from engine.judge(seat, "hk_qianglue")
    st = engine.state
    p = st.chars[d.target]
    if is_black(final) and st.chars[seat].alive and p.alive and (p.hand or p.equip):
        yield from take_card_of(engine, seat, d.target, "hk_qianglue", zones=("hand", "equip"))


trigger("hk_qianglue", "card_responded", _qianglue, can=_qianglue_can, owners=lambda d: (d.use.seat,), target=lambda e, seat, d: d.target)


# -- 勾践: 隐忍, 图强 ---------------------------------------------------------------------

define("hk_yinren", "compulsory")
YINREN_LIMIT = 20  # the card: 手牌上限为20张


def _yinren(st: "State", seat: int, limit: int) -> int:
    # No 杀 used in the turn (on others: a 杀 never targets its user).
    if st.current == seat and not st.used.get("slash_any", 0) and has_skill(st, seat, "hk_yinren"):
        return max(limit, YINREN_LIMIT)
    return limit


mod("hand_limit", _yinren, "hk_yinren")

define("hk_tuqiang", "compulsory")


def _tuqiang_can(engine: "Engine", seat: int, ctx: "ResponseCtx") -> bool:
    return ctx.seat == seat and engine.state.current != seat and ctx.answered is not None and ctx.answered[0] == "dodge"


def _draw_one(engine: "Engine", seat: int, ctx: Any) -> "Flow":
    yield from engine.draw(seat, 1, reason="hk_tuqiang")


# 被动技 that says 可: asked.
trigger("hk_tuqiang", "card_responding", _draw_one, can=_tuqiang_can, owners=lambda ctx: (ctx.seat,), optional=True)


# -- 李世民: 控局 -------------------------------------------------------------------------

define("hk_kongju", "compulsory")


def _kongju_limit(st: "State", seat: int, limit: int) -> int:
    p = st.chars[seat]
    if has_skill(st, seat, "hk_kongju") and len(p.hand) <= p.max_hp:
        return max(limit, p.max_hp)
    return limit


mod("hand_limit", _kongju_limit, "hk_kongju")
ban(("snatch", "dismantlement"), lambda st, user, t: has_skill(st, t, "hk_kongju") and len(st.chars[t].hand) < st.chars[t].max_hp, "hk_kongju")
ban(("indulgence",), lambda st, user, t: has_skill(st, t, "hk_kongju") and len(st.chars[t].hand) > st.chars[t].max_hp, "hk_kongju")


# -- 武则天: 迁都, 女权 -------------------------------------------------------------------

define("hk_qiandu", "active")


def _blacks(state: "State", seat: int) -> tuple[int, ...]:
    return tuple(c for c in state.chars[seat].hand if is_black(c))


def _qiandu(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    paid = yield from engine.ask(Request(seat, "discard", prompt="hk_qiandu", cards=_blacks(st, seat), min=2, max=2))
    to = yield from engine.ask(Request(seat, "skill", prompt="hk_qiandu", choices=tuple(Choice(targets=(t,)) for t in others_from(st, seat))))
    other = to.targets[0]
    announce(engine, seat, "hk_qiandu", (other,))
    discard_own(engine, seat, paid.cards, "hk_qiandu")
    engine.emit(PlacesSwapped(a=seat, b=other))


# The play request is the user's alone: it may look at the hand.
action("hk_qiandu", lambda e, seat: len(_blacks(e.state, seat)) >= 2 and bool(others_from(e.state, seat)), _qiandu, per_turn=1)

define("hk_nvquan", "compulsory")


def _nvquan_needs(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    needs = use.extra.setdefault("duel_needs", {})
    for t in use.targets:
        if engine.state.chars[t].gender == "male":
            needs[t] = max(2, needs.get(t, 1))
    return
    yield  # pragma: no cover


def _nvquan_void(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.cancelled.add(seat)
    return
    yield  # pragma: no cover


trigger(
    "hk_nvquan", "target_specified", _nvquan_needs,
    can=lambda e, seat, use: use.seat == seat and use.name == "duel" and any(e.state.chars[t].gender == "male" for t in use.targets),
    owners=lambda use: (use.seat,),
)
trigger(
    "hk_nvquan", "target_confirmed", _nvquan_void,
    can=lambda e, seat, use: use.name == "duel" and seat in use.targets and seat not in use.cancelled and e.state.chars[use.seat].gender == "male",
    owners=lambda use: use.targets,
)


# -- 慕容: 蝶魂 ---------------------------------------------------------------------------

define("hk_diehun", "active")
# Tricks that target several characters by default (默认是指定多个角色).
MASS_TRICKS = frozenset({"savage_assault", "archery_attack", "god_salvation", "amazing_grace"})


def _diehun(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    # Asked with the trick named (whether skipping it is worth a card).
    go = yield from engine.ask(Request(seat, "skill", prompt=f"hk_diehun:{use.name}:{use.seat}", choices=(Choice(option="hk_diehun"), PASS_CHOICE)))
    if go.is_pass:
        return
    announce(engine, seat, "hk_diehun", window="target_confirmed")
    use.cancelled.add(seat)
    yield from engine.draw(seat, 1, reason="hk_diehun")


trigger(
    "hk_diehun", "target_confirmed", _diehun,
    can=lambda e, seat, use: use.name in MASS_TRICKS and seat in use.targets and seat not in use.cancelled,
    owners=lambda use: use.targets, silent=True,
)


# -- 曹操: 奸雄 (Hero Kill's own: a card as the one used before it this turn) -------------

define("hk_jianxiong", "active")
LAST = "last:"  # per-turn state key: last:<card name> = the event number of its use
# The cards a card may be used as: basic and trick cards that are used in the play phase.
AS_NAMES = tuple(
    n for n in (
        "slash", "fire_slash", "thunder_slash", "peach", "analeptic", "dismantlement", "snatch", "duel", "savage_assault",
        "archery_attack", "god_salvation", "amazing_grace", "ex_nihilo", "collateral", "fire_attack", "iron_chain",
        "indulgence", "supply_shortage", "lightning",
    ) if n in KINDS
)  # fmt: skip


def last_used(state: "State", seat: int) -> str:
    """The card name ``seat`` used last this turn ("" before any)."""
    prefix, suffix = f"hk_jianxiong.{LAST}", f"@{seat}"
    best, name = -1, ""
    for k, v in state.used.items():
        if k.startswith(prefix) and k.endswith(suffix) and v > best:
            best, name = v, k[len(prefix) : -len(suffix)]
    return name


def _remember(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    st = engine.state
    engine.emit(ev.SkillStateChanged(seat=seat, skill="hk_jianxiong", key=LAST + use.name, value=st.seq, turn=True))
    return
    yield  # pragma: no cover


trigger(
    "hk_jianxiong", "card_used", _remember,
    can=lambda e, seat, use: use.seat == seat == e.state.current, owners=lambda use: (use.seat,), optional=False, silent=True,
)


def _as_last(name: str):
    def when(st: "State", seat: int) -> bool:
        return st.current == seat and st.phase == "play" and uses_this_turn(st, seat, "hk_jianxiong") < 1 and last_used(st, seat) == name

    return when


for _name in AS_NAMES:
    form("hk_jianxiong", _name, lambda c: True, zones=("hand", "equip"), play=False, when=_as_last(_name), option=f"hk_jianxiong:{_name}")
