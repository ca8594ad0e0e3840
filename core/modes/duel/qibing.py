"""The ten 奇兵 cards: the project's stand-ins (seed 003 names 10 kinds and
describes two effects, 奇门遁甲 and 碎石锤, in its FAQ; the rest are ours).

A 奇兵 card lies face up in front of its player (the seat's ``qibing`` zone):
it is not a hand card but is used or played like one, 过河拆桥 cannot reach
it, it has no suit, rank or colour, and after use it goes back to the 奇兵
pile.  Four ways to act, by kind:

- counts as a standard card: 伏兵 (杀), 藤牌 (闪, played only), 金疮药 (桃),
  锦囊妙计 (无懈可击) — a form for using it, a ``response_needed`` hook for
  playing it;
- its own play-phase effect: 援军, 急行军, 战鼓, 斥候 — a card rule;
- an answer at a timing window: 奇门遁甲 (an own general becomes the target of
  a 杀: it swaps places with a neighbour, both redeployed at once, and the 杀
  goes to that neighbour — "转移【杀】", FAQ 规则相关 2), 碎石锤 (an own
  general's 杀 is dodged: it deals its damage anyway — FAQ 武将相关 4).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...cards.base import CardRule
from ...deck import SLASH_NAMES
from ...requests import Choice, Request
from ...windows import Form, Hook
from . import row
from .cards import DUEL_CARDS
from .data import QIBING, QIBING_CARDS
from .rules import (
    QIBING_ZONE,
    count,
    enemies,
    face_up,
    has_qibing,
    lift_qibing,
    owner,
    qibing_cards,
    redeploy,
    return_qibing,
    turn_count,
)

if TYPE_CHECKING:
    from ...cards.basic import Dodged
    from ...engine import Engine, ResponseCtx, UseCtx
    from ...state import State

    Flow = Generator[Any, Any, Any]


def _holds(kind: str):
    def holds(state: "State", c: int) -> bool:
        p = state.chars[c]
        return p.alive and has_qibing(state, p.owner, kind)

    return holds


def _mine(engine: "Engine", c: int, kind: str) -> int:
    return qibing_cards(engine.state, owner(engine.state, c), kind)[0]


def _back_after_use(engine: "Engine", seat: int, use: "UseCtx") -> "Flow":
    left = tuple(c for c in use.cards if c in QIBING_CARDS and c in engine.state.processing)
    return_qibing(engine, left, "processing")
    return
    yield  # pragma: no cover


# After any use, a 奇兵 card waiting in the processing zone goes back to its pile.
DUEL_CARDS.hook(
    Hook(
        "card_used",
        "duel:qibing_back",
        _back_after_use,
        lambda st, seat: True,
        can=lambda e, seat, use: any(c in QIBING_CARDS for c in use.cards),
        silent=True,
        owners=lambda use: (use.seat,),
    ),
    owner="duel:qibing_back",
)


# -- counting as a standard card --------------------------------------------------------

AS_CARD = {"fubing": "slash", "tengpai": "dodge", "jinchuang_yao": "peach", "jinnang_miaoji": "nullification"}
TEXTS: dict[str, tuple[str, str]] = {
    "fubing": ("可以当【杀】使用或打出（无颜色）。", "Use or play it as a Slash (it has no colour)."),
    "tengpai": ("可以当【闪】打出。", "Play it as a Dodge."),
    "jinchuang_yao": ("可以当【桃】使用。", "Use it as a Peach."),
    "jinnang_miaoji": ("可以当【无懈可击】使用。", "Use it as a Nullification."),
    "yuanjun": ("出牌阶段，对一名己方武将使用：你摸两张牌。", "In the play phase: draw two cards."),
    "jixingjun": ("出牌阶段，使用：调遣一名己方武将（不占用本回合的调遣次数）。", "In the play phase: redeploy one of your generals (not your redeploy of the turn)."),
    "zhangu": ("出牌阶段，对一名己方明置的武将使用：本回合其可以多使用一张【杀】。", "In the play phase, on one of your face-up generals: it may use one more Slash this turn."),
    "chihou": ("出牌阶段，对一名装备区里有牌的敌方武将使用：弃置其装备区里的牌。", "In the play phase, on an enemy general with equipment: discard its equipment."),
    "qimen_dunjia": (
        "当一名己方武将成为【杀】的目标后，使用：令其与相邻的一名己方武将交换位置（两张武将牌同时调遣），此【杀】改为以后者为目标。",
        "When one of your generals becomes the target of a Slash: it swaps places with a neighbouring general of yours "
        "(both are redeployed at once), and the Slash targets that general instead.",
    ),
    "suishi_chui": (
        "当一名己方武将使用的【杀】被【闪】抵消后，使用：此【杀】依然造成伤害。",
        "After a Slash of one of your generals is cancelled by a Dodge: it deals its damage anyway.",
    ),
}


class QibingRule(CardRule):
    """A 奇兵 card's rule; those that count as a standard card are never used by their own name."""

    row_wide = True  # ``CardRule.row_wide``

    def __init__(self, name: str) -> None:
        self.name = name
        self.text_zh, self.text_en = TEXTS[name]

    def usable(self, engine: "Engine", seat: int) -> bool:
        return False


def _as_card(kind: str, name: str) -> None:
    def pick(engine: "Engine", c: int) -> "Flow":
        return lift_qibing(engine, c, _mine(engine, c, kind))
        yield  # pragma: no cover

    if name != "dodge":  # a 闪 is only ever played
        DUEL_CARDS.form(Form(kind, name, _holds(kind), pick, play=False, announce=False), owner=kind)
    if name in ("slash", "dodge"):  # played (打出) in answer: 南蛮入侵, 决斗, 杀, 万箭齐发

        def can(engine: "Engine", c: int, ctx: "ResponseCtx") -> bool:
            return ctx.seat == c and ctx.answered is None and name in ctx.names

        def play(engine: "Engine", c: int, ctx: "ResponseCtx") -> "Flow":
            card = _mine(engine, c, kind)
            engine.emit(ev.CardPlayed(seat=c, name=name, cards=(card,)))
            return_qibing(engine, (card,), QIBING_ZONE, c, reason="play")
            ctx.answered = (name, ())
            return
            yield  # pragma: no cover

        DUEL_CARDS.hook(Hook("response_needed", kind, play, _holds(kind), can=can, optional=True, silent=True, owners=lambda ctx: (ctx.seat,)), owner=kind)


# -- play-phase effects -------------------------------------------------------------------


class Reinforcements(QibingRule):
    def usable(self, engine: "Engine", seat: int) -> bool:
        return True

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        yield from engine.draw(use.seat, 2, reason=self.name)


class ForcedMarch(QibingRule):
    """Targets ``(general, neighbour)``: the general is redeployed past that neighbour."""

    def usable(self, engine: "Engine", seat: int) -> bool:
        return True

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return list(row.layout(st).redeploys(owner(st, seat)))

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        g, past = use.targets
        if engine.state.chars[g].alive and past in row.own_neighbours(engine.state, g):
            yield from redeploy(engine, g, past, free=True)


class WarDrum(QibingRule):
    def usable(self, engine: "Engine", seat: int) -> bool:
        return True

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return [(g,) for g in row.generals(st, owner(st, seat)) if face_up(st, g)]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        g = use.targets[0]
        count(engine, g, "extra_slash", turn_count(engine.state, g, "extra_slash") + 1)
        return
        yield  # pragma: no cover


class Scout(QibingRule):
    def usable(self, engine: "Engine", seat: int) -> bool:
        return True

    def target_choices(self, engine: "Engine", seat: int, card: int | None) -> list[tuple[int, ...]]:
        st = engine.state
        return [(t,) for t in row.generals(st) if enemies(st, seat, t) and st.chars[t].equip]

    def effect(self, engine: "Engine", use: "UseCtx") -> "Flow":
        t = use.targets[0]
        gear = tuple(engine.state.chars[t].equip.values())
        if gear:
            engine.move(gear, "equip", "discard", src_seat=t, reason=self.name)
        return
        yield  # pragma: no cover


# -- answers at a timing window ---------------------------------------------------------------


def _announce_use(engine: "Engine", c: int, kind: str, targets: tuple[int, ...] = ()) -> None:
    """A 奇兵 card used in answer to something: shown, used, and back to its pile."""
    card = _mine(engine, c, kind)
    lift_qibing(engine, c, card)
    engine.emit(ev.CardUsed(seat=c, name=kind, cards=(card,), targets=targets))
    return_qibing(engine, (card,), "processing")


def _qimen_can(engine: "Engine", c: int, use: "UseCtx") -> bool:
    st = engine.state
    return use.name in SLASH_NAMES and c in use.targets and c not in use.cancelled and bool(_qimen_swaps(st, c, use))


def _qimen_swaps(state: "State", c: int, use: "UseCtx") -> list[int]:
    return [n for n in row.own_neighbours(state, c) if n not in use.targets and n != use.seat]


def _qimen(engine: "Engine", c: int, use: "UseCtx") -> "Flow":
    st = engine.state
    swaps = _qimen_swaps(st, c, use)
    other = swaps[0]
    if len(swaps) > 1:
        pick = yield from engine.ask(Request(c, "skill", prompt=f"qimen_dunjia:{c}", choices=tuple(Choice(targets=(n,)) for n in swaps)))
        other = pick.targets[0]
    _announce_use(engine, c, "qimen_dunjia", (c, other))
    use.targets[use.targets.index(c)] = other
    # Both generals are redeployed at once: their "after redeploy" skills act one after the other.
    yield from redeploy(engine, c, other, free=True, moved=tuple(sorted((c, other))))


def _suishi_can(engine: "Engine", c: int, d: "Dodged") -> bool:
    st = engine.state
    return d.use.name in SLASH_NAMES and d.use.seat == c and not d.hit and st.chars[d.target].alive


def _suishi(engine: "Engine", c: int, d: "Dodged") -> "Flow":
    _announce_use(engine, c, "suishi_chui", (d.target,))
    d.hit = True
    return
    yield  # pragma: no cover


DUEL_CARDS.hook(
    Hook("target_confirmed", "qimen_dunjia", _qimen, _holds("qimen_dunjia"), can=_qimen_can, optional=True, silent=True, owners=lambda use: use.targets),
    owner="qimen_dunjia",
)
DUEL_CARDS.hook(
    Hook("card_responded", "suishi_chui", _suishi, _holds("suishi_chui"), can=_suishi_can, optional=True, silent=True, owners=lambda d: (d.use.seat,)),
    owner="suishi_chui",
)

RULES: dict[str, type[QibingRule]] = {"yuanjun": Reinforcements, "jixingjun": ForcedMarch, "zhangu": WarDrum, "chihou": Scout}

for _kind in QIBING:
    if _kind not in TEXTS:
        raise ValueError(f"qibing.tsv lists {_kind!r}, which has no rule in core/modes/duel/qibing.py")
    DUEL_CARDS.card(RULES.get(_kind, QibingRule)(_kind))
    if _kind in AS_CARD:
        _as_card(_kind, AS_CARD[_kind])
