"""How the `basic` bot plays hegemony (国战): sides by revealed kingdoms only,
choosing two generals, revealing by a rule of thumb, the rewards, and the
hegemony generals' skills and cards.

Sides: a character is an ally when its *revealed* kingdom is the bot's own
(the kingdom of its own generals, which it knows even while they are
concealed) and neither is a careerist; an enemy when its revealed kingdom is
another; unknown while it shows none.  Nothing here reads another seat's
concealed generals (``SeatView.general`` of another seat is None for them
anyway): a test swaps those generals and checks the bot answers the same.

Revealing (rule of thumb): both generals at once when the first full reveal
pays (companions or a leftover half fish), or once the game is under way
(round 3) or a character of the bot's kingdom has shown itself; a skill that
pays off is used (and so revealed) whenever the basic policies would use it.
"""
from __future__ import annotations

from collections.abc import Callable

from ...bots.basic import HANDLERS, KEEP, MODE_RELATIONS, OPTION_SCORES, PICKS, PLAY_SCORES, Relations, is_ally, is_enemy
from ...bots.basic_cards import GEAR, HARMFUL_JUDGE, _equip
from ...bots.skill_policy import ACTION_SCORES, SKILL, TRIGGERS, _form_score, _guicai, _rende_give, _tuxi, _want_target_ok, _zhiheng, keep
from ...deck import CARDS, SLASH_NAMES
from ...generals import GENERALS
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView

MODE = "hegemony"
CAREERIST = "careerist"
Policy = Callable[[SeatView, Request, Draws], Choice]


# -- sides ------------------------------------------------------------------------------


def own_kingdom(view: SeatView) -> str:
    """The bot's kingdom: revealed, or that of its own (concealed) main general."""
    me = view.seat
    k = view.kingdom(me)
    if k:
        return k
    g = view.general(me, 0)
    return GENERALS[g].kingdom if g else ""


def _relations(view: SeatView) -> Relations:
    n, me = view.n, view.seat
    mine = own_kingdom(view)
    sides: list[str | None] = [None] * n
    enemies = [False] * n
    allies = [False] * n
    for s in range(n):
        k = view.kingdom(s)
        if s == me:
            sides[s] = mine
            allies[s] = True
        elif k:
            sides[s] = k
            same = k == mine and k != CAREERIST
            allies[s], enemies[s] = same, not same
    return sides, enemies, allies


MODE_RELATIONS[MODE] = _relations


def _allies(view: SeatView) -> list[int]:
    return [s for s in view.alive_seats() if s != view.seat and is_ally(view, s)]


def _enemies(view: SeatView) -> list[int]:
    return [s for s in view.alive_seats() if is_enemy(view, s)]


# -- choosing two generals ------------------------------------------------------------------


def _pair_value(option: str) -> float:
    from .generals import companions, halves

    a, b = option.split("+")
    value = (halves(a) + halves(b)) / 2 + 0.5 * (len(GENERALS[a].skills) + len(GENERALS[b].skills))
    if companions(a, b):
        value += 1.5
    if (halves(a) + halves(b)) % 2:
        value += 0.3
    return value + 0.1 * halves(a)  # the main general first: the larger one


def choose_generals(view: SeatView, request: Request, rng: Draws) -> Choice:
    values = [_pair_value(c.option) for c in request.choices]
    best = max(values)
    top = [c for c, v in zip(request.choices, values) if v >= best - 0.25]
    return rng.choice(top)


# -- revealing and the rewards --------------------------------------------------------------


def _pays(view: SeatView) -> bool:
    from .generals import companions, half_left

    a, b = view.general(view.seat, 0), view.general(view.seat, 1)
    return bool(a and b) and (companions(a, b) or half_left(a, b))


def reveal(view: SeatView, request: Request, rng: Draws) -> Choice:
    options = {c.option: c for c in request.choices}
    mine = own_kingdom(view)
    kin_shown = any(view.kingdom(s) == mine for s in view.alive_seats() if s != view.seat)
    if "both" in options and _pays(view):
        return options["both"]
    if view.round >= 3 or kin_shown:
        return options.get("both") or next(c for c in request.choices if not c.is_pass)
    return options["pass"]


def reward(view: SeatView, request: Request, rng: Draws) -> Choice:
    options = {c.option: c for c in request.choices}
    if "recover" in options and view.hp(view.seat) <= 2:
        return options["recover"]
    return options.get("draw") or request.choices[0]


# -- cards ----------------------------------------------------------------------------------

KEEP.update({"heg_nullification": 6, "befriend_attacking": 5, "await_exhausted": 3, "known_both": 2})
GEAR.update({"six_swords": 2.6, "triblade": 3.0})


def _befriend(view: SeatView, choice: Choice) -> float:
    return 6.0 if not is_ally(view, choice.targets[0]) else 0.0


def _await(view: SeatView, choice: Choice) -> float:
    return 2.0 + sum(1.0 for t in choice.targets if t != view.seat and is_ally(view, t))


def _known_both(view: SeatView, choice: Choice) -> float:
    return 0.2  # what it shows does not change whom the bot fights (revealed kingdoms only)


PLAY_SCORES.update({"befriend_attacking": _befriend, "await_exhausted": _await, "known_both": _known_both, "six_swords": _equip, "triblade": _equip})


# -- skill questions ---------------------------------------------------------------------------


def _pass(request: Request) -> Choice:
    return next(c for c in request.choices if c.is_pass)


def _cheapest(choices: list[Choice]) -> Choice:
    return min(choices, key=lambda c: (keep(c.cards[0]) if c.cards else 0, c.cards))


def _at_enemy(view: SeatView, request: Request, rng: Draws) -> Choice:
    """Aim at the weakest enemy (the cheapest card if one is paid), else pass."""
    foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[-1])]
    if not foes:
        return _pass(request) if any(c.is_pass for c in request.choices) else request.choices[0]
    low = min(view.hp(c.targets[-1]) for c in foes)
    return _cheapest([c for c in foes if view.hp(c.targets[-1]) == low])


def _at_ally(view: SeatView, request: Request, rng: Draws) -> Choice:
    friends = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    if not friends:
        return _pass(request) if any(c.is_pass for c in request.choices) else request.choices[0]
    return min(friends, key=lambda c: (view.hand_count(c.targets[0]), c.targets))


def _pay_if_enemy(view: SeatView, request: Request, rng: Draws) -> Choice:
    """``prompt:{who}``: pay the cheapest card when ``who`` is an enemy."""
    who = int(request.prompt.split(":")[1])
    paid = [c for c in request.choices if c.cards]
    if not is_enemy(view, who) or not paid:
        return _pass(request)
    return _cheapest(paid)


def _qiaobian(view: SeatView, request: Request, rng: Draws) -> Choice:
    phase = request.prompt.split(":")[1]
    cards = [c for c in request.choices if c.cards]
    want = (
        (phase == "judge" and any(n in HARMFUL_JUDGE for n in view.judge_names(view.seat)))
        or (phase == "discard" and len(view.hand) > max(view.hp(view.seat), 0) + 1)
    )
    return _cheapest(cards) if want and cards else _pass(request)


def _qiaobian_move(view: SeatView, request: Request, rng: Draws) -> Choice:
    for c in request.choices:
        if c.cards and len(c.targets) == 2:
            src, dst = c.targets
            from_ally_judge = is_ally(view, src) and c.cards[0] in view.judge(src)
            from_foe_gear = is_enemy(view, src) and c.cards[0] in view.equip(src).values() and is_ally(view, dst)
            if (from_ally_judge and is_enemy(view, dst)) or from_foe_gear:
                return c
    return _pass(request)


def _qiangxi(view: SeatView, request: Request, rng: Draws) -> Choice:
    aimed = [c for c in request.choices if c.targets]
    # A known enemy first; with none known (the sides still concealed), anyone not known to be an ally.
    foes = [c for c in aimed if is_enemy(view, c.targets[0])] or [c for c in aimed if not is_ally(view, c.targets[0])] or aimed
    if not foes:
        return _pass(request)
    paid = [c for c in foes if c.cards] or foes
    return min(paid, key=lambda c: (view.hp(c.targets[0]), c.targets))


def _quhu(view: SeatView, request: Request, rng: Draws) -> Choice:
    if request.prompt.startswith("hg_quhu:prey"):
        foes = [c for c in request.choices if is_enemy(view, c.targets[0])]
        others = [c for c in request.choices if not is_ally(view, c.targets[0])]
        return (foes or others or list(request.choices))[0]
    foes = [c for c in request.choices if is_enemy(view, c.targets[0])]
    return (foes or list(request.choices))[0]


def _jieming(view: SeatView, request: Request, rng: Draws) -> Choice:
    friends = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    if not friends:
        return _pass(request)
    return max(friends, key=lambda c: (view.max_hp(c.targets[0]) - view.hand_count(c.targets[0]), -c.targets[0]))


def _fangzhu(view: SeatView, request: Request, rng: Draws) -> Choice:
    lost = view.max_hp(view.seat) - view.hp(view.seat)
    for c in request.choices:
        t = c.targets[0] if c.targets else -1
        if t >= 0 and is_ally(view, t) and view.character(t).flipped:
            return c  # levels a stacked ally, with cards
    if lost <= 2:
        foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0]) and not view.character(c.targets[0]).flipped]
        if foes:
            return foes[0]
    return _pass(request)


def _xiaoguo_pay(view: SeatView, request: Request, rng: Draws) -> Choice:
    cards = [c for c in request.choices if c.cards]
    in_hand = [c for c in cards if c.cards[0] in view.hand]
    if in_hand:
        return in_hand[0]
    damage = next(c for c in request.choices if c.option == "damage")
    return damage if view.hp(view.seat) > 2 or not cards else cards[0]


def _yinghun(view: SeatView, request: Request, rng: Draws) -> Choice:
    x = int(request.prompt.split(":")[1])
    friends = [c for c in request.choices if c.option == "draw_x" and is_ally(view, c.targets[0])]
    if friends:
        return friends[0]
    if x > 1:
        foes = [c for c in request.choices if c.option == "draw_1" and is_enemy(view, c.targets[0])]
        if foes:
            return foes[0]
    return _pass(request)


def _guzheng(view: SeatView, request: Request, rng: Draws) -> Choice:
    owner = int(request.prompt.split(":")[1])
    cards = [c for c in request.choices if c.cards]
    if not cards:
        return _pass(request)
    if is_ally(view, owner):
        return max(cards, key=lambda c: (keep(c.cards[0]), c.cards))
    return _cheapest(cards) if len(cards) >= 3 else _pass(request)


def _dimeng(view: SeatView, request: Request, rng: Draws) -> Choice:
    return max(request.choices, key=lambda c: _dimeng_gain(view, c.targets))


def _dimeng_gain(view: SeatView, pair: tuple[int, ...]) -> float:
    a, b = pair
    diff = view.hand_count(b) - view.hand_count(a)  # a gets b's hand
    score = 0.0
    if is_ally(view, a):
        score += diff
    elif is_enemy(view, a):
        score -= diff
    if is_ally(view, b):
        score -= diff
    elif is_enemy(view, b):
        score += diff
    return score - abs(diff) * 0.6  # the cards paid


def _zhijian(view: SeatView, request: Request, rng: Draws) -> Choice:
    friends = [c for c in request.choices if is_ally(view, c.targets[0])]
    return (friends or list(request.choices))[0]


def _beige(view: SeatView, request: Request, rng: Draws) -> Choice:
    _, dst, src = request.prompt.split(":")
    paid = [c for c in request.choices if c.cards]
    if paid and (is_ally(view, int(dst)) or is_enemy(view, int(src))):
        return _cheapest(paid)
    return _pass(request)


def _kuangfu(view: SeatView, request: Request, rng: Draws) -> Choice:
    owner = int(request.prompt.split(":")[1])
    if is_ally(view, owner):
        return _pass(request)
    takes = [c for c in request.choices if c.option == "take"]
    return (takes or [c for c in request.choices if not c.is_pass])[0]


def _lirang(view: SeatView, request: Request, rng: Draws) -> Choice:
    friends = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    return max(friends, key=lambda c: keep(c.cards[0])) if friends else _pass(request)


def _first(view: SeatView, request: Request, rng: Draws) -> Choice:
    return request.choices[0]


SKILL.update(
    {
        "hg_shensu": _at_enemy,
        "hg_qiaobian": lambda v, r, g: _tuxi(v, r, g) if r.prompt == "hg_qiaobian:take" else _qiaobian_move(v, r, g) if r.prompt == "hg_qiaobian:move" else _qiaobian(v, r, g),
        "hg_qiangxi": _qiangxi,
        "hg_quhu": _quhu,
        "hg_jieming": _jieming,
        "hg_fangzhu": _fangzhu,
        "hg_xiaoguo": lambda v, r, g: _xiaoguo_pay(v, r, g) if r.prompt.startswith("hg_xiaoguo:pay") else _pay_if_enemy(v, r, g),
        "hg_rende": SKILL["rende"],
        "hg_xiangle": _pay_if_enemy,
        "hg_fangquan": lambda v, r, g: _pass(r),
        "hg_lianhuan": _first,
        "hg_shushen": _at_ally,
        "hg_yinghun": _yinghun,
        "hg_tianxiang": _at_enemy,
        "hg_tianyi": _at_enemy,
        "hg_haoshi": _at_ally,
        "hg_dimeng": _dimeng,
        "hg_zhijian": _zhijian,
        "hg_guzheng": _guzheng,
        "hg_fenxun": _at_enemy,
        "hg_lijian": SKILL["lijian"],
        "hg_leiji": _at_enemy,
        "hg_guidao": _guicai,
        "hg_beige": _beige,
        "hg_shuangren": _at_enemy,
        "hg_sijian": _at_enemy,
        "hg_kuangfu": _kuangfu,
        "hg_lirang": _lirang,
        "hg_qingcheng": _at_enemy,
        "known_both": _first,
        "triblade": _at_enemy,
    }
)

TRIGGERS.update(
    {
        "hg_fangquan": lambda view, request: False,
        "hg_shenzhi": lambda view, request: len(view.hand) >= max(view.hp(view.seat), 1) and view.hp(view.seat) < view.max_hp(view.seat)
        and len(view.hand) <= 3,
        "hg_jushou": lambda view, request: not view.character(view.seat).flipped and view.hp(view.seat) >= 2,
        "hg_lieren": _want_target_ok,
        "hg_mengjin": _want_target_ok,
        "hg_xingshang": lambda view, request: True,
    }
)


def _balance(view: SeatView, request: Request, rng: Draws) -> Choice:
    """制衡 capped at max hp: the junk the identity policy picks, at most ``max``."""
    return Choice(cards=_zhiheng(view, request, rng).cards[: request.max])


PICKS.update({"hg_zhiheng": _balance, "hg_rende": _rende_give})


def luanwu(view: SeatView, request: Request, rng: Draws) -> Choice:
    slashes = [c for c in request.choices if not c.is_pass]
    foes = [c for c in slashes if is_enemy(view, c.targets[0])]
    if foes:
        return foes[0]
    strangers = [c for c in slashes if not is_ally(view, c.targets[0])]
    if strangers:
        return strangers[0]
    if view.hp(view.seat) > 1 or not slashes:
        return _pass(request)
    return slashes[0]


HANDLERS.update({"generals": choose_generals, "reveal": reveal, "reward": reward, "luanwu": luanwu})


# -- the play phase: which skill is worth using --------------------------------------------


def _foe_in_reach(view: SeatView) -> bool:
    return any(view.in_range(view.seat, s) for s in _enemies(view))


def _has_slash(view: SeatView) -> bool:
    return any(CARDS[c].name in SLASH_NAMES for c in view.hand)


ACTION_SCORES.update(
    {
        "hg_rende": ACTION_SCORES["rende"],
        "hg_zhiheng": ACTION_SCORES["zhiheng"],
        "hg_lijian": ACTION_SCORES["lijian"],
        "hg_qiangxi": lambda v: 3.0 if _foe_in_reach(v) and (any(GEAR.get(CARDS[c].name) and CARDS[c].kind.subtype == "weapon" for c in v.hand) or v.hp(v.seat) >= 3) else 0.0,
        "hg_quhu": lambda v: 2.5 if _enemies(v) and len(v.hand) >= 3 else 0.0,
        "hg_lianhuan": lambda v: 0.3,
        "hg_tianyi": lambda v: 2.5 if _has_slash(v) and _enemies(v) and len(v.hand) >= 3 else 0.0,
        "hg_dimeng": lambda v: 2.0 if _dimeng_best(v) >= 2 else 0.0,
        "hg_zhijian": lambda v: 1.5 if _allies(v) else 0.0,
        "hg_fenxun": lambda v: 0.0,
        "hg_luanwu": lambda v: 4.0 if len(_enemies(v)) >= 2 and len(_enemies(v)) > len(_allies(v)) else 0.0,
        "hg_xiongyi": lambda v: 5.0 if _allies(v) or len(v.hand) <= 1 else 0.0,
        "hg_huoshui": lambda v: 0.0,
        "hg_qingcheng": lambda v: 0.0,
    }
)


def _dimeng_best(view: SeatView) -> float:
    others = [s for s in view.alive_seats() if s != view.seat]
    mine = len(view.hand) + len(view.equip(view.seat))
    best = 0.0
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if abs(view.hand_count(a) - view.hand_count(b)) <= mine:
                best = max(best, _dimeng_gain(view, (a, b)), _dimeng_gain(view, (b, a)))
    return best


def install() -> None:
    from .generals import HG_GENERALS

    for sid, score in ACTION_SCORES.items():
        if sid.startswith("hg_"):
            OPTION_SCORES[sid] = lambda view, choice, score=score: score(view)
    for _, f in HG_GENERALS.forms:
        OPTION_SCORES.setdefault(f.option, _form_score(f.name))


install()
