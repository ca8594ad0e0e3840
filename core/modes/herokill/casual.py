"""Hero Kill 3v3 casual (3V3休闲, seed 004).

- Six seats alternate between the teams: even seats are loyalists, odd
  seats rebels (数字队为忠臣方，字母队为反贼方); everyone's role is public.
- Each team is dealt 9 heroes (none twice) that only its members see; each
  member chooses one its teammates have not taken.  Teammates see each
  other's choices, the other team does not (secret decisions with the
  team's seats as ``vis``); all six are shown together.
- A die roll decides who plays first (the roll is an event, so it replays);
  play goes on in seat order.
- Nobody has lord skills; a dying character asks only its own team for 药;
  a dead character may give any of its hand and equipment cards to living
  teammates (``bequest``, a decision of the dead one, at the death window);
  虞姬's 诀别 is resolved first (seed: 先结算虞姬的【诀别】): it gives her cards
  away before she dies, so nothing is left to share.
- A team whose three characters are all dead has lost.
- "Otherwise as the identity room" (其他均跟普通身份场一致): whoever kills a
  rebel draws ``rebel_kill_draws`` (3; 0 turns it off).  Read literally the
  loyalists' killer gets nothing (there is no lord to discard).
- Points: winners 6 + 2 per living teammate + 2 per kill, losers 2 + 1 per kill.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

import msgspec

from ... import events as ev
from ...content import Pack
from ...requests import PASS_CHOICE, Choice, Request
from ...rng import Draws
from ...windows import Hook
from ..base import register
from ..identity import chosen, shuffle_and_deal
from .common import Heroes, enemy_kills, living, roll
from .names import CARD_NAMES, TERMS
from .v3 import Teams

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

HEROES_PER_TEAM = 9


class CasualOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # A bot game that reaches this many turns ends with no winner (and no points).
    max_turns: int = 300
    # Cards drawn by whoever kills a rebel (the identity room's rule; 0: none).
    rebel_kill_draws: int = 3
    # Whose heroes: "herokill" (Hero Kill's 33) or "sanguosha" (the 25 standard
    # generals; what a record made before this option plays).
    heroes: Heroes = "herokill"


def teammates(state: "State", c: int) -> list[int]:
    """The living characters of ``c``'s team other than ``c``, in turn order."""
    team = state.seats[state.chars[c].owner].team
    return [m for m in state.seats_from(c) if m != c and state.seats[state.chars[m].owner].team == team]


# -- the bequest: a dead character's cards to its teammates ------------------------------


def _bequest_runs(engine: "Engine", seat: int, dead: int) -> bool:
    """Once per death, if the dead one has cards and a living teammate: run by
    the first such teammate in the window's seat order, asking the dead one."""
    st = engine.state
    p = st.chars[dead]
    if not (p.hand or p.equip):
        return False
    team = st.seats[p.owner].team
    first = next((s for s in st.turn_order() if st.seats[st.chars[s].owner].team == team), None)
    return seat == first


def _bequest(engine: "Engine", seat: int, dead: int) -> Generator:
    st = engine.state
    p = st.chars[dead]
    announced = False
    while True:
        cards = (*p.hand, *p.equip.values())
        mates = teammates(st, dead)
        if not cards or not mates:
            return
        to = yield from engine.ask(Request(dead, "bequest", prompt=f"bequest:{dead}", choices=(*(Choice(targets=(m,)) for m in mates), PASS_CHOICE)))
        if to.is_pass:
            return
        mate = to.targets[0]
        give = yield from engine.ask(Request(dead, "bequest", prompt=f"bequest_cards:{mate}", cards=cards, min=1, max=len(cards), vis=engine.secret(dead)))
        if not announced:
            engine.emit(ev.Triggered(seat=dead, source="bequest", w="death"))
            announced = True
        hand = tuple(c for c in give.cards if c in p.hand)
        equip = tuple(c for c in give.cards if c not in hand)
        if hand:
            engine.move(hand, "hand", "hand", src_seat=dead, dst_seat=mate, reason="bequest", vis=(p.owner, st.chars[mate].owner))
        if equip:
            engine.move(equip, "equip", "hand", src_seat=dead, dst_seat=mate, reason="bequest")


CASUAL = Pack("herokill-3v3-casual", "3V3休闲", "3v3 casual")
CASUAL.hook(Hook("death", "bequest", _bequest, holds=lambda state, seat: True, can=_bequest_runs, silent=True))


# -- the mode --------------------------------------------------------------------------


class Casual(Teams):
    id = "3v3-casual"
    policy = __package__ + ".policy"
    title_zh = "3V3休闲"
    title_en = "3v3 casual"
    Options = CasualOptions
    roles = ("loyalist", "rebel") * 3
    display_names = {**CARD_NAMES, **TERMS, "bequest": ("遗赠", "bequest"), "bequest_cards": ("遗赠的牌", "cards to bequeath")}

    def team_of(self, seat: int) -> int:
        return seat % 2

    def packs(self, options: dict) -> tuple[Pack, ...]:
        return (*super().packs(options), CASUAL)

    def setup(self, engine: "Engine") -> Generator:
        self.deal_roles(engine)
        yield from choose_by_team(engine)
        yield from shuffle_and_deal(engine)

    def next_turn(self, engine: "Engine") -> Generator:
        st = engine.state
        if st.current < 0:
            return roll(engine, tuple(st.alive_seats()), "first")
        return st.next_alive(st.current)
        yield  # pragma: no cover

    def savers(self, state: "State", dying: int) -> list[int]:
        team = state.seats[state.chars[dying].owner].team
        return [c for c in super().savers(state, dying) if state.seats[state.chars[c].owner].team == team]

    def after_death(self, engine: "Engine", c: int, killer: int) -> Generator:
        st = engine.state
        draws = st.options.get("rebel_kill_draws", 3)
        if draws and killer >= 0 and st.chars[killer].alive and st.seats[st.chars[c].owner].role == "rebel":
            yield from engine.draw(killer, draws, reason="reward")

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        for t in (0, 1):
            if not any(state.chars[c].alive for c in self.team(state, t)):
                return self.team(state, 1 - t), ("loyalists", "rebels")[1 - t]
        return None

    def points(self, state: "State", seat: int, won: bool) -> int:
        # 3V3休闲场积分规则: 获胜方 6 + 队友存活人数(不包括自己)×2 + 杀敌数×2; 失败方 2 + 杀敌数×1.
        kills = enemy_kills(state, seat)
        if won:
            mates = [m for m in self.team(state, state.seats[seat].team) if m != seat]
            return 6 + 2 * living(state, mates) + 2 * kills
        return 2 + kills


def choose_by_team(engine: "Engine") -> Generator:
    """Each team is dealt 9 heroes only it sees; its members choose in seat
    order, secretly from the other team; the choices are shown together."""
    st = engine.state
    ids = list(st.rs.general_pool(st.content, st.options))
    Draws(st.seed, "generals", 0).shuffle(ids)
    teams = {t: Teams.team(st, t) for t in (0, 1)}
    dealt = {t: tuple(ids[t * HEROES_PER_TEAM : (t + 1) * HEROES_PER_TEAM]) for t in teams}
    for seat in range(st.n):
        t = st.seats[seat].team
        engine.emit(ev.GeneralsOffered(seat=seat, generals=dealt[t], vis=teams[t]))
    picks: dict[int, str] = {}
    for seat in range(st.n):
        t = st.seats[seat].team
        taken = {picks[m] for m in teams[t] if m in picks}
        options = tuple(Choice(option=g) for g in dealt[t] if g not in taken)
        pick = yield from engine.ask(Request(seat, "general", prompt="general:team", choices=options, vis=teams[t], together=True))
        picks[seat] = pick.option
    for seat in range(st.n):  # shown together
        chosen(engine, seat, picks[seat], bonus=0)


register(Casual())
