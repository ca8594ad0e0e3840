"""How the `basic` bot plays six-force hegemony (hegemony-six): sides as the
seat knows them (``SeatView.side``: a shown force or careerist camp; its own
side from its own generals), choosing two generals (two of one force, now and
then two of different forces: a careerist), the 谋攻 cards and 归附.
Revealing and the hegemony generals' skills are hegemony's policy."""
from __future__ import annotations

from ...bots.basic import HANDLERS, MODE_RELATIONS, OPTION_SCORES, Relations, is_ally, is_enemy
from ...bots.skill_policy import ACTION_SCORES
from ...generals import GENERALS
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView
from ..hegemony import policy as _hegemony  # noqa: F401  (six-force hegemony is hegemony's rules and more: the bot's knowledge too)

MODE = "hegemony-six"
CAREERIST_ODDS = 8  # one bot in this many plays a careerist pair when it is worth as much


def _relations(view: SeatView) -> Relations:
    n, me = view.n, view.seat
    sides: list[str | None] = [view.side(s) for s in range(n)]
    mine = sides[me]
    allies = [s == me or (sides[s] is not None and sides[s] == mine) for s in range(n)]
    enemies = [s != me and sides[s] is not None and sides[s] != mine for s in range(n)]
    return sides, enemies, allies


MODE_RELATIONS[MODE] = _relations


def _pair_value(option: str) -> float:
    from ..hegemony.generals import companions

    a, b = option.split("+")
    ga, gb = GENERALS[a], GENERALS[b]
    value = ga.max_hp + 0.5 * (len(ga.skills) + len(gb.skills))  # the main's hp is the character's
    from .generals import is_ruler

    return value + (1.5 if companions(a, b) else 0.0) + (1.0 if is_ruler(a) else 0.0)


_hegemony_generals = HANDLERS["generals"]


def choose_generals(view: SeatView, request: Request, rng: Draws) -> Choice:
    if view.mode != MODE:
        return _hegemony_generals(view, request, rng)
    same = [c for c in request.choices if len({GENERALS[g].kingdom for g in c.option.split("+")}) == 1]
    pool = list(request.choices) if not same or rng.below(CAREERIST_ODDS) == 0 else same
    values = [_pair_value(c.option) for c in pool]
    best = max(values)
    return rng.choice([c for c, v in zip(pool, values) if v >= best - 0.25])


def plot(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Recast a plot the side holds already; else replace the old one."""
    from ...deck import NAMES

    new = next(c for c in request.choices if c.option == "recast")
    olds = [c for c in request.choices if c.option == "replace"]
    if any(NAMES[c.cards[0]] == NAMES[new.cards[0]] for c in olds):
        return new
    return olds[0]


def guifu(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Join the strongest new careerist half the time (the split is a coin toss for a bot)."""
    joins = [c for c in request.choices if not c.is_pass]
    if joins and rng.below(2) == 0:
        return max(joins, key=lambda c: (view.hp(c.targets[0]), -c.targets[0]))
    return next(c for c in request.choices if c.is_pass)


def target(view: SeatView, request: Request, rng: Draws) -> Choice:
    for want in (lambda s: is_enemy(view, s), lambda s: not is_ally(view, s)):
        found = [c for c in request.choices if want(c.targets[0])]
        if found:
            return max(found, key=lambda c: view.hand_count(c.targets[0]))
    return request.choices[0]


HANDLERS.update({"generals": choose_generals, "plot": plot, "guifu": guifu, "six_target": target})


def _foes_with_hand(view: SeatView) -> bool:
    return any(is_enemy(view, s) and view.hand_count(s) for s in view.alive_seats())


ACTION_SCORES.update(
    {
        "six_stockpile": lambda v: 1.0,
        "six_relief": lambda v: 3.0 if v.hp(v.seat) <= 2 and len(v.hand) >= 3 else 0.0,
        "six_harass": lambda v: 1.5 if _foes_with_hand(v) and len(v.hand) >= 2 else 0.0,
    }
)
for _sid in ("six_stockpile", "six_relief", "six_harass"):
    OPTION_SCORES[_sid] = lambda view, choice, score=ACTION_SCORES[_sid]: score(view)
