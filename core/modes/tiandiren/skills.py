"""What the mode grants, as skills of its own pack (``TianDiRen.refresh`` says who has them).

- 亮将: the reveal that earns an identity (seed 002 ⑤ ⑴): in one's play
  phase by choice, and at once on entering the dying state.
- 兑换: cashing 勾玉.  The seed calls 勾玉 the *rewards* (a rebel's killer
  "still" gets 勾玉×3 where the standard game draws three cards) and lets a
  renegade 兑换 its rewards to others; it leaves the rate to an article we do
  not have.  We cash one 勾玉 for one card drawn, the unit of the standard
  reward, in the owner's play phase.
- The identity skills printed on the identity cards (seed 002 ①), held with
  the identity: 单刀赴会 (lord), 拳拳盛意 (loyalist), 除暴安良 (rebel), 卧虎藏龙
  (renegade).  The first three pay 勾玉 when a death or an earned identity
  calls for it (``identity.lone_blade``, ``TianDiRen.after_death``).
- The force skills (势力技), one per kingdom, held by a lord for its kingdom
  and by a non-lord for the kingdom of the general it revealed.  Seed 002
  defers their texts to its "常规玩法篇", which we do not have: these four are
  the project's stand-ins (option ``force_skills=none`` plays without them).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from sanguozhi.core.content import Pack
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.skills.base import SkillBook, announce

from .identity import earn, gain, unearned

if TYPE_CHECKING:
    from sanguozhi.core.engine import DamageCtx, Engine, TurnCtx, UseCtx

    Flow = Generator[Any, Any, Any]

TIANDIREN_SKILLS = Pack("tiandiren-skills", "天地人·身份技与势力技", "Tiandiren identity and force skills")
BOOK = SkillBook(TIANDIREN_SKILLS)
define = BOOK.define

IDENTITY_SKILLS = {"lord": "dandao_fuhui", "loyalist": "quanquan_shengyi", "rebel": "chubao_anliang", "renegade": "wohu_canglong"}
FORCE_SKILLS = {"wei": "force_wei", "shu": "force_shu", "wu": "force_wu", "qun": "force_qun"}


# -- 亮将 ---------------------------------------------------------------------------------------

define(
    "liangjiang", "亮将", "Reveal", "active",
    "出牌阶段，你可以亮出暗置的武将牌，从身份牌行中获得一张身份牌；当你进入濒死状态时，你须先亮将，再结算濒死。",
    "In your play phase you may reveal your concealed general and take an identity card from the row; on entering the dying state you must reveal first.",
)


def _reveal(engine: "Engine", seat: int) -> "Flow":
    announce(engine, seat, "liangjiang")
    yield from earn(engine, seat)


def _forced_reveal(engine: "Engine", seat: int, ctx: int) -> "Flow":
    yield from earn(engine, seat)


BOOK.action("liangjiang", lambda engine, seat: unearned(engine.state, seat), _reveal)
BOOK.trigger("liangjiang", "dying", _forced_reveal, owners=lambda dying: (dying,), optional=False)


# -- 兑换 ---------------------------------------------------------------------------------------

define(
    "duihuan", "兑换", "Cash In", "active",
    "出牌阶段，你可以兑换任意枚勾玉，每枚摸一张牌（一枚勾玉兑换一张牌：种子未给出兑换比例，此为本项目的解读）。",
    "In your play phase you may cash in any number of your gouyu, drawing one card for each (one gouyu for one card: "
    "the seed gives no rate; this is the project's reading).",
)


def _gouyu(engine: "Engine", seat: int) -> int:
    return engine.state.seats[engine.state.chars[seat].owner].points


def _cash(engine: "Engine", seat: int) -> "Flow":
    st = engine.state
    have = _gouyu(engine, seat)
    pick = yield from engine.ask(Request(seat, "gouyu", prompt="duihuan", choices=tuple(Choice(option=str(k)) for k in range(1, have + 1))))
    k = int(pick.option)
    announce(engine, seat, "duihuan")
    gain(engine, seat, -k, "duihuan")
    if "wohu_canglong" not in st.chars[seat].skills:
        yield from engine.draw(seat, k, reason="duihuan")
        return
    # 卧虎藏龙: the renegade's rewards may go to any characters, each card its own.
    for _ in range(k):
        to = yield from engine.ask(Request(seat, "recipient", prompt="wohu_canglong", choices=tuple(Choice(targets=(t,)) for t in st.seats_from(seat))))
        yield from engine.draw(to.targets[0], 1, reason="wohu_canglong")


BOOK.action("duihuan", lambda engine, seat: _gouyu(engine, seat) > 0, _cash)


# -- identity skills ------------------------------------------------------------------------------

define(
    "dandao_fuhui", "单刀赴会", "Lone Blade", "compulsory",
    "触发技，当一名角色获得反贼身份时，若场上没有忠臣（忠臣身份牌尚无人领取，或忠臣已阵亡），奖励你勾玉*1。",
    "When a character takes the rebel identity while there is no loyalist on the table (none taken yet, or all dead), you gain 1 gouyu.",
)
define(
    "quanquan_shengyi", "拳拳盛意", "Earnest Loyalty", "compulsory",
    "触发技，当你击杀其他阵营的角色时，奖励你勾玉*1。",
    "When you kill a character of another side (a rebel or renegade), you gain 1 gouyu.",
)
define(
    "chubao_anliang", "除暴安良", "Quell the Lawless", "compulsory",
    "触发技，当你被一名非反贼击杀时，奖励伤害来源勾玉*2（反贼杀反贼仍是勾玉*3，非反贼杀反贼则是勾玉*5）。",
    "When you are killed by a non-rebel, the killer gains 2 more gouyu (a rebel killing a rebel still gains 3; anyone else gains 5).",
)
define(
    "wohu_canglong", "卧虎藏龙", "Crouching Tiger", "limited",
    "启动技，限定技，奖励你勾玉*2；持续技，你兑换勾玉时，所摸的牌可以分配给任意名角色。",
    "Limited: once, in your play phase, gain 2 gouyu. Always: when you cash in gouyu, each card drawn may go to any character.",
)


def _tiger(engine: "Engine", seat: int) -> "Flow":
    announce(engine, seat, "wohu_canglong")
    gain(engine, seat, 2, "wohu_canglong")
    return
    yield  # pragma: no cover


BOOK.action("wohu_canglong", lambda engine, seat: True, _tiger)


# -- force skills (the project's stand-ins) -------------------------------------------------------

define(
    "force_wei", "魏·固守", "Wei: Hold Fast", "compulsory",
    "势力技（本项目替代文字），锁定技，当你受到伤害后，若你的手牌数小于体力值，你摸一张牌。",
    "Force skill (project stand-in). Compulsory: after you take damage, if you hold fewer cards than your hp, draw one.",
)
define(
    "force_shu", "蜀·锐进", "Shu: Press On", "compulsory",
    "势力技（本项目替代文字），锁定技，你的攻击范围+1。",
    "Force skill (project stand-in). Compulsory: your attack range is +1.",
)
define(
    "force_wu", "吴·济世", "Wu: Succour", "compulsory",
    "势力技（本项目替代文字），锁定技，你使用【桃】令自己回复体力时，回复值+1。",
    "Force skill (project stand-in). Compulsory: a Peach you use on yourself recovers 1 more.",
)
define(
    "force_qun", "群·聚众", "Qun: Rally", "compulsory",
    "势力技（本项目替代文字），锁定技，摸牌阶段，若你没有手牌，你多摸一张牌。",
    "Force skill (project stand-in). Compulsory: in your draw phase, if you have no hand cards, draw one more.",
)


def _hold_fast(engine: "Engine", seat: int, ctx: "DamageCtx") -> "Flow":
    yield from engine.draw(seat, 1, reason="force_wei")


def _succour(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    use.extra["recover_bonus"] = use.extra.get("recover_bonus", 0) + 1
    return
    yield  # pragma: no cover


def _rally(engine: "Engine", seat: int, ctx: "TurnCtx") -> "Flow":
    ctx.draw += 1
    return
    yield  # pragma: no cover


def _short_handed(engine: "Engine", seat: int, ctx: "DamageCtx") -> bool:
    p = engine.state.chars[seat]
    return p.alive and len(p.hand) < p.hp


BOOK.trigger("force_wei", "damaged", _hold_fast, can=_short_handed, owners=lambda ctx: (ctx.dst,))
BOOK.mod("range", lambda state, seat: 1 if "force_shu" in state.chars[seat].skills else 0, "force_shu")
BOOK.trigger(
    "force_wu",
    "target_confirmed",
    _succour,
    can=lambda engine, seat, use: use.name == "peach" and all(t == seat for t in use.targets),
    owners=lambda use: (use.seat,),
)
BOOK.trigger("force_qun", "draw_count", _rally, can=lambda engine, seat, ctx: ctx.seat == seat and not engine.state.chars[seat].hand, owners=lambda ctx: (ctx.seat,))
