"""三足鼎立 (tripod, seed 004): three players, each for itself, changing generals as it goes.

The rules, as this ruleset plays them (``tripod_pack`` holds the cards and
the general-zone mechanics):

- 3 players; every character starts with no general (4 max hp, no gender)
  and 4 cards.  The deck is the Sanguosha deck (``deck``: full or basic)
  with one general card per hero shuffled in: Hero Kill's heroes but 武则天
  (``heroes=herokill``, the default), or the standard generals
  (``heroes=sanguosha``, what a record made before the option plays).  A general card
  drawn goes to the general zone, not the hand.  A seat whose starting cards
  held general cards may equip one of them: the seats choose at the same
  time (secret decisions), then the choices are carried out.
- A turn is the standard one with two changes: general cards drawn in the
  draw phase may be swapped once in the turn (在本回合内) — right after the
  draw or in the play phase (更换武将): discarded, and as many cards drawn
  again (generals drawn then stay); and in the play phase a general card may
  be equipped (装备武将), replacing the general equipped before.
- The hand limit is the current *max* hp (the seed: 手牌数不能大于当前血量上限);
  option ``hand_limit=hp`` plays the standard limit.  At the end of every
  turn a general zone keeps at most 2 general cards (its owner discards the
  rest).
- 釜底抽薪 (dismantlement) reaches any distance and may take a general card.
  Skills about gender (离间, 结姻, 雌雄双股剑) never reach the genderless.
- A player wins when its next player (下家) dies while it lives: the first
  death ends the game, won by the dead one's previous player (上家).
- Points (GameEnded.points): the winner 10, the others 2; a player who
  killed its own previous player loses 2.  A game stopped by ``max_turns``
  has no winner and no points.  The seed's -50 for escaping has no
  counterpart (a person who quits leaves an unfinished record).

The Sanguosha cards stand in for Hero Kill's; they are named as Hero Kill
names them (``names.CARD_NAMES``).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ... import events as ev
from ...deck import STANDARD_DECK, deck_numbers
from ...requests import PASS_CHOICE, Choice, Request
from ...rng import Draws
from ..base import Ruleset, register
from ..identity import deck_cards
from .common import Heroes, HeroTable, heroes_of
from .heroes import events as hero_events
from .names import CARD_NAMES, TERMS
from .tripod_pack import (
    CARD_NAMES as GENERAL_CARD_NAMES,
    EQUIP_SKILL,
    GENERAL_CARDS,
    HERO_CARDS,
    HERO_PRINTED,
    NO_GENERAL,
    NO_GENERAL_HP,
    SWAP_SKILL,
    TRIPOD,
    ZONES,
    drawn,
    equip,
    equip_choices,
    swap,
    swap_choices,
    zone_of,
)

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

Flow = Generator[Any, Any, Any]

WIN_POINTS, LOSS_POINTS = 10, 2
PREVIOUS_KILLED = 2  # points a player loses for killing its own previous player
_EQUIP = frozenset({EQUIP_SKILL.id, SWAP_SKILL.id})


class TripodOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # The Sanguosha cards besides the general cards: "full" (the 160 of
    # standard + 军争) or "basic" (杀/闪/桃/酒 only).
    deck: Literal["full", "basic"] = "full"
    # Cards kept in the discard phase: "max_hp" (seed 004: 手牌数不能大于当前血量上限)
    # or "hp" (the standard rule).
    hand_limit: Literal["max_hp", "hp"] = "max_hp"
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300
    # Whose hero cards: "herokill" (Hero Kill's heroes but 武则天) or "sanguosha"
    # (the 25 standard generals; what a record made before this option plays).
    heroes: Heroes = "herokill"


def draw_phase(engine: "Engine", c: int) -> Flow:
    """The standard draw; then the general cards it drew may be swapped once for as many
    new cards: at once, or later in the turn (the play phase's 更换武将)."""
    st = engine.state
    before = set(zone_of(st, c))
    yield from engine.draw_phase(c)
    cards = tuple(card for card in zone_of(st, c) if card not in before)
    drawn(engine, c, cards)
    if not cards or not st.chars[c].alive:
        return
    pick = yield from engine.ask(Request(c, "swap_generals", prompt="swap_generals", choices=(*swap_choices(cards), PASS_CHOICE)))
    if not pick.is_pass:
        yield from swap(engine, c, pick.cards)


class Tripod(HeroTable, Ruleset):
    id = "tripod"
    policy = __package__ + ".tripod_policy"
    title_zh = "三足鼎立"
    title_en = "Tripod"
    seed = "004"
    players = range(3, 4)
    Options = TripodOptions
    zones = ZONES
    events = hero_events.EVENTS
    handlers = hero_events.HANDLERS
    display_names = {
        **CARD_NAMES,
        **TERMS,
        **GENERAL_CARD_NAMES,
        "equip_general": ("装备武将", "equip a general"),
        "swap_generals": ("更换武将", "swap generals"),
        "start": ("准备阶段", "start phase"),
        "play": ("出牌阶段", "play phase"),
    }
    phase_flows = {"draw": draw_phase}

    def check(self, players: int, options: dict) -> dict:
        opts = super().check(players, options)
        deck_cards(opts["deck"], self.content(opts))
        return opts

    def deck(self, options: dict) -> tuple[int, ...]:
        generals = HERO_CARDS if heroes_of(options) == "herokill" else GENERAL_CARDS
        return (*(deck_cards(options["deck"], self.content(options)) or STANDARD_DECK), *generals)

    def general_info(self, gid: str) -> dict[str, Any] | None:
        return {} if gid in HERO_PRINTED else None  # the heroes of its general cards (no 武则天)

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        return hero_events.narrate(narrator, event)

    def packs(self, options: dict) -> tuple:
        return (*super().packs(options), TRIPOD)

    def setup(self, engine: "Engine") -> Flow:
        st = engine.state
        for c in range(st.n):  # no general yet: 4 max hp, no gender
            engine.emit(ev.GeneralChosen(seat=c, general=NO_GENERAL, max_hp=NO_GENERAL_HP, hp=NO_GENERAL_HP))
        order = list(deck_numbers(st.deck))
        Draws(st.seed, "shuffle", st.shuffles).shuffle(order)
        engine.emit(ev.PileShuffled(order=tuple(order)))
        for c in st.seats_from(0):
            yield from engine.draw(c, 4, reason="deal")
        # General cards among the starting cards may be equipped: chosen at the same time.
        picks: dict[int, Choice] = {}
        for c in range(st.n):
            if zone_of(st, c):
                req = Request(c, "equip_general", prompt="equip_general:start", choices=(*equip_choices(st, c), PASS_CHOICE), vis=(c,), together=True)
                picks[c] = yield from engine.ask(req)
        for c, pick in picks.items():
            if not pick.is_pass:
                yield from equip(engine, c, pick.cards[0], reason="start")

    def refresh(self, state: "State", c: int) -> None:
        super().refresh(state, c)
        p = state.chars[c]
        p.skills = p.skills | _EQUIP  # every character may equip a general

    def side(self, state: "State", seat: int) -> str:
        return f"seat{seat}"  # each for itself

    def known_side(self, state: "State", viewer: int | None, seat: int) -> str | None:
        return self.side(state, seat)

    def hand_limit(self, state: "State", c: int) -> int:
        p = state.chars[c]
        return max(0, p.max_hp if state.options.get("hand_limit", "max_hp") == "max_hp" else p.hp)

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        chars = state.chars
        n = len(chars)
        for p in chars:
            if p.alive and not chars[(p.seat + 1) % n].alive:
                return (p.owner,), "next_died"
        return None

    def finish(self, engine: "Engine", winners: tuple[int, ...], reason: str) -> None:
        st = engine.state
        points: tuple[int, ...] = ()
        if winners:
            pts = [WIN_POINTS if s in winners else LOSS_POINTS for s in range(len(st.seats))]
            n = st.n
            for p in st.chars:
                if not p.alive and p.killer >= 0 and p.killer == (p.seat + 1) % n:  # p was its killer's previous player
                    pts[st.chars[p.killer].owner] -= PREVIOUS_KILLED
            points = tuple(pts)
        engine.game_ended(winners, reason, points)


register(Tripod())
