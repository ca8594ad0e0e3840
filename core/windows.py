"""The timing windows of seed 000, in order; what a hook and a form are.

A window is a named point in a resolution where cards, equipment, skills and
mode rules may act (FreeKill calls them trigger events).  The orders below are
seed 000's "规则冲突和优先级" section.  Hooks at one window run in seat order from
the current player; an owner with several hooks there chooses their order.
Hooks and forms are registered in a content pack (``core.content``), so each
game has its own.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from .engine import Engine
    from .state import State

# Skill use: 即将发动技能时 > 即将发动技能选择目标时 > 选择目标时 > 发动技能时 > 指定目标时 > 指定目标后
SKILL_WINDOWS = (
    ("skill_about_to_use", "即将发动技能时"),
    ("skill_choosing_targets", "即将发动技能选择目标时"),
    ("skill_target_choosing", "选择目标时"),
    ("skill_used", "发动技能时"),
    ("skill_target_specifying", "指定目标时"),
    ("skill_target_specified", "指定目标后"),
)

# Card use, from 选择使用牌时 to 牌进入弃牌堆后, every one opened by the engine in this
# order (``Engine.use_card``; 响应牌时 … 牌被响应后 where a card is answered: ``Engine.play_for``,
# the 杀's 闪).  "结算效果时，使用牌后" is one step in the seed (a comma): 结算效果时 opens
# once the effect, answers and all, has been resolved, just before 使用牌后.
CARD_WINDOWS = (
    ("card_choosing", "选择使用牌时"),
    ("card_about_to_use", "即将使用牌时"),
    ("card_about_to_choose_targets", "即将使用牌选择目标时"),
    ("card_choosing_targets", "使用牌选择目标时"),
    ("card_about_to_specify", "即将使用牌指定目标时"),
    ("target_specifying", "使用牌指定目标时"),
    ("card_using", "使用牌时"),
    ("target_confirming", "成为牌的目标时"),
    ("target_specified", "使用牌指定目标后"),
    ("target_confirmed", "成为牌的目标后"),
    ("card_responding", "响应牌时（打出牌时）"),
    ("card_being_responded", "牌被响应时"),
    ("card_responded", "牌被响应后"),
    ("card_effect", "结算效果时"),
    ("card_used", "使用牌后"),
    ("card_to_discard", "牌因结算/使用进入弃牌堆时"),
    ("card_discarded", "牌进入弃牌堆后"),
)

# Damage: 即将造成的伤害 > 即将造成伤害时 > (防止) > 造成伤害时 > 受到伤害时 > (防止) > 造成伤害后 > 受到伤害后
DAMAGE_WINDOWS = (
    ("damage_pending", "即将造成的伤害"),
    ("damage_causing", "即将造成伤害时"),
    ("damage_caused", "造成伤害时"),
    ("damage_inflicted", "受到伤害时"),
    ("damage_done", "造成伤害后"),
    ("damaged", "受到伤害后"),
)

# Turn and other rule points (standard Sanguosha).
TURN_WINDOWS = (
    ("turn_start", "回合开始时"),
    ("phase_before", "阶段开始前"),  # before a phase starts or is skipped (克己 skips the discard phase)
    ("phase_start", "阶段开始时"),
    ("draw_count", "摸牌阶段摸牌时"),
    ("phase_end", "阶段结束时"),
    ("turn_end", "回合结束时"),
    ("dying", "进入濒死状态时"),
    ("death", "死亡时"),
    ("judge_result", "判定结果确定前"),
    ("judged", "判定生效后"),
    ("cards_lost", "失去牌后"),
    ("recovered", "回复体力后"),
    ("response_needed", "需要使用或打出牌时"),
)

WINDOW_ZH: dict[str, str] = dict(SKILL_WINDOWS + CARD_WINDOWS + DAMAGE_WINDOWS + TURN_WINDOWS)
WINDOWS: tuple[str, ...] = tuple(WINDOW_ZH)


def add_window(name: str, zh: str) -> str:
    """A timing window a mode's own rule opens (duel's 调遣后), so that hooks may attach there.

    Like ``core.deck.add_kind``: registering the same name twice must give the same text.
    """
    known = WINDOW_ZH.get(name)
    if known is not None and known != zh:
        raise ValueError(f"window {name!r} is already {known!r}")
    WINDOW_ZH[name] = zh
    return name


class Hook(msgspec.Struct, frozen=True):
    """Something that acts at a window: a card, equipment, skill or mode rule.

    ``holds(state, seat)`` says whether ``seat`` has it (an equipped weapon, a
    general's skill); ``can(engine, seat, ctx)`` whether it may act now;
    ``run(engine, seat, ctx)`` its effect (a generator: it may ask for
    decisions).  An optional hook asks its owner first; ``target(engine,
    seat, ctx)``, when given, names the character it acts on (the trigger
    question and the ``Triggered`` event carry it).  A ``silent`` hook emits
    its own ``Triggered`` when it really acts (one that asks per target).
    ``owners(ctx)``, when given, lists the only seats that may act on ``ctx``.
    """

    window: str
    source: str
    run: Callable[["Engine", int, Any], Generator]
    holds: Callable[[Any, int], bool]
    can: Callable[["Engine", int, Any], bool] = lambda engine, seat, ctx: True
    optional: bool = False
    target: Callable[["Engine", int, Any], int] | None = None
    silent: bool = False
    # The only seats that can act on this ctx (the damaged one, the user):
    # lets a window skip everyone else without asking ``holds``.
    owners: Callable[[Any], Collection[int]] | None = None
    # The skill it belongs to: a game in which no general has that skill
    # never looks at the hook (most windows of most games cost nothing).
    skill: str = ""


class Form(msgspec.Struct, frozen=True):
    """A way to use or play cards as a card they are not printed as.

    丈八蛇矛 (two hand cards as 杀), 朱雀羽扇 (a 杀 as 火杀); later skills
    such as 武圣.  The engine offers ``Choice(option=form.option)`` wherever a
    card named ``name`` may be used (``use``) or played in response (``play``),
    when ``available(state, seat)``; taking it runs ``pick(engine, seat)``, a
    flow that returns the physical cards (from the hand, the equipment, or
    already in the processing zone: 激将's card another seat played).

    ``skill`` names the skill it belongs to (the ``Triggered`` event's source;
    龙胆 has two forms).  A form that does not ``announce`` emits its own
    ``Triggered`` in ``pick``, and its pick may return None: the use is called
    off (nobody answered 激将).
    """

    option: str
    name: str
    available: Callable[["State", int], bool]
    pick: Callable[["Engine", int], Generator]
    use: bool = True
    play: bool = True
    skill: str = ""
    announce: bool = True

    @property
    def source(self) -> str:
        return self.skill or self.option
