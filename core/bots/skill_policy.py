"""How the `basic` bot uses skills: which to trigger, whom to aim at, what to give.

Each policy reads only the bot's ``SeatView`` and the request (a skill's
questions carry what the bot needs in their prompt: ``guicai:{seat}:{reason}:{card}``).
Registered into ``core.bots.basic`` on import: ``TRIGGERS`` (trigger
requests, by skill), ``SKILL`` (``skill`` requests, by the prompt's first
word), ``PICKS`` (pick requests of a skill, by prompt), ``ACTION_SCORES``
(play-phase skill options) and scores for the skills' forms (武圣 …).
"""
from __future__ import annotations

from collections.abc import Callable

from ..cards.base import NAMES, SUIT
from ..deck import CARDS, RANK, SLASH_NAMES
from ..requests import Choice, Request
from ..rng import Draws
from ..skills.base import same_rule
from ..view import SeatView

Policy = Callable[[SeatView, Request, Draws], Choice]

from .basic import HANDLERS, KEEP, OPTION_SCORES, PICKS as BASIC_PICKS, PLAY_SCORES, is_ally, is_enemy


def keep(card: int) -> int:
    return KEEP.get(NAMES[card], 3)


def _sides():
    return is_ally, is_enemy


def _pass(request: Request) -> Choice:
    return next(c for c in request.choices if c.is_pass)


def _take(request: Request) -> Choice:
    return next((c for c in request.choices if not c.is_pass), request.choices[0])


# -- trigger requests ------------------------------------------------------------------


def _want_ganglie(view: SeatView, request: Request) -> bool:
    return True


def _want_luoyi(view: SeatView, request: Request) -> bool:
    _, is_enemy = _sides()
    names = view.hand_names()
    has_attack = any(n in SLASH_NAMES or n == "duel" for n in names)
    return has_attack and any(is_enemy(view, s) and view.in_range(view.seat, s) for s in view.alive_seats())


def _want_target_ok(view: SeatView, request: Request) -> bool:
    """Triggers aimed at a character (铁骑 on a target, 反馈 from a source): not at allies."""
    is_ally, _ = _sides()
    targets = next((c.targets for c in request.choices if not c.is_pass), ())
    return not targets or not is_ally(view, targets[0]) or targets[0] == view.seat


def _want_lord_call(view: SeatView, request: Request) -> bool:
    return True


TRIGGERS: dict[str, Callable[[SeatView, Request], bool]] = {
    "luoyi": _want_luoyi,
    "ganglie": _want_target_ok,
    "fankui": _want_target_ok,
    "tieji": _want_target_ok,
    "hujia": _want_lord_call,
    "jijiang": _want_lord_call,
}


_card_trigger: Policy = HANDLERS["trigger"]


def trigger(view: SeatView, request: Request, rng: Draws) -> Choice:
    go = next((c for c in request.choices if not c.is_pass), None)
    if go is None:
        return request.choices[0]
    want = TRIGGERS.get(go.option) or TRIGGERS.get(same_rule(go.option))
    if want is None:
        return _card_trigger(view, request, rng)  # equipment (寒冰剑 …) and skills always worth it
    return go if want(view, request) else _pass(request)


# -- skill questions ---------------------------------------------------------------------

# Which judgement results are good for the judged character, by reason.
GOOD_RESULT: dict[str, Callable[[int], bool]] = {
    "indulgence": lambda c: SUIT[c] == "heart",
    "supply_shortage": lambda c: SUIT[c] == "club",
    "lightning": lambda c: not (SUIT[c] == "spade" and 2 <= CARDS[c].rank <= 9),
    "luoshen": lambda c: SUIT[c] in ("spade", "club"),
    "ganglie": lambda c: SUIT[c] != "heart",
    "tieji": lambda c: SUIT[c] in ("heart", "diamond"),
    "eight_diagram": lambda c: SUIT[c] in ("heart", "diamond"),
}


def _guicai(view: SeatView, request: Request, rng: Draws) -> Choice:
    is_ally, is_enemy = _sides()
    _, seat, reason, card = request.prompt.split(":", 3)
    judged, current = int(seat), int(card)
    why = same_rule(reason.split(":")[0])
    good = GOOD_RESULT.get(why)
    if good is None or (judged == view.seat and why == "luoshen"):
        return _pass(request)  # a card put into one's own 洛神 comes straight back: no end to it
    if is_ally(view, judged):
        want = True
    elif is_enemy(view, judged):
        want = False
    else:
        return _pass(request)
    if good(current) == want:
        return _pass(request)
    fixes = [c for c in request.choices if c.cards and good(c.cards[0]) == want]
    if not fixes:
        return _pass(request)
    return min(fixes, key=lambda c: (keep(c.cards[0]), c.cards[0]))


def _tuxi(view: SeatView, request: Request, rng: Draws) -> Choice:
    is_ally, is_enemy = _sides()

    def worth(choice: Choice) -> float:
        if choice.is_pass:
            return 1.5  # two cards drawn
        score = 0.0
        for t in choice.targets:
            score += 1.2 if is_enemy(view, t) else -2.0 if is_ally(view, t) else 0.8
        return score

    return max(request.choices, key=worth)


def _yiji(view: SeatView, request: Request, rng: Draws) -> Choice:
    is_ally, _ = _sides()
    allies = [s for s in view.alive_seats() if s != view.seat and is_ally(view, s)]
    # The better card to self; a spare one to the ally with the fewest cards.
    cards = sorted({c.cards[0] for c in request.choices}, key=lambda c: (-keep(c), c))
    best = cards[0]
    if len(cards) == 1 and allies:
        to = min(allies, key=lambda s: (view.hand_count(s), s))
        return next(c for c in request.choices if c.cards[0] == best and c.targets[0] == to)
    # To self: a character of the bot's own seat (a duel player's generals share its hand).
    return next(c for c in request.choices if c.cards[0] == best and view.character(c.targets[0]).owner == view.seat)


def _ganglie_pay(view: SeatView, request: Request, rng: Draws) -> Choice:
    cheap = sorted(keep(c) for c in view.hand)[:2]
    discard = view.hp(view.seat) <= 1 or sum(cheap) <= 7
    return next(c for c in request.choices if c.option == ("discard" if discard else "damage"))


def _aim_enemy(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Choose a target: an enemy if any (the weakest), else the first non-ally."""
    is_ally, is_enemy = _sides()
    enemies = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    if enemies:
        return min(enemies, key=lambda c: (view.hp(c.targets[0]), c.targets[0]))
    others = [c for c in request.choices if c.targets and not is_ally(view, c.targets[0])]
    return others[0] if others else request.choices[0]


def _aim_ally(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Choose a target to help: self or an ally, the most hurt first."""
    is_ally, _ = _sides()
    friends = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    pool = friends or list(request.choices)
    return min(pool, key=lambda c: (view.hp(c.targets[0]) - view.max_hp(c.targets[0]), c.targets[0]))


def _liuli(view: SeatView, request: Request, rng: Draws) -> Choice:
    _, is_enemy = _sides()
    good = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    if not good:
        return _pass(request)
    return min(good, key=lambda c: (keep(c.cards[0]), view.hp(c.targets[0]), c.cards[0]))


def _lijian(view: SeatView, request: Request, rng: Draws) -> Choice:
    is_ally, is_enemy = _sides()

    def worth(choice: Choice) -> float:
        first, second = choice.targets
        score = 2.0 if is_enemy(view, first) else -3.0 if is_ally(view, first) else 0.0
        score += 1.0 if is_ally(view, second) else 0.5 if is_enemy(view, second) else 0.0
        return score - 0.1 * view.hp(first)

    return max(request.choices, key=worth)


def _guanxing_keep(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Judgements of the own judge zone first (last placed judges first): a card
    that makes each fail; then the rest, the most useful first."""
    cards = list(request.cards)
    top: list[int] = []
    for name in reversed(view.judge_names(view.seat)):
        good = GOOD_RESULT.get(name)
        fit = next((c for c in cards if good is not None and good(c)), None)
        if fit is None:
            break
        top.append(fit)
        cards.remove(fit)
    ranked = sorted(cards, key=lambda c: (-keep(c), c))
    return Choice(cards=tuple(top + ranked))


SKILL: dict[str, Policy] = {
    "guicai": _guicai,
    "tuxi": _tuxi,
    "yiji": _yiji,
    "ganglie": _ganglie_pay,
    "fanjian": _aim_enemy,
    "rende": _aim_ally,
    "jieyin": _aim_ally,
    "qingnang": _aim_ally,
    "liuli": _liuli,
    "lijian": _lijian,
    "guanxing": _guanxing_keep,
}


def skill(view: SeatView, request: Request, rng: Draws) -> Choice:
    head = request.prompt.split(":", 1)[0]
    policy = SKILL.get(head) or SKILL.get(same_rule(head))
    if policy is not None:
        return policy(view, request, rng)
    if request.choices:
        return _take(request)
    return Choice(cards=tuple(request.cards[: request.min]))


# -- picks of cards for a skill ------------------------------------------------------------


def cheapest(request: Request, k: int) -> Choice:
    return Choice(cards=tuple(sorted(request.cards, key=lambda c: (keep(c), c))[:k]))


def _zhiheng(view: SeatView, request: Request, rng: Draws) -> Choice:
    junk = [c for c in request.cards if keep(c) <= 3 and c in view.hand]
    return Choice(cards=tuple(junk)) if junk else cheapest(request, 1)


def _rende_give(view: SeatView, request: Request, rng: Draws) -> Choice:
    # Give away what exceeds the hand limit, at least two cards when that heals.
    spare = max(request.min, len(view.hand) - max(view.hp(view.seat), 0), 2 if view.hp(view.seat) < view.max_hp(view.seat) else 1)
    return cheapest(request, min(spare, request.max))


def _pindian(view: SeatView, request: Request, rng: Draws) -> Choice:
    """拼点 (``core.skills.common``, every mode's): the highest rank, the least kept."""
    return Choice(cards=(max(request.cards, key=lambda c: (RANK[c], -keep(c), -c)),))


PICKS: dict[str, Policy] = {
    "zhiheng": _zhiheng,
    "rende": _rende_give,
    "pindian": _pindian,
}


def pick(view: SeatView, request: Request, rng: Draws) -> Choice | None:
    head = request.prompt.split(":", 1)[0]
    policy = PICKS.get(head) or PICKS.get(same_rule(head))
    return policy(view, request, rng) if policy is not None else None


# -- the play phase: which skill option is worth taking ---------------------------------------


def _score_kurou(view: SeatView) -> float:
    """Trade hp for cards with a 桃 in hand to climb back (the 桃 is eaten next,
    and 苦肉 again: peaches become cards); without one, only once from full
    health, and never as the lord (everyone's target)."""
    hp, top = view.hp(view.seat), view.max_hp(view.seat)
    if hp >= 2 and "peach" in view.hand_names():
        return 2.0
    if hp == top and hp >= 3 and view.role(view.seat) != "lord":
        return 2.0
    return 0.0


def _score_zhiheng(view: SeatView) -> float:
    return 0.2 if any(keep(c) <= 3 for c in view.hand) else 0.0


def _score_help(view: SeatView) -> float:
    is_ally, _ = _sides()
    return 4.0 if any(is_ally(view, s) and view.hp(s) < view.max_hp(s) for s in view.alive_seats()) else 0.0


def _score_rende(view: SeatView) -> float:
    is_ally, _ = _sides()
    allies = [s for s in view.alive_seats() if s != view.seat and is_ally(view, s)]
    excess = len(view.hand) - max(view.hp(view.seat), 0)
    return 0.3 if allies and excess > 0 else 0.0


def _score_attack(view: SeatView) -> float:
    _, is_enemy = _sides()
    return 3.0 if any(is_enemy(view, s) for s in view.alive_seats()) else 0.0


def _score_jieyin(view: SeatView) -> float:
    is_ally, _ = _sides()
    me_hurt = view.hp(view.seat) < view.max_hp(view.seat)
    ally_hurt = any(s != view.seat and is_ally(view, s) and view.hp(s) < view.max_hp(s) for s in view.alive_seats())
    return 4.0 if ally_hurt or me_hurt and len(view.hand) > view.hp(view.seat) else 0.0


ACTION_SCORES: dict[str, Callable[[SeatView], float]] = {
    "kurou": _score_kurou,
    "zhiheng": _score_zhiheng,
    "qingnang": _score_help,
    "jieyin": _score_jieyin,
    "rende": _score_rende,
    "fanjian": _score_attack,
    "lijian": _score_attack,
}


# -- choosing a general -----------------------------------------------------------------------


def choose_general(view: SeatView, request: Request, rng: Draws) -> Choice:
    """A lord takes a general with a lord skill when offered one; otherwise any, at random."""
    from ..generals import general

    options = list(request.choices)
    if view.role(view.seat) == "lord":
        lords = [c for c in options if general(c.option).lord_skills]
        if lords:
            options = lords
    return rng.choice(options)


# -- answering for a lord (护驾, 激将) -------------------------------------------------------

_card_respond: Policy = HANDLERS["respond"]


def respond(view: SeatView, request: Request, rng: Draws) -> Choice:
    head, _, owner = request.prompt.partition(":")
    if same_rule(head) in ("hujia", "jijiang"):
        if not is_ally(view, int(owner)):
            return _pass(request)
        return min((c for c in request.choices if not c.is_pass), key=lambda c: (keep(c.cards[0]) if c.cards else 0, c.cards))
    return _card_respond(view, request, rng)


def suit(view: SeatView, request: Request, rng: Draws) -> Choice:
    return rng.choice(request.choices)


# -- registering into the basic bot ---------------------------------------------------------


def _action_score(sid: str) -> Callable[[SeatView, Choice], float]:
    score = ACTION_SCORES[sid]
    return lambda view, choice: score(view)


def _form_score(name: str) -> Callable[[SeatView, Choice], float]:
    """A converted card scores as the card it counts as, a little below a real one."""

    def score(view: SeatView, choice: Choice) -> float:
        fn = PLAY_SCORES.get(name)
        if fn is None:
            return 0.0
        return max(0.0, fn(view, Choice(targets=choice.targets)) - 0.3)

    return score


def install() -> None:
    from ..skills import STANDARD_GENERALS  # the standard skills, defined

    HANDLERS.update({"trigger": trigger, "skill": skill, "respond": respond, "suit": suit, "general": choose_general})
    BASIC_PICKS.update(PICKS)
    for sid in ACTION_SCORES:
        OPTION_SCORES[sid] = _action_score(sid)
    for _, f in STANDARD_GENERALS.forms:
        OPTION_SCORES.setdefault(f.option, _form_score(f.name))


install()

