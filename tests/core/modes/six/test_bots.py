"""The basic bot in hegemony-six judges sides only by what it sees: the same
decisions when the generals concealed from it are dealt out differently."""
from __future__ import annotations

from core.bots import bot_choice
from core.game import new_game
from tests.core.modes.hegemony.test_bots import swap_concealed


def test_the_bot_judges_sides_only_by_what_it_sees() -> None:
    checked = swapped = 0
    for seed in range(40):
        if checked >= 600:
            break
        game = new_game("hegemony-six", 4 + seed % 9, seed)
        while not game.over:
            req = game.request
            choice = bot_choice("basic", game.state, req)
            if game.state.shuffles:
                other, n = swap_concealed(game.state, req.seat)
                assert bot_choice("basic", other, req) == choice, (seed, game.state.seq, req)
                swapped += n > 1
                checked += 1
            game.submit(choice)
    assert checked >= 600 and swapped > 150
