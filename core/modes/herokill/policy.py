"""How the `basic` bot plays the Hero Kill 3v3 modes: sides by team, and
answers to the modes' own decisions.

Registered into ``core.bots.basic`` on import: the modes' relations
(``MODE_RELATIONS``: every side is public, an enemy is of the other team),
answers by request kind (``HANDLERS``) and, for picks, by prompt (``PICKS``).
Reads only the SeatView and the request.  (herokill-identity plays like
identity: its roles are identity's.)
"""
from __future__ import annotations

from ...bots.basic import HANDLERS, MODE_RELATIONS, PICKS, Relations
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView


def _teams(view: SeatView) -> Relations:
    sides = [view.side(s) for s in range(view.n)]
    mine = sides[view.seat]
    return sides, [s is not None and s != mine for s in sides], [s == mine for s in sides]


def _coin(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Pick order, action order: either is fair, so toss a coin."""
    return request.choices[rng.below(len(request.choices))]


def _action(view: SeatView, request: Request, rng: Draws) -> Choice:
    """The captain acts itself half the time; otherwise the vices act, either one first."""
    mine = [c for c in request.choices if c.option == "captain"]
    vices = [c for c in request.choices if c.option == "vices"]
    if not vices or rng.below(2) == 0:
        return mine[0]
    return vices[rng.below(len(vices))]


def _bequest(view: SeatView, request: Request, rng: Draws) -> Choice:
    """A dead character leaves its cards to the teammate holding the fewest."""
    mates = [c for c in request.choices if not c.is_pass]
    return min(mates, key=lambda c: (view.hand_count(c.targets[0]), c.targets[0]))


def _bequest_cards(view: SeatView, request: Request, rng: Draws) -> Choice:
    return Choice(cards=request.cards[: request.max])


for _mode in ("3v3-casual", "3v3-competitive"):
    MODE_RELATIONS[_mode] = _teams
HANDLERS.update({"pick_order": _coin, "act_order": _coin, "action": _action, "bequest": _bequest})
PICKS["bequest_cards"] = _bequest_cards


# -- the Hero Kill heroes' skills -----------------------------------------------------------
#
# A skill that plays a Sanguosha rule (集权 is 奸雄) is answered as that skill is
# (``skill_policy`` looks its rule up by ``same_rule``); the play-phase scores and
# card picks are keyed by option and prompt, so they are registered under the
# heroes' ids here, with the policies of the heroes' own mechanics.

from ...bots import skill_policy as sp  # noqa: E402
from ...bots.basic import OPTION_SCORES, PLAY_SCORES, is_ally, is_enemy, keep_value  # noqa: E402
from ...cards.base import NAMES  # noqa: E402
from ...skills.base import SAME_AS  # noqa: E402
from ...skills.common import is_black  # noqa: E402
from .heroes import HEROES  # noqa: E402


def _cheapest(view: SeatView, cards: tuple[int, ...], k: int) -> Choice:
    return Choice(cards=tuple(sorted(cards, key=lambda c: (keep_value(view, c), c))[:k]))


def _pick_cheapest(view: SeatView, request: Request, rng: Draws) -> Choice:
    return _cheapest(view, request.cards, request.min)


def _pass(request: Request) -> Choice:
    return next(c for c in request.choices if c.is_pass)


def _diehun(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Skip a harmful mass trick (or a heal one does not need) for a card."""
    name = request.prompt.split(":")[1]
    go = next(c for c in request.choices if not c.is_pass)
    full = view.hp(view.seat) >= view.max_hp(view.seat)
    worth = name in ("savage_assault", "archery_attack") or (name == "god_salvation" and full)
    return go if worth else _pass(request)


def _juebie(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Dying without a 药 of its own: leave everything to a male ally."""
    if "peach" in view.hand_names():
        return _pass(request)
    allies = [c for c in request.choices if c.targets and c.targets[0] != view.seat and is_ally(view, c.targets[0])]
    return min(allies, key=lambda c: (view.hp(c.targets[0]), c.targets[0])) if allies else _pass(request)


def _menshen(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Stand in for the most hurt ally while sturdy enough to take its blows."""
    if view.hp(view.seat) < 3:
        return _pass(request)
    allies = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    return min(allies, key=lambda c: (view.hp(c.targets[0]), c.targets[0])) if allies else _pass(request)


def _manwu(view: SeatView, request: Request, rng: Draws) -> Choice:
    """曼舞 (天香): pass the damage to the weakest enemy, paying the cheapest heart."""
    foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    if not foes:
        return _pass(request)
    return min(foes, key=lambda c: (view.hp(c.targets[0]), keep_value(view, c.cards[0]), c.cards[0]))


def _hero_value(view: SeatView, seat: int) -> float:
    from ...generals import GENERALS

    g = GENERALS.get(view.general(seat) or "")
    return 0.0 if g is None else 2.0 * g.max_hp + 2.5 * len(g.skills)


def _yizhuang_target(view: SeatView, request: Request, rng: Draws) -> Choice:
    return max(request.choices, key=lambda c: (_hero_value(view, c.targets[0]), -c.targets[0]))


def _ring_after_swap(view: SeatView, a: int, b: int) -> dict[int, int]:
    """Places around the table once ``a`` and ``b`` exchange theirs (public)."""
    order = list(view.order())
    i, j = order.index(a), order.index(b)
    order[i], order[j] = order[j], order[i]
    return {c: k for k, c in enumerate(order)}


def _reach_after(view: SeatView, place: dict[int, int], seat: int) -> int:
    """How many enemies ``seat`` could attack (range 1 + weapon) from the new places."""
    ring = sorted(view.alive_seats(), key=lambda c: place[c])
    n = len(ring)
    k = ring.index(seat)
    rng = view.attack_range(seat)
    hits = 0
    for step in range(1, n):
        t = ring[(k + step) % n]
        d = min(step, n - step)
        if "offensive_horse" in view.equip(seat):
            d -= 1
        if "defensive_horse" in view.equip(t):
            d += 1
        if is_enemy(view, t) and max(1, d) <= rng:
            hits += 1
    return hits


def _qiandu_best(view: SeatView) -> tuple[float, int]:
    me = view.seat
    now = sum(1 for t in view.alive_seats() if is_enemy(view, t) and view.in_range(me, t))
    best, who = 0.0, -1
    for t in view.alive_seats():
        if t == me:
            continue
        gain = _reach_after(view, _ring_after_swap(view, me, t), me) - now
        if gain > best:
            best, who = float(gain), t
    return best, who


def _score_qiandu(view: SeatView, choice: Choice) -> float:
    """Move next to more enemies, paying two spare black cards."""
    spare = [c for c in view.hand if is_black(c) and NAMES[c] not in ("slash", "dodge", "peach")]
    if len(spare) < 2:
        return 0.0
    gain, _ = _qiandu_best(view)
    return 1.5 * gain


def _qiandu_target(view: SeatView, request: Request, rng: Draws) -> Choice:
    _, who = _qiandu_best(view)
    return next((c for c in request.choices if c.targets == (who,)), request.choices[0])


def _score_fenghuo(view: SeatView, choice: Choice) -> float:
    """A 烽火狼烟 for a worn card: when it hits enemies more than friends, and the gear is cheap."""
    gear = min((keep_value(view, c) for c in view.equip(view.seat).values()), default=99)
    targets = tuple(t for t in view.alive_seats() if t != view.seat)
    return PLAY_SCORES["savage_assault"](view, Choice(targets=targets)) - 0.3 * max(0.0, gear - 5)


def _score_yizhuang(view: SeatView, choice: Choice) -> float:
    return 3.0 if len(view.hand) >= 3 else 0.0


def _score_xiadan(view: SeatView, choice: Choice) -> float:
    """Once a turn, with a 杀 to follow and an enemy to aim at."""
    if view.uses_this_turn(view.seat, "hk_xiadan"):
        return 0.0
    slash = any(NAMES[c] in ("slash", "fire_slash", "thunder_slash") for c in view.hand)
    foes = any(is_enemy(view, s) for s in view.alive_seats())
    return 2.5 if slash and foes and len(view.hand) >= 3 else 0.0


def _aim_enemy(view: SeatView, request: Request, rng: Draws) -> Choice:
    return sp._aim_enemy(view, request, rng)


def _qiandu_pick(view: SeatView, request: Request, rng: Draws) -> Choice:
    return _cheapest(view, request.cards, 2)


def _fenghuo_pick(view: SeatView, request: Request, rng: Draws) -> Choice:
    return _cheapest(view, request.cards, 1)


sp.SKILL.update(
    {
        "hk_diehun": _diehun,
        "hk_juebie": _juebie,
        "hk_menshen": _menshen,
        "tianxiang": _manwu,
        "hk_yizhuang": _yizhuang_target,
        "hk_qiandu": _qiandu_target,
        "hk_xiadan": _aim_enemy,
    }
)
sp.TRIGGERS["hk_qianglue"] = sp._want_target_ok
PICKS.update({"hk_qiandu": _qiandu_pick, "hk_fenghuo": _fenghuo_pick, "hk_yizhuang": _pick_cheapest})
OPTION_SCORES.update({"hk_qiandu": _score_qiandu, "hk_fenghuo": _score_fenghuo, "hk_yizhuang": _score_yizhuang, "hk_xiadan": _score_xiadan})
for _sid, _of in SAME_AS.items():
    if not _sid.startswith("hk_"):
        continue
    if _of in sp.ACTION_SCORES:
        OPTION_SCORES[_sid] = sp._action_score(_of)
    if _of in PICKS:
        PICKS[_sid] = PICKS[_of]
for _, _form in HEROES.forms:
    OPTION_SCORES.setdefault(_form.option, sp._form_score(_form.name))
