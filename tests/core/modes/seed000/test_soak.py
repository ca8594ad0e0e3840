"""Bot games of seed 000's modes: every one ends, re-executes from its record
(``sgz validate --complete``), folds to its live state, and — over the soak —
plays every mechanic of seed 000 at least once.

The default run plays a bounded soak; the issue's 300 games per mode are
``SGZ_SEED000_SOAK=300 python -m pytest tests/core/modes/seed000/test_soak.py``.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from core.evolve import fold
from core.state import snapshot
from records.check import check
from records.session import run_bots, start_recorded

from .coverage import EVERY, signs

GAMES = int(os.environ.get("SGZ_SEED000_SOAK", "30"))


def soak(tmp_path: Path, mode: str, players: range, options: dict, games: int) -> tuple[Counter[str], Counter[str]]:
    played: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for k in range(games):
        n = players.start + k % len(players)
        bots = {s: "basic" if (k + s) % 5 else "random" for s in range(n)}
        path = tmp_path / f"{mode}-{n}p-{k}.jsonl"
        game, writer = start_recorded(path, mode, n, 2000 + k, options(k) if callable(options) else options, bots)
        with writer:
            run_bots(game, bots)
        assert game.state.ended, f"game {k} did not end"
        c = check(path)
        assert c.ok and c.finished, c.error
        assert snapshot(fold(game.events)) == snapshot(game.state)
        played.update(signs(game.events))
        ends[game.state.end_reason.split(":")[0]] += 1
    return played, ends


@pytest.mark.slow
def test_identity_seed000_bot_games_end_validate_and_play_every_mechanic(tmp_path: Path) -> None:
    played, ends = soak(tmp_path, "identity-seed000", range(5, 11), lambda k: {"pool": "project" if k % 2 else "mixed"}, GAMES)
    assert set(ends) <= {"lord", "rebels", "renegade", "turn_limit", "no_cards_left"}
    assert ends["lord"] and ends["rebels"]
    assert not EVERY - set(played), f"never played: {sorted(EVERY - set(played))}"


def jade_signs(events) -> Counter[str]:
    from core import events as ev
    from core.modes.seed000.jade_pack import SEAL, SEAL_CARD, Allied, AllianceEnded

    out: Counter[str] = Counter()
    for i, e in enumerate(events):
        t = type(e)
        if t is Allied:
            out["allied"] += 1
        elif t is AllianceEnded:
            out["broken"] += 1
        elif t is ev.CardsShown and e.cards == (SEAL_CARD,):
            out["seal drawn and shown"] += 1
        elif t is ev.Triggered and e.source == SEAL:
            out[f"seal at {e.w}"] += 1
        elif t is ev.Triggered and e.source == "huimeng":
            out["huimeng"] += 1
        elif t is ev.GameEnded and e.winners:
            out["won after a death" if type(events[i - 1]) is not ev.CardsMoved else "won by a card movement"] += 1
    return out


@pytest.mark.slow
def test_jade_seal_bot_games_end_validate_and_the_winner_holds_the_seal(tmp_path: Path) -> None:
    from core.evolve import fold as fold_all
    from core.modes.seed000.jade_pack import seal_holder

    played: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for k in range(GAMES):
        n = 5 + k % 6
        bots = {s: "basic" if (k + s) % 4 else "random" for s in range(n)}
        path = tmp_path / f"jade-{n}p-{k}.jsonl"
        game, writer = start_recorded(path, "jade-seal", n, 3000 + k, {"pool": ("mixed", "standard", "project")[k % 3]}, bots)
        with writer:
            run_bots(game, bots)
        st = game.state
        assert st.ended, f"game {k} did not end"
        c = check(path)
        assert c.ok and c.finished, c.error
        assert snapshot(fold_all(game.events)) == snapshot(st)
        if st.winners:
            (w,) = st.winners
            assert st.alive_seats() == [w] and seal_holder(st) == w
        played.update(jade_signs(game.events))
        ends[st.end_reason.split(":")[0]] += 1
    assert set(ends) <= {"jade_seal", "turn_limit", "no_cards_left", "no_survivor"}
    assert ends["jade_seal"] >= GAMES * 0.8
    want = {"allied", "broken", "seal drawn and shown", "seal at draw_count", "seal at death", "huimeng", "won after a death"}
    assert not want - set(played), f"never seen: {sorted(want - set(played))}"
