"""The `search` bot: the basic bot, checked by determinized Monte Carlo.

At each decision worth searching (a choice among several answers, targets
or cards), the bot asks the `basic` bot for its choice (the *anchor*), then
compares it with the other choices (at most ``MAX_ARMS``) in imagined worlds
consistent with what its seat has seen (``replay.determinize``): every
choice is tried in the same worlds (paired rollouts of the `basic` bot, cut
after ``depth`` decisions and scored by who won or, when the game goes on, by
how much hp each side keeps, its ``Ruleset.side``).  It leaves the anchor
only for a choice that does better by ``MARGIN`` on average, so noise does
not make it worse than `basic`.  It never reads what its seat may not see:
every rollout starts from a re-deal of the hidden cards, roles and concealed
generals.

The bot needs the game's record so far (its ``wants_game``).  Its budget is
per decision: ``rollouts`` (default 32, spread over the choices) and
``depth`` (default 80 decisions); set them with ``configure`` or the
``SGZ_SEARCH`` environment variable (``rollouts,depth``).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from sanguozhi.core import events as ev
from sanguozhi.core.bots import BOTS, bot_choice, register
from sanguozhi.core.game import Game
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.state import State
from sanguozhi.core.view import SeatView

from .determinize import pending_secrets, redeal, replay_redrawn
from .seek import Timeline

SEARCHED = frozenset({"play", "respond", "save", "nullify", "use_slash", "trigger", "skill", "pick_card"})
BUDGET = {"rollouts": 32, "depth": 80}
MAX_ARMS = 8
MARGIN = 0.1


def configure(rollouts: int | None = None, depth: int | None = None) -> None:
    if rollouts is not None:
        BUDGET["rollouts"] = max(1, rollouts)
    if depth is not None:
        BUDGET["depth"] = max(1, depth)


if os.environ.get("SGZ_SEARCH"):
    _r, _, _d = os.environ["SGZ_SEARCH"].partition(",")
    configure(int(_r), int(_d) if _d else None)


def value(state: State, seat: int) -> float:
    """How good ``state`` is for ``seat``: 1 won, 0 lost, 0.5 drawn; a game
    still going: its side's share of the living characters' hp (+2 each)."""
    if state.ended:
        if seat in state.winners:
            return 1.0
        return 0.5 if not state.winners else 0.0
    rs = state.rs
    mine = rs.side(state, seat)
    own = total = 0
    for p in state.chars:
        if p.alive:
            weight = max(p.hp, 0) + 2
            total += weight
            if rs.side(state, p.owner) == mine:
                own += weight
    return own / total if total else 0.5


class _Timelines:
    """One Timeline for the game being played (its events only grow)."""

    def __init__(self) -> None:
        self.events: Sequence[ev.Event] | None = None
        self.timeline: Timeline | None = None

    def of(self, events: Sequence[ev.Event]) -> Timeline:
        if self.timeline is None or self.events is not events or len(self.timeline.events) > len(events):
            self.events, self.timeline = events, Timeline(events)
        return self.timeline


_CACHE = _Timelines()


def belief_of(view: SeatView) -> Callable[[list[str]], float]:
    """How likely a deal of roles looks to the seat: each seat's side agrees with
    what the basic bot guesses from shown roles and who damaged whom, or not."""
    from sanguozhi.core.bots.basic import guessed_side

    guesses = {s: guessed_side(view, s) for s in range(view.n) if s != view.seat}
    guesses = {s: g for s, g in guesses.items() if g is not None}

    def weigh(roles: list[str]) -> float:
        w = 1.0
        for s, g in guesses.items():
            side = "lord" if roles[s] == "loyalist" else roles[s]
            w *= 1.0 if side == g else 0.2
        return w

    return weigh


def rollout(timeline: Timeline, k: int, choice: Choice, seat: int, draws: Draws, depth: int, belief: Callable[[list[str]], float] | None = None) -> float:
    # Other seats' secret answers still hidden are drawn again (``pending_secrets``).
    cut, redraw = pending_secrets(timeline.events, k, seat)
    asked = timeline.resume(k).request if cut < k else None
    game: Game = timeline.resume(cut)
    game.add_external(redeal(game.state, seat, timeline.visibility, cut, draws, asked or game.request, belief))
    game.add_external(ev.Reseeded(seed=draws.below(2**62)))
    if cut < k:
        replay_redrawn(game, timeline.events, cut, k, redraw, draws)
    pending = game.request
    if pending is not None and pending.seat == seat and pending.check(choice) is None:
        game.submit(choice)
    for _ in range(depth):
        if game.over:
            break
        r = game.request
        assert r is not None
        game.submit(bot_choice("basic", game.state, r))
    return value(game.state, seat)


def search_bot(view: SeatView, request: Request, draws: Draws, game: Game) -> Choice:
    basic = BOTS["basic"]
    anchor = basic(view, request, draws)
    choices = request.choices
    if request.kind not in SEARCHED or len(choices) < 2:
        return anchor
    others = [c for c in choices if c != anchor]
    if len(others) >= MAX_ARMS:
        draws.shuffle(others)
        others = others[: MAX_ARMS - 1]
    arms = [anchor, *others]
    events = game.events
    timeline = _CACHE.of(events)
    k, seat, depth = len(events), request.seat, BUDGET["depth"]
    worlds = max(2, BUDGET["rollouts"] // len(arms))
    totals = [0.0] * len(arms)
    belief = belief_of(view)
    # The bot's own stream keys the worlds (it never reads the game's seed).
    key = draws.below(1 << 62)
    for w in range(worlds):
        for i, arm in enumerate(arms):
            world = Draws(key, "search", w)  # the same world for every arm
            totals[i] += rollout(timeline, k, arm, seat, world, depth, belief)
    best = max(range(len(arms)), key=lambda i: totals[i])
    return arms[best] if totals[best] >= totals[0] + MARGIN * worlds else anchor


search_bot.wants_game = True  # type: ignore[attr-defined]
register("search")(search_bot)
