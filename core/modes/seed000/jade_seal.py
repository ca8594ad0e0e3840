"""逐鹿天下 (``jade-seal``, seed 000): every one for itself, alliances, and the jade seal.

The rules, as this ruleset plays them (``jade_pack`` holds the seal and the
two skills every character has):

- 5 players or more (up to 10 here).  Every living player is a camp of its
  own; two allies (结盟) are one camp until the alliance is undone (毁盟).
- Generals are dealt at random (option ``generals=choose``: every seat is
  dealt ``candidates`` (seed 000: 一般每人5-6张) and all choose at the same
  time, in secret), from ``pool``: ``mixed`` (the standard 25 and the
  project's 11 for seed 000's kinds, the default), ``standard`` or
  ``project``.  Max hp is the general's (there is no lord).  Seed 000's
  mechanics are installed.
- The deck is the standard one (``deck=full|basic``) and the jade seal,
  shuffled in at random.  Seat 0 deals and plays first: the order at the
  table is the random one (其余模式随机决定顺序) — who sits where.  Four
  cards each; the turn is the standard one.
- The winner is the one who survives to the last and holds the seal
  (``outcome``, checked after every death *and every card movement*: a lone
  survivor wins the moment the seal reaches it).  No rewards or penalties for
  kills besides the seal's.  A game in which nobody survives has no winner.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.deck import STANDARD_DECK, deck_numbers
from sanguozhi.core.generals import pool
from sanguozhi.core.mechanics import EVENTS as MECHANICS_EVENTS
from sanguozhi.core.mechanics import HANDLERS as MECHANICS_HANDLERS
from sanguozhi.core.mechanics import NAMES
from sanguozhi.core.mechanics.project import PACK_ID
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws

from ..base import ModeError, Ruleset
from ..identity import deck_cards
from . import jade_pack as jade
from .mechanics import Seed000Mechanics

if TYPE_CHECKING:
    from sanguozhi.core.content import Content
    from sanguozhi.core.engine import Engine
    from sanguozhi.core.state import State

Flow = Generator[Any, Any, Any]


class JadeSealOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # "full": the 160 cards of standard + 军争 (and the seal); "basic": 杀/闪/桃/酒 (and the seal).
    deck: Literal["full", "basic"] = "full"
    # Attribute damage along iron chains (seed 000 term 27, the default) or the standard reading.
    chain_carry: Literal["seed000", "standard"] = "seed000"
    # Seed 000 注意事项 1: out of its owner's turn a card answering another's card (无懈可击)
    # and a 酒 drunk to recover are played (打出), not used ("seed000"); "standard": used
    # (what records from before the option did).
    play_or_use: Literal["seed000", "standard"] = "seed000"
    # "random": one each, dealt by the seed; "choose": each seat chooses from ``candidates``
    # in secret; "vanilla": every seat plays ``general``.
    generals: Literal["random", "choose", "vanilla"] = "random"
    candidates: int = 5
    # The generals dealt: the standard 25 and the project's 11 ("mixed"), or one of them.
    pool: Literal["mixed", "standard", "project"] = "mixed"
    general: str = "vanilla"
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300


def general_pool(content: "Content", options: dict[str, Any]) -> tuple[str, ...]:
    which = options.get("pool", "mixed")
    standard = pool(content.generals) if which != "project" else ()
    project = pool(content.generals, PACK_ID) if which != "standard" else ()
    return tuple(sorted((*standard, *project)))


class JadeSeal(Seed000Mechanics, Ruleset):
    id = "jade-seal"
    policy = __package__ + ".jade_policy"
    title_zh = "逐鹿天下"
    title_en = "Contest for the Realm"
    seed = "000"
    players = range(5, 11)
    Options = JadeSealOptions
    events = (*MECHANICS_EVENTS, *jade.EVENTS)
    handlers = {**MECHANICS_HANDLERS, **jade.HANDLERS}
    # A lone survivor wins the moment the seal reaches it: after card movements too.
    outcome_events = frozenset({ev.Died, ev.CardsMoved})
    person_options = {"generals": "choose"}
    display_names = {**NAMES, "agree": ("同意", "Agree"), "ally": ("结盟", "Alliance")}

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check(players, options)
        content = self.content(opts)
        deck_cards(opts["deck"], content)
        if opts["general"] not in content.generals:
            raise ModeError(f"unknown general {opts['general']!r}")
        size = len(general_pool(content, opts))
        if opts["generals"] != "vanilla" and players > size:
            raise ModeError(f"{players} players need more than the {size} generals of pool {opts['pool']!r}")
        if opts["candidates"] < 1:
            raise ModeError(f"candidates must be at least 1, not {opts['candidates']}")
        return opts

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        return (*(deck_cards(options["deck"], self.content(options)) or STANDARD_DECK), jade.SEAL_CARD)

    def packs(self, options: dict[str, Any]) -> tuple:
        return (*super().packs(options), jade.JADE)

    # -- set-up --------------------------------------------------------------------------------

    def setup(self, engine: "Engine") -> Flow:
        st = engine.state
        yield from self._generals(engine)
        order = list(deck_numbers(st.deck))
        Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
        engine.emit(ev.PileShuffled(order=tuple(order)))
        for c in st.seats_from(0):
            yield from engine.draw(c, 4, reason="deal")
        yield from engine.flush()  # a seal dealt is shown and used before the first turn

    def _generals(self, engine: "Engine") -> Flow:
        st = engine.state
        opts = st.options
        if opts["generals"] == "vanilla":
            picks = {c: opts["general"] for c in range(st.n)}
        else:
            ids = list(general_pool(st.content, opts))
            Draws(st.seed, "generals", 0).shuffle(ids)
            if opts["generals"] == "random":
                picks = {c: ids[c] for c in range(st.n)}
            else:
                k = max(1, min(opts["candidates"], len(ids) // st.n))
                picks = {}
                for c in range(st.n):
                    engine.emit(ev.GeneralsOffered(seat=c, generals=tuple(ids[c * k : (c + 1) * k]), vis=(c,)))
                for c in range(st.n):  # at the same time: each choice is secret until all are shown
                    cands = ids[c * k : (c + 1) * k]
                    pick = yield from engine.ask(Request(c, "general", prompt="general", choices=tuple(Choice(option=g) for g in cands), vis=(c,), together=True))
                    picks[c] = pick.option
        for c, gid in picks.items():
            g = st.content.general(gid)
            engine.emit(ev.GeneralChosen(seat=c, general=gid, max_hp=g.max_hp, hp=g.max_hp))

    # -- what a character has; sides --------------------------------------------------------------

    def refresh(self, state: "State", c: int) -> None:
        super().refresh(state, c)
        p = state.chars[c]
        p.skills = p.skills | jade.SKILLS  # 结盟 and 毁盟: every character's

    def side(self, state: "State", seat: int) -> str:
        ally = jade.ally_of(state, seat)
        return f"alliance:{min(seat, ally)}-{max(seat, ally)}" if ally >= 0 else f"seat{seat}"

    def known_side(self, state: "State", viewer: int | None, seat: int) -> str | None:
        return self.side(state, seat)  # alliances are made in the open

    # -- the end ---------------------------------------------------------------------------------------

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        living = [p.seat for p in state.chars if p.alive]
        if not living:
            return (), "no_survivor"
        if len(living) == 1 and jade.seal_holder(state) == living[0]:
            return (state.chars[living[0]].owner,), "jade_seal"
        return None

    def after_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        yield from jade.claim_after_kill(engine, killer)

    # -- prose ---------------------------------------------------------------------------------------

    def narrate(self, n: Any, event: ev.Event) -> str | None:
        if isinstance(event, jade.Allied):
            a, b = n.seat(event.seat), n.seat(event.other)
            return f"{a}与{b}结盟" if n.zh else f"{a} and {b} become allies"
        if isinstance(event, jade.AllianceEnded):
            a, b = n.seat(event.seat), n.seat(event.other)
            return f"{a}与{b}的同盟解除" if n.zh else f"the alliance of {a} and {b} is over"
        if isinstance(event, ev.Decided) and event.kind == "ally" and event.option == "pass":
            who, by = n.seat(event.seat), n._acted.get("jiemeng", -1)  # the offer was the latest 结盟
            if by < 0:
                return f"{who} 拒绝结盟" if n.zh else f"{who} refuses the alliance"
            return f"{who} 拒绝了 {n.seat(by)} 的结盟" if n.zh else f"{who} refuses the alliance {n.seat(by)} offers"
        return super().narrate(n, event)
