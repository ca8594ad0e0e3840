"""The skill framework: what a skill is, who has it, and how it acts.

A skill (技能) is printed on a general; a living character has the skills of
its face-up generals (and a mode may grant more).  Seed 000 names the kinds the standard set needs:

- ``active`` (主动技, the default): the owner may use it at its timing;
- ``compulsory`` (锁定技): it acts whenever its condition holds, unasked;
- ``limited`` (限定技): once per game;
- ``awakening`` (觉醒技): acts by itself (an inserted resolution) once per game;
- ``lord_skill`` (主公技): only while its owner's role is lord;
- ``switch`` (转换技): starts yang (阳); each use turns it to the other state.

A content pack may print kinds of its own with ``add_skill_kind`` (seed 000's
covert, build, legislate, party, formation and staged skills: ``core.mechanics``).

A skill acts in one of four ways, each registered through a ``SkillBook``:

- a *trigger*: a ``core.windows.Hook`` at a timing window (奸雄 at 受到伤害后);
  an optional one asks its owner (a ``trigger`` request with pass);
- an *action*: a play-phase option (``Choice(option=skill_id)``) that runs a
  flow (制衡, 苦肉);
- a *form*: a ``core.windows.Form`` that makes a card count as another where
  that card may be used or played (武圣: a red card as 杀);
- a *rule modifier*: a function at a modifier point (``core.content.POINTS``:
  马术 changes ``distance``) or a target ban (空城).

Skills are defined into a content pack through a ``SkillBook`` (the standard
generals' book is ``core.skills.standard``), so a game has only the skills its
ruleset installs.  *Having* a skill is the character's ``skills`` (derived by
the ruleset from its face-up generals); a skill of a concealed general is
``latent``: the engine offers it and reveals the general before it acts.

Every use is an event: a ``Triggered(seat, source=skill_id, w=window)`` (the
engine emits it for triggers and forms; actions announce themselves with
``announce``).  What a skill must remember lives in the state through events:
a limited skill's use, an awakening and a switch's yin/yang are
``SkillStateChanged`` events folded into ``Character.marks`` (per game) or into
``State.used`` (per turn); uses this turn are counted by folding ``Triggered``
(``used[f"{skill}@{seat}"]``).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from typing import TYPE_CHECKING, Any

import msgspec

from .. import events as ev
from ..content import Pack
from ..windows import Form, Hook

if TYPE_CHECKING:
    from ..engine import Engine
    from ..requests import Choice, Request
    from ..state import State

    Flow = Generator[Request, Choice, Any]

KINDS: dict[str, str] = {
    "active": "主动技",
    "compulsory": "锁定技",
    "limited": "限定技",
    "awakening": "觉醒技",
    "lord_skill": "主公技",
    "switch": "转换技",
}




def add_skill_kind(kind: str, zh: str) -> None:
    """Print a skill kind of a pack's own (its behaviour lives with the pack)."""
    if KINDS.get(kind, zh) != zh:
        raise ValueError(f"skill kind {kind!r} is already {KINDS[kind]}")
    KINDS[kind] = zh


class Skill(msgspec.Struct, frozen=True):
    """A skill as printed: its id (pinyin, GLOSSARY), names, kind and texts."""

    id: str
    name_zh: str
    name_en: str
    kind: str
    text_zh: str
    text_en: str
    compulsory: bool = False  # also 锁定技 (a lord skill can be both)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind it has, the main one first (``("lord_skill", "compulsory")``)."""
        if self.compulsory and self.kind != "compulsory":
            return (self.kind, "compulsory")
        return (self.kind,)

    @property
    def asks(self) -> bool:
        """Does using it ask its owner?  Compulsory and awakening skills do not."""
        return not (self.compulsory or self.kind in ("compulsory", "awakening"))


# Every skill of every pack, by id: what ``sgz generals`` lists and narration
# names.  An id means one skill everywhere (a pack that words a skill
# differently gives it an id of its own); which skills a game plays with is
# its content's business.
SKILLS: dict[str, Skill] = {}


class SkillError(ValueError):
    """A skill registered twice, of an unknown kind, or referenced but missing."""


# A skill's rule as a function of the id it is defined under, for the skills
# another pack prints under a name of its own (Hero Kill's 集权 is 奸雄): one
# rule, two names.  ``rule`` registers one; ``SkillBook.same_as`` applies it.
RULES: dict[str, Callable[["SkillBook", str], None]] = {}
# A skill printed under another name -> the skill whose rule it plays (bots
# and prompts that know the original know it too).
SAME_AS: dict[str, str] = {}


def same_rule(sid: str) -> str:
    """The skill whose rule ``sid`` plays (itself when it has its own)."""
    return SAME_AS.get(sid, sid)


def rule(book: "SkillBook", sid: str) -> Callable[[Callable[["SkillBook", str], None]], Callable[["SkillBook", str], None]]:
    """Decorator: ``attach(book, sid)`` gives skill ``sid`` its behaviour; it is kept as
    ``sid``'s rule (``RULES``) and applied to ``book`` at once."""

    def register(attach: Callable[["SkillBook", str], None]) -> Callable[["SkillBook", str], None]:
        if sid in RULES:
            raise SkillError(f"skill {sid!r} has two rules")
        RULES[sid] = attach
        attach(book, sid)
        return attach

    return register


def skill(sid: str) -> Skill:
    try:
        return SKILLS[sid]
    except KeyError:
        raise SkillError(f"unknown skill {sid!r}") from None


# -- who has a skill ---------------------------------------------------------------


def has_skill(state: "State", seat: int, sid: str) -> bool:
    """Does the character at ``seat`` have skill ``sid`` now (alive, its general face up)?"""
    p = state.chars[seat]
    return sid in p.skills and p.alive


def skill_state(state: "State", seat: int, sid: str, key: str) -> int:
    """A per-game skill value folded from ``SkillStateChanged`` (0 when never set)."""
    return state.chars[seat].marks.get(f"{sid}.{key}", 0)


def turn_state(state: "State", seat: int, sid: str, key: str) -> int:
    """A per-turn skill value (cleared when a turn starts)."""
    return state.used.get(f"{sid}.{key}@{seat}", 0)


def uses_this_turn(state: "State", seat: int, sid: str) -> int:
    """How many times ``seat`` used ``sid`` this turn (folded from ``Triggered``)."""
    return state.used.get(f"{sid}@{seat}", 0)


def set_state(engine: "Engine", seat: int, sid: str, key: str, value: int, *, turn: bool = False) -> None:
    engine.emit(ev.SkillStateChanged(seat=seat, skill=sid, key=key, value=value, turn=turn))


def is_used_up(state: "State", seat: int, sid: str) -> bool:
    """A limited skill already used, or an awakening already happened."""
    kind = state.content.skills[sid].kind
    if kind == "limited":
        return skill_state(state, seat, sid, "used") > 0
    if kind == "awakening":
        return skill_state(state, seat, sid, "awake") > 0
    return False


def switch_side(state: "State", seat: int, sid: str) -> str:
    """A switch skill's current state: ``yang`` (the start) or ``yin``."""
    return "yin" if skill_state(state, seat, sid, "yin") else "yang"


def holder(sk: Skill) -> Callable[["State", int], bool]:
    """``holds`` for a hook, action or form: the character has the skill (or may use it
    by revealing its general) and, if limited/awakening, has not spent it."""
    sid = sk.id
    once = sk.kind in ("limited", "awakening")
    key = f"{sid}.{'used' if sk.kind == 'limited' else 'awake'}"

    def holds(state: "State", seat: int) -> bool:
        p = state.chars[seat]
        if not p.alive or (sid not in p.skills and sid not in p.latent):
            return False
        if once and p.marks.get(key, 0):
            return False
        return True

    return holds


def _spend(engine: "Engine", seat: int, sid: str) -> None:
    """What using a skill changes by its kind: a limited one is spent, an awakening happens."""
    kind = engine.content.skills[sid].kind
    if kind == "limited":
        set_state(engine, seat, sid, "used", 1)
    elif kind == "awakening":
        set_state(engine, seat, sid, "awake", 1)


def _flip(engine: "Engine", seat: int, sid: str) -> None:
    if engine.content.skills[sid].kind == "switch":
        set_state(engine, seat, sid, "yin", 0 if skill_state(engine.state, seat, sid, "yin") else 1)


def announce(engine: "Engine", seat: int, sid: str, targets: tuple[int, ...] = (), window: str = "skill_used") -> None:
    """Record a use of ``sid`` (a ``Triggered`` event) and spend it if it is limited or awakening."""
    engine.emit(ev.Triggered(seat=seat, source=sid, targets=targets, w=window))
    _spend(engine, seat, sid)


def ask_trigger(engine: "Engine", seat: int, sid: str, window: str, targets: tuple[int, ...] = ()) -> Generator["Request", "Choice", bool]:
    """Ask the owner whether to use ``sid`` now (the same question the engine asks for an optional hook).

    Yes to a skill of a concealed general reveals the general first.
    """
    from ..requests import PASS_CHOICE, Choice, Request

    go = yield from engine.ask(Request(seat, "trigger", prompt=f"{window}:{sid}", choices=(Choice(option=sid, targets=targets), PASS_CHOICE)))
    if go.is_pass:
        return False
    yield from engine.reveal_if_latent(seat, sid)
    return True


def _always(engine: "Engine", seat: int, ctx: Any) -> bool:
    return True


class Action(msgspec.Struct, frozen=True):
    """A play-phase use of an active skill: offered as ``Choice(option=skill)``.

    ``available(engine, seat)`` says whether it may be used now; ``run`` is
    the flow once chosen (it asks for the cards and targets it needs and must
    call ``announce``).  Once chosen, it is carried out (no take-back): it is
    only offered when it can be completed.
    """

    skill: str
    available: Callable[["Engine", int], bool]
    run: Callable[["Engine", int], "Flow"]
    per_turn: int = 0  # 0: no limit; 1: 出牌阶段限一次


class SkillBook:
    """Defines skills into one content pack: printed data with ``define``,
    behaviour with ``trigger``, ``action``, ``form`` and ``mod``/``ban``."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack

    def define(self, id: str, name_zh: str, name_en: str, kind: str, text_zh: str, text_en: str, *, compulsory: bool = False) -> Skill:
        """Register a skill's printed data; its behaviour is attached with ``trigger``, ``action``, ``form``."""
        if kind not in KINDS:
            raise SkillError(f"skill {id!r}: unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        sk = Skill(id, name_zh, name_en, kind, text_zh, text_en, compulsory or kind == "compulsory")
        if SKILLS.get(id, sk) != sk:
            raise SkillError(f"skill {id!r} is registered twice with different texts")
        SKILLS[id] = sk
        self.pack.skill(sk)
        return sk

    def same_as(self, sid: str, of: str, name_zh: str, name_en: str, text_zh: str, text_en: str) -> Skill:
        """Print ``sid``, a skill whose effect is ``of``'s, under its own name and text:
        ``of``'s rule attached under ``sid`` (its kind is ``of``'s)."""
        base = skill(of)
        attach = RULES.get(of)
        if attach is None:
            raise SkillError(f"skill {of!r} has no rule to reuse (define it with core.skills.base.rule)")
        sk = self.define(sid, name_zh, name_en, base.kind, text_zh, text_en, compulsory=base.compulsory)
        attach(self, sid)
        SAME_AS[sid] = of
        return sk

    def _skill(self, sid: str) -> Skill:
        try:
            return self.pack.skills[sid]
        except KeyError:
            raise SkillError(f"skill {sid!r} is not defined in pack {self.pack.id!r}") from None

    # -- triggers ------------------------------------------------------------------

    def trigger(
        self,
        sid: str,
        window: str,
        run: Callable[["Engine", int, Any], "Flow"],
        *,
        can: Callable[["Engine", int, Any], bool] = _always,
        owners: Callable[[Any], Collection[int]] | None = None,
        optional: bool | None = None,
        target: Callable[["Engine", int, Any], int] | None = None,
        silent: bool = False,
    ) -> Hook:
        """Attach skill ``sid`` at ``window``.

        ``optional`` defaults to the skill's kind (a compulsory or awakening skill
        is not asked).  A ``silent`` hook asks and announces itself (``announce``)
        when it really acts: one that asks per target, or asks with its own choices.
        A limited or awakening skill is spent when it acts; a switch skill turns
        over after each use.
        """
        sk = self._skill(sid)
        opt = (sk.asks and not silent) if optional is None else optional

        if silent or sk.kind not in ("limited", "awakening", "switch"):
            body = run
        else:

            def body(engine: "Engine", seat: int, ctx: Any) -> "Flow":
                _spend(engine, seat, sid)
                result = yield from run(engine, seat, ctx)
                _flip(engine, seat, sid)
                return result

        return self.pack.hook(Hook(window, sid, body, holder(sk), can=can, optional=opt, target=target, silent=silent, owners=owners, skill=sid))

    # -- actions (play-phase options) ---------------------------------------------------

    def action(self, sid: str, available: Callable[["Engine", int], bool], run: Callable[["Engine", int], "Flow"], *, per_turn: int = 0) -> Action:
        sk = self._skill(sid)
        holds = holder(sk)

        def ok(engine: "Engine", seat: int) -> bool:
            st = engine.state
            if not holds(st, seat):
                return False
            if per_turn and uses_this_turn(st, seat, sid) >= per_turn:
                return False
            return available(engine, seat)

        def go(engine: "Engine", seat: int) -> "Flow":
            result = yield from run(engine, seat)
            _flip(engine, seat, sid)
            return result

        return self.pack.action(Action(sid, ok, go if sk.kind == "switch" else run, per_turn))

    # -- forms (converted cards) ----------------------------------------------------------

    def form(
        self,
        sid: str,
        name: str,
        match: Callable[[int], bool],
        *,
        zones: tuple[str, ...] = ("hand",),
        use: bool = True,
        play: bool = True,
        when: Callable[["State", int], bool] | None = None,
        option: str = "",
        count: int = 1,
        pick: Callable[["Engine", int], "Flow"] | None = None,
    ) -> Form:
        """Skill ``sid`` lets ``count`` card(s) that ``match`` (from ``zones``) count as ``name``.

        ``when(state, seat)`` adds a condition (急救: outside your turn).  The
        option is the skill id unless the skill has several forms (龙胆).  A form
        with its own ``pick`` (激将: the card comes from someone else) announces
        itself and may return None to call the use off; ``count=0`` means it
        needs no card of the owner's.
        """
        holds = holder(self._skill(sid))

        def candidates(state: "State", seat: int) -> list[int]:
            p = state.chars[seat]
            out = [c for c in p.hand if match(c)] if "hand" in zones else []
            if "equip" in zones:
                out.extend(c for c in p.equip.values() if match(c))
            return out

        def available(state: "State", seat: int) -> bool:
            if not holds(state, seat) or (when is not None and not when(state, seat)):
                return False
            if count == 0:
                return True
            if count == 1:
                p = state.chars[seat]
                if "hand" in zones and any(map(match, p.hand)):
                    return True
                return "equip" in zones and any(map(match, p.equip.values()))
            return len(candidates(state, seat)) >= count

        def pick_cards(engine: "Engine", seat: int) -> "Flow":
            from ..requests import Request

            cards = tuple(candidates(engine.state, seat))
            # Secret: how many cards could have been turned is the hand's business.
            choice = yield from engine.ask(Request(seat, "convert", prompt=f"{sid}:{name}", cards=cards, min=count, max=count, vis=engine.secret(seat)))
            _spend(engine, seat, sid)
            return choice.cards

        return self.pack.form(Form(option or sid, name, available, pick or pick_cards, use=use, play=play, skill=sid, announce=pick is None))

    # -- modifiers ------------------------------------------------------------------------

    def mod(self, point: str, fn: Callable[..., Any], sid: str) -> Callable[..., Any]:
        """Skill ``sid`` changes a rule at a modifier point (``core.content.POINTS``)."""
        self._skill(sid)
        return self.pack.mod(point, fn, owner=sid)

    def ban(self, card_names: tuple[str, ...], fn: Callable[["State", int, int], bool], sid: str) -> None:
        """Skill ``sid`` forbids targets of these cards: fn(state, user, target) -> True when banned."""
        self._skill(sid)
        self.pack.ban(card_names, fn, owner=sid)
