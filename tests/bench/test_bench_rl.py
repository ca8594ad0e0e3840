"""The PettingZoo env's speed: its steps/s, its overhead over the engine, and RLCard's uno.

Run with:  python -m pytest tests/bench/test_bench_rl.py --benchmark-enable -n 0 -s

One test, rounds interleaved, CPU time (a shared machine disturbs it less), medians:

- env: ``aec_env("identity", 5)``, every seat an agent, a random legal action
  each step (numpy, seeded), factored actions, ``SEEDS`` games: env steps/s.
- engine: the same games played in process without the env: a new game of
  each seed, the env game's decisions (its ``Decided`` events) submitted in
  order (each ``Game.submit`` of the env's game, logged); no observation, no
  mask, no bot.  The env's **overhead** is its time
  over the engine's for the same games.
- uno: RLCard's uno env (random agents, ``test_bench_core.uno_actions``),
  actions/s; skipped when rlcard is not installed (not a dependency of sgz).

Without --benchmark-enable one short round runs (a smoke test).
"""
from __future__ import annotations

import statistics
import time

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

import numpy as np  # noqa: E402

from sanguozhi.core.game import Game, new_game  # noqa: E402
from sanguozhi.core.requests import Choice  # noqa: E402
from sanguozhi.rl import aec_env  # noqa: E402

from .test_bench_core import uno_actions  # noqa: E402

MODE, PLAYERS, MAX_TURNS = "identity", 5, 60
SEEDS = range(2000, 2010)


def env_games(seeds: range, actions: str = "factored") -> tuple[int, float, list[tuple[int, list[Choice]]]]:
    """Play ``seeds`` in the env: (env steps, CPU seconds, each game's seed and decisions)."""
    env = aec_env(MODE, PLAYERS, actions=actions, max_turns=MAX_TURNS)
    games: list[tuple[int, list[Choice]]] = []
    steps = 0
    submit = Game.submit

    def logged(game: Game, choice: Choice) -> list:  # what the env submits, one append each
        games[-1][1].append(choice)
        return submit(game, choice)

    Game.submit = logged  # type: ignore[method-assign]
    try:
        started = time.process_time()
        for seed in seeds:
            rng = np.random.default_rng(seed)
            games.append((seed, []))
            env.reset(seed=seed)
            for _ in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        seconds = time.process_time() - started
    finally:
        Game.submit = submit  # type: ignore[method-assign]
    return steps, seconds, games


def engine_games(games: list[tuple[int, list[Choice]]]) -> tuple[int, float]:
    """The same games without the env: (decisions, CPU seconds)."""
    decisions = 0
    started = time.process_time()
    for seed, choices in games:
        game = new_game(MODE, PLAYERS, seed, {"max_turns": MAX_TURNS})
        for c in choices:
            game.submit(c)
        assert game.over
        decisions += len(choices)
    return decisions, time.process_time() - started


def test_bench_env_steps_vs_engine_and_rlcard_uno(benchmark) -> None:
    smoke = benchmark.disabled
    seeds = SEEDS[:1] if smoke else SEEDS
    env_rate: list[float] = []
    overhead: list[float] = []
    engine_rate: list[float] = []
    uno_rate: list[float] = []
    try:
        import rlcard  # noqa: F401

        has_uno = True
    except ImportError:
        has_uno = False

    def one_round() -> None:
        steps, env_s, games = env_games(seeds)
        decisions, engine_s = engine_games(games)
        env_rate.append(steps / env_s)
        engine_rate.append(decisions / engine_s)
        overhead.append(env_s / engine_s)
        if has_uno:
            actions, seconds = uno_actions(0.5 if smoke else 2.0)
            uno_rate.append(actions / seconds)

    env_games(SEEDS[:1])  # the mode's rules and the env's vocabularies load once
    benchmark.pedantic(one_round, rounds=1 if smoke else 5, iterations=1)
    info = {
        "env_steps_per_s": round(statistics.median(env_rate)),
        "engine_decisions_per_s_same_games": round(statistics.median(engine_rate)),
        "env_time_over_engine_time": round(statistics.median(overhead), 2),
    }
    if uno_rate:
        info["rlcard_uno_actions_per_s"] = round(statistics.median(uno_rate))
        info["env_steps_over_uno_actions"] = round(statistics.median(env_rate) / statistics.median(uno_rate), 3)
    benchmark.extra_info.update(info)
    print("\n" + ", ".join(f"{k} {v}" for k, v in info.items()))
    assert env_rate[0] > 0 and overhead[0] > 1
