"""Full-deck bot games: cards are conserved, hp stays within max, the fold of
the events is the live state, and every game ends with a consistent winner."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import new_game
from tests.core.test_properties import check_folds, check_winner, play_checked
from tests.soak import soak


def _check_game(seed: int, players: int, bot: str) -> list[ev.Event]:
    events, snapshots = play_checked(seed, players, bot, {"deck": "full", "generals": "vanilla"})
    check_folds(events, snapshots, seed)
    check_winner(events)
    return events


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_full_deck_bot_games_conserve_cards_and_fold_exactly(bot: str) -> None:
    seen: set[str] = set()
    for k in range(15):
        events = _check_game(7000 + k, 4 + k % 7, bot)
        seen.update(e.name for e in events if isinstance(e, ev.CardUsed))
    assert len(seen) >= 30, f"only {len(seen)} card names were used: {sorted(seen)}"


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["basic", "random"])
def test_two_hundred_full_deck_games_with_both_bots_hold_every_property(bot: str) -> None:
    # 100 games per bot, 4-10 seats: 200 full-deck games, every event checked.
    for k in range(soak(100)):
        _check_game(9000 + k, 4 + k % 7, bot)


def test_every_card_name_is_used_by_each_bot_over_some_games() -> None:
    from sanguozhi.core.deck import STANDARD

    wanted = {c.name for c in STANDARD} - {"dodge"}  # a 闪 is only ever played, never used
    for bot in ("basic", "random"):
        used: set[str] = set()
        for seed in range(60):
            game = new_game("identity", 6, 500 + seed)
            while not game.over:
                game.submit(bot_choice(bot, game.state, game.request))
            used.update(e.name for e in game.events if isinstance(e, ev.CardUsed))
            if wanted <= used:
                break
        assert wanted <= used, f"{bot} never used {sorted(wanted - used)}"


def test_resumed_full_deck_game_gives_the_same_events() -> None:
    from sanguozhi.core.game import resume

    game = new_game("identity", 6, 31)
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request))
    events = game.events
    for upto in (len(events) // 3, len(events) // 2, len(events) - 1):
        again = resume(events, upto)
        while not again.over:
            again.submit(bot_choice("basic", again.state, again.request))
        assert again.events == events
