"""How the `basic` bot plays 逐鹿天下 (``jade-seal``, seed 000), reading only its SeatView.

- Sides: every other living character is a foe, except its ally (alliances
  are public: the seats' sides).
- 结盟: offer an alliance while three others or more live and neither side
  holds the seal, to the strongest character without an ally; accept on
  the same terms.  With an ally: pay a spare card for a card each.
- 毁盟: once only the two allies are left, or when the ally is down to its
  last hp with at most one card (the 杀 likely kills: +1 hp, and the seal
  if nobody holds it).
- The seal is worn at once, and is the first thing to take from a foe.
"""
from __future__ import annotations

from ...bots.basic import HANDLERS, MODE_RELATIONS, OPTION_SCORES, PLAY_SCORES, Relations, keep_value
from ...bots.basic_cards import EQUIP_PRIORITY
from ...bots.skill_policy import SKILL, TRIGGERS
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView
from . import policy as _mechanics  # noqa: F401  (the seal's mode plays seed 000's mechanics)

MODE = "jade-seal"
SEAL = "jade_seal"


def _relations(view: SeatView) -> Relations:
    n, me = view.n, view.seat
    mine = view.side(me)
    sides: list[str | None] = [view.side(s) for s in range(n)]
    allies = [s == me or (sides[s] == mine and view.alive(s)) for s in range(n)]
    enemies = [s != me and not allies[s] for s in range(n)]
    return sides, enemies, allies


def _ally(view: SeatView) -> int:
    mine = view.side(view.seat)
    return next((s for s in view.alive_seats() if s != view.seat and view.side(s) == mine), -1)


def _holder(view: SeatView) -> int:
    return next((s for s in view.alive_seats() if view.equip_name(s, "treasure") == SEAL), -1)


def _wants_alliance(view: SeatView, other: int) -> bool:
    others = [s for s in view.alive_seats() if s != view.seat]
    return len(others) >= 3 and _holder(view) not in (view.seat, other)


def _jiemeng(view: SeatView, choice: Choice) -> float:
    ally = _ally(view)
    if ally < 0:
        return 2.0 if any(_wants_alliance(view, s) for s in view.alive_seats() if s != view.seat) else 0.0
    return 1.0 if any(keep_value(view, c) <= 3 for c in view.hand) else 0.0


def _offer(view: SeatView, request: Request, rng: Draws) -> Choice:
    good = [c for c in request.choices if _wants_alliance(view, c.targets[0])] or list(request.choices)
    return max(good, key=lambda c: (view.hp(c.targets[0]), -c.targets[0]))


def _answer(view: SeatView, request: Request, rng: Draws) -> Choice:
    offerer = int(request.prompt.split(":")[1])
    agree = next(c for c in request.choices if not c.is_pass)
    return agree if _wants_alliance(view, offerer) else next(c for c in request.choices if c.is_pass)


def _huimeng(view: SeatView, request: Request) -> bool:
    ally = _ally(view)
    if ally < 0:
        return False
    if len(view.alive_seats()) <= 2:
        return True
    return view.hp(ally) <= 1 and view.hand_count(ally) <= 1 and view.hp(view.seat) >= 2


def _seal(view: SeatView, choice: Choice) -> float:
    return 50.0


MODE_RELATIONS[MODE] = _relations
OPTION_SCORES["jiemeng"] = _jiemeng
SKILL["jiemeng"] = _offer
TRIGGERS["huimeng"] = _huimeng
PLAY_SCORES[SEAL] = _seal
HANDLERS["ally"] = _answer
EQUIP_PRIORITY["treasure"] = -1  # the seal, before anything else a foe wears
