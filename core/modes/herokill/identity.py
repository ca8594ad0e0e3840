"""Hero Kill's identity rooms (英雄杀身份场, seed 004): five or eight players.

Identity play (``core.modes.identity``) with seed 004's own choices: 5
players are 1 lord 1 loyalist 2 rebels 1 renegade, 8 are 1/2/4/1; the lord
chooses its hero from 5 and shows it, then the others choose from 3 each at
the same time (no hero twice: 5 + 7 x 3 = 26 of Hero Kill's 33 at eight players,
while the 25 Sanguosha generals force a redeal); the lord has 1 more max hp; whoever kills a
rebel draws 3; a lord who kills a loyalist discards its hand and equipment.
After the game each seat scores the seed's points (``points``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from ..base import ModeError, Ruleset, register
from ..identity import Identity, check_generals
from .common import HeroKill, Heroes, enemy_kills, living

if TYPE_CHECKING:
    from ...state import State


class HeroKillIdentityOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # A bot game that reaches this many turns ends with no winner (and no points).
    max_turns: int = 300
    # "choose": seed 004 (the lord from ``lord_candidates``, the others from
    # ``candidates`` each); "random": one hero each, dealt by the seed.
    generals: Literal["choose", "random"] = "choose"
    lord_candidates: int = 5
    candidates: int = 3
    # Whose heroes: "herokill" (Hero Kill's 33) or "sanguosha" (the 25 standard
    # generals; what a record made before this option plays).
    heroes: Heroes = "herokill"


# The seed's table (战后积分, 身份场): base points, points per kill of an
# enemy (杀敌数), and the extra for the living (阵营存活人数), on a win and on a loss.
BASE = {True: {"lord": 6, "loyalist": 6, "rebel": 6, "renegade": 18}, False: {"lord": 3, "loyalist": 3, "rebel": 3, "renegade": 3}}
PER_KILL = {True: {"lord": 2, "loyalist": 2, "rebel": 2, "renegade": 3}, False: {"lord": 1, "loyalist": 1, "rebel": 1, "renegade": 1}}


def survivors_extra(state: "State", role: str, won: bool) -> int:
    """额外分(阵营存活人数): on a win the lord and loyalists get 2 per living
    loyalist, rebels 1 per living rebel, the renegade (players - 1) x 2; on a
    loss a loyalist loses 1 per living loyalist, the renegade gets 1, the lord
    and rebels nothing."""
    seats = state.seats
    loyalists = living(state, [s.seat for s in seats if s.role == "loyalist"])
    if won:
        if role in ("lord", "loyalist"):
            return 2 * loyalists
        if role == "rebel":
            return living(state, [s.seat for s in seats if s.role == "rebel"])
        return 2 * (len(seats) - 1)
    return {"loyalist": -loyalists, "renegade": 1}.get(role, 0)


class HeroKillIdentity(HeroKill, Identity):
    id = "herokill-identity"
    policy = __package__ + ".policy"
    title_zh = "英雄杀身份场"
    title_en = "Hero Kill identity"
    players = range(5, 9, 3)  # 五人场 and 八人场
    Options = HeroKillIdentityOptions
    person_options: dict = {}

    def check(self, players: int, options: dict) -> dict:
        if players not in self.players:
            raise ModeError(f"mode {self.id!r} takes 5 or 8 players (五人场, 八人场), not {players}")
        opts = Ruleset.check(self, players, options)
        content = self.content(opts)
        check_generals(players, opts, content, asked=options, ids=self.general_pool(content, opts))
        return opts

    # Identity.after_death gives the rewards: 3 cards for a rebel's killer, and
    # a lord who kills a loyalist discards hand and equipment (seed 004; no
    # ``lord_kills_loyalist`` option here).

    def points(self, state: "State", seat: int, won: bool) -> int:
        role = state.seats[seat].role
        return BASE[won][role] + PER_KILL[won][role] * enemy_kills(state, seat) + survivors_extra(state, role, won)


register(HeroKillIdentity())
