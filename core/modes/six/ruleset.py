"""Six-force hegemony (``hegemony-six``, seed 000's 国战 section) as a ruleset:
official hegemony (``..hegemony``, seed 001) where seed 000 is silent.

1. Forces 汉 夷 戎 蛮 狄 (``han yi rong man di``) and careerists (野心家).
2. 4-12 players (the seed: any number; the 70 generals deal 6 each up to 11).
3. Each player is dealt six generals (five when six each would not fit) and
   chooses two; two of one force play for it ...
6. ... two of different forces make a careerist (a), and a character that
   reveals while more than half of 全场 (the living, term 36; half rounded as
   term 41 defines 向下取整: 四舍五入) are already of its force, shown and
   living, is a careerist (b).
4. Main general (slot 0, left), deputy (slot 1, right); max hp is the main
   general's (no yin-yang fish, so no leftover-half reward); the character
   dies, and is out, when its hp does.
5. Victory as in hegemony: the last side standing wins, checked once every
   living kingdom is known.
7. 谋攻 cards (``plots``).
8. Rulers (君主, ``generals.RULERS``): revealed as main general of their own
   force, they count; when the force then has three living characters the ruler
   gets +1 max hp (once).  When only one force is left and a living ruler of it
   is not the first of the force to have revealed one (the first may be dead),
   every such ruler becomes a careerist, and each other character of the force
   may join (归附) one of them, into its camp (``sides``).  sgz-rules/1 records
   keep their counts (every character, rounded down; two living rulers).
9. A careerist's mark is a surname (``kingdom_label``: 野心家·曹).
"""
from __future__ import annotations

from collections.abc import Generator
from itertools import permutations
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ... import events as ev
from ...deck import STANDARD_DECK
from ...generals import GENERALS, pool
from ...requests import PASS_CHOICE, Choice, Request
from ..base import ModeError, Ruleset
from ..hegemony import Hegemony
from ..hegemony import events as hev
from ..hegemony.cards import HEGEMONY_DECK
from ..hegemony.kingdoms import CAREERIST
from ..hegemony.ruleset import narrate as hegemony_narrate
from . import events as sev
from . import plots
from .data import FORCES
from .generals import PACK_ID, RULERS, SIX_GENERALS, surname
from .sides import same_side, side_key

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State

Flow = Generator[Any, Any, Any]

DEALT = 6  # seed 000: 每名玩家随机发放六张武将牌


class HegemonySixOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # "hegemony": the 108-card hegemony deck; "standard": the 160 standard + 军争 cards (the plots shuffled in either way).
    deck: Literal["hegemony", "standard"] = "hegemony"
    # Attribute damage along iron chains: "seed000" (seed 000 term 27: what raised or
    # lowered it carries on) or "standard" (each chained character takes the original amount).
    chain_carry: Literal["seed000", "standard"] = "seed000"
    # Seed 000 注意事项 1: out of its owner's turn a card answering another's card (无懈可击)
    # and a 酒 drunk to recover are played (打出), not used ("seed000"); "standard": used
    # (what records from before the option did).
    play_or_use: Literal["seed000", "standard"] = "seed000"
    # Generals dealt to each player; 0: the seed's 6 (5 when 6 each would not fit the pool: 12 players).
    candidates: int = 0
    # Shuffle the 谋攻 cards into the pile (rule 7).
    plots: bool = True
    # A bot game that reaches this many turns ends with no winner.
    max_turns: int = 300


def pool_size() -> int:
    return len(pool(SIX_GENERALS.generals, PACK_ID))


class HegemonySix(Hegemony):
    id = "hegemony-six"
    policy = __package__ + ".policy"
    title_zh = "六势力国战"
    title_en = "Six-force hegemony"
    seed = "000"
    players = range(4, 13)
    Options = HegemonySixOptions
    events = (*hev.EVENTS, *sev.EVENTS)
    handlers = {**hev.HANDLERS, **sev.HANDLERS}
    reacts_to = frozenset({ev.GeneralRevealed, ev.Died})
    # A ruler shown, a careerist marked and a joiner may each decide the game (rule 8's split).
    outcome_events = Hegemony.outcome_events | {sev.RulerShown, sev.CareeristMarked, sev.Joined}
    zones = {plots.ZONE: ("谋攻", "plots")}
    display_names = {
        **Hegemony.display_names,
        **{f: (zh, en) for f, zh, en in zip(FORCES, "汉夷戎蛮狄", ("Han", "Yi", "Rong", "Man", "Di"))},
        "plot": ("谋攻", "plot"),
        "replace": ("替换", "replace"),
        "plot_replaced": ("被替换", "replaced"),
        "guifu": ("归附", "join"),
        "join": ("归附", "join"),
        "target": ("选择目标", "choose the target"),
        "mark:six.mark": ("野心家标记", "careerist mark"),
        "mark:six.camp": ("归附{seat}", "in {seat}'s camp"),
        "mark:six.ruler": ("君主（第{v}位）", "ruler (#{v})"),
        "mark:six.crowned": ("君主体力上限+1", "ruler's +1 max hp"),
    }
    hp_in_halves = False  # the hegemony generals' half fish are read as whole hp
    half_fish_reward = False  # no yin-yang fish: the main's hp

    # -- options and content --------------------------------------------------

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = Ruleset.check(self, players, options)
        k = self.candidates(players, opts)
        if k < 2:
            raise ModeError(f"candidates must be at least 2 (a main and a deputy), not {k}")
        if players * k > pool_size():
            raise ModeError(f"{players} players with {k} candidates each need {players * k} generals; there are {pool_size()}")
        return opts

    @staticmethod
    def candidates(players: int, opts: dict[str, Any]) -> int:
        return opts.get("candidates") or (DEALT if players * DEALT <= pool_size() else DEALT - 1)

    def pool(self, opts: dict[str, Any]) -> tuple[str, ...]:
        return pool(self.content(opts).generals, PACK_ID)

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        base = HEGEMONY_DECK if options.get("deck", "hegemony") == "hegemony" else STANDARD_DECK
        return (*base, *plots.PLOT_CARDS) if options.get("plots", True) else base

    def packs(self, options: dict[str, Any]) -> tuple:
        return (*super().packs(options), SIX_GENERALS, plots.PLOTS)

    def general_info(self, gid: str) -> dict[str, Any] | None:
        if GENERALS[gid].pack != PACK_ID:
            return None  # hegemony's own generals are in the content for their skills, never dealt
        return {"stand_in": True, "ruler": gid in RULERS}

    def card_info(self, card: int) -> dict[str, Any]:
        return {"stand_in": card in plots.PLOT_CARDS}

    # -- the generals and the table ------------------------------------------------

    def pairs(self, engine: "Engine", cands: tuple[str, ...]) -> tuple[Choice, ...]:
        """Any two, main first: two of different forces make a careerist (rule 6a)."""
        return tuple(Choice(option=f"{a}+{b}") for a, b in permutations(cands, 2))

    @staticmethod
    def pair_hp(main: str, deputy: str) -> int:
        return GENERALS[main].max_hp

    @staticmethod
    def pair_note(gids: list[str], lang: str) -> str:
        """What the play menu adds to a pair: two forces make a careerist; a ruler as main rules."""
        if len({GENERALS[g].kingdom for g in gids}) > 1:
            return "野心家" if lang == "zh" else "careerist"
        return ("君主" if lang == "zh" else "ruler") if gids[0] in RULERS else ""

    @staticmethod
    def becomes_careerist(state: "State", c: int, kingdom: str) -> bool:
        gens = state.content.generals
        if len({gens[s.general].kingdom for s in state.chars[c].slots}) > 1:
            return True  # rule 6a: chosen so
        if ev.rules_level(state.rules) < 2:  # sgz-rules/1 records: every character, the dead too
            shown = sum(1 for p in state.chars if p.seat != c and p.kingdom == kingdom)
            return shown > len(state.chars) // 2
        # Rule 6b: the force already exceeds half of 全场 — term 36: the living characters —
        # rounded as term 41 defines 向下取整 (四舍五入: half of 5 is 3).
        living = sum(1 for p in state.chars if p.alive)
        shown = sum(1 for p in state.chars if p.alive and p.seat != c and p.kingdom == kingdom)
        return shown > (living + 1) // 2

    side_key = staticmethod(side_key)
    same_side = staticmethod(same_side)  # a careerist's camp shares rewards and penalties

    def refresh(self, state: "State", c: int) -> None:
        super().refresh(state, c)
        p = state.chars[c]
        if p.alive:
            p.skills = p.skills | plots.SKILLS  # a plot's effect is a skill every character may use

    def side(self, state: "State", seat: int) -> str:
        p = state.chars[seat]
        if p.kingdom:
            return side_key(state, p)
        gens = state.content.generals
        forces = {gens[s.general].kingdom for s in p.slots}
        return f"{CAREERIST}:{seat}" if len(forces) > 1 else forces.pop() if forces else ""

    def setup(self, engine: "Engine") -> Flow:
        yield from super().setup(engine)
        yield from engine.flush()  # a plot dealt: its holder's choice comes before the first turn

    # -- reveals: the careerist mark, rulers ---------------------------------------------

    def react(self, engine: "Engine", event: ev.Event) -> None:
        st = engine.state
        if type(event) is ev.GeneralRevealed:
            p = st.chars[event.seat]
            if p.alive and p.kingdom == CAREERIST and not p.marks.get("six.mark") and not p.marks.get("six.camp"):
                engine.emit(sev.CareeristMarked(seat=p.seat, slot=event.slot, general=event.general))
            if ruler_due(st, p.seat) and event.slot == 0:
                engine.emit(sev.RulerShown(seat=p.seat))
            for r in st.chars:
                if r.alive and r.marks.get("six.ruler") and not r.marks.get("six.crowned") and r.kingdom != CAREERIST:
                    if sum(1 for q in st.chars if q.alive and q.kingdom == r.kingdom) >= 3:
                        engine.emit(sev.Crowned(seat=r.seat))
        if split_due(st):
            engine.later(lambda: self.split(engine))

    def split(self, engine: "Engine") -> Flow:
        """Rule 8: in the last force, every ruler but the first to have been revealed becomes a
        careerist; the others may join (归附) one of them."""
        st = engine.state
        if not split_due(st):
            return
        force, rulers = splitting(st)
        for r in rulers:
            engine.emit(sev.CareeristMarked(seat=r, slot=0, general=st.chars[r].slots[0].general))
        for q in st.turn_order():
            p = st.chars[q]
            if not p.alive or p.kingdom != force or q in rulers or p.marks.get("six.ruler"):
                continue
            options = tuple(Choice(option="join", targets=(r,)) for r in rulers if st.chars[r].alive)
            if not options:
                break
            pick = yield from engine.ask(Request(q, "guifu", prompt="guifu", choices=(*options, PASS_CHOICE)))
            if not pick.is_pass:
                engine.emit(sev.Joined(seat=q, leader=pick.targets[0]))

    # -- death and the outcome -------------------------------------------------------------------

    def on_death(self, engine: "Engine", c: int, killer: int) -> Flow:
        yield from super().on_death(engine, c, killer)
        plots.discard_plots(engine, c)

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        if split_due(state):
            return None  # the last force splits first (rule 8)
        if ev.rules_level(state.rules) >= 2 and any(ruler_due(state, p.seat) for p in state.chars):
            return None  # a ruler just revealed is shown first (its RulerShown follows): it may split the force
        return super().outcome(state)

    # -- what a player reads -----------------------------------------------------------------------

    def kingdom_label(self, view: dict[str, Any], c: int, lang: str) -> str | None:
        """A careerist's mark: 野心家·<surname> (of its leader's general for a camp member)."""
        p = view["characters"][c]
        marks = p.get("marks", {})
        lead = view["characters"][marks["six.camp"] - 1] if marks.get("six.camp") else p
        slot = lead.get("marks", {}).get("six.mark")
        if p["kingdom"] != CAREERIST or not slot:
            return None
        gid = lead["generals"][slot - 1]
        name = surname(gid, lang) if gid else "?"
        return f"野心家·{name}" if lang == "zh" else f"careerist·{name}"

    def narrate(self, n: Any, e: ev.Event) -> str | None:
        zh, t = n.zh, type(e)
        if t is sev.CareeristMarked:
            mark = surname(e.general, "zh" if zh else "en")
            return f"{n.seat(e.seat)}成为野心家，标记为“野心家·{mark}”" if zh else f"{n.seat(e.seat)} is a careerist, marked careerist·{mark}"
        if t is sev.RulerShown:
            return f"{n.seat(e.seat)}亮出君主" if zh else f"{n.seat(e.seat)} reveals a ruler"
        if t is sev.Crowned:
            return f"{n.seat(e.seat)}的势力已有三名角色，君主加1点体力上限" if zh else f"{n.seat(e.seat)}'s force has three characters: the ruler gains 1 max hp"
        if t is sev.Joined:
            return f"{n.seat(e.seat)}归附{n.seat(e.leader)}，加入其野心家阵营" if zh else f"{n.seat(e.seat)} joins {n.seat(e.leader)}'s careerist camp"
        if t is sev.PlotDrawn:
            card = n.cards((e.card,), None)
            return f"{n.seat(e.seat)}摸到谋攻牌{card}，展示之并置于武将牌旁" if zh else f"{n.seat(e.seat)} draws the plot {card}, shows it and puts it beside its generals"
        return hegemony_narrate(n, e)


def ruler_due(state: "State", c: int) -> bool:
    """Does ``c`` show a ruler main general of its own force not yet counted as its ruler?"""
    p = state.chars[c]
    return p.alive and bool(p.slots) and p.slots[0].vis is None and RULERS.get(p.slots[0].general) == p.kingdom and not p.marks.get("six.ruler")


def ruler_seats(state: "State") -> list[int]:
    """Living characters showing a ruler main general of their own force."""
    return [p.seat for p in state.chars if p.alive and p.marks.get("six.ruler") and p.kingdom != CAREERIST and p.slots[0].vis is None]


def splitting(state: "State") -> tuple[str, list[int]]:
    """The last force and its living rulers that become careerists (rule 8): every one
    but the first of the force to have revealed a ruler.  Under sgz-rules/2 the first
    may be dead ("有至少一个君主武将": one living ruler, not the first, is enough);
    sgz-rules/1 records split only with two living rulers, the first living one keeping the force."""
    alive = [p for p in state.chars if p.alive]
    if not alive or any(not p.kingdom for p in alive):
        return "", []
    sides = {side_key(state, p) for p in alive}
    force = next(iter(sides))
    if len(sides) != 1 or force.startswith(CAREERIST):
        return "", []
    rulers = sorted(ruler_seats(state), key=lambda s: state.chars[s].marks["six.ruler"])
    if ev.rules_level(state.rules) < 2:
        return (force, rulers[1:]) if len(rulers) >= 2 else ("", [])
    first = min((p.marks["six.ruler"] for p in state.chars if p.marks.get("six.ruler") and p.kingdom == force), default=0)
    return force, [r for r in rulers if state.chars[r].marks["six.ruler"] != first]


def split_due(state: "State") -> bool:
    """Only one force is left (every living kingdom known) and some of its living rulers are to become careerists."""
    return bool(splitting(state)[1])
