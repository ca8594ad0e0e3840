"""What the Hero Kill modes share: the deck, the names, the heroes, a die roll, post-game points.

Hero Kill (seed 004) plays the Sanguosha cards under its own names
(``names``) and, with option ``heroes=herokill`` (the default), its own 33
heroes (``heroes``: the content pack ``herokill-heroes``); ``heroes=sanguosha``
plays the 25 Sanguosha generals of the standard edition instead, as every
record made before the option did (a record without the option plays them).
Its deck is the 108-card standard deck (the cards its names map onto: no
军争 cards).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Literal

from ... import events as ev
from ...content import Content, Pack
from ...deck import STANDARD
from ...generals import pool
from ...rng import Draws
from ..base import Ruleset
from .heroes import HEROES, PACK as HERO_PACK
from .heroes import events as hero_events
from .names import CARD_NAMES, TERMS

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import State


def standard_deck(without: Collection[str] = ()) -> tuple[int, ...]:
    """The card numbers of the 108-card standard deck, without the names in ``without``."""
    return tuple(c.number for c in STANDARD if c.pack == "standard" and c.name not in without)


class DiceRolled(ev.Event, tag="hk_roll"):
    """Each of ``seats`` rolls a die (1-6) in public; the highest roll wins, a tie rolls again."""

    seats: tuple[int, ...]
    rolls: tuple[int, ...]
    reason: str = ""  # what the roll decides: who starts ("first"), who chooses the order ("order")


def _nothing(state: "State", event: ev.Event) -> None:
    pass  # a roll changes nothing at the table: what it decides follows in the next events


def roll(engine: "Engine", seats: tuple[int, ...], reason: str) -> int:
    """Roll for ``seats`` until one roll is the highest alone; return that seat."""
    st = engine.state
    k = 0
    while True:
        die = Draws(st.seed, f"roll:{reason}", k)
        rolls = tuple(die.below(6) + 1 for _ in seats)
        engine.emit(DiceRolled(seats=seats, rolls=rolls, reason=reason))
        top = max(rolls)
        best = tuple(s for s, r in zip(seats, rolls) if r == top)
        if len(best) == 1:
            return best[0]
        seats, k = best, k + 1


def narrate_roll(n: Any, e: DiceRolled) -> str:
    parts = ("，" if n.zh else ", ").join(f"{n.seat(s)} {r}" for s, r in zip(e.seats, e.rolls))
    return f"掷点：{parts}" if n.zh else f"Dice: {parts}"


# Seed 004's 全局评价 of an identity room: the game's verdict by the side that won
# (GameEnded.reason under sgz-rules/2; older records keep identity's reasons).
VERDICTS = {"lord": "pingding_tianxia", "rebels": "qunxiong_bingqi", "renegade": "jianchen_dangdao"}
VERDICT_NAMES = {
    "pingding_tianxia": ("平定天下（主公和忠臣获胜）", "The realm is pacified (平定天下): the lord and the loyalists win"),
    "qunxiong_bingqi": ("群雄并起（反贼获胜）", "Warlords rise (群雄并起): the rebels win"),
    "jianchen_dangdao": ("奸臣当道（内奸获胜）", "A traitor holds power (奸臣当道): the renegade wins"),
}


def enemy_kills(state: "State", c: int) -> int:
    """How many characters of another side ``c`` has killed (杀敌数)."""
    rs = state.rs
    side = rs.side(state, state.chars[c].owner)
    return sum(1 for p in state.chars if not p.alive and p.killer == c and rs.side(state, p.owner) != side)


def living(state: "State", seats: Collection[int]) -> int:
    return sum(1 for s in seats if state.chars[s].alive)


# Option ``heroes``: whose heroes a Hero Kill mode deals.
Heroes = Literal["herokill", "sanguosha"]


def heroes_of(options: dict[str, Any]) -> str:
    """The heroes a game plays: "herokill" or "sanguosha" (a record from before
    the option has none: it played the Sanguosha generals)."""
    return options.get("heroes", "sanguosha")


class HeroTable:
    """What option ``heroes`` changes in a Hero Kill mode (a mixin before its ruleset
    class): the generals' pack and pool, the listing, and the heroes' own events
    (迁都's places, 易装's skills: each mode lists ``heroes.events.EVENTS``)."""

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        packs = super().packs(options)  # type: ignore[misc]
        if heroes_of(options) != "herokill":
            return packs
        from ...skills import STANDARD_GENERALS

        return tuple(HEROES if p is STANDARD_GENERALS else p for p in packs)

    def general_pool(self, content: Content, options: dict[str, Any]) -> tuple[str, ...]:
        """The heroes dealt or offered: the Hero Kill heroes, or the standard Sanguosha generals."""
        return pool(content.generals, HERO_PACK if heroes_of(options) == "herokill" else "standard")

    def refresh(self, state: "State", c: int) -> None:
        super().refresh(state, c)  # type: ignore[misc]
        p = state.chars[c]
        disguise = hero_events.disguise_of(p.marks) if p.marks else ""
        # 易装: the skills of the hero taken on, while she still plays the one who took them.
        if disguise and p.slots and "hk_yizhuang" in state.content.general(p.general).skills:
            p.skills = frozenset(state.content.general(disguise).skills)
            state.epoch += 1

    def table_order(self, state: "State") -> list[int]:
        """The table as it sits: 迁都 moves characters around it."""
        return list(state.order) or list(range(len(state.chars)))

    def general_info(self, gid: str) -> dict[str, Any] | None:
        """``sgz generals --mode M`` lists the heroes the mode deals by default (Hero Kill's)."""
        from ...generals import GENERALS

        g = GENERALS.get(gid)
        return {} if g is not None and g.pack == HERO_PACK else None


class HeroKill(HeroTable, Ruleset):
    """A Hero Kill mode: Hero Kill's names, the standard deck, points after the game.

    ``points(state, seat, won)`` is the seed's table for the mode; a game that
    ends without a winner (the turn limit, no cards left) scores nothing.
    """

    seed = "004"
    display_names: dict[str, tuple[str, str]] = {**CARD_NAMES, **TERMS, **VERDICT_NAMES}
    without: frozenset[str] = frozenset()  # card names left out of the deck
    events: tuple[type[ev.Event], ...] = hero_events.EVENTS
    handlers: dict = hero_events.HANDLERS

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        return hero_events.narrate(narrator, event)

    def deck(self, options: dict[str, Any]) -> tuple[int, ...]:
        return standard_deck(self.without)

    def finish(self, engine: "Engine", winners: tuple[int, ...], reason: str) -> None:
        st = engine.state
        points = tuple(self.points(st, s.seat, s.seat in winners) for s in st.seats) if winners else ()
        if engine.fair and reason in VERDICTS and any(s.role == "lord" for s in st.seats):
            reason = VERDICTS[reason]  # an identity room's verdict (the 3v3 rooms have no lord)
        engine.game_ended(winners, reason, points)

    def points(self, state: "State", seat: int, won: bool) -> int:
        raise NotImplementedError(f"mode {self.id!r} has no scoring table")
