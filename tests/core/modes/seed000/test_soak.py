"""Bot games of seed 000's modes: every one ends, re-executes from its record
(``sgz validate --complete``), folds to its live state, and — over the soak —
plays every mechanic of seed 000 (identity-seed000) or every rule of the
jade seal (jade-seal) at least once.

The default run plays a bounded soak; the issue's 300 games per mode are
``SGZ_SEED000_SOAK=300 python -m pytest tests/core/modes/seed000/test_soak.py``.
"""
from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import Game
from sanguozhi.core.modes.seed000.jade_pack import SEAL, SEAL_CARD, Allied, AllianceEnded, seal_holder
from tests.soak import checked_bot_game, soak

from .coverage import EVERY, signs

GAMES = int(os.environ.get("SGZ_SEED000_SOAK") or soak(60))  # 联络 is a rare build: 30 games may miss it


def soak(tmp_path: Path, mode: str, options: Callable[[int], dict], seen: Callable[[Game], Iterable[str]]) -> tuple[Counter[str], Counter[str]]:
    """``GAMES`` checked bot games of ``mode`` at 5-10 seats, a bot in five (four) random;
    what ``seen`` finds in each, and how the games ended."""
    played: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for k in range(GAMES):
        n = 5 + k % 6
        bots = {s: "basic" if (k + s) % 5 else "random" for s in range(n)}
        game = checked_bot_game(tmp_path / f"{mode}-{n}p-{k}.jsonl", mode, n, 2000 + k, options(k), bots)
        played.update(seen(game))
        ends[game.state.end_reason.split(":")[0]] += 1
    return played, ends


@pytest.mark.slow
def test_identity_seed000_bot_games_end_validate_and_play_every_mechanic(tmp_path: Path) -> None:
    played, ends = soak(tmp_path, "identity-seed000", lambda k: {"pool": "project" if k % 2 else "mixed"}, lambda g: signs(g.events))
    assert set(ends) <= {"lord", "rebels", "renegade", "turn_limit", "no_cards_left"}
    assert ends["lord"] and ends["rebels"]
    assert not EVERY - set(played), f"never played: {sorted(EVERY - set(played))}"


def jade_signs(game: Game) -> Iterable[str]:
    """The jade seal's rules at work in a game; and the winner, alone alive, holds the seal."""
    st, events = game.state, game.events
    if st.winners:
        (w,) = st.winners
        assert st.alive_seats() == [w] and seal_holder(st) == w
    for i, e in enumerate(events):
        t = type(e)
        if t is Allied:
            yield "allied"
        elif t is AllianceEnded:
            yield "broken"
        elif t is ev.CardsShown and e.cards == (SEAL_CARD,):
            yield "seal drawn and shown"
        elif t is ev.Triggered and e.source in (SEAL, "huimeng"):
            yield f"{e.source} at {e.w}"
        elif t is ev.GameEnded and e.winners:
            yield "won by a card movement" if type(events[i - 1]) is ev.CardsMoved else "won after a death"


@pytest.mark.slow
def test_jade_seal_bot_games_end_validate_and_the_winner_holds_the_seal(tmp_path: Path) -> None:
    played, ends = soak(tmp_path, "jade-seal", lambda k: {"pool": ("mixed", "standard", "project")[k % 3]}, jade_signs)
    assert set(ends) <= {"jade_seal", "turn_limit", "no_cards_left", "no_survivor"}
    assert ends["jade_seal"] >= GAMES * 0.8
    want = {"allied", "broken", "seal drawn and shown", "jade_seal at draw_count", "jade_seal at death", "huimeng at turn_start", "won after a death"}
    assert not want - set(played), f"never seen: {sorted(want - set(played))}"
