"""`basic`: dodges, saves itself and known allies, attacks known enemies, never stalls.

It reads only its SeatView: shown roles and who has damaged whom (public).
Card families extend it through ``PLAY_SCORES`` (how much a play is worth),
``HANDLERS`` (how to answer a kind of request) and ``KEEP``; the tricks and
equipment live in ``core.bots.basic_cards``.
"""
from __future__ import annotations

from collections.abc import Callable

from ..deck import CARDS
from ..requests import REVEAL, Choice, Request, revealing
from ..rng import Draws
from ..view import SeatView
from . import register

# How much the bot wants to keep a card (discards the lowest first).
KEEP = {"peach": 9, "dodge": 7, "analeptic": 5, "nullification": 6}

# name -> (view, choice) -> score; > 0 means worth playing now.
PLAY_SCORES: dict[str, Callable[[SeatView, Choice], float]] = {}
# The same for play choices named by an option (a form such as "spear", "recast").
OPTION_SCORES: dict[str, Callable[[SeatView, Choice], float]] = {}
# Picks of cards, by their prompt's first word (a skill's cost or gift: "zhiheng").
PICKS: dict[str, Callable[[SeatView, Request, Draws], Choice]] = {}


def side(view: SeatView, seat: int) -> str | None:
    """lord/rebel/renegade side of ``seat`` as far as ``view`` knows."""
    role = view.role(seat)
    if role in ("lord", "loyalist"):
        return "lord"
    return role


def guessed_side(view: SeatView, seat: int) -> str | None:
    """A seat's side from shown roles, else from whom it has damaged."""
    return _relations(view)[0][seat]


def is_enemy(view: SeatView, seat: int) -> bool:
    return _relations(view)[1][seat]


def is_ally(view: SeatView, seat: int) -> bool:
    return _relations(view)[2][seat]


Relations = tuple[list[str | None], list[bool], list[bool]]

# A mode whose sides are not identity's roles works them out itself: mode -> (view) -> Relations.
MODE_RELATIONS: dict[str, Callable[[SeatView], Relations]] = {}


def _relations(view: SeatView) -> Relations:
    """Every seat's guessed side, and whether it is an enemy or an ally, worked
    out once per decision (the view lives for one decision)."""
    rel = view.memo.get("relations")
    if rel is not None:
        return rel  # type: ignore[return-value]
    if view.mode not in _TAUGHT:
        learn(view.mode)
    own = MODE_RELATIONS.get(view.mode) if MODE_RELATIONS else None
    rel = view.memo["relations"] = own(view) if own is not None else role_relations(view, view.roles())
    return rel


# role_relations by what it reads (seat, roles, the unknown seats' damage rows, who lives
# if a renegade asks): a pure function of them, so a game's bots work each out once
# until a public event (a role shown, a damage, a death) changes it.
_ROLE_RELATIONS: dict[tuple, Relations] = {}


def role_relations(view: SeatView, roles: list[str | None]) -> Relations:
    """Identity's relations from every seat's role as the deciding seat takes it
    (None: unknown; 天地人 passes its own expected identity).  The lists
    returned are shared: read them, never change them."""
    me_seat = view.seat
    damage = view.damage_matrix() if None in roles else None
    key = (
        me_seat,
        tuple(roles),
        None if damage is None else tuple([tuple(damage[s]) for s, r in enumerate(roles) if r is None]),
        tuple(view.alive_seats()) if roles[me_seat] == "renegade" else None,
    )
    rel = _ROLE_RELATIONS.get(key)
    if rel is None:
        if len(_ROLE_RELATIONS) > 65536:
            _ROLE_RELATIONS.clear()
        rel = _ROLE_RELATIONS[key] = _role_relations(view, roles)
    return rel


def _role_relations(view: SeatView, roles: list[str | None]) -> Relations:
    me_seat = view.seat
    sides: list[str | None] = ["lord" if r == "loyalist" else r for r in roles]
    # A seat of unknown side that has damaged a lord-side seat is guessed a
    # rebel, one that has damaged a rebel lord-side; victims' sides are
    # themselves known or guessed, two steps deep.
    guesses = sides
    if None in sides:
        damage = view.damage_matrix()
        # Each unknown seat's victims (others it has damaged), in seat order.
        hits = []
        for s, side in enumerate(sides):
            if side is None and any(damage[s]):
                victims = [o for o, d in enumerate(damage[s]) if d > 0 and o != s]
                if victims:
                    hits.append((s, victims))
        for _ in range(2 if hits else 0):
            prev, guesses = guesses, list(sides)
            for s, victims in hits:
                for other in victims:
                    victim = sides[other] or prev[other]
                    if victim == "lord":
                        guesses[s] = "rebel"
                        break
                    if victim == "rebel":
                        guesses[s] = "lord"
                        break
    me = sides[me_seat]
    if me == "renegade":
        # A renegade keeps the lord alive while others live, and fights whoever leads.
        n = len(roles)
        enemies = [False] * n
        allies = [False] * n
        allies[me_seat] = True
        others_alive = sum(1 for s in view.alive_seats() if s != me_seat)
        for s in range(n):
            if s == me_seat:
                continue
            is_lord = roles[s] == "lord"
            allies[s] = is_lord and others_alive + 1 > 2
            if guesses[s] is not None:
                enemies[s] = others_alive == 1 if (guesses[s] == "lord" and is_lord) else True
    else:
        enemies = [g is not None and g != me for g in guesses]
        allies = [g is not None and g == me for g in guesses]
        enemies[me_seat] = False
        allies[me_seat] = True
    return guesses, enemies, allies


def _slash_score(view: SeatView, choice: Choice) -> float:
    target = choice.targets[0]
    if is_enemy(view, target):
        return 10.0 - view.hp(target)
    # Nobody known in reach: after the first rounds, probe an unknown seat
    # (a lord or loyalist never probes its own lord) so no game stalls.
    if view.round >= 3 and not is_ally(view, target) and guessed_side(view, target) is None:
        return 0.5 if view.role(target) != "lord" or side(view, view.seat) == "rebel" else 0.0
    return 0.0


def _analeptic_score(view: SeatView, choice: Choice) -> float:
    if view.drunk:
        return 0.0
    slashes = [c for c in view.hand if CARDS[c].name in ("slash", "fire_slash", "thunder_slash")]
    enemies = [s for s in view.alive_seats() if is_enemy(view, s) and view.in_range(view.seat, s)]
    return 12.0 if slashes and enemies else 0.0


def _peach_score(view: SeatView, choice: Choice) -> float:
    return 20.0 if view.hp(view.seat) < view.max_hp(view.seat) else 0.0


PLAY_SCORES.update(
    {
        "slash": _slash_score,
        "fire_slash": _slash_score,
        "thunder_slash": _slash_score,
        "analeptic": _analeptic_score,
        "peach": _peach_score,
    }
)


def _revealing(view: SeatView, choice: Choice) -> float:
    """A use only a concealed general's skill allows (``Engine.play_request``): scored as the use."""
    option = revealing(choice.option)[1]  # type: ignore[index]
    inner = Choice(cards=choice.cards, targets=choice.targets, option=option)
    score_fn = OPTION_SCORES.get(option) if option else PLAY_SCORES.get(CARDS[inner.cards[0]].name)
    return score_fn(view, inner) if score_fn is not None else 1.0


def _play(view: SeatView, request: Request, rng: Draws) -> Choice:
    best, best_score = None, 0.0
    for choice in request.choices:
        # A choice is scored by its option (a form such as "spear", "recast") or by its card.
        if choice.option:
            if choice.option == "end":
                continue
            score_fn = OPTION_SCORES.get(choice.option)
            if score_fn is None and choice.option.startswith(REVEAL):
                score_fn = _revealing
        else:
            score_fn = PLAY_SCORES.get(CARDS[choice.cards[0]].name)
        score = score_fn(view, choice) if score_fn is not None else 1.0
        if score > best_score:
            best, best_score = choice, score
    return best if best is not None else next(c for c in request.choices if c.option == "end")


def _save(view: SeatView, request: Request, rng: Draws) -> Choice:
    dying = int(request.prompt.split(":")[1])
    if is_ally(view, dying):
        return next(c for c in request.choices if not c.is_pass)
    return next(c for c in request.choices if c.is_pass)


def _first_not_pass(view: SeatView, request: Request, rng: Draws) -> Choice:
    return next((c for c in request.choices if not c.is_pass), request.choices[0])


def keep_value(view: SeatView, card: int) -> float:
    """How much the bot wants to keep ``card``; equipment it wears counts more."""
    value = KEEP.get(CARDS[card].name, 3)
    if card in view.equip(view.seat).values():
        value += 4
    return value


def _pick(view: SeatView, request: Request, rng: Draws) -> Choice:
    ranked = sorted(request.cards, key=lambda c: (keep_value(view, c), c))
    return Choice(cards=tuple(ranked[: request.min]))


HANDLERS: dict[str, Callable[[SeatView, Request, Draws], Choice]] = {
    "play": _play,
    "save": _save,
    "respond": _first_not_pass,
    "trigger": _first_not_pass,
}


# Card knowledge beyond the basic cards (tricks, equipment) registers itself,
# then how to use the generals' skills.  What a mode teaches the bot (its own
# decisions and sides) is its ruleset's ``policy`` module, imported on the
# bot's first decision in a game of that mode.
from . import basic_cards as _cards  # noqa: E402,F401
from . import skill_policy as _skills  # noqa: E402,F401

_TAUGHT: set[str] = set()


def learn(mode: str) -> None:
    """Import what ``mode`` teaches the bot (``Ruleset.policy``), once."""
    from importlib import import_module

    from ..modes import ruleset_of

    policy = ruleset_of(mode).policy
    if policy:
        import_module(policy)
    _TAUGHT.add(mode)


@register("basic")
def basic_bot(view: SeatView, request: Request, rng: Draws) -> Choice:
    if view.mode not in _TAUGHT:
        learn(view.mode)
    if not request.choices:
        picker = PICKS.get(request.prompt.partition(":")[0]) if PICKS else None
        return (picker or _pick)(view, request, rng)
    handler = HANDLERS.get(request.kind)
    if handler is None:
        return request.choices[0]
    return handler(view, request, rng)
