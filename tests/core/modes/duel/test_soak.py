"""Bot duels (bounded soak): every game ends, conserves cards, folds exactly, scores
consistently, resumes to the same game, and its record passes `sgz validate --complete`.

The full soak of the issue (300 games) is run by hand, see docs/modes/duel.md
(or ``SGZ_SOAK=8``: 320 games).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game, resume
from sanguozhi.core.modes.duel import RowPlaced, Scored
from sanguozhi.core.modes.duel.data import QIBING_CARDS
from sanguozhi.core.modes.duel.rules import points
from sanguozhi.core.state import snapshot
from tests.soak import soak

GAMES = soak(40)


def play(seed: int, bot: str, options: dict | None = None) -> list[ev.Event]:
    game = new_game("duel", 2, seed, options or {})
    cards = len(deck_numbers(game.state.deck))
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
        st = game.state
        if st.shuffles and st.decisions % 5 == 0:
            assert len(st.zone_cards()) == cards
            assert all(c not in st.discard and c not in st.pile for c in QIBING_CARDS), "a 奇兵 card left its pile and zones"
    return game.events


def check_scores(events: list[ev.Event]) -> None:
    end = events[-1]
    assert isinstance(end, ev.GameEnded)
    state = fold(events)
    scored = [e for e in events if isinstance(e, Scored)]
    died = [e for e in events if isinstance(e, ev.Died)]
    assert [s.dead for s in scored] == [d.seat for d in died]  # every death scores, whatever the cause
    for s in scored:
        assert s.seat != state.chars[s.dead].owner and s.points == points(s.general)
    assert tuple(sum(s.points for s in scored if s.seat == seat) for seat in (0, 1)) == (end.points or (0, 0))
    alive = {p.owner for p in state.chars[2:] if p.alive}
    if end.winners:
        assert alive == set(end.winners) and len(alive) == 1
    else:
        assert end.reason.startswith(("turn_limit", "no_cards_left")) and alive == {0, 1}


@pytest.mark.slow
def test_bot_duels_end_conserve_cards_fold_and_score_consistently() -> None:
    for k in range(GAMES):
        bot = ("basic", "random")[k % 2]
        options = {"generals": "choose"} if k % 4 == 1 else {}
        events = play(1000 + k, bot, options)
        check_scores(events)
        assert sum(isinstance(e, RowPlaced) for e in events) == 2
        if k % 8 == 0:  # resumed mid-game (mid-turn), the same bots play the same game on
            for cut in (len(events) // 3, 2 * len(events) // 3):
                game = resume(events, cut)
                assert game.events == events[: len(game.events)]
                assert snapshot(game.state) == snapshot(fold(game.events))
                while not game.over:
                    game.submit(bot_choice(bot, game.state, game.request))
                assert game.events == events


@pytest.mark.slow
def test_recorded_bot_duels_validate_complete(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["sim", "--mode", "duel", "--games", "12", "--seed", "300", "--bots", "basic,random", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    files = sorted(str(p) for p in tmp_path.glob("*.jsonl"))
    assert len(files) == 12
    res = runner.invoke(main, ["validate", "--complete", "--quiet", *files])
    assert res.exit_code == 0, res.output
