"""Two worlds that one seat cannot tell apart, played on side by side.

The non-interference check of fair play: take a seeded game at a decision,
and build a second world that differs from it only in what seat ``S`` may
not know — the cards in the other seats' hands dealt again among them, the
roles not shown to it dealt again, the concealed generals it cannot see
drawn again.  (The seed stays: what it decides next — a shuffle, which
hand card a 顺手牵羊 takes — would differ by right; that no seat is shown the
seed is checked directly, in tests/replay/test_seed.py.)  Then play both on the same way:
``S`` by its bot (the same random stream in both), every other seat by a
policy that reads nothing hidden (pass, end the play phase, the one answer a
question has), every seat asked even the secret questions it can only pass
(``Engine.formal``, as people at a live table are).  Up to the first moment
the rules show ``S`` something that differs by right between the worlds (a
card of the re-dealt hands coming into view, a general revealed, shown or
drawn, a role shown, a death, a shuffle, the end), everything ``S``
observes must be the same: its
view of the table, its narration in English and Chinese, how many events
there are, who is asked what kind of question, its own questions in words,
and what its bot decides.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.bots import BOTS, bot_rng, only_answer
from sanguozhi.core.evolve import FoldError, apply, initial_state
from sanguozhi.core.game import Game, resume
from sanguozhi.core.requests import PASS, Choice, Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.state import State
from sanguozhi.core.view import SeatView, view
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.prompts import Asked
from sanguozhi.replay.visibility import sighting

MAX_STEPS = 60  # decisions played on in each world at most
# A shuffle is a stop too: a pile made of re-dealt cards.
REVEALS = (ev.GeneralRevealed, ev.RoleShown, ev.Died, ev.GameEnded, ev.PileShuffled)


def other_world(state: State, seat: int, draws: Draws) -> ev.Redealt:
    """What ``seat`` may not know, dealt again: the other seats' hand cards
    among those hands, the roles not shown to it, the concealed generals it
    cannot see.  (The draw pile stays: a card it draws it sees.)"""
    cards = [c for s in state.seats if s.seat != seat for c in s.hand]
    dealt = list(cards)
    draws.shuffle(dealt)
    hidden = [s.seat for s in state.seats if s.seat != seat and not s.role_shown and s.role]
    roles: tuple[str, ...] = ()
    if len(hidden) > 1:
        out = [s.role for s in state.seats]
        shuffled = [out[s] for s in hidden]
        draws.shuffle(shuffled)
        for s, role in zip(hidden, shuffled):
            out[s] = role
        roles = tuple(out)
    generals = state.rs.redeal_generals(state, seat, draws)
    return ev.Redealt(seat=seat, cards=tuple(cards), dealt=tuple(dealt), roles=roles, generals=generals)


def passive(req: Request) -> Choice | None:
    """An answer that reads nothing hidden: pass, end the play phase, or the
    one answer there is; None when the question has none of these (the
    answer would show the seat's cards)."""
    if req.choices:
        for c in req.choices:
            if c.option in (PASS, "end"):
                return c
        return req.choices[0] if len(req.choices) == 1 else None
    if req.min == 0:
        return Choice()
    return Choice(cards=req.cards) if req.min == req.max == len(req.cards) else None


@dataclass
class Observed:
    """What seat ``S`` observes of one world, event by event and question by question."""

    seat: int
    lines: list[tuple[str | None, str | None]] = field(default_factory=list)
    views: list[dict[str, Any]] = field(default_factory=list)
    asked: list[tuple[int, str]] = field(default_factory=list)  # (seat asked, kind), every question
    mine: list[tuple[Any, ...]] = field(default_factory=list)  # its own questions, in words, and the bot's answer
    stop: str = ""
    events: list[ev.Event] = field(default_factory=list)  # the world's events (to read a failure by)


class World:
    """One world played on from a decision, observed by seat ``seat``."""

    def __init__(self, game: Game, seat: int, bot: str, rng_of: Callable[[int], Draws]) -> None:
        self.game, self.seat, self.bot, self.rng_of = game, seat, bot, rng_of
        self.obs = Observed(seat)
        self.state = initial_state(game.events[0])
        self.narrators = (Narrator("en", seat), Narrator("zh", seat))
        self.quiet = {ev.Redealt}  # the world's own making: S is told nothing of it
        for e in game.events:
            self._follow(e, record=False)
        self.secret_cards: set[int] = set()

    def _follow(self, e: ev.Event, record: bool) -> None:
        said = tuple(n.line(e) for n in self.narrators)
        if e is not self.game.events[0]:
            apply(self.state, e)
        if record and type(e) not in self.quiet:
            self.obs.events.append(e)
            self.obs.lines.append(said)  # type: ignore[arg-type]
            v = view(self.state, self.seat)
            del v["seq"]
            self.obs.views.append(v)

    def reveals(self, e: ev.Event) -> str:
        """Why ``e`` may show ``S`` something that differs by right between the worlds ("" if it may not)."""
        if isinstance(e, REVEALS):
            return type(e).__name__
        vis = getattr(e, "vis", None)
        if (vis is None or self.seat in vis) and (type(e) is ev.GeneralChosen or getattr(e, "general", None) or getattr(e, "generals", None)):
            # A general named to S (a 化身 drawn from those not at the table, one shown
            # or looked at): those concealed from it were drawn again.
            return f"{type(e).__name__} names a general"
        seen = sighting(e)
        if seen is not None:
            cards, who = seen
            if (who is None or self.seat in who) and self.secret_cards.intersection(cards):
                return f"{type(e).__name__} shows a re-dealt card"
        return ""

    def play(self, steps: int = MAX_STEPS) -> Observed:
        game, obs = self.game, self.obs
        game.engine.formal = frozenset(range(len(game.state.seats)))
        for _ in range(steps):
            req = game.request
            if req is None:
                obs.stop = "over"
                return obs
            obs.asked.append((req.seat, req.kind))
            if req.seat == self.seat:
                choice = only_answer(req) or BOTS[self.bot](SeatView(game.state, req.seat), req, self.rng_of(game.state.decisions))
                asked = Asked(req, game.state, "en"), Asked(req, game.state, "zh")
                obs.mine.append((req, asked[0].title, tuple(asked[0].options), asked[1].title, tuple(asked[1].options), choice))
            else:
                choice = passive(req)
                if choice is None:
                    obs.stop = f"seat {req.seat} must show its hand ({req.kind})"
                    return obs
            start = len(game.events)
            game.submit(choice)
            for e in game.events[start:]:
                why = self.reveals(e)
                if why:
                    obs.stop = why
                    return obs
                self._follow(e, record=True)
        obs.stop = "steps"
        return obs


class Unplayable(Exception):
    """The other world cannot be played on: a resolution under way holds a card
    that the re-deal moved (a card another seat already chose).  Such a point
    is not one to compare at."""


def worlds(events: list[ev.Event], k: int, seat: int, bot: str, draws: Draws) -> tuple[Observed, Observed]:
    """Seat ``seat``'s observations of the real game and of another world, from its decision point ``k`` on."""
    real = resume(events, k)
    state = real.state
    rng_state = msgspec.structs.replace(state)  # the bot's stream in both worlds: the real one's

    def rng_of(decisions: int) -> Draws:
        rng_state.decisions = decisions
        return bot_rng(rng_state, seat)

    a = World(real, seat, bot, rng_of)
    other = resume(events, k)
    redeal = other_world(other.state, seat, draws)
    other.add_external(redeal)
    b = World(other, seat, bot, rng_of)
    secret = set(redeal.cards)
    a.secret_cards = b.secret_cards = secret
    first = a.play()
    try:
        second = b.play()
    except FoldError as exc:
        raise Unplayable(str(exc)) from None
    return first, second


def agree(a: Observed, b: Observed) -> str | None:
    """Where the two observations differ before either world's first reveal (None: nowhere)."""
    n = min(len(a.views), len(b.views))
    # Each world stops at its own first reveal: the shorter prefix is what both must share.
    for i in range(n):
        if a.lines[i] != b.lines[i]:
            return f"line {i}: {a.lines[i]!r} vs {b.lines[i]!r}"
        if a.views[i] != b.views[i]:
            diff = {key for key in a.views[i] if a.views[i][key] != b.views[i][key]}
            return f"view after event {i}: {sorted(diff)} differ"
    if a.stop == b.stop and len(a.views) != len(b.views):
        return f"{len(a.views)} events against {len(b.views)} before the same stop ({a.stop})"
    m = min(len(a.asked), len(b.asked))
    if a.asked[:m] != b.asked[:m]:
        i = next(i for i in range(m) if a.asked[i] != b.asked[i])
        return f"question {i}: {a.asked[i]} vs {b.asked[i]}"
    for x, y in zip(a.mine, b.mine):
        if x != y:
            return f"its own question differs: {x[1]!r} / {y[1]!r}, answer {x[-1]} / {y[-1]}"
    return None
