"""The search bot's strength and the rollouts' speed.

    python -m pytest tests/bench/test_bench_search.py --benchmark-enable -s

plays ``SGZ_SEARCH_GAMES`` (default 40; 1,000 with ``SGZ_BENCH_FULL=1``)
5-seat games twice on the same seeds: the lord played by the search bot, and
by the basic bot, every other seat basic.  The lord's win rates, with 95%
Wilson intervals, are printed and stored in the benchmark's extra_info.
"""
from __future__ import annotations

import os

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.records.session import run_bots
from sanguozhi.replay.analyze import analyze, wilson

FULL = bool(os.environ.get("SGZ_BENCH_FULL"))
GAMES = int(os.environ.get("SGZ_SEARCH_GAMES", 1000 if FULL else 40))


def lord_wins(lord: str, seeds: range) -> int:
    import sanguozhi.replay.search  # noqa: F401  (registers the search bot)

    wins = 0
    for seed in seeds:
        game = new_game("identity", 5, seed, {})
        run_bots(game, {0: lord, 1: "basic", 2: "basic", 3: "basic", 4: "basic"})
        wins += 0 in game.state.winners
    return wins


def test_bench_search_lord_against_basic_lord(benchmark) -> None:
    seeds = range(9000, 9000 + GAMES)

    def both() -> tuple[int, int]:
        return lord_wins("search", seeds), lord_wins("basic", seeds)

    search, basic = benchmark.pedantic(both, rounds=1, iterations=1)
    s_low, s_high = wilson(search, GAMES)
    b_low, b_high = wilson(basic, GAMES)
    benchmark.extra_info.update(
        games=GAMES,
        search_lord_win_rate=round(search / GAMES, 3),
        search_interval=[round(s_low, 3), round(s_high, 3)],
        basic_lord_win_rate=round(basic / GAMES, 3),
        basic_interval=[round(b_low, 3), round(b_high, 3)],
    )
    print(f"\nlord win rate over {GAMES} games: search {search / GAMES:.3f} [{s_low:.3f}-{s_high:.3f}], basic {basic / GAMES:.3f} [{b_low:.3f}-{b_high:.3f}]")
    assert 0 <= search <= GAMES


@pytest.fixture(scope="module")
def position() -> tuple[list[ev.Event], int]:
    game = new_game("identity", 5, 31, {})
    run_bots(game, {s: "basic" for s in range(5)})
    events = game.events
    at = next(i for i, e in enumerate(events) if type(e) is ev.Decided and e.kind == "play" and i > 100) - 1
    return events, at


def test_bench_rollouts(benchmark, position: tuple[list[ev.Event], int]) -> None:
    events, at = position
    report = benchmark.pedantic(analyze, args=(events, at), kwargs={"rollouts": 8, "seed": 1}, rounds=3, iterations=1)
    rollouts = sum(c.games for c in report.choices)
    decisions = sum(c.decisions for c in report.choices)
    if benchmark.stats:
        mean = benchmark.stats.stats.mean
        benchmark.extra_info["rollouts_per_s"] = round(rollouts / mean, 1)
        benchmark.extra_info["rollout_decisions_per_s"] = round(decisions / mean)
    assert rollouts == 8 * len(report.choices)
