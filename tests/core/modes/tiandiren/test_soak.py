"""Bot games of 天地人 over 4-7 players: every one ends, re-executes from its record
(``sgz validate --complete``), and keeps the mode's invariants at every event.

The default run plays a bounded soak; the full 300 games of the issue are
``SGZ_TIANDIREN_SOAK=300 python -m pytest tests/core/modes/tiandiren/test_soak.py``.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import apply, initial_state
from sanguozhi.core.modes.tiandiren.endgame import in_endgame
from sanguozhi.core.modes.tiandiren.events import EndgameStarted
from sanguozhi.core.modes.tiandiren.identity import row_for
from tests.soak import checked_bot_game, soak

GAMES = int(os.environ.get("SGZ_TIANDIREN_SOAK") or soak(40))


def invariants(events: list[ev.Event]) -> None:
    """The 终局 event follows exactly the event that completes its condition (unless
    that event ended the game); 勾玉 never go below 0; identities come from the row."""
    state = initial_state(events[0])
    flips: list[int] = []
    was = False
    for i, e in enumerate(events[1:], 1):
        apply(state, e)
        now = in_endgame(state)
        if now and not was:
            flips.append(i)
        was = now
        assert min(s.points for s in state.seats) >= 0, f"event {i}"
    marks = [i for i, e in enumerate(events) if type(e) is EndgameStarted]
    assert len(flips) <= 1 and len(marks) <= 1
    if flips and not marks:  # the completing death was the lord's: the game is over
        assert {type(e) for e in events[flips[0] + 1 :]} <= {ev.GeneralRevealed, ev.GameEnded}
    else:
        assert marks == [f + 1 for f in flips]
    earned = Counter(s.role for s in state.seats if s.role and s.role != "lord")
    assert not earned - Counter(row_for(len(state.seats), state.options["six_roles"]))


@pytest.mark.slow
def test_bot_games_end_validate_and_keep_the_invariants(tmp_path: Path) -> None:
    ends: Counter[str] = Counter()
    for k in range(GAMES):
        players = 4 + k % 4
        bots = {s: "basic" if (k + s) % 5 else "random" for s in range(players)}
        game = checked_bot_game(tmp_path / f"tdr-{players}p-{k}.jsonl", "tiandiren", players, 1000 + k, {}, bots)
        invariants(game.events)
        ends[game.state.end_reason.split(":")[0]] += 1
    assert set(ends) <= {"lord", "rebels", "renegade", "turn_limit", "no_cards_left"}
    assert ends.get("lord", 0) and ends.get("rebels", 0)  # both sides win some
