"""How the `basic` bot plays a duel (seed 003): its play phase, and the duel's skills and 奇兵 cards.

A duel play request names the general acting in ``targets[0]`` of every
choice (``core.modes.duel.turn``); the bot scores each choice by what it does
for that general: reveal generals that fight with face-up skills (an ambush
general waits for its moment), attack enemy generals, equip the bare ones.
Everything is read through the SeatView (whose generals are whose is
public).  Registered into ``core.bots.basic`` on import: the ``play``
handler (identity's is used outside the duel), ``TRIGGERS`` and ``SKILL``
for the duel's skills.
"""
from __future__ import annotations

from collections.abc import Callable

from ...bots import skill_policy
from ...bots.basic import HANDLERS, KEEP
from ...bots.basic_cards import GEAR
from ...deck import CARDS, SLASH_NAMES
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView
from .skills import AMBUSH

MODE = "duel"
AFTER_REDEPLOY = ("duel_guanxing", "duel_suijun")  # skills worth a redeploy

KEEP.update({"fubing": 6, "tengpai": 7, "jinchuang_yao": 9, "jinnang_miaoji": 6, "yuanjun": 6, "qimen_dunjia": 4, "suishi_chui": 4, "jixingjun": 2, "zhangu": 3, "chihou": 3})


def mine(view: SeatView, c: int) -> bool:
    return view.owner(c) == view.seat


def generals(view: SeatView, own: bool) -> list[int]:
    return [c for c in view.alive_seats() if mine(view, c) == own]


def holders(view: SeatView, sid: str) -> list[int]:
    return [c for c in generals(view, True) if view.has_skill(c, sid)]


def _hurt(view: SeatView, c: int) -> bool:
    """Has living general ``c`` lost hp (its damage tokens show even face down)?"""
    return view.lost(c) > 0


def _any_hurt(view: SeatView) -> bool:
    """Has one of the deciding player's generals lost hp (the same for every choice of the request)?"""
    hurt = view.memo.get("any_hurt")
    if hurt is None:
        hurt = view.memo["any_hurt"] = any(_hurt(view, c) for c in generals(view, True))
    return hurt  # type: ignore[return-value]


def _can_attack(view: SeatView, c: int) -> bool:
    key = f"attack@{c}"  # the same for every choice of the request
    can = view.memo.get(key)
    if can is None:
        can = view.memo[key] = view.face_up(c) and any(view.in_range(c, t) for t in generals(view, False))
    return can  # type: ignore[return-value]


def _slashes(view: SeatView) -> int:
    n = view.memo.get("slashes")  # the same for every choice of the request
    if n is None:
        n = view.memo["slashes"] = sum(1 for c in view.hand if CARDS[c].name in SLASH_NAMES) + sum(1 for c in view.zone(view.seat, "qibing") if CARDS[c].name == "fubing")
    return n  # type: ignore[return-value]


def _own(view: SeatView) -> frozenset[int]:
    """The deciding player's characters (the same for every choice of the request)."""
    own = view.memo.get("own")
    if own is None:
        own = view.memo["own"] = frozenset(c for c in range(view.n) if mine(view, c))
    return own  # type: ignore[return-value]


def _card_score(view: SeatView, name: str, user: int, targets: tuple[int, ...]) -> float:
    if name in USER_SCORED:
        return _user_score(view, name, user)
    return _target_score(view, name, targets)


def _target_score(view: SeatView, name: str, targets: tuple[int, ...]) -> float:
    """A card whose worth does not depend on which general uses it: by its targets."""
    own = _own(view)
    foes = [t for t in targets if t not in own]
    if name in SLASH_NAMES:
        if not foes:
            return 0.0
        t = foes[0]
        return 8.0 + view.lost(t) + (1.0 if view.face_up(t) else 0.0)
    if name == "duel":
        return 4.0 + _slashes(view) - 0.3 * view.hand_count(foes[0]) if foes else 0.0
    if name in ("savage_assault", "archery_attack"):
        return 3.0 * len(foes)
    if name in ("dismantlement", "snatch", "chihou"):
        return (3.0 + (1.0 if view.equip(foes[0]) else 0.0)) if foes and (view.hand_count(foes[0]) or view.equip(foes[0])) else 0.0
    if name in ("ex_nihilo", "yuanjun"):
        return 10.0
    if name == "zhangu":
        return 4.0 if _slashes(view) > 1 and _can_attack(view, targets[0]) else 0.0
    if name == "jixingjun":
        return 1.5 if any(view.has_skill(targets[0], s) for s in AFTER_REDEPLOY) else 0.0
    return 0.5


def _user_score(view: SeatView, name: str, user: int) -> float:
    """A card for the general using it (``USER_SCORED``)."""
    if name == "peach":
        return 20.0 if _hurt(view, user) else 0.0
    if name == "analeptic":  # before the 杀 it strengthens (one 酒 a general a turn)
        return 12.0 if _slashes(view) and _can_attack(view, user) and view.hp(user) > 0 else 0.0
    if view.equip(user):  # equipment (GEAR)
        return 0.0
    return 3.0 + GEAR[name] + (1.0 if view.face_up(user) else 0.0)


USER_SCORED = frozenset({"peach", "analeptic", *GEAR})  # the cards ``_user_score`` scores


def _option_score(view: SeatView, option: str, user: int) -> float:
    """A reveal, a redeploy or an action (not a form): its worth for general ``user``."""
    if option == "reveal":
        ambush = any(view.has_skill(user, s) for s in AMBUSH)
        return 0.5 if ambush else 6.0
    if option == "redeploy":
        return 1.5 if any(view.has_skill(user, s) for s in AFTER_REDEPLOY) else 0.0
    return ACTIONS.get(option, _ANY_ACTION)(view, user)


ACTIONS: dict[str, Callable[[SeatView, int], float]] = {
    "kurou": lambda view, user: 2.0 if view.hp(user) >= 3 else 0.0,
    "zhiheng": lambda view, user: 0.2 if any(KEEP.get(CARDS[c].name, 3) <= 3 for c in view.hand) else 0.0,
    "qingnang": lambda view, user: 4.0 if _any_hurt(view) else 0.0,
    "jieyin": lambda view, user: 4.0 if _any_hurt(view) else 0.0,
    "duel_cunsi": lambda view, user: 0.0,
}
_ANY_ACTION: Callable[[SeatView, int], float] = lambda view, user: 1.0  # noqa: E731


_identity_play = HANDLERS["play"]


def _card_value(view: SeatView, scored: dict[tuple, float], name: str, targets: tuple[int, ...]) -> float:
    """``_card_score`` of a card named ``name`` used by ``targets[0]`` on the rest, once per
    name and targets (and user, for ``USER_SCORED``) a request: copies in the hand, and
    the same card from another general, score the same."""
    key = (name, targets) if name in USER_SCORED else (name, targets[1:])
    s = scored.get(key)
    if s is None:
        s = scored[key] = _card_score(view, name, targets[0], targets[1:])
    return s


def play(view: SeatView, request: Request, rng: Draws) -> Choice:
    if view.mode != MODE:
        return _identity_play(view, request, rng)
    best, best_score = None, 0.0
    # Cards by name and targets; the rest by option and general (``_option_score``).
    scored: dict[tuple, float] = {}
    for choice in request.choices:
        option = choice.option
        if not option:
            s = _card_value(view, scored, CARDS[choice.cards[0]].name, choice.targets)
        elif option == "end":
            continue
        else:
            form = view.form(option) if option != "reveal" and option != "redeploy" else None
            if form is not None:  # a converted card (武圣, 龙胆, 伏兵 …): as the card it makes, a little below a real one
                s = max(0.0, _card_value(view, scored, form.name, choice.targets) - 0.3)
            else:
                key = (option, choice.targets[0])
                s = scored.get(key)  # type: ignore[assignment]
                if s is None:
                    s = scored[key] = _option_score(view, option, choice.targets[0])
        if s > best_score:
            best, best_score = choice, s
    return best if best is not None else next(c for c in request.choices if c.option == "end")


# -- the duel's skills -----------------------------------------------------------------------


def _transfer_wanted(sid: str) -> Callable[[SeatView, Request], bool]:
    """典韦 and 周泰 take an ally's damage while they can bear it; never an enemy's."""

    def want(view: SeatView, request: Request) -> bool:
        go = next(c for c in request.choices if not c.is_pass)
        hurt = go.targets[0] if go.targets else -1
        if hurt < 0 or not mine(view, hurt):
            return False
        guard = holders(view, sid)
        return bool(guard) and view.hp(guard[0]) > view.hp(hurt)

    return want


def _aim_foe_or_first(view: SeatView, request: Request, rng: Draws) -> Choice:
    foes = [c for c in request.choices if c.targets and not mine(view, c.targets[0])]
    return foes[0] if foes else request.choices[0]


skill_policy.TRIGGERS.update({"duel_huwei": _transfer_wanted("duel_huwei"), "duel_dangren": _transfer_wanted("duel_dangren")})
skill_policy.SKILL.update({"duel_ganglie": skill_policy._aim_enemy, "duel_dangren": _aim_foe_or_first})
HANDLERS["play"] = play
