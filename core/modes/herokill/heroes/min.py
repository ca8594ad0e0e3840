"""民 (min) heroes' skills with rules of their own: 侠胆 (任桓之), 飞贼 神偷 轻敏 (时迁),
底力 狂禅 (鲁智深).

(武松 宋江 西施 扁鹊 陈圆圆 李师师 李逵 play Sanguosha skills: ``same``.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....cards.base import SUIT
from ....deck import SLASH_NAMES
from ....requests import Choice, Request
from ....skills.base import announce, has_skill, set_state, turn_state
from ....skills.common import others_from, pindian
from .book import action, ban, define, form, mod, trigger

if TYPE_CHECKING:
    from ....content import Content
    from ....engine import Engine, TurnCtx
    from ....state import State

    Flow = Any


# -- 任桓之: 侠胆 (天义 without its once-a-phase limit) -----------------------------------

define("hk_xiadan", "active")


def _won(st: "State", seat: int) -> bool:
    return turn_state(st, seat, "hk_xiadan", "won") > 0


def _lost(st: "State", seat: int) -> bool:
    return turn_state(st, seat, "hk_xiadan", "lost") > 0


def _xiadan_targets(st: "State", seat: int) -> list[int]:
    return [t for t in others_from(st, seat) if st.chars[t].hand]


def _xiadan(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    to = yield from engine.ask(Request(seat, "skill", prompt="hk_xiadan", choices=tuple(Choice(targets=(t,)) for t in _xiadan_targets(st, seat))))
    announce(engine, seat, "hk_xiadan", to.targets)
    won = yield from pindian(engine, seat, to.targets[0], "hk_xiadan")
    set_state(engine, seat, "hk_xiadan", "won" if won else "lost", 1, turn=True)


# The card gives no use limit (QYXS's 天义 is once a phase); a win's effects do not add up,
# and a loss bars 杀 for the rest of the turn whatever follows.
action("hk_xiadan", lambda e, seat: bool(e.state.chars[seat].hand) and bool(_xiadan_targets(e.state, seat)), _xiadan)
mod("slash_limit", lambda st, seat, limit: max(limit, 2) if _won(st, seat) else limit, "hk_xiadan")
mod("slash_extra_targets", lambda st, seat, card: 1 if _won(st, seat) else 0, "hk_xiadan")
mod("in_range", lambda st, a, b: _won(st, a), "hk_xiadan")
ban(tuple(sorted(SLASH_NAMES)), lambda st, user, target: _lost(st, user), "hk_xiadan")


# -- 时迁: 飞贼, 神偷, 轻敏 ----------------------------------------------------------------

define("hk_feizei", "compulsory")
mod("card_distance_free", lambda st, seat, name: name == "snatch" and has_skill(st, seat, "hk_feizei"), "hk_feizei")

define("hk_shentou", "active")
form("hk_shentou", "snatch", lambda c: SUIT[c] == "club", play=False)

define("hk_qingmin", "compulsory")
ban(("snatch",), lambda st, user, target: has_skill(st, target, "hk_qingmin"), "hk_qingmin")


# -- 鲁智深: 底力, 狂禅 --------------------------------------------------------------------

define("hk_dili", "compulsory")


def _dili(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    p = engine.state.chars[seat]
    ctx.draw += p.max_hp - max(p.hp, 0)
    return
    yield  # pragma: no cover


trigger("hk_dili", "draw_count", _dili, can=lambda e, seat, ctx: ctx.seat == seat and e.state.chars[seat].hp < e.state.chars[seat].max_hp, owners=lambda ctx: (ctx.seat,))

define("hk_kuangchan", "compulsory")


def _no_bonus(content: "Content", general: str, bonus: int) -> int:
    return 0 if "hk_kuangchan" in content.general(general).skills else bonus


mod("max_hp_bonus", _no_bonus, "hk_kuangchan")
