"""How the `basic` bot plays seed 000's mechanics and the project's generals for them.

It reads only its SeatView: buildings, parties and systems are public marks
(``{group}.in``, ``{group}.progress``, ``{group}.rule.{rule}``), sides are
whatever the mode's relations say.

- Buildings: bring itself, then allies into the range; build up itself or
  an ally; spend a completion to save itself, or to finish off a foe; liaison
  only with a 杀 and a foe out of its own reach but in a fellow member's.
- 约法: lay down a system while none is in force: the decree on known foes,
  else the policy on itself and its allies; enforce on anyone not an ally.
- 结党: invite anyone not a known foe; join any party not a foe's; impeach a
  known foe naming 杀 (the commonest card); always impeach back.
- 霹雳 / 水淹 / 斩首 / 连斩 / 舌战 / 围攻: aimed at foes, weighing the splash;
  a gambit's option and a covert guess are the bot's own random draw.
"""
from __future__ import annotations

from collections.abc import Callable

from ...bots.basic import HANDLERS, OPTION_SCORES, is_ally, is_enemy
from ...bots.skill_policy import SKILL, TRIGGERS, _aim_enemy, _want_target_ok
from ...deck import CARDS, SLASH_NAMES
from ...requests import Choice, Request
from ...rng import Draws
from ...view import SeatView

Policy = Callable[[SeatView, Request, Draws], Choice]

BUILDINGS = ("sgz_zhucheng", "sgz_tuntian", "sgz_wuku", "sgz_yichuan")


def _marks(view: SeatView, c: int) -> dict[str, int]:
    return view.character(c).marks


def _friends(view: SeatView) -> list[int]:
    """Itself and its known allies, alive."""
    return [s for s in view.alive_seats() if s == view.seat or is_ally(view, s)]


def _foes(view: SeatView) -> list[int]:
    return [s for s in view.alive_seats() if s != view.seat and is_enemy(view, s)]


def _pass(request: Request) -> Choice:
    return next(c for c in request.choices if c.is_pass)


def _take(request: Request) -> Choice:
    return next((c for c in request.choices if not c.is_pass), request.choices[0])


# -- buildings ---------------------------------------------------------------------------------


def _full(view: SeatView, c: int, sid: str) -> bool:
    m = _marks(view, c)
    return f"{sid}.in" in m and m.get(f"{sid}.progress", 0) >= view.hp(c)


def _build_choices(view: SeatView, request: Request) -> list[Choice]:
    """Build choices worth making: selecting or building itself or an ally, itself first."""
    friends = _friends(view)
    good = [c for c in request.choices if c.targets and c.targets[0] in friends]
    return sorted(good, key=lambda c: (c.targets[0] != view.seat, c.option != "select", c.targets[0]))


def _build(view: SeatView, request: Request, rng: Draws) -> Choice:
    good = _build_choices(view, request)
    return good[0] if good else request.choices[0]


def _build_option(sid: str) -> Callable[[SeatView, Choice], float]:
    def score(view: SeatView, choice: Choice) -> float:
        friends = _friends(view)
        outside = any(f"{sid}.in" not in _marks(view, c) for c in friends)
        unfinished = any(f"{sid}.in" in _marks(view, c) and not _full(view, c, sid) for c in friends) and len(view.hand) > view.hp(view.seat)
        return 1.5 if outside or unfinished else 0.0

    return score


def _liaison(view: SeatView, choice: Choice) -> float:
    slashes = any(CARDS[c].name in SLASH_NAMES for c in view.hand)
    foes = [s for s in _foes(view) if not view.in_range(view.seat, s)]
    if not slashes or not foes:
        return 0.0
    fellows = [c for c in view.alive_seats() if c != view.seat and "sgz_yichuan.in" in _marks(view, c)]
    reach = any(view.in_range(o, f) for o in fellows for f in foes if o != f)
    return 2.5 if reach else 0.0


# -- 约法 -----------------------------------------------------------------------------------------


def _decree_plan(view: SeatView) -> bool:
    return bool(_foes(view))


def _yuefa_score(view: SeatView, choice: Choice) -> float:
    me = _marks(view, view.seat)
    in_force = any(k.startswith("sgz_yuefa.rule.") for k in me)
    members = [c for c in view.alive_seats() if "sgz_yuefa.in" in _marks(view, c)]
    return 0.0 if in_force and members else 2.0


def _yuefa(view: SeatView, request: Request, rng: Draws) -> Choice:
    if request.prompt.endswith(":rule"):
        members = [c for c in view.alive_seats() if "sgz_yuefa.in" in _marks(view, c)]
        decree = bool(members) and not any(c == view.seat or is_ally(view, c) for c in members)
        want = "sgz_yuefa_jinsha" if decree else "sgz_yuefa_quannong"
        return next((c for c in request.choices if c.option == want), request.choices[0])
    wanted = _foes(view) if _decree_plan(view) else _friends(view)
    pick = next((c for c in request.choices if c.targets and c.targets[0] in wanted), None)
    if pick is not None:
        return pick
    done = next((c for c in request.choices if c.option == "done"), None)
    if done is not None:
        return done
    mine = next((c for c in request.choices if c.targets == (view.seat,)), None)
    return mine or request.choices[0]


# -- 结党 and 弹劾 -----------------------------------------------------------------------------------


def _party_score(view: SeatView, choice: Choice) -> float:
    return 1.2 if any(not is_enemy(view, s) for s in view.alive_seats() if s != view.seat) else 0.0


def _invite(view: SeatView, request: Request, rng: Draws) -> Choice:
    friends = [c for c in request.choices if c.targets and is_ally(view, c.targets[0])]
    neutral = [c for c in request.choices if c.targets and not is_enemy(view, c.targets[0])]
    return (friends or neutral or list(request.choices))[0]


def _join(view: SeatView, request: Request, rng: Draws) -> Choice:
    founder = int(request.prompt.split(":")[1])
    return _pass(request) if is_enemy(view, founder) else _take(request)


def _impeach_score(view: SeatView, choice: Choice) -> float:
    return 1.0 if _foes(view) else 0.0


def _impeach_target(view: SeatView, request: Request, rng: Draws) -> Choice:
    foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    pool = foes or [c for c in request.choices if c.targets and not is_ally(view, c.targets[0])] or list(request.choices)
    return max(pool, key=lambda c: (view.hand_count(c.targets[0]), -c.targets[0]))


def _declare(view: SeatView, request: Request, rng: Draws) -> Choice:
    return next((c for c in request.choices if c.option == "slash"), request.choices[0])


# -- damage skills --------------------------------------------------------------------------------


def _pili_value(view: SeatView, target: int) -> float:
    """An explosion at ``target``: foes hit count for, friends (itself too) against."""

    def worth(c: int) -> float:
        return 1.0 if is_enemy(view, c) else -1.5 if c == view.seat or is_ally(view, c) else 0.0

    value = 2 * worth(target)
    for c in view.alive_seats():
        if c != target and view.distance(c, target) == 1:
            value += worth(c)
    return value


def _pili_score(view: SeatView, choice: Choice) -> float:
    best = max((_pili_value(view, s) for s in view.alive_seats() if s != view.seat and view.in_range(view.seat, s)), default=0.0)
    return 3.0 if best >= 2 else 0.0


def _pili_aim(view: SeatView, request: Request, rng: Draws) -> Choice:
    return max(request.choices, key=lambda c: (_pili_value(view, c.targets[0]), -c.targets[0]))


def _shuiyan(view: SeatView, request: Request, rng: Draws) -> Choice:
    foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    if request.prompt.endswith(":second"):
        return foes[0] if foes else _pass(request)
    return _aim_enemy(view, request, rng)


def _execute_kills(view: SeatView, target: int) -> bool:
    beyond = max(0, view.distance(view.seat, target) - view.attack_range(view.seat))
    return 2 - beyond >= 0


def _zhanshou_score(view: SeatView, choice: Choice) -> float:
    return 10.0 if any(_executable_foe(view, s) for s in _foes(view)) else 0.0


def _executable_foe(view: SeatView, s: int) -> bool:
    return 2 * view.hp(s) < view.max_hp(s) and view.hp(s) <= view.hp(view.seat) and _execute_kills(view, s)


def _zhanshou(view: SeatView, request: Request, rng: Draws) -> Choice:
    good = [c for c in request.choices if is_enemy(view, c.targets[0]) and _executable_foe(view, c.targets[0])]
    return good[0] if good else _aim_enemy(view, request, rng)


def _lianzhan_score(view: SeatView, choice: Choice) -> float:
    k = _marks(view, view.seat).get("sgz_lianzhan.uses", 0) + 1
    stage = k % 3 or 3
    if stage == 1:
        return 1.2
    if stage == 2:
        return 2.0 if any(view.in_range(view.seat, s) for s in _foes(view)) else 0.4
    return 1.5 if view.hp(view.seat) < view.max_hp(view.seat) else 0.3


def _shezhan_score(view: SeatView, choice: Choice) -> float:
    return 1.5 if _foes(view) or view.round >= 3 else 0.0


def _most_cards_foe(view: SeatView, request: Request, rng: Draws) -> Choice:
    return _impeach_target(view, request, rng)


def _weigong(view: SeatView, request: Request, rng: Draws) -> Choice:
    foes = [c for c in request.choices if c.targets and is_enemy(view, c.targets[0])]
    return foes[0] if foes else _pass(request)


def _gamble(view: SeatView, request: Request, rng: Draws) -> Choice:
    return rng.choice(request.choices)


def _covert(view: SeatView, request: Request, rng: Draws) -> Choice:
    """密探: the character likeliest to lose hp this turn — the lowest hp, not the one whose turn it is."""
    picks = [c for c in request.choices if c.targets and c.targets[0] != view.current]
    if not picks:
        return _pass(request)
    return min(picks, key=lambda c: (view.hp(c.targets[0]), c.targets[0]))


# skill -> (how much its play-phase use is worth now, how it answers its own questions).
USES: dict[str, tuple[Callable[[SeatView, Choice], float] | None, Policy | None]] = {
    "sgz_yichuan_lianluo": (_liaison, None),
    "sgz_yuefa": (_yuefa_score, _yuefa),
    "sgz_jiedang": (_party_score, _invite),
    "tanhe": (_impeach_score, _impeach_target),
    "sgz_pili": (_pili_score, _pili_aim),
    "sgz_shuiyan": (lambda view, choice: 3.0 if _foes(view) else 0.0, _shuiyan),
    "sgz_zhanshou": (_zhanshou_score, _zhanshou),
    "sgz_lianzhan": (_lianzhan_score, _aim_enemy),
    "sgz_shezhan": (_shezhan_score, _most_cards_foe),
    "sgz_weigong": (None, _weigong),
}


def install() -> None:
    for sid in BUILDINGS:
        USES[sid] = (_build_option(sid), _build)
    for sid, (score, policy) in USES.items():
        if score is not None:
            OPTION_SCORES[sid] = score
        if policy is not None:
            SKILL[sid] = policy
    TRIGGERS["sgz_wuku"] = _want_target_ok  # +1 only against a foe
    TRIGGERS["sgz_yuefa"] = _want_target_ok  # enforce on anyone but an ally
    HANDLERS.update({"join": _join, "declare": _declare, "gambit": _gamble, "covert": _covert})


install()
