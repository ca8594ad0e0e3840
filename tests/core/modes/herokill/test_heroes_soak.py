"""A bounded soak of the heroes in the default test run: bot games of every Hero
Kill mode and table size end, pass ``sgz validate --complete``'s checks and fold
to the live state; together they use every hero skill that announces itself."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.modes.herokill.heroes import HEROES
from tests.soak import checked_bot_game

TABLES = [("herokill-identity", 5), ("herokill-identity", 8), ("3v3-casual", 6), ("3v3-competitive", 6), ("tripod", 3)]
GAMES = 3


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_hero_games_of_every_mode_end_and_validate_complete(tmp_path: Path, mode: str, players: int) -> None:
    bots = {s: "basic" if s % 3 else "random" for s in range(players)}
    for seed in range(1, GAMES + 1):
        game = checked_bot_game(tmp_path / f"{mode}-{players}-{seed}.jsonl", mode, players, seed, {}, bots)
        assert game.state.options["heroes"] == "herokill"
        assert all(p.general in HEROES.generals or p.general == "no_general" for p in game.state.chars)


def test_old_sanguosha_games_still_play_and_validate(tmp_path: Path) -> None:
    game = checked_bot_game(tmp_path / "old.jsonl", "3v3-casual", 6, 1, {"heroes": "sanguosha"}, {s: "basic" for s in range(6)})
    assert all(not p.general.startswith("hk_") for p in game.state.chars)


def test_the_bots_use_the_heroes_own_mechanics() -> None:
    from collections import Counter

    from sanguozhi.core.bots import bot_choice
    from sanguozhi.core.game import new_game

    used: Counter[str] = Counter()
    for seed in range(1, 25):
        game = new_game("herokill-identity", 8, seed, {"max_turns": 120})
        while not game.over:
            game.submit(bot_choice("basic", game.state, game.request))
        used.update(e.source for e in game.events if type(e) is ev.Triggered and e.source.startswith("hk_"))
    mechanics = {"hk_qianglue", "hk_tuqiang", "hk_nvquan", "hk_diehun", "hk_jianxiong", "hk_juebie", "hk_fenghuo", "hk_budao", "hk_menshen", "hk_shentou", "hk_dili", "hk_xiadan"}
    assert mechanics <= set(used), mechanics - set(used)
