"""The search bot's strength and the rollouts' speed.

    python -m pytest tests/bench/test_bench_search.py --benchmark-enable -n 0 -s

plays ``SGZ_SEARCH_GAMES`` (default 40; 1,000 with ``SGZ_BENCH_FULL=1``)
5-seat games twice on the same seeds, on every core: the lord played by the search bot, and
by the basic bot, every other seat basic.  The lord's win rates, with 95%
Wilson intervals, and their paired difference (the same seeds: only games
whose outcome the lord's bot changed count) are printed and stored in the
benchmark's extra_info.
"""
from __future__ import annotations

import math
import os

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.records.session import run_bots
from sanguozhi.records.workers import default_jobs, run_all
from sanguozhi.replay.analyze import analyze, wilson

FULL = bool(os.environ.get("SGZ_BENCH_FULL"))
GAMES = int(os.environ.get("SGZ_SEARCH_GAMES", 1000 if FULL else 40))


def lord_won(lord: str, first: int, count: int) -> list[bool]:
    """Did the lord win each 5-seat game of seeds ``first ..``, played by bot ``lord``, every other seat basic?"""
    import sanguozhi.replay.search  # noqa: F401  (registers the search bot)

    won = []
    for seed in range(first, first + count):
        game = new_game("identity", 5, seed, {})
        run_bots(game, {0: lord, 1: "basic", 2: "basic", 3: "basic", 4: "basic"})
        won.append(0 in game.state.winners)
    return won


def lord_outcomes(lord: str, first: int, games: int) -> list[bool]:
    """``lord_won`` over ``games`` seeds, on every core (the same outcomes whatever the cores)."""
    jobs = default_jobs()
    step = -(-games // (4 * jobs))
    tasks = [(lord, a, min(step, first + games - a)) for a in range(first, first + games, step)]
    return [w for part in run_all(lord_won, tasks, jobs=jobs) for w in part]


def paired_difference(a: list[bool], b: list[bool]) -> tuple[float, float, float, int, int]:
    """Win-rate difference a - b over the same games, its 95% interval, and the
    games only a won and only b won (the rest tell the two apart in nothing)."""
    n = len(a)
    only_a = sum(x and not y for x, y in zip(a, b))
    only_b = sum(y and not x for x, y in zip(a, b))
    d = (only_a - only_b) / n
    half = 1.96 * math.sqrt(max(only_a + only_b - n * d * d, 0.0)) / n
    return d, d - half, d + half, only_a, only_b


def test_bench_search_lord_against_basic_lord(benchmark) -> None:
    first = 9000
    # In the default test run (benchmarks disabled) one game each: a smoke test, not a measure.
    games = 1 if benchmark.disabled else GAMES

    def both() -> tuple[list[bool], list[bool]]:
        return lord_outcomes("search", first, games), lord_outcomes("basic", first, games)

    search_won, basic_won = benchmark.pedantic(both, rounds=1, iterations=1)
    search, basic = sum(search_won), sum(basic_won)
    s_low, s_high = wilson(search, games)
    b_low, b_high = wilson(basic, games)
    d, d_low, d_high, only_search, only_basic = paired_difference(search_won, basic_won)
    benchmark.extra_info.update(
        games=games,
        search_lord_win_rate=round(search / games, 3),
        search_interval=[round(s_low, 3), round(s_high, 3)],
        basic_lord_win_rate=round(basic / games, 3),
        basic_interval=[round(b_low, 3), round(b_high, 3)],
        paired_difference=round(d, 3),
        paired_interval=[round(d_low, 3), round(d_high, 3)],
        games_only_search_lord_won=only_search,
        games_only_basic_lord_won=only_basic,
    )
    print(
        f"\nlord win rate over {games} games: search {search / games:.3f} [{s_low:.3f}-{s_high:.3f}], basic {basic / games:.3f} [{b_low:.3f}-{b_high:.3f}];"
        f" paired difference {d:+.3f} [{d_low:+.3f} {d_high:+.3f}] (won only by search {only_search}, only by basic {only_basic})"
    )
    assert len(search_won) == len(basic_won) == games


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
