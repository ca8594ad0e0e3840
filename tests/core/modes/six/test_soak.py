"""Bounded soaks of hegemony-six bot games: every game ends, its record validates
(re-running every decision), the state keeps its invariants, and the bots play
the mode's own parts (reveals, careerists, 谋攻, rulers).  The full soak (300
games over 4-12 players) is run by hand; docs/modes/ gives the command."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.modes.six import events as sev
from tests.core.modes.hegemony.test_soak import checked_game
from tests.soak import checked_bot_game, soak

MODE = "hegemony-six"


@pytest.mark.slow
def test_thirty_recorded_bot_games_end_and_validate(tmp_path: Path) -> None:
    reasons: Counter[str] = Counter()
    games = soak(30)
    for k in range(games):
        players, bot = 4 + k % 9, ("basic", "random")[k % 2]
        game = checked_bot_game(tmp_path / f"six-{k}.jsonl", MODE, players, 9000 + k, {}, {s: bot for s in range(players)})
        reasons[game.state.end_reason.split(":")[0]] += 1
    assert reasons["turn_limit"] <= games // 15 and sum(reasons.values()) == games


@pytest.mark.slow
def test_basic_bots_play_the_modes_own_parts() -> None:
    seen: Counter[str] = Counter()
    for k in range(soak(40)):
        events = checked_game(9100 + k, 4 + k % 9, "basic", MODE)
        assert isinstance(events[-1], ev.GameEnded)
        seen.update(type(e).__name__ for e in events if type(e) in sev.EVENTS or type(e) is ev.GeneralRevealed)
        seen.update(e.source for e in events if isinstance(e, ev.Triggered) and e.source.startswith("six_"))
        seen.update(f"asked:{e.kind}" for e in events if isinstance(e, ev.Decided) and e.kind in ("plot", "guifu"))
    for part in ("GeneralRevealed", "CareeristMarked", "PlotDrawn", "RulerShown", "six_stockpile", "six_relief", "six_harass", "asked:plot"):
        assert seen[part], f"no {part} in 40 basic bot games: {seen}"
