"""What the Hero Kill modes share: the deck, the names, a die roll, post-game points.

Hero Kill (seed 004) plays the Sanguosha cards under its own names
(``names``) and, until Hero Kill's heroes are data, the 25 Sanguosha
generals of the standard edition as its hero pool.  Its deck is the 108-card
standard deck (the cards its names map onto: no 军争 cards).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ... import events as ev
from ...deck import STANDARD
from ...rng import Draws
from ..base import Ruleset
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


class HeroKill(Ruleset):
    """A Hero Kill mode: Hero Kill's names, the standard deck, points after the game.

    ``points(state, seat, won)`` is the seed's table for the mode; a game that
    ends without a winner (the turn limit, no cards left) scores nothing.
    """

    seed = "004"
    display_names: dict[str, tuple[str, str]] = {**CARD_NAMES, **TERMS, **VERDICT_NAMES}
    without: frozenset[str] = frozenset()  # card names left out of the deck

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
