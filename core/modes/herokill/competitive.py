"""Hero Kill 3v3 competitive (3V3竞技, seed 004).

- Two teams seated together (集中): seats 0-2 are the warm team, 3-5 the cool
  team, each a captain (主将, the middle seat) between two vices (副将);
  roles are public.  Captains have 1 more max hp (not 鲁智深: 狂禅); nobody has lord skills.
- Heroes: 12 from one shared pool.  The captains roll a die; the higher roll
  chooses whether its team picks first or second.  The seed does not say how
  the picking goes; here the teams alternate one hero at a time, captain
  first, then the vices in seat order, every pick public.
- The team that picked second chooses whether it acts first or second; the
  first action of the game is that team's captain's.
- Action rights alternate between the teams.  The captain of the team whose
  right it is chooses: it takes one turn itself, or a vice acts and then the
  other living vice (both vices, back to back), then the right passes
  (``ActionRight``, a decision in ``next_turn``).
- 烽火狼烟, 万箭齐发, 休养生息, 五谷丰登 resolve in the direction their user
  chooses (``directional``); no 手捧雷 (闪电) in the deck.
- Killing a vice, of either team, draws 3; a dying character asks everyone
  for 药; a captain's death loses the game for its team.
- Points: winners captain 12 / vice 10, + 2 x (living teammates at the win - 1);
  losers captain 4 / vice 2, + 1 per kill.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import msgspec

from ... import events as ev
from ...content import Pack
from ...requests import Choice, Request
from ...rng import Draws
from ..base import ModeError, register
from ..identity import chosen, shuffle_and_deal
from .common import DiceRolled, Heroes, _nothing, enemy_kills, living, roll
from .heroes import events as hero_events
from .directional import EITHER_WAY
from .names import CARD_NAMES, TERMS
from .v3 import Teams

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

POOL = 12
SIDES = ("warm", "cool")
# Where a character's place in the current action right is kept: the number
# of the turn it takes (set by ActionRight; public, like the choice itself).
TURN_MARK = "3v3.turn"


class CompetitiveOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # A bot game that reaches this many turns ends with no winner (and no points).
    max_turns: int = 300
    # Whose heroes: "herokill" (Hero Kill's 33) or "sanguosha" (the 25 standard
    # generals; what a record made before this option plays).
    heroes: Heroes = "herokill"


class ActionRight(ev.Event, tag="hk_action"):
    """``team`` has the action right: ``seats`` take the next turns, from turn ``turn`` on."""

    team: int
    seats: tuple[int, ...]
    turn: int


def _action_right(s: "State", e: ActionRight) -> None:
    for p in s.chars:
        p.marks.pop(TURN_MARK, None)
    for i, c in enumerate(e.seats):
        s.chars[c].marks[TURN_MARK] = e.turn + i


def captain(team: int) -> int:
    return 3 * team + 1


class Competitive(Teams):
    id = "3v3-competitive"
    policy = __package__ + ".policy"
    title_zh = "3V3竞技"
    title_en = "3v3 competitive"
    Options = CompetitiveOptions
    roles = ("vice", "captain", "vice") * 2
    without = frozenset({"lightning"})  # 没有【手捧雷】
    events = (DiceRolled, ActionRight, *hero_events.EVENTS)
    handlers = {DiceRolled: _nothing, ActionRight: _action_right, **hero_events.HANDLERS}
    display_names = {
        **CARD_NAMES,
        **TERMS,
        "captain": ("主将", "captain"),
        "vice": ("副将", "vice"),
        "vices": ("副将", "vices"),
        "pick_order": ("选将顺序", "order of picking"),
        "act_order": ("行动顺序", "order of action"),
        "action": ("行动", "action"),
        "first": ("先", "first"),
        "second": ("后", "second"),
        "warm": ("暖色", "warm"),
        "cool": ("冷色", "cool"),
        "mark:3v3.turn": ("第{v}回合行动", "acts in turn {v}"),
    }

    def team_of(self, seat: int) -> int:
        return seat // 3

    def packs(self, options: dict) -> tuple[Pack, ...]:
        return (*super().packs(options), EITHER_WAY)

    def side(self, state: "State", seat: int) -> str:
        return SIDES[state.seats[seat].team]

    def setup(self, engine: "Engine") -> Generator:
        st = engine.state
        self.deal_roles(engine)
        high = roll(engine, (captain(0), captain(1)), "order")
        order = yield from engine.ask(Request(high, "pick_order", prompt="pick_order", choices=(Choice(option="first"), Choice(option="second"))))
        first = st.seats[high].team if order.option == "first" else 1 - st.seats[high].team
        ids = list(st.rs.general_pool(st.content, st.options))
        Draws(st.seed, "generals", 0).shuffle(ids)
        offered = tuple(ids[:POOL])
        for seat in range(st.n):
            engine.emit(ev.GeneralsOffered(seat=seat, generals=offered))
        taken: set[str] = set()
        for seat in draft_order(first):
            options = tuple(Choice(option=g) for g in offered if g not in taken)
            pick = yield from engine.ask(Request(seat, "general", prompt="general:pool", choices=options))
            taken.add(pick.option)
            chosen(engine, seat, pick.option, bonus=1 if self.roles[seat] == "captain" else 0)
        later = captain(1 - first)
        acts = yield from engine.ask(Request(later, "act_order", prompt="act_order", choices=(Choice(option="first"), Choice(option="second"))))
        team = 1 - first if acts.option == "first" else first
        engine.emit(ActionRight(team=team, seats=(captain(team),), turn=1))  # the first action is the captain's
        yield from shuffle_and_deal(engine)

    def next_turn(self, engine: "Engine") -> Generator:
        st = engine.state
        for p in st.chars:
            if p.alive and p.marks.get(TURN_MARK) == st.turn + 1:
                return p.seat
        if st.current < 0:
            raise ModeError(f"mode {self.id!r}: no team has the first action right (set-up gives it)")
        team = 1 - st.seats[st.chars[st.current].owner].team
        cap = captain(team)
        vices = [c for c in self.team(st, team) if c != cap and st.chars[c].alive]
        options = [Choice(option="captain", targets=(cap,))]
        options += [Choice(option="vices", targets=(v, *(w for w in vices if w != v))) for v in vices]
        pick = options[0]
        if len(options) > 1:
            pick = yield from engine.ask(Request(cap, "action", prompt=f"action:{SIDES[team]}", choices=tuple(options)))
        engine.emit(ActionRight(team=team, seats=pick.targets, turn=st.turn + 1))
        return pick.targets[0]

    def after_death(self, engine: "Engine", c: int, killer: int) -> Generator:
        st = engine.state
        if killer >= 0 and st.chars[killer].alive and st.seats[st.chars[c].owner].role == "vice":
            yield from engine.draw(killer, 3, reason="reward")

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        for t in (0, 1):
            if not state.chars[captain(t)].alive:
                return self.team(state, 1 - t), SIDES[1 - t]
        return None

    def points(self, state: "State", seat: int, won: bool) -> int:
        # 3V3竞技场积分规则: 获胜方 主将12/副将10 + (获胜时存活人数-1)×2; 失败方 主将4/副将2 + 杀敌数×1.
        is_captain = state.seats[seat].role == "captain"
        if won:
            return (12 if is_captain else 10) + 2 * (living(state, self.team(state, state.seats[seat].team)) - 1)
        return (4 if is_captain else 2) + enemy_kills(state, seat)

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        if isinstance(event, ActionRight):
            who = ", ".join(narrator.seat(c) for c in event.seats)
            side = narrator.name(SIDES[event.team])
            return f"{side}方行动：{who}" if narrator.zh else f"The {side} team acts: {who}"
        return super().narrate(narrator, event)


def draft_order(first: int) -> list[int]:
    """The teams pick in turn, one hero at a time: captains first, then the vices in seat order."""
    order = []
    for k in (1, 0, 2):  # a team's captain sits in its middle seat
        order += [3 * first + k, 3 * (1 - first) + k]
    return order


register(Competitive())
