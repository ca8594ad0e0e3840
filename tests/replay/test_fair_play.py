"""Fair play: a seat observes the same in two worlds that differ only in what it may not know.

``tests/replay/worlds.py`` builds the worlds and plays them on.  Over seeded
bot games of every mode (basic and random bots), at a sample of decision
points and seats, nothing the seat observes may differ before the rules show
it something that differs by right.  The same check, run on games under the
old rules (sgz-rules/1: a question asked only when the hand held an answer,
asked in public), finds what they leaked: the check has teeth.
"""
from __future__ import annotations

import os

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import decision_points, new_game, resume
from sanguozhi.core.modes import playable_modes, ruleset_of
from sanguozhi.core.rng import Draws

from .worlds import Unplayable, agree, worlds

MODES = [m for m in playable_modes() if m != "demo"]
SAMPLES = int(os.environ.get("SGZ_FAIR_SAMPLES", "10"))  # decision points a game


def played(mode: str, players: int, seed: int, bot: str, rules: str = ev.RULES_VERSION, max_turns: int = 14) -> list[ev.Event]:
    fresh = new_game(mode, players, seed, {"max_turns": max_turns})
    start = fresh.events[0]
    if rules != start.rules:
        start = ev.GameStarted(mode=start.mode, players=start.players, seed=start.seed, rules=rules, options=start.options, deck=start.deck)
    game = resume([start])
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    return game.events


def disagreements(events: list[ev.Event], bot: str, samples: int, seed: int) -> list[str]:
    draws = Draws(seed, "fair-play", 0)
    points = decision_points(events)
    step = max(1, len(points) // samples)
    found = []
    tried = skipped = 0
    for k in points[step // 2 :: step][:samples]:
        players = len(resume(events, k).state.seats)
        seat = draws.below(players)
        tried += 1
        try:
            a, b = worlds(events, k, seat, bot, draws)
        except Unplayable:
            skipped += 1
            continue
        why = agree(a, b)
        if why is not None:
            found.append(f"seat {seat} at event {k}: {why}")
    assert skipped * 4 <= tried, f"{skipped} of {tried} points could not be played in another world"
    return found


@pytest.mark.parametrize("mode", MODES)
def test_a_seat_cannot_tell_two_worlds_apart(mode: str) -> None:
    rs = ruleset_of(mode)
    sizes = sorted(rs.players)
    for i, (players, bot) in enumerate([(sizes[0], "basic"), (sizes[len(sizes) // 2], "random")]):
        events = played(mode, players, 40 + i, bot)
        found = disagreements(events, bot, SAMPLES, seed=i)
        assert not found, f"{mode} {players}p ({bot}):\n" + "\n".join(found[:5])


def test_under_the_old_rules_the_same_check_finds_the_leaks() -> None:
    """sgz-rules/1 asked a 闪, a 桃 or a 无懈可击 only of a hand that held one, in public."""
    found = []
    for seed in range(3):
        events = played("identity", 5, 60 + seed, "basic", rules="sgz-rules/1", max_turns=20)
        found += disagreements(events, "basic", 25, seed)
    assert any("question" in f or "events against" in f or "line" in f for f in found), found
