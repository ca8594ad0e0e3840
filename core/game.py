"""A game as its list of events: start one, answer it, resume it from a record.

``decide(events, choice)`` is the pure decision function: the events a choice
adds to a game whose record so far is ``events``.  ``Game`` is its incremental
form (it keeps the running engine instead of re-running the turn in progress).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import events as ev
from .engine import Engine
from .evolve import FoldError, fold, initial_state
from .modes import ruleset_of
from .requests import Choice, Request
from .state import State


class ReplayMismatch(FoldError):
    """Re-running the recorded decisions did not give the recorded events."""

    def __init__(self, seq: int, recorded: ev.Event | None, produced: ev.Event | None) -> None:
        self.seq, self.recorded, self.produced = seq, recorded, produced
        super().__init__(f"event {seq}: the record has {_brief(recorded)} but the rules give {_brief(produced)}")


def _brief(e: ev.Event | None) -> str:
    return "nothing" if e is None else ev.encode(e).decode()


# Events a person or tool adds to a record between decisions (not the rules):
# a fork's new seed, a person leaving, an analysis rollout's re-deal of hidden
# information, a live table handing a seat to a bot.
EXTERNAL = (ev.Reseeded, ev.GameQuit, ev.Redealt, ev.Handover)


class Game:
    """A running game: ``events`` so far, ``state``, the pending ``request``."""

    def __init__(self, events: list[ev.Event], engine_factory: Callable[["Game"], Engine], on_event: Callable[[ev.Event], None] | None = None) -> None:
        self.events = events
        self._on_event = on_event
        self.engine = engine_factory(self)
        if self.engine.sink == self._sink:  # not a sink of the factory's own (resume checks re-run events)
            self.on_event = on_event

    def _sink(self, event: ev.Event) -> None:
        self.events.append(event)
        if self._on_event is not None:
            self._on_event(event)

    @property
    def on_event(self) -> Callable[[ev.Event], None] | None:
        """Called with each event after it is appended (a record's writer)."""
        return self._on_event

    @on_event.setter
    def on_event(self, fn: Callable[[ev.Event], None] | None) -> None:
        self._on_event = fn
        # Nobody listening: the engine appends straight to the list (no Python call an event).
        self.engine.sink = self._sink if fn is not None else self.events.append

    @property
    def state(self) -> State:
        return self.engine.state

    @property
    def request(self) -> Request | None:
        return self.engine.request

    @property
    def over(self) -> bool:
        return self.engine.request is None

    def submit(self, choice: Choice) -> list[ev.Event]:
        """Answer the pending request; returns the events it added."""
        start = len(self.events)
        self.engine.submit(choice)
        return self.events[start:]

    def add_external(self, event: ev.Event) -> None:
        """Append an event that is not a decision's consequence (``Reseeded``, ``GameQuit``)."""
        if not isinstance(event, EXTERNAL):
            raise TypeError(f"{type(event).__name__} comes from the rules, not from outside")
        self.engine.emit(event)


def new_game(
    mode: str, players: int, seed: int, options: dict[str, Any] | None = None, on_event: Callable[[ev.Event], None] | None = None, *, commit: str = "", formal: frozenset[int] = frozenset()
) -> Game:
    """A new game; ``commit`` is its deal's commitment when the seed is kept from
    the table (``core.commit``); ``formal``: see ``Engine.formal``."""
    rules = ruleset_of(mode)
    opts = rules.check(players, options or {})
    start = ev.GameStarted(mode=mode, players=players, seed=seed, rules=ev.RULES_VERSION, options=opts, deck=rules.deck(opts), commit=commit)

    def make(game: Game) -> Engine:
        game._sink(start)
        return Engine(initial_state(start), fresh=True, sink=game._sink, formal=formal)

    return Game([], make, on_event)


def checkpoint_index(events: Sequence[ev.Event], upto: int) -> int:
    """The length of the longest prefix of ``events[:upto]`` that ends between two turns."""
    for i in range(upto - 1, 0, -1):
        if type(events[i]) is ev.TurnEnded:
            return i + 1
    return 1


def resume(
    events: Sequence[ev.Event],
    upto: int | None = None,
    *,
    checkpoint: State | None = None,
    verify: bool = True,
    on_event: Callable[[ev.Event], None] | None = None,
    from_start: bool = False,
    asked: list[int] | None = None,
    formal: frozenset[int] = frozenset(),
) -> Game:
    """Continue a recorded game after its first ``upto`` events.

    The turn in progress is re-run from its start with the recorded decisions,
    so the pending request at that point is offered again.  ``checkpoint`` may
    be the folded state at ``checkpoint_index(events, upto)`` (a snapshot), to
    skip folding from the start.  With ``verify`` every re-run event must equal
    the recorded one (``ReplayMismatch`` otherwise).  ``from_start`` re-runs
    every decision from the game's start instead (``sgz validate``).
    ``asked`` collects the index of every recorded ``Decided`` re-run as an
    answer to a request (the others the rules recorded by themselves: a
    secret pass with nothing else to answer, ``Engine.ask``).  ``formal``:
    the seats the engine asks even such a question from then on
    (``Engine.formal``).  The re-run itself asks every seat so: where a person
    was asked one at a live table, an event from outside (a seat handed over)
    may have come before the answer, and the record keeps that order.
    """
    if not events or not isinstance(events[0], ev.GameStarted):
        raise FoldError("a record must begin with a GameStarted event")
    upto = len(events) if upto is None else upto
    if not 1 <= upto <= len(events):
        raise FoldError(f"position {upto} is outside the record (1-{len(events)})")
    cut = 1 if from_start else checkpoint_index(events, upto)
    if checkpoint is None:
        checkpoint = fold(events[:cut])
    elif checkpoint.seq != cut:
        raise FoldError(f"the snapshot is at event {checkpoint.seq}, not at {cut}")
    else:
        checkpoint = checkpoint.clone()
    prefix = list(events[:cut])
    tail = events[cut:upto]
    pos = 0

    def check(event: ev.Event) -> None:
        nonlocal pos
        if pos < len(tail):
            if verify and event != tail[pos]:
                raise ReplayMismatch(cut + pos, tail[pos], event)
            pos += 1

    def make(game: Game) -> Engine:
        def sink(event: ev.Event) -> None:
            check(event)
            game._sink(event)

        return Engine(checkpoint, fresh=cut == 1, sink=sink, formal=frozenset(range(len(checkpoint.seats))))

    game = Game(prefix, make)
    engine = game.engine
    while pos < len(tail):
        nxt = tail[pos]
        if isinstance(nxt, EXTERNAL):
            game.add_external(nxt)
            continue
        if game.request is None or not isinstance(nxt, ev.Decided):
            raise ReplayMismatch(cut + pos, nxt, None)
        if asked is not None and engine.forced(game.request) is None:
            asked.append(cut + pos)
        game.submit(Choice(cards=nxt.cards, targets=nxt.targets, option=nxt.option))
    engine.formal = formal
    while game.request is not None and game.request.seat not in formal:
        only = engine.forced(game.request)
        if only is None:
            break
        game.submit(only)  # what the rules record by themselves for a seat not asked formally
    game.on_event = on_event
    return game


def decision_points(events: Sequence[ev.Event]) -> list[int]:
    """Every ``k`` such that the rules wait for a decision after the first ``k``
    events of a record (its ``Decided`` at ``k`` answered a request): the record
    re-run from its start."""
    points: list[int] = []
    resume(events, from_start=True, asked=points)
    return points


def decide(events: Sequence[ev.Event], choice: Choice) -> list[ev.Event]:
    """The pure decision step: the events ``choice`` adds after ``events``."""
    return resume(events).submit(choice)
