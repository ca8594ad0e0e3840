"""Random access to the states of a record: seek, step back, resume anywhere.

A ``Timeline`` keeps a record's events and State snapshots taken every
``interval`` events as a fold passes them (lazily: the first seek past a
point folds up to it once and leaves snapshots behind).  A seek is then the
nearest snapshot at or before the point plus a fold of at most ``interval``
events, so its cost does not grow with the length of the history.

Positions.  ``state_at(k)`` is the state after the first ``k`` events
(``k`` >= 1: the GameStarted event is event 0 and comes first).  ``after(n)``
is the state after event ``n``, i.e. ``state_at(n + 1)``, what
``sgz replay --at N`` shows.  ``turn_start(t)`` / ``round_start(r)`` are the
positions just after the TurnStarted event of turn ``t`` / of the first turn
of round ``r``.  ``resume(k)`` is a running ``core.game.Game`` after the first
``k`` events, the decision pending there offered again.
"""
from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Sequence
from typing import Any

from typing import TYPE_CHECKING

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import FoldError, fold, initial_state
from sanguozhi.core.state import State

from .visibility import Visibility, open_cards

if TYPE_CHECKING:
    from sanguozhi.core.game import Game

# core.game (the engine, every card and skill: most of a replay's start-up)
# and core.view are imported where they are used: a seek only folds.

DEFAULT_INTERVAL = 512


class SeekError(ValueError):
    """A position that is not in the record (the message says what is, in English and in Chinese)."""

    def __init__(self, message: str, zh: str = "") -> None:
        super().__init__(message)
        self.zh = zh or message

    def say(self, lang: str) -> str:
        return self.zh if lang == "zh" else str(self)


class Timeline:
    def __init__(self, events: Sequence[ev.Event], interval: int = DEFAULT_INTERVAL) -> None:
        if not events or not isinstance(events[0], ev.GameStarted):
            raise FoldError("a record must begin with a GameStarted event")
        if interval < 1:
            raise ValueError("the snapshot interval must be at least 1")
        self.events = events
        self.interval = interval
        first = initial_state(events[0])
        self._keys: list[int] = [first.seq]  # snapshot positions, sorted
        self._snaps: dict[int, State] = {first.seq: first}
        self._turns: list[int] | None = None  # index of the TurnStarted of turn t+1 ...
        self._rounds: dict[int, int] | None = None
        self._vis: Visibility | None = None
        self.folded = 0  # events the latest seek folded (at most ``interval`` once snapshots exist)

    def __len__(self) -> int:
        return len(self.events)

    # -- states -------------------------------------------------------------

    def state_at(self, k: int) -> State:
        """The state after the first ``k`` events: a new State the caller owns."""
        if not 1 <= k <= len(self.events):
            raise SeekError(f"position {k} is outside the record (1-{len(self.events)} events)", f"位置{k}不在记录中（共{len(self.events)}个事件）")
        keys, snaps, step, events = self._keys, self._snaps, self.interval, self.events
        pos = keys[bisect_right(keys, k) - 1]
        state = snaps[pos]
        self.folded = k - pos
        if pos == k:
            return state.clone()
        while pos < k:
            nxt = min(k, (pos // step + 1) * step)
            # fold() folds into a copy, so a stored snapshot is never changed.
            state = fold(events[pos:nxt], state)
            pos = nxt
            if pos % step == 0 and pos not in snaps:
                snaps[pos] = state
                insort(keys, pos)
                if pos < k:
                    continue
                return state.clone()
        return state

    def after(self, n: int) -> State:
        """The state after event ``n`` (0 is the GameStarted event)."""
        self.check_event(n)
        return self.state_at(n + 1)

    def check_event(self, n: int) -> None:
        if not 0 <= n < len(self.events):
            raise SeekError(f"event {n} is not in the record (events 0-{len(self.events) - 1})", f"记录中没有第{n}个事件（事件0-{len(self.events) - 1}）")

    def build(self) -> "Timeline":
        """Take every snapshot now (one fold of the whole record)."""
        self.state_at(len(self.events))
        return self

    @property
    def snapshots(self) -> int:
        return len(self._keys)

    # -- turns and rounds -----------------------------------------------------

    def _index(self) -> None:
        turns: list[int] = []
        rounds: dict[int, int] = {}
        TurnStarted = ev.TurnStarted
        for i, e in enumerate(self.events):
            if type(e) is TurnStarted:
                turns.append(i)
                # The table's rounds, as the view counts them (from the first player's turn).
                rounds.setdefault(self.state_at(i + 1).table_round, i)
        self._turns, self._rounds = turns, rounds

    @property
    def turns(self) -> int:
        if self._turns is None:
            self._index()
        return len(self._turns)  # type: ignore[arg-type]

    @property
    def rounds(self) -> int:
        if self._rounds is None:
            self._index()
        return max(self._rounds, default=0)  # type: ignore[arg-type]

    def turn_event(self, t: int) -> int:
        """The index of the TurnStarted event of turn ``t`` (the first turn is 1)."""
        if self._turns is None:
            self._index()
        turns = self._turns
        assert turns is not None
        if not turns:
            raise SeekError("the record has no turns yet", "记录中还没有回合")
        if not 1 <= t <= len(turns):
            raise SeekError(f"turn {t} is not in the record (turns 1-{len(turns)})", f"记录中没有第{t}回合（回合1-{len(turns)}）")
        return turns[t - 1]

    def round_event(self, r: int) -> int:
        """The index of the TurnStarted event of round ``r``'s first turn."""
        if self._rounds is None:
            self._index()
        rounds = self._rounds
        assert rounds is not None
        if not rounds:
            raise SeekError("the record has no rounds yet", "记录中还没有轮次")
        if r not in rounds:
            raise SeekError(f"round {r} is not in the record (rounds 1-{max(rounds)})", f"记录中没有第{r}轮（轮次1-{max(rounds)}）")
        return rounds[r]

    def turn_of(self, n: int) -> int:
        """The turn in progress at event ``n`` (0 before the first turn)."""
        if self._turns is None:
            self._index()
        return bisect_right(self._turns, n)  # type: ignore[arg-type]

    # -- what a seat saw ------------------------------------------------------

    @property
    def visibility(self) -> Visibility:
        if self._vis is None:
            self._vis = Visibility(self.events)
        return self._vis

    def view(self, n: int, seat: int | None = None) -> dict[str, Any]:
        """``core.view.view`` after event ``n`` as ``seat`` saw it (None: the full review)."""
        from sanguozhi.core.view import view

        state = self.after(n)
        if seat is None:
            return view(state)
        return view(state, seat, self.unseen(state, seat))

    def unseen(self, state: State, seat: int) -> set[int]:
        """The cards in open zones of ``state`` (a state of this record) lying face down for ``seat``."""
        return self.visibility.unseen(seat, state.seq, open_cards(state))

    # -- resuming ----------------------------------------------------------------

    def resume(self, k: int, *, verify: bool = True) -> Game:
        """A running game after the first ``k`` events; the pending decision is offered again.

        Folds only from the snapshot before the turn in progress, then re-runs
        that turn's recorded decisions (``core.game.resume``).
        """
        from sanguozhi.core.game import checkpoint_index, resume

        if not 1 <= k <= len(self.events):
            raise SeekError(f"position {k} is outside the record (1-{len(self.events)} events)", f"位置{k}不在记录中（共{len(self.events)}个事件）")
        cut = checkpoint_index(self.events, k)
        return resume(self.events, k, checkpoint=self.state_at(cut), verify=verify)
