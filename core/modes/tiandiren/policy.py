"""How the `basic` bot plays 天地人 (seed 002), reading only its SeatView.

- Sides: an earned identity is public; a seat without one is unknown (guessed
  from the damage it deals, like any unknown seat), except the deciding
  seat's own: it expects the identity its reveal would earn now, worked out
  from its own generals' kingdoms, the lord's kingdom and the row left (all
  of which it may see).
- 亮将 (earning the identity): at once when that identity is loyalist (the
  lord's side wants to be known, and the mode rewards 跳忠); otherwise from
  round 4 on, when a late reveal has earned more 勾玉.
- 兑换: every 勾玉, as soon as it has any; 卧虎藏龙's +2 at once; the cards
  drawn for 卧虎藏龙 go to itself.
- 闪电, instant in this mode: only when the judgements from its seat on are
  likelier to strike a foe than a friend.
"""
from __future__ import annotations

from ...bots.basic import HANDLERS, MODE_RELATIONS, OPTION_SCORES, PLAY_SCORES, Relations, is_ally, is_enemy, role_relations
from ...deck import CARDS
from ...generals import GENERALS
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView
from .identity import row_for

MODE = "tiandiren"
DODGE_SHARE = sum(1 for c in CARDS[:160] if c.name == "dodge") / 160  # a judgement's chance of a 闪


def expected_identity(view: SeatView) -> str | None:
    """The deciding seat's identity: earned, or what revealing now would earn it."""
    me = view.seat
    role = view.role(me)
    if role:
        return role
    roles = [view.role(s) for s in range(view.n)]
    lord = roles.index("lord")
    mine = [g for g in (view.general(me, 0), view.general(me, 1)) if g]
    loyal = any(GENERALS[g].kingdom == view.kingdom(lord) for g in mine)
    left = list(row_for(view.n, view.options.get("six_roles", "1-1-3-1")))
    for r in roles:
        if r and r != "lord":
            left.remove(r)
    if not left:
        return None
    return left[0] if loyal else left[-1]


def _relations(view: SeatView) -> Relations:
    """Identity's relations, with the deciding seat's own role the one it expects."""
    return role_relations(view, [expected_identity(view) if s == view.seat else view.role(s) for s in range(view.n)])


def _reveal(view: SeatView, choice: Choice) -> float:
    if expected_identity(view) == "loyalist":
        return 30.0  # before anything else it plays: its side should know it
    return 0.8 if view.round >= 4 else 0.0


def _lightning(view: SeatView, choice: Choice) -> float:
    """The chance that the first 闪 judged strikes a foe, less that it strikes a friend."""
    score, clear = 0.0, 1.0
    for t in choice.targets:
        hit = clear * DODGE_SHARE
        score += hit if is_enemy(view, t) else -hit if is_ally(view, t) else 0.0
        clear -= hit
    return 10.0 * score if score > 0.02 else 0.0


def _most(view: SeatView, request: Request, rng: Draws) -> Choice:
    return max(request.choices, key=lambda c: int(c.option))


def _to_self(view: SeatView, request: Request, rng: Draws) -> Choice:
    return next((c for c in request.choices if c.targets == (view.seat,)), request.choices[0])


def _by_mode(mine, other):  # (view, choice) -> score: this mode's, else the standard one
    return lambda view, choice: mine(view, choice) if view.mode == MODE else other(view, choice)


MODE_RELATIONS[MODE] = _relations
OPTION_SCORES.update(
    {
        "liangjiang": _reveal,
        "duihuan": lambda view, choice: 4.0,
        "wohu_canglong": lambda view, choice: 5.0,
    }
)
PLAY_SCORES["lightning"] = _by_mode(_lightning, PLAY_SCORES["lightning"])
HANDLERS.update({"gouyu": _most, "recipient": _to_self})
