"""How the `basic` bot plays 三足鼎立 (tripod): whom to fight, which general to wear.

Read through the SeatView only (general zones and equipped generals are
public).  A tripod player wins when its next player dies and loses when its
previous player dies, so its enemy is its next player, and its previous
player — its own hunter — is still one to keep alive: it is saved like an
ally and never attacked (killing it would hand the win to the third player).

Generals are valued by their max hp and their number of skills; the bot
equips a general when that beats what it wears, counting the hp it would
lose (hp never goes up by a change of general), keeps a drawn general only
if it would equip it or has no other in reserve, and discards its least
valued generals first.
"""
from __future__ import annotations

from ...bots.basic import HANDLERS, MODE_RELATIONS, OPTION_SCORES, PICKS, Relations, is_enemy
from ...generals import GENERALS
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView
from . import policy as _heroes  # noqa: F401  (option heroes: Hero Kill's heroes)
from .tripod_pack import GENERAL_SLOT, GENERAL_ZONE, NO_GENERAL, general_of

MODE = "tripod"
HP_WORTH, SKILL_WORTH = 2.0, 2.5


def _relations(view: SeatView) -> Relations:
    n, me = view.n, view.seat
    enemies = [False] * n
    allies = [False] * n
    enemies[(me + 1) % n] = True
    allies[me] = allies[(me - 1) % n] = True
    return [view.side(s) for s in range(n)], enemies, allies


MODE_RELATIONS[MODE] = _relations


def value(gid: str) -> float:
    g = GENERALS[gid]
    return HP_WORTH * g.max_hp + SKILL_WORTH * len(g.skills)


def gain(view: SeatView, card: int) -> float:
    """What equipping ``card`` is worth over the general worn now."""
    new = GENERALS[general_of(card)]
    lost = max(0, view.hp(view.seat) - new.max_hp)
    return value(new.id) - value(view.general(view.seat) or NO_GENERAL) - HP_WORTH * lost


def _best(view: SeatView, cards: list[int]) -> tuple[float, int | None]:
    if not cards:
        return 0.0, None
    best = max(cards, key=lambda c: (gain(view, c), -c))
    return gain(view, best), best


def _equip_score(view: SeatView, choice: Choice) -> float:
    g, _ = _best(view, view.zone(view.seat, GENERAL_ZONE))
    return 30.0 + g if g > 0 else 0.0  # first thing in the play phase: the skills help the rest of it


def _equip_general(view: SeatView, request: Request, rng: Draws) -> Choice:
    cards = [c.cards[0] for c in request.choices if c.cards]
    g, best = _best(view, cards)
    passing = next((c for c in request.choices if c.is_pass), None)
    if passing is not None and g <= 0:
        return passing
    return next(c for c in request.choices if c.cards == (best,))


def _swap(view: SeatView, request: Request, rng: Draws) -> Choice:
    drawn = max((c.cards for c in request.choices), key=len)
    keep = {c for c in drawn if gain(view, c) > 0}
    reserve = [c for c in view.zone(view.seat, GENERAL_ZONE) if c not in drawn]
    if not keep and not reserve:
        keep = {max(drawn, key=lambda c: (value(general_of(c)), -c))}
    swap = tuple(c for c in drawn if c not in keep)
    # (Asked again by 更换武将 in the play phase there is no pass: the bot decided after the draw.)
    return next((c for c in request.choices if c.cards == swap), next((c for c in request.choices if c.is_pass), request.choices[-1]))


def _discard_generals(view: SeatView, request: Request, rng: Draws) -> Choice:
    ranked = sorted(request.cards, key=lambda c: (value(general_of(c)), c))
    return Choice(cards=tuple(ranked[: request.min]))


_base_pick_card = HANDLERS["pick_card"]


def _pick_card(view: SeatView, request: Request, rng: Draws) -> Choice:
    """釜底抽薪 in tripod: strip an enemy of a general with skills; otherwise the usual pick, general cards aside."""
    if view.mode != MODE:
        return _base_pick_card(view, request, rng)
    target = int(request.prompt.rsplit(":", 1)[1])
    worn = view.zone(target, GENERAL_SLOT)
    if worn and is_enemy(view, target) and value(general_of(worn[0])) > value(NO_GENERAL):
        taken = next((c for c in request.choices if c.cards == (worn[0],)), None)
        if taken is not None:
            return taken
    generals = set(view.zone(target, GENERAL_ZONE)) | set(worn)
    plain = tuple(c for c in request.choices if not (c.cards and c.cards[0] in generals))
    if not plain:
        return request.choices[0]
    return _base_pick_card(view, Request(request.seat, request.kind, request.prompt, choices=plain), rng)


HANDLERS["pick_card"] = _pick_card
HANDLERS["equip_general"] = _equip_general
HANDLERS["swap_generals"] = _swap
PICKS["discard_generals"] = _discard_generals
OPTION_SCORES["zhuangbei"] = _equip_score
OPTION_SCORES["huanjiang"] = lambda view, choice: 0.0  # the swap is decided right after the draw
