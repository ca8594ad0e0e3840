"""Bounded soaks of hegemony bot games: every game ends, its record validates
(re-running every decision), and the state keeps its invariants throughout.
The full soak (500 games over 4-12 players) is run by hand; docs/modes/ gives the command."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game
from sanguozhi.core.state import snapshot
from tests.soak import checked_bot_game, soak


def checked_game(seed: int, players: int, bot: str, mode: str = "hegemony") -> list[ev.Event]:
    holder: dict = {}

    def watch(event: ev.Event) -> None:
        game = holder.get("game")
        if game is None or not game.state.shuffles:
            return
        st = game.state
        if isinstance(event, (ev.Died, ev.Damaged, ev.Recovered, ev.GameEnded, ev.TurnEnded)):
            assert len(st.zone_cards()) == len(deck_numbers(st.deck)), f"seed {seed}: cards lost at event {st.seq}"
        for p in st.chars:
            assert p.hp <= p.max_hp
            if p.alive and any(sl.vis is None for sl in p.slots):
                assert p.kingdom, f"seed {seed}: seat {p.seat} has a face-up general and no kingdom"

    game = new_game(mode, players, seed, {"max_turns": 300}, on_event=watch)
    holder["game"] = game
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    assert snapshot(fold(game.events)) == snapshot(game.state)
    return game.events


@pytest.mark.slow
def test_forty_recorded_bot_games_end_and_validate(tmp_path: Path) -> None:
    reasons: Counter[str] = Counter()
    games = soak(40)
    for k in range(games):
        players, bot = 4 + k % 9, ("basic", "random")[k % 2]
        game = checked_bot_game(tmp_path / f"hg-{k}.jsonl", "hegemony", players, 7000 + k, {}, {s: bot for s in range(players)})
        reasons[game.state.end_reason.split(":")[0]] += 1
    assert reasons["turn_limit"] <= games // 20 and sum(reasons.values()) == games


@pytest.mark.slow
def test_bot_games_keep_every_invariant_and_use_every_skill() -> None:
    from sanguozhi.core.modes.hegemony.generals import HG_GENERALS

    used: set[str] = set()
    for k in range(soak(90)):
        events = checked_game(8000 + k, 4 + k % 9, ("basic", "random")[k % 3 == 2])
        assert isinstance(events[-1], ev.GameEnded)
        used.update(e.source for e in events if isinstance(e, ev.Triggered))
        used.update(e.name for e in events if isinstance(e, ev.CardUsed))
    # Standing rules leave no Triggered event: 马术, 奇才, 短兵, 红颜, 完杀.
    static = {"mashu", "qicai", "hg_duanbing", "hg_hongyan", "hg_wansha"}
    assert set(HG_GENERALS.skills) - static - used == set(), sorted(set(HG_GENERALS.skills) - static - used)


@pytest.mark.parametrize("seed, players", [(21, 5), (34, 9), (55, 12)])
def test_a_game_resumed_anywhere_plays_on_the_same(seed: int, players: int) -> None:
    """What a resolution keeps beside the engine (the tricks being resolved, a
    discard phase's cards) is rebuilt when the turn in progress is re-run."""
    from sanguozhi.core.game import resume

    events = checked_game(seed, players, "random")
    decisions = [i for i, e in enumerate(events) if isinstance(e, ev.Decided)]
    for cut in decisions[:: max(1, len(decisions) // 9)]:
        game = resume(events, cut)
        while not game.over:
            game.submit(bot_choice("random", game.state, game.request))
        assert game.events == events
