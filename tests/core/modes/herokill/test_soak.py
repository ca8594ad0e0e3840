"""Bounded soaks: recorded bot games of each Hero Kill mode all end and pass
the checks of ``sgz validate --complete`` (chain, schema, re-execution)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.records.check import check
from sanguozhi.records.session import run_bots, start_recorded
from tests.soak import soak

GAMES = soak(40)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players"), [("herokill-identity", 5), ("herokill-identity", 8), ("3v3-casual", 6), ("3v3-competitive", 6), ("tripod", 3)])
def test_bot_games_end_and_validate_complete(tmp_path: Path, mode: str, players: int) -> None:
    bots = {s: "basic" if s % 3 else "random" for s in range(players)}
    reasons: Counter[str] = Counter()
    for seed in range(1, GAMES + 1):
        path = tmp_path / f"{mode}-{players}p-{seed}.jsonl"
        game, writer = start_recorded(path, mode, players, seed, {}, bots)
        with writer:
            run_bots(game, bots)
        c = check(path)
        assert c.ok and c.finished, c.error
        end = c.events[-1]
        assert type(end) is ev.GameEnded
        reasons[end.reason.split(":")[0]] += 1
        if end.winners:
            assert len(end.points) == players
    assert sum(n for r, n in reasons.items() if r not in ("turn_limit", "no_cards_left")) >= GAMES * 0.8, reasons
