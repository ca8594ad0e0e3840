"""Determinization: the hidden information of a position dealt again, as one seat may imagine it.

An analysis must not use what the analysing seat could not know.  From that
seat's view, the cards it has not seen where they lie (others' hands, the
draw pile, cards face down in the open zones), the roles not shown to it and
the concealed generals it cannot see could be anything consistent with what
it *has* seen: how many cards each hand holds, how many the pile holds,
every card it saw and where it went.  ``redeal`` draws one such world: a
``Redealt`` event (nobody sees it) that permutes the hidden cards among their
places, deals the hidden roles again among the seats that hold them, and
draws the concealed generals again from those the seat has not seen.

The event is *external* (like ``Reseeded``): appended at a fork, it folds and
replays like any other event, so a rollout written as a record validates.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Request
from sanguozhi.core.rng import Draws
from sanguozhi.core.state import State

from .visibility import Visibility

if TYPE_CHECKING:
    from sanguozhi.core.game import Game

ROLE_TRIES = 40  # rejection tries for a deal of roles the seat finds likely


def hidden_cards(state: State, seat: int, seen: Visibility, k: int, shown: Collection[int] = ()) -> list[int]:
    """The cards ``seat`` has not seen where they lie after the first ``k`` events,
    in a fixed order: the pile, the other seats' hands, then face-down open cards.

    ``shown``: cards the pending request shows the seat (观星's top cards,
    looked at without moving): it knows them, so they stay."""
    places = list(state.pile)
    for s in state.seats:
        if s.seat != seat:
            places += s.hand
    places += state.discard
    places += state.processing
    unseen = seen.unseen(seat, k, places).difference(shown)
    return [c for c in places if c in unseen]


def redeal(
    state: State, seat: int, seen: Visibility, k: int, draws: Draws, request: Request | None = None, belief: Callable[[list[str]], float] | None = None
) -> ev.Redealt:
    """A world ``seat`` cannot tell from the real one after the first ``k`` events
    (``state``), with ``request`` pending for it.

    ``belief`` (roles by seat -> a weight in 0..1): how likely the seat
    thinks a deal of the hidden roles is, from what it has seen (who attacked
    whom); deals are drawn in proportion to it (by rejection, a few tries).
    Without it every deal is equally likely."""
    shown = set(request.cards) | {c for ch in request.choices for c in ch.cards} if request is not None else set()
    cards = hidden_cards(state, seat, seen, k, shown)
    dealt = list(cards)
    draws.shuffle(dealt)
    hidden = [s.seat for s in state.seats if s.seat != seat and not s.role_shown]
    roles: tuple[str, ...] = ()
    if len(hidden) > 1:
        hidden_roles = [state.seats[s].role for s in hidden]
        out = [s.role for s in state.seats]
        for _ in range(ROLE_TRIES):
            draws.shuffle(hidden_roles)
            for s, role in zip(hidden, hidden_roles):
                out[s] = role
            if belief is None or draws.below(1 << 20) < belief(out) * (1 << 20):
                break
        roles = tuple(out)
    generals = state.rs.redeal_generals(state, seat, draws)
    return ev.Redealt(seat=seat, cards=tuple(cards), dealt=tuple(dealt), roles=roles, generals=generals)


def pending_secrets(events: Sequence[ev.Event], k: int, seat: int) -> tuple[int, frozenset[int]]:
    """Other seats' secret answers still hidden from ``seat`` at its decision
    pending after the first ``k`` events: ``(cut, redraw)``.

    A secret answer another seat gave just before (a general picked at the
    same time, the first half of a 博弈) shows nowhere yet, so an analysis
    must not re-run it as recorded: ``redraw`` are the indices of those
    ``Decided`` events and ``cut`` the first of them (``k`` when there are
    none).  Walking back from ``k``, other seats' secret decisions and events
    ``seat`` cannot see are passed over; anything else ``seat`` sees ends the
    walk.  A secret *pass* is not redrawn: that the game came to ``seat`` says
    it was a pass (had it been a 无懈可击, ``seat`` would be asked otherwise).
    """
    cut = k
    redraw: set[int] = set()
    for i in range(k - 1, 0, -1):
        e = events[i]
        if type(e) is ev.Decided:
            if e.seat == seat or e.vis is None or seat in e.vis:
                break
            if e.option != "pass":
                redraw.add(i)
                cut = i
            continue
        vis = getattr(e, "vis", None)
        if vis is not None and seat not in vis and type(e) is not ev.CardsMoved:
            continue  # something seat cannot see at all (another seat's offer); a move it sees happen
        break
    return cut, frozenset(redraw)


def replay_redrawn(game: "Game", events: Sequence[ev.Event], cut: int, k: int, redraw: frozenset[int], draws: Draws) -> None:
    """Bring ``game`` (resumed at ``cut``, its hidden information dealt again)
    to the decision pending after ``k`` events: the decisions recorded between
    are made again, those in ``redraw`` by a uniform draw from their request
    (what the analysing seat cannot know), the others as recorded."""
    from sanguozhi.core.requests import Choice

    for i in range(cut, k):
        e = events[i]
        if type(e) is not ev.Decided:
            continue
        req = game.request
        if req is None:
            return
        if i in redraw:
            if req.choices:
                choice = req.choices[draws.below(len(req.choices))]
            else:
                picked = list(req.cards)
                draws.shuffle(picked)
                choice = Choice(cards=tuple(picked[: req.min + draws.below(req.max - req.min + 1)]))
        else:
            choice = Choice(cards=e.cards, targets=e.targets, option=e.option)
            if req.check(choice) is not None:
                return  # the world dealt again led elsewhere: play on from here
        game.submit(choice)
