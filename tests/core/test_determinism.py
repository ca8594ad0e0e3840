"""Same seed and same decisions give the same events, byte for byte."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.game import decide, new_game, resume
from sanguozhi.core.requests import Choice


def bot_game(seed: int, players: int = 5, bot: str = "basic") -> list[ev.Event]:
    game = new_game("identity", players, seed)
    while not game.over:
        game.submit(bot_choice(bot, game.state, game.request))
    return game.events


def encoded(events: list[ev.Event]) -> bytes:
    return b"\n".join(ev.encode(e) for e in events)


def test_same_seed_same_bytes() -> None:
    assert encoded(bot_game(42)) == encoded(bot_game(42))


def test_different_seeds_differ() -> None:
    assert encoded(bot_game(1)) != encoded(bot_game(2))


def test_records_are_identical_across_hash_seeds(tmp_path: Path) -> None:
    outs = []
    for hash_seed in ("0", "12345"):
        out = tmp_path / hash_seed
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-m", "sanguozhi", "sim", "--games", "3", "--seed", "9", "--out", str(out)], check=True, env=env, capture_output=True, cwd=Path(__file__).parents[2])
        outs.append({p.name: p.read_bytes() for p in sorted(out.glob("*.jsonl"))})
    assert len(outs[0]) == 3 and outs[0] == outs[1]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_bots_decide_the_same_after_a_resume(seed: int) -> None:
    events = bot_game(seed, bot="random")
    decisions = [i for i, e in enumerate(events) if isinstance(e, ev.Decided)]
    for cut in decisions[:: max(1, len(decisions) // 7)]:
        game = resume(events, cut)
        while not game.over:
            game.submit(bot_choice("random", game.state, game.request))
        assert game.events == events


def test_decide_is_the_pure_form_of_submit() -> None:
    game = new_game("identity", 5, seed=4)
    for _ in range(40):
        choice = bot_choice("basic", game.state, game.request)
        prefix = list(game.events)
        expected = decide(prefix, choice)
        assert game.submit(choice) == expected
        assert prefix == game.events[: len(prefix)]


def test_bot_sees_only_its_seat() -> None:
    # Changing what the other seats hold (hidden from the bot) never changes its choice.
    game = new_game("identity", 5, seed=13)
    checked = 0
    while not game.over and checked < 150:
        req = game.request
        state = game.state
        choice = bot_choice("basic", state, req)
        others = [p for p in state.chars if p.seat != req.seat]
        scrambled = state.clone()
        # Deal the other hands' cards out again in another order: each seat keeps
        # its (public) number of hand cards, but what they are changes.
        hidden = [c for s in scrambled.seats if s.seat != req.seat for c in s.hand][::-1]
        for s in scrambled.seats:
            if s.seat != req.seat:
                s.hand[:], hidden = hidden[: len(s.hand)], hidden[len(s.hand) :]
        scrambled.pile.reverse()
        for s in scrambled.seats:
            if s.seat != req.seat and not s.role_shown:
                s.role = "rebel"
        assert bot_choice("basic", scrambled, req) == choice
        assert len(others) == 4
        game.submit(choice)
        checked += 1


def test_choice_round_trips_through_the_decided_event() -> None:
    game = new_game("identity", 4, seed=2)
    req = game.request
    choice = req.choices[0]
    added = game.submit(choice)
    dec = added[0]
    assert isinstance(dec, ev.Decided) and Choice(cards=dec.cards, targets=dec.targets, option=dec.option) == choice
