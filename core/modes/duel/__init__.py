"""Duel (三国杀对决, seed 003): two players, each a row of face-down generals worth 12 points.

The table: two seats; characters 0 and 1 are the players' own places (no
general, never alive: a turn is a player's), and every general a player
places is a character of its own, owned by that seat, sharing the seat's
hand (``row``).  Distance is the shorter way round the combined row, whose
ends meet; attack range is 1 plus weapons; a general holds one equipment
card, which moves with it (``cards``).

What each part holds: ``data`` (the replaceable content), ``events`` (the
mode's events and folds), ``row`` (the ring), ``rules`` (face-down generals,
per-general counts, reveal, 奇兵, redeploy), ``cards`` (the duel's texts of
杀, 酒, 无懈可击, 南蛮入侵, 万箭齐发 …), ``qibing`` (the 奇兵 cards), ``skills``
(the duel generals and ambush skills), ``turn`` (set-up and the turn).

Dying: the general's damage tokens (lost hp) reach its hp.  Seed 003 does
not say who is asked to save, so the standard rule: in turn order from the
current player, each player once (the dying general's own player for it, so
酒 may save it), each followed by its generals whose skills make a 桃
(``savers``).
A general that dies is shown, and its points go to the other player
(whatever the cause); the game ends when a player has no living general, and
that player loses.  What seed 003 leaves open and what was chosen is in
docs/modes/duel.md.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ... import events as ev
from ...state import Character, Seat
from ..base import ModeError, Ruleset, register
from . import cards as _cards  # noqa: F401  (fills the duel-cards pack)
from . import qibing as _qibing  # noqa: F401  (fills it with the 奇兵 cards)
from . import row, turn
from .cards import DUEL_CARDS
from .data import DUEL_GENERALS_DATA, GAME_DECK, QIBING, QIBING_CARDS, ROSTERS, roster_ids
from .events import EVENTS, HANDLERS, Redeployed, RevealChosen, RowPlaced, Scored
from .row import ROW
from .rules import COUNTED, COUNTERS, QIBING_ZONE, points, reveal
from .skills import AMBUSH, DUEL_GENERALS

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State


class DuelOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # How rows are placed: "random" (drawn by the seed, no decision: bot
    # games) or "choose" (each player picks its row, general by general, from
    # the left; the default of sgz play).
    generals: Literal["choose", "random"] = "random"
    # Seed 003: 12 candidate generals each, a row worth exactly 12 points.
    candidates: int = 12
    points: int = 12
    # The generals dealt (data/generals.tsv's roster column): "seed003" (the FAQ read as
    # written: 马超 has no distance-changing skill, 甘宁's duel version and 甘夫人 discard
    # 奇兵 cards) or "first" (the first list, which records from before the option play).
    roster: Literal["seed003", "first"] = "seed003"
    # A game that reaches this many turns ends with no winner.
    max_turns: int = 200


class Duel(Ruleset):
    id = "duel"
    policy = __name__ + ".policy"
    title_zh = "对决"
    title_en = "Duel"
    seed = "003"
    players = range(2, 3)
    Options = DuelOptions
    events = EVENTS
    handlers = HANDLERS
    outcome_events = frozenset({Scored})
    phase_flows = turn.PHASE_FLOWS
    zones = {QIBING_ZONE: ("奇兵", "qibing")}  # on the players' own places: the 奇兵 in front of each
    person_options = {"generals": "choose"}
    table_layout = "duel"
    table_distance = staticmethod(row.ring_distance)
    table_steps = staticmethod(row.ring_steps)
    display_names = {
        "first": ("先手", "first"),
        "second": ("后手", "second"),
        "reveal": ("明置", "reveal"),
        "redeploy": ("调遣", "redeploy"),
        "qibing": ("奇兵", "qibing"),
        "mark:duel.row": ("", ""),  # a general's place in the ring: the page's rows show it
        **{k.id: (k.name_zh, k.name_en) for k in QIBING.values()},
    }

    def check(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = super().check(players, options)
        size = len(turn.pool_ids(self.content(opts), opts))
        if opts["candidates"] < 1 or 2 * opts["candidates"] > size:
            raise ModeError(f"candidates must be 1-{size // 2} (two players, {size} duel generals), not {opts['candidates']}")
        if opts["points"] < 1:
            raise ModeError(f"points must be at least 1, not {opts['points']}")
        return opts

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        return GAME_DECK + tuple(QIBING_CARDS)

    def hand_limit(self, state: "State", c: int) -> int:
        """A player keeps as many cards (and 奇兵) as it has living generals (结束阶段)."""
        return len(row.generals(state, c))

    def most_characters(self, players: int, options: dict[str, Any]) -> int:
        """The two places, and two rows of generals worth ``points`` each at the least points a general is worth."""
        least = min(g.points for g in DUEL_GENERALS_DATA.values())
        return 2 + 2 * (options["points"] // least)

    def packs(self, options: dict[str, Any]) -> tuple[Any, ...]:
        from ...cards import STANDARD_CARDS
        from ...generals import VANILLA

        # The standard cards with the duel's texts; only the duel's generals (VANILLA: the
        # skill-less stand-in for scenario tests, never dealt).
        return (STANDARD_CARDS, DUEL_CARDS, DUEL_GENERALS, VANILLA)

    # -- the table ------------------------------------------------------------

    def table(self, start: ev.GameStarted) -> tuple[list[Seat], list[Character]]:
        """Two seats, and the players' own places (characters 0 and 1, never alive);
        the generals are added when the rows are placed (``RowPlaced``)."""
        seats = [Seat(seat=s, hand=[]) for s in range(start.players)]
        return seats, [Character(seat=s, owner=s, hand=seats[s].hand, alive=False) for s in range(start.players)]

    def latent(self, state: "State", c: int) -> frozenset[str]:
        """A face-down general may use its ambush skills (revealing it first)."""
        out: set[str] = set()
        for sl in state.chars[c].slots:
            if sl.vis is not None:
                out.update(s for s in state.content.general(sl.general).skills if s in AMBUSH)
        return frozenset(out)

    def concealable(self, state: "State") -> frozenset[str]:
        """A face-down general could be any general with an ambush skill."""
        return frozenset(AMBUSH)

    def reveal_for_skill(self, engine: "Engine", c: int, skill: str) -> Generator:
        reveal(engine, c)
        return
        yield  # pragma: no cover

    def hp_hidden(self, state: "State", viewer: int | None, c: int) -> bool:
        """A general's hp is printed on it: face down to ``viewer``, only its damage tokens show."""
        return viewer is not None and any(sl.vis is not None and viewer not in sl.vis for sl in state.chars[c].slots)

    def table_order(self, state: "State") -> list[int]:
        """The players' places, then the generals round the ring (the dead where they fell)."""
        chars = state.chars
        placed = sorted(range(row.PLAYERS, len(chars)), key=lambda c: chars[c].marks.get(ROW, 0))
        return list(range(row.PLAYERS)) + placed

    def choice_actor(self, request: Any, choice: Any) -> tuple[int, Any] | None:
        """A play or 无懈可击 choice names the general acting first."""
        if request.kind in ("play", "nullify") and choice.targets and not choice.is_pass:
            return choice.targets[0], msgspec.structs.replace(choice, targets=choice.targets[1:])
        return None

    def general_info(self, gid: str) -> dict[str, Any] | None:
        """What ``sgz generals --mode duel`` lists: the default roster, each general's points
        (all of them the project's: seed 003 prints points without listing them), its 奇兵."""
        g = DUEL_GENERALS_DATA.get(gid)
        if g is None or gid not in roster_ids({"roster": ROSTERS[0]}):
            return None
        return {"points": g.points, "points_stand_in": True, "qibing": g.qibing, "stand_in": g.source == "stand-in", "note": g.note}

    def card_info(self, card: int) -> dict[str, Any]:
        return {"stand_in": True} if card in QIBING_CARDS else {}

    # -- the turn ---------------------------------------------------------------

    def setup(self, engine: "Engine") -> Generator:
        return turn.setup(engine)

    def next_turn(self, engine: "Engine") -> Generator[Any, Any, int]:
        return turn.next_turn(engine)

    def phases(self, state: "State", c: int) -> tuple[str, ...]:
        return turn.PHASES

    def draw_count(self, state: "State", c: int) -> int:
        return turn.DRAW

    # -- dying, death and the end ----------------------------------------------------

    def savers(self, state: "State", dying: int) -> list[int]:
        """Each player once, the current one first (the standard order: seed 003 is
        silent): the dying general for its own player (so 酒 may save it), the other's
        first living general; after each, any general of it whose skill turns a card
        into 桃 (华佗's 急救)."""
        own = state.chars[dying].owner
        first = state.chars[state.current].owner if state.current >= 0 else own
        out: list[int] = []
        for seat in (first, 1 - first):
            mine = row.generals(state, seat)
            if not mine:
                continue
            lead = dying if seat == own else mine[0]
            out.append(lead)
            out += [g for g in mine if g != lead and any(f.skill and f.name == "peach" and f.available(state, g) for f in state.content.forms.values())]
        return out

    def after_death(self, engine: "Engine", c: int, killer: int) -> Generator:
        st = engine.state
        p = st.chars[c]
        for i, slot in enumerate(p.slots):
            if slot.vis is not None:  # a dead general is shown: its points count
                engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=slot.general))
        engine.emit(Scored(seat=1 - p.owner, dead=c, general=p.general, points=points(p.general)))
        return
        yield  # pragma: no cover

    def outcome(self, state: "State") -> tuple[tuple[int, ...], str] | None:
        if len(state.chars) <= row.PLAYERS:
            return None
        alive = {p.owner for p in state.chars[row.PLAYERS :] if p.alive}
        if len(alive) == 2:
            return None
        winners = tuple(alive)
        return winners, turn.ROLES[winners[0]] if winners else "none"

    # -- prose ------------------------------------------------------------------------

    def narrate(self, n: Any, e: ev.Event) -> str | None:
        if isinstance(e, RowPlaced):
            return f"{n.seat(e.seat)}暗置{e.count}张武将牌" if n.zh else f"{n.seat(e.seat)} places {e.count} generals face down"
        if isinstance(e, Redeployed):
            how = ("（效果）" if n.zh else " (by an effect)") if e.free else ""
            return f"{n.seat(e.seat)}调遣至{n.seat(e.past)}的另一侧{how}" if n.zh else f"{n.seat(e.seat)} is redeployed past {n.seat(e.past)}{how}"
        if isinstance(e, RevealChosen):  # the GeneralRevealed line that follows names the general
            return f"{n.seat(e.seat)}：本回合的明置" if n.zh else f"{n.seat(e.seat)}: the turn's reveal"
        if isinstance(e, Scored):
            g = n.name(e.general)
            return f"{n.seat(e.dead)}（{g}）阵亡：{n.seat(e.seat)}得{e.points}分" if n.zh else f"{n.seat(e.seat)} scores {e.points} for the death of {n.seat(e.dead)} ({g})"
        return None

    def note(self, n: Any, e: ev.Event) -> str | None:
        # The per-general turn counters the rules keep under the mode's name (``rules.count``).
        if isinstance(e, ev.SkillStateChanged) and e.skill == COUNTED and e.key in COUNTERS:
            zh, en = COUNTERS[e.key]
            return f"（{n.seat(e.seat)}本回合{zh}：{e.value}）" if n.zh else f"({n.seat(e.seat)} this turn: {en} {e.value})"
        return None


DUEL = register(Duel())

__all__ = ["DUEL", "Duel", "DuelOptions", "DUEL_GENERALS_DATA", "Redeployed", "RevealChosen", "RowPlaced", "Scored"]
