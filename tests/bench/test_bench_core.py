"""Core speed: bot self-play (decisions/s, games/s) and folding (events/s).

Run with:  pytest tests/bench --benchmark-enable -n 0
The rates are in each benchmark's extra_info (shown with --benchmark-json).
"""
from __future__ import annotations

import statistics
import time

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import new_game

SEEDS = range(1000, 1020)
# One untimed round first: a mode's rules load on its first game (modes load on first use).
WARMUP = 1


def self_play(seeds: range, players: int = 5, bot: str = "basic", mode: str = "identity") -> tuple[int, int]:
    decisions = events = 0
    for seed in seeds:
        game = new_game(mode, players, seed)
        while not game.over:
            game.submit(bot_choice(bot, game.state, game.request))
        decisions += game.state.decisions
        events += len(game.events)
    return decisions, events


def _rates(benchmark, decisions: int, events: int) -> None:
    """Decisions/s beside games/s and events/s: what counts as a decision may change
    (a secret question recorded where it was passed), the games and their events less."""
    mean = benchmark.stats.stats.mean if benchmark.stats else None
    if mean:
        benchmark.extra_info["decisions_per_s"] = round(decisions / mean)
        benchmark.extra_info["games_per_s"] = round(len(SEEDS) / mean, 1)
        benchmark.extra_info["events_per_s"] = round(events / mean)


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_bench_self_play_5_seats(benchmark, bot: str) -> None:
    seeds = SEEDS if not benchmark.disabled else SEEDS[:2]  # the default test run: a smoke test
    decisions, events = benchmark.pedantic(self_play, args=(seeds, 5, bot), rounds=3, iterations=1, warmup_rounds=WARMUP)
    _rates(benchmark, decisions, events)
    assert decisions > 0


def _bench_mode(benchmark, players: int, mode: str) -> None:
    """Basic-bot self-play of ``mode``; identity's (test_bench_self_play_5_seats[basic]) is the anchor of the same run."""
    seeds = SEEDS if not benchmark.disabled else SEEDS[:2]
    decisions, events = benchmark.pedantic(self_play, args=(seeds, players, "basic", mode), rounds=3, iterations=1, warmup_rounds=WARMUP)
    _rates(benchmark, decisions, events)
    assert decisions > 0


def test_bench_self_play_tiandiren(benchmark) -> None:
    """5-seat basic-bot self-play of 天地人."""
    _bench_mode(benchmark, 5, "tiandiren")


def test_bench_self_play_duel(benchmark) -> None:
    """Duel (2 seats) basic-bot self-play."""
    _bench_mode(benchmark, 2, "duel")


@pytest.mark.parametrize("mode", ["identity-seed000", "jade-seal"])
def test_bench_self_play_seed000(benchmark, mode: str) -> None:
    """5-seat basic-bot self-play of seed 000's modes (the project's generals, the jade seal)."""
    _bench_mode(benchmark, 5, mode)


@pytest.mark.parametrize("players", [5, 8])
def test_bench_self_play_hegemony(benchmark, players: int) -> None:
    """Hegemony bot games at 5 and 8 seats."""
    _bench_mode(benchmark, players, "hegemony")


@pytest.mark.parametrize("players", [5, 8])
def test_bench_self_play_hegemony_six(benchmark, players: int) -> None:
    """Six-force hegemony (seed 000's 国战) bot games at 5 and 8 seats."""
    _bench_mode(benchmark, players, "hegemony-six")


def uno_run(seconds: float, clock=time.process_time) -> tuple[int, int, float]:
    """RLCard's uno, random agents, for about ``seconds`` of CPU (or of ``clock``): (actions, games, seconds)."""
    rlcard = pytest.importorskip("rlcard")  # not a dependency: installed only to measure against
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    actions = games = 0
    started = clock()
    while clock() - started < seconds:
        trajectories, _ = env.run(is_training=False)
        actions += sum((len(t) - 1) // 2 for t in trajectories)  # [state, action, state, ..., state]
        games += 1
    return actions, games, clock() - started


def uno_actions(seconds: float, clock=time.process_time) -> tuple[int, float]:
    """``uno_run``'s actions and seconds."""
    actions, _, spent = uno_run(seconds, clock)
    return actions, spent


def test_bench_self_play_vs_rlcard_uno(benchmark) -> None:
    """5-seat identity self-play (basic bots) against RLCard's uno (random
    agents, the issue's anchor) in the same run, rounds interleaved, CPU time
    (which other loads on a shared machine disturb less): decisions/s against
    uno's actions/s, and games/s against uno's games/s (a game is what both
    play whole, whatever counts as one decision).  Skipped when rlcard is not
    installed (``pip install rlcard``: not a dependency of sgz)."""
    rounds: list[tuple[float, float, float, float, float]] = []
    seeds = SEEDS if not benchmark.disabled else SEEDS[:2]

    def one_round() -> None:
        started = time.process_time()
        decisions, events = self_play(seeds)
        spent = time.process_time() - started
        actions, games, seconds = uno_run(0.2 if benchmark.disabled else 2.0)
        rounds.append((decisions / spent, events / spent, len(seeds) / spent, actions / seconds, games / seconds))

    benchmark.pedantic(one_round, rounds=1 if benchmark.disabled else 5, iterations=1)
    if not benchmark.disabled:
        med = [statistics.median(r[i] for r in rounds) for i in range(5)]
        per_action = sorted(r[0] / r[3] for r in rounds)
        per_game = sorted(r[2] / r[4] for r in rounds)
        benchmark.extra_info.update(
            sgz_decisions_per_s=round(med[0]), sgz_events_per_s=round(med[1]), sgz_games_per_s=round(med[2], 1),
            rlcard_uno_actions_per_s=round(med[3]), rlcard_uno_games_per_s=round(med[4], 1),
            ratio_sgz_over_uno=round(statistics.median(per_action), 3), ratio_spread=[round(per_action[0], 3), round(per_action[-1], 3)],
            ratio_games_sgz_over_uno=round(statistics.median(per_game), 3), ratio_games_spread=[round(per_game[0], 3), round(per_game[-1], 3)],
        )
        print(f"\nsgz {med[0]:,.0f} decisions/s {med[1]:,.0f} events/s {med[2]:.1f} games/s; uno {med[3]:,.0f} actions/s {med[4]:.1f} games/s;"
              f" per action {statistics.median(per_action):.3f} ({per_action[0]:.3f}-{per_action[-1]:.3f}), per game {statistics.median(per_game):.3f} ({per_game[0]:.3f}-{per_game[-1]:.3f})")
    assert rounds[0][0] > 0 and rounds[0][3] > 0


@pytest.fixture(scope="module")
def long_record() -> list[bytes]:
    lines = []
    for seed in SEEDS:
        game = new_game("identity", 8, seed)
        while not game.over:
            game.submit(bot_choice("basic", game.state, game.request))
        lines.append(b"\n".join(ev.encode(e) for e in game.events))
    return lines


def test_bench_fold(benchmark, long_record: list[bytes]) -> None:
    games = [ev.decode_lines(blob) for blob in long_record]
    n = sum(len(g) for g in games)

    def run() -> None:
        for g in games:
            fold(g)

    benchmark(run)
    if benchmark.stats:
        benchmark.extra_info["events_per_s"] = round(n / benchmark.stats.stats.mean)


def test_bench_decode_and_fold(benchmark, long_record: list[bytes]) -> None:
    n = sum(blob.count(b"\n") + 1 for blob in long_record)

    def run() -> None:
        for blob in long_record:
            fold(ev.decode_lines(blob))

    benchmark(run)
    if benchmark.stats:
        benchmark.extra_info["events_per_s"] = round(n / benchmark.stats.stats.mean)
