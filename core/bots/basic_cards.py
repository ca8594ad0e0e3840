"""What the `basic` bot knows about tricks and equipment.

Plays are scored (``PLAY_SCORES`` by card, ``OPTION_SCORES`` by option:
> 0 means worth playing now, the highest wins); answers to the card families' requests are ``HANDLERS`` by request
kind.  Everything is read through the SeatView: shown roles, public damage,
equipment, judge zones and hand counts, never another seat's hand.
"""
from __future__ import annotations

from ..deck import CARDS, SLASH_NAMES
from ..requests import Choice, Request
from ..rng import Draws
from ..view import SeatView
from .basic import HANDLERS, KEEP, OPTION_SCORES, PLAY_SCORES, _first_not_pass, _slash_score, is_ally, is_enemy, keep_value

KEEP.update(
    {
        "ex_nihilo": 6,
        "indulgence": 5,
        "snatch": 5,
        "dismantlement": 4.5,
        "duel": 4,
        "savage_assault": 3.5,
        "archery_attack": 3.5,
        "fire_attack": 3,
        "iron_chain": 2,
        "lightning": 1,
    }
)

HARMFUL_JUDGE = ("indulgence", "supply_shortage")
NATURE_SOURCES = ("fire_slash", "thunder_slash", "fire_attack")


def _name(card: int) -> str:
    return CARDS[card].name


def _hand_names(view: SeatView) -> list[str]:
    return view.hand_names()


def _enemies(view: SeatView) -> list[int]:
    return [s for s in view.alive_seats() if is_enemy(view, s)]


def _hurt(view: SeatView, seat: int) -> bool:
    return view.hp(seat) < view.max_hp(seat)


# -- 杀 and its forms --------------------------------------------------------------


def _one_slash_target(view: SeatView, target: int, name: str, cards: tuple[int, ...]) -> float:
    base = _slash_score(view, Choice(targets=(target,)))
    if base <= 0:
        return 0.0
    armor = view.equip_name(target, "armor")
    weapon = view.equip_name(view.seat, "weapon")
    if armor and weapon != "qinggang_sword":
        if armor == "vine":
            if name == "slash":
                return 0.0
            if name == "fire_slash":
                base += 2
        elif armor == "renwang_shield" and cards and all(CARDS[c].color == "black" for c in cards):
            return 0.0
        elif armor == "eight_diagram":
            base -= 1
    return max(base, 0.1)


def _slash(view: SeatView, choice: Choice) -> float:
    name = _name(choice.cards[0]) if choice.cards else "slash"
    total = 0.0
    for t in choice.targets:
        s = _one_slash_target(view, t, name, choice.cards)
        if s <= 0:
            return 0.0  # never spread a 杀 onto a friend or onto a wasted target
        total += s
    return total


def _fan(view: SeatView, choice: Choice) -> float:
    s = sum(_one_slash_target(view, t, "fire_slash", ()) for t in choice.targets)
    return s + 0.2 if s > 0 else 0.0


def _spear(view: SeatView, choice: Choice) -> float:
    if any(n in SLASH_NAMES for n in _hand_names(view)):
        return 0.0  # a real 杀 is better
    cheap = sum(1 for c in view.hand if keep_value(view, c) <= 4)
    if cheap < 2:
        return 0.0
    return max(0.0, _slash(view, choice) - 2.0)


# -- tricks -------------------------------------------------------------------------


def _take_score(view: SeatView, target: int, gain: float) -> float:
    judge = view.judge_names(target)
    if is_ally(view, target):
        return 8.0 if any(n in HARMFUL_JUDGE for n in judge) else 0.0
    if is_enemy(view, target):
        value = 3.0 + gain
        if view.equip_name(target, "armor") or view.equip_name(target, "weapon"):
            value += 1.0
        if view.hand_count(target) == 0 and not view.equip(target):
            return 0.0  # only its judge zone: leave an enemy's 乐不思蜀 where it is
        return value
    return 0.0


def _dismantlement(view: SeatView, choice: Choice) -> float:
    return _take_score(view, choice.targets[0], 0.0)


def _snatch(view: SeatView, choice: Choice) -> float:
    return _take_score(view, choice.targets[0], 1.0)


def _duel(view: SeatView, choice: Choice) -> float:
    target = choice.targets[0]
    if not is_enemy(view, target):
        return 0.0
    mine = sum(1 for n in _hand_names(view) if n in SLASH_NAMES)
    return 3.0 + mine - 0.3 * view.hand_count(target)


def _mass(view: SeatView, choice: Choice) -> float:
    score = 0.0
    for t in choice.targets:
        if is_enemy(view, t):
            score += 2.0
        elif is_ally(view, t):
            score -= 2.5 + (2.0 if view.hp(t) <= 1 else 0.0)
    return score


def _god_salvation(view: SeatView, choice: Choice) -> float:
    score = 0.0
    for t in choice.targets:
        if _hurt(view, t):
            score += 3.0 if is_ally(view, t) else -3.0 if is_enemy(view, t) else 0.0
    return score


def _amazing_grace(view: SeatView, choice: Choice) -> float:
    allies = sum(1 for t in choice.targets if is_ally(view, t))
    enemies = sum(1 for t in choice.targets if is_enemy(view, t))
    return 1.5 + 0.5 * (allies - enemies)


def _ex_nihilo(view: SeatView, choice: Choice) -> float:
    return 10.0


def _collateral(view: SeatView, choice: Choice) -> float:
    holder, victim = choice.targets
    if victim == view.seat or is_ally(view, victim):
        return 0.0
    if is_enemy(view, victim):
        return 5.0 if not is_ally(view, holder) else 4.0
    return 2.0 if is_enemy(view, holder) else 0.0  # at worst, its weapon is ours


def _fire_attack(view: SeatView, choice: Choice) -> float:
    target = choice.targets[0]
    if target == view.seat or not is_enemy(view, target) or len(view.hand) < 4:
        return 0.0
    return 3.0 + (2.0 if view.equip_name(target, "armor") == "vine" else 0.0)


def _iron_chain(view: SeatView, choice: Choice) -> float:
    fire = view.memo.get("fire")  # the same for every target pair of the request
    if fire is None:
        fire = view.memo["fire"] = any(n in NATURE_SOURCES for n in _hand_names(view))
    score = 0.0
    for t in choice.targets:
        chained = view.chained(t)
        if is_ally(view, t):
            score += 2.0 if chained else -3.0
        elif is_enemy(view, t):
            score += -1.0 if chained else (1.5 if fire else 0.4)
    return score


def _recast(view: SeatView, choice: Choice) -> float:
    return 0.5


def _indulgence(view: SeatView, choice: Choice) -> float:
    target = choice.targets[0]
    return 7.0 + 0.2 * view.hand_count(target) if is_enemy(view, target) else 0.0


def _supply_shortage(view: SeatView, choice: Choice) -> float:
    return 6.0 if is_enemy(view, choice.targets[0]) else 0.0


def _lightning(view: SeatView, choice: Choice) -> float:
    if view.hp(view.seat) < 3 or view.equip_name(view.seat, "armor") == "silver_lion":
        return 0.0 if view.hp(view.seat) < 3 else 0.6
    return 0.6


# -- equipment ----------------------------------------------------------------------

GEAR = {
    "crossbow": 2.0,
    "qinggang_sword": 3.0,
    "double_sword": 2.5,
    "ice_sword": 2.5,
    "guding_blade": 3.0,
    "axe": 3.0,
    "blade": 3.0,
    "spear": 2.6,
    "halberd": 2.4,
    "fan": 2.8,
    "kylin_bow": 2.7,
    "eight_diagram": 4.0,
    "renwang_shield": 3.6,
    "silver_lion": 3.5,
    "vine": 3.0,
    "defensive_horse": 3.0,
    "offensive_horse": 3.0,
}


def _gear_value(view: SeatView, name: str) -> float:
    value = GEAR[name]
    if name == "crossbow":
        value += 0.8 * sum(1 for n in _hand_names(view) if n in SLASH_NAMES)
    return value


def _equip(view: SeatView, choice: Choice) -> float:
    name = _name(choice.cards[0])
    current = view.equip_name(view.seat, CARDS[choice.cards[0]].kind.subtype)
    new = _gear_value(view, name)
    old = _gear_value(view, current) if current else 0.0
    return 3.0 + new - old if new > old + 0.05 else 0.0


PLAY_SCORES.update(
    {
        "slash": _slash,
        "fire_slash": _slash,
        "thunder_slash": _slash,
        "dismantlement": _dismantlement,
        "snatch": _snatch,
        "duel": _duel,
        "savage_assault": _mass,
        "archery_attack": _mass,
        "god_salvation": _god_salvation,
        "amazing_grace": _amazing_grace,
        "ex_nihilo": _ex_nihilo,
        "collateral": _collateral,
        "fire_attack": _fire_attack,
        "iron_chain": _iron_chain,
        "indulgence": _indulgence,
        "supply_shortage": _supply_shortage,
        "lightning": _lightning,
    }
)
PLAY_SCORES.update({name: _equip for name in GEAR})
OPTION_SCORES.update({"fan": _fan, "spear": _spear, "recast": _recast})


# -- answers ------------------------------------------------------------------------

# How much a trick hurts its target (cancel it on a friend) or helps it (cancel it on a foe).
HARM = {"dismantlement": 3, "snatch": 3, "duel": 3, "savage_assault": 2, "archery_attack": 2, "collateral": 2, "fire_attack": 2, "indulgence": 6, "supply_shortage": 5}
HELP = {"ex_nihilo": 3, "god_salvation": 2}
ANSWERS = {"savage_assault": SLASH_NAMES, "archery_attack": frozenset({"dodge"}), "duel": SLASH_NAMES}


def _harm(view: SeatView, trick: str, target: int) -> int:
    harm = HARM.get(trick, 0)
    answers = ANSWERS.get(trick)
    if answers and target == view.seat and any(n in answers for n in _hand_names(view)):
        harm = 0  # it can answer this itself
    if answers and target != view.seat and view.hp(target) > 2:
        harm -= 1
    return harm


def _nullify(view: SeatView, request: Request, rng: Draws) -> Choice:
    trick, _user, target_s, depth_s = request.prompt.split(":")
    target, depth = int(target_s), int(depth_s)
    harm, helps = _harm(view, trick, target), HELP.get(trick, 0)
    friend, foe = is_ally(view, target), is_enemy(view, target)
    cancel = (friend and harm >= 2) or (foe and helps >= 2)
    keep = (foe and harm >= 2) or (friend and helps >= 2)
    play = cancel if depth % 2 == 0 else keep
    if play:
        return next(c for c in request.choices if not c.is_pass)
    return next(c for c in request.choices if c.is_pass)


EQUIP_PRIORITY = {"armor": 0, "weapon": 1, "defensive_horse": 2, "offensive_horse": 3, "treasure": 4}


def _pick_card(view: SeatView, request: Request, rng: Draws) -> Choice:
    target = int(request.prompt.rsplit(":", 1)[1])
    choices = request.choices
    judge = set(view.judge(target))
    if is_ally(view, target):
        for c in choices:
            if c.cards and c.cards[0] in judge and view.judge_names(target)[view.judge(target).index(c.cards[0])] in HARMFUL_JUDGE:
                return c
        # Nothing to clear: take what hurts a friend least (a horse, then a hand card).
        return min(choices, key=lambda c: -EQUIP_PRIORITY.get(CARDS[c.cards[0]].kind.subtype, -1) if c.cards and c.cards[0] not in judge else 9)
    equip = [c for c in choices if c.cards and c.cards[0] not in judge]
    if equip:
        return min(equip, key=lambda c: EQUIP_PRIORITY.get(CARDS[c.cards[0]].kind.subtype, 9))
    hand = [c for c in choices if c.option == "hand"]
    if hand:
        return hand[0]
    return choices[0]


def _grace(view: SeatView, request: Request, rng: Draws) -> Choice:
    return max(request.choices, key=lambda c: (KEEP.get(_name(c.cards[0]), 3), -c.cards[0]))


def _use_slash(view: SeatView, request: Request, rng: Draws) -> Choice:
    victim = int(request.prompt.rsplit(":", 1)[1])  # collateral:user:victim, blade:target
    if is_ally(view, victim):
        return next(c for c in request.choices if c.is_pass)
    with_cards = [c for c in request.choices if c.cards]
    return with_cards[0] if with_cards else _first_not_pass(view, request, rng)


def _option(view: SeatView, request: Request, rng: Draws) -> Choice:
    if request.prompt.startswith("double_sword:"):
        user = int(request.prompt.split(":")[1])
        cheap = any(keep_value(view, c) <= 3 for c in view.hand)
        want = "discard" if cheap and not is_ally(view, user) else "draw"
        return next((c for c in request.choices if c.option == want), request.choices[0])
    return request.choices[0]


def _fire_attack_answer(view: SeatView, request: Request, rng: Draws) -> Choice:
    target = int(request.prompt.split(":")[1])
    if is_ally(view, target) or target == view.seat and view.hp(view.seat) <= 2:
        return next(c for c in request.choices if c.is_pass)
    cards = [c for c in request.choices if c.cards]
    return min(cards, key=lambda c: keep_value(view, c.cards[0]))


def _trigger(view: SeatView, request: Request, rng: Draws) -> Choice:
    go = next((c for c in request.choices if not c.is_pass), None)
    no = next((c for c in request.choices if c.is_pass), None)
    if go is None or no is None:
        return request.choices[0]
    target = go.targets[0] if go.targets else -1
    source = go.option
    if source == "ice_sword":
        # Prevent the damage only for a friend or a sturdy foe (then strip it).
        return go if is_ally(view, target) or view.hp(target) > 2 else no
    if source in ("kylin_bow", "double_sword"):
        return no if is_ally(view, target) else go
    if source == "axe":
        cheap = sum(1 for c in view.hand if keep_value(view, c) <= 4)
        return go if is_enemy(view, target) and cheap >= 2 else no
    return go


HANDLERS.update(
    {
        "nullify": _nullify,
        "pick_card": _pick_card,
        "grace": _grace,
        "use_slash": _use_slash,
        "option": _option,
        "fire_attack": _fire_attack_answer,
        "trigger": _trigger,
    }
)
