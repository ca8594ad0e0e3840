"""Bounded soaks of hegemony-six bot games: every game ends, its record validates
(re-running every decision), the state keeps its invariants, and the bots play
the mode's own parts (reveals, careerists, 谋攻, rulers).  The full soak (300
games over 4-12 players) is run by hand; README gives the command."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from core import events as ev
from core.bots import bot_choice
from core.deck import deck_numbers
from core.evolve import fold
from core.game import new_game
from core.modes.six import events as sev
from core.state import snapshot
from tests.soak import checked_bot_game

MODE = "hegemony-six"


def checked_game(seed: int, players: int, bot: str) -> list[ev.Event]:
    holder: dict = {}

    def watch(event: ev.Event) -> None:
        game = holder.get("game")
        if game is None or not game.state.shuffles:
            return
        st = game.state
        if isinstance(event, (ev.Died, ev.GameEnded, ev.TurnEnded)):
            assert len(st.zone_cards()) == len(deck_numbers(st.deck)), f"seed {seed}: cards lost at event {st.seq}"
        for p in st.chars:
            assert p.hp <= p.max_hp
            if isinstance(event, ev.TurnEnded):
                assert p.alive or not p.zones.get("plot"), f"seed {seed}: a dead holder keeps a plot"

    game = new_game(MODE, players, seed, {"max_turns": 300}, on_event=watch)
    holder["game"] = game
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    assert snapshot(fold(game.events)) == snapshot(game.state)
    return game.events


@pytest.mark.slow
def test_thirty_recorded_bot_games_end_and_validate(tmp_path: Path) -> None:
    reasons: Counter[str] = Counter()
    for k in range(30):
        players, bot = 4 + k % 9, ("basic", "random")[k % 2]
        game = checked_bot_game(tmp_path / f"six-{k}.jsonl", MODE, players, 9000 + k, {}, {s: bot for s in range(players)})
        reasons[game.state.end_reason.split(":")[0]] += 1
    assert reasons["turn_limit"] <= 2 and sum(reasons.values()) == 30


@pytest.mark.slow
def test_basic_bots_play_the_modes_own_parts() -> None:
    seen: Counter[str] = Counter()
    for k in range(40):
        events = checked_game(9100 + k, 4 + k % 9, "basic")
        assert isinstance(events[-1], ev.GameEnded)
        seen.update(type(e).__name__ for e in events if type(e) in sev.EVENTS or type(e) is ev.GeneralRevealed)
        seen.update(e.source for e in events if isinstance(e, ev.Triggered) and e.source.startswith("six_"))
        seen.update(f"asked:{e.kind}" for e in events if isinstance(e, ev.Decided) and e.kind in ("plot", "guifu"))
    for part in ("GeneralRevealed", "CareeristMarked", "PlotDrawn", "RulerShown", "six_stockpile", "six_relief", "six_harass", "asked:plot"):
        assert seen[part], f"no {part} in 40 basic bot games: {seen}"
