"""A baseline that learns: REINFORCE on the duel (对决), numpy only, then the arena against ``random``.

    pip install -e '.[rl]'
    python examples/reinforce_duel.py --minutes 4 --deals 100 --out /tmp/reinforce

A linear softmax policy over the factored actions (``logits = W x + b``,
illegal actions masked out; ``x`` the observation of docs/RL.md) is trained
by REINFORCE with a running-mean baseline: the agent plays the duel at seat
0 or 1 in turn against the ``random`` bot, +1 for a win, -1 for a loss (0 for
a game cut at ``--max-turns``), and every step of a game gets its result.
Then the trained policy (a draw from it, seeded by the observation, so the
bot answers the same at the same position) is seated as a bot (``sanguozhi.rl.bot.policy_bot``, registered as ``reinforce``) in
``sgz arena --bots reinforce,random --mode duel``: mirrored deals, seats
rotated, ratings and the head-to-head win rate with its 95% interval.

This is an example, not a test: nothing of sgz imports it.
"""
from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

import numpy as np

from sanguozhi.core.bots import register
from sanguozhi.rl import aec_env
from sanguozhi.rl.bot import policy_bot


class Linear:
    """A masked linear softmax policy and its REINFORCE update (Adam on W and b)."""

    def __init__(self, n_obs: int, n_act: int, lr: float = 0.01, seed: int = 0) -> None:
        self.W = np.zeros((n_act, n_obs), dtype=np.float32)
        self.b = np.zeros(n_act, dtype=np.float32)
        self.lr = lr
        self.rng = np.random.default_rng(seed)
        self._m = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self._v = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self._t = 0

    def probs(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        legal = obs["action_mask"].astype(bool)
        z = (self.W[legal] @ obs["observation"] + self.b[legal]).astype(np.float64)
        p = np.exp(z - z.max())
        out = np.zeros(len(legal), dtype=np.float64)
        out[legal] = p / p.sum()
        return out / out.sum()

    def sample(self, obs: dict[str, np.ndarray]) -> int:
        p = self.probs(obs)
        return int(self.rng.choice(len(p), p=p))

    def played(self, obs: dict[str, np.ndarray]) -> int:
        """A draw from the policy seeded by the observation itself: a bot answers the
        same at the same position (the arena's games replay and rerun the same)."""
        key = hashlib.blake2b(obs["observation"].tobytes() + obs["action_mask"].tobytes(), digest_size=8).digest()
        p = self.probs(obs)
        return int(np.random.default_rng(int.from_bytes(key, "little")).choice(len(p), p=p))

    def update(self, steps: list[tuple[np.ndarray, np.ndarray, int, float]]) -> None:
        """One gradient step on sum(advantage * log pi(a | x)) over ``steps``."""
        gW, gb = np.zeros_like(self.W), np.zeros_like(self.b)
        for x, p, a, adv in steps:
            d = -p.astype(np.float32)
            d[a] += 1.0
            d *= adv
            rows = np.flatnonzero(d)
            gW[rows] += np.outer(d[rows], x)
            gb += d
        self._t += 1
        for i, (param, g) in enumerate(((self.W, gW / len(steps)), (self.b, gb / len(steps)))):
            self._m[i] = 0.9 * self._m[i] + 0.1 * g
            self._v[i] = 0.999 * self._v[i] + 0.001 * g * g
            m = self._m[i] / (1 - 0.9**self._t)
            v = self._v[i] / (1 - 0.999**self._t)
            param += (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)  # ascent


def episode(env, policy: Linear) -> tuple[list[tuple[np.ndarray, np.ndarray, int]], float, int]:
    """Play one game; the agent's (observation, probabilities, action) steps, its return and the env steps."""
    trace, total = [], 0.0
    env.reset(seed=int(policy.rng.integers(0, 2**31)))
    for _ in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total += reward
        if term or trunc:
            env.step(None)
            continue
        p = policy.probs(obs)
        a = int(policy.rng.choice(len(p), p=p))
        trace.append((obs["observation"], p, a))
        env.step(a)
    return trace, total, len(trace)


def train(minutes: float, max_turns: int, seed: int, batch: int = 8) -> tuple[Linear, dict]:
    envs = [aec_env("duel", 2, bots={1 - s: "random"}, max_turns=max_turns) for s in (0, 1)]
    a0 = envs[0].possible_agents[0]
    policy = Linear(envs[0].observation_space(a0)["observation"].shape[0], envs[0].action_space(a0).n, seed=seed)
    baseline, games, steps, wins, results = 0.0, 0, 0, 0, []
    pending: list[tuple[np.ndarray, np.ndarray, int, float]] = []
    end = time.monotonic() + minutes * 60
    while time.monotonic() < end:
        trace, ret, n = episode(envs[games % 2], policy)
        games, steps = games + 1, steps + n
        wins += ret > 0
        results.append(ret)
        adv = ret - baseline
        baseline += 0.05 * (ret - baseline)
        pending.extend((x, p, a, adv) for x, p, a in trace)
        if games % batch == 0:
            policy.update(pending)
            pending = []
        if games % 50 == 0:
            print(f"  {games} games, {steps} agent steps, win rate of the last 50 {np.mean([r > 0 for r in results[-50:]]):.0%}", flush=True)
    return policy, {"games": games, "agent_steps": steps, "win_rate_while_training": wins / max(1, games), "last_100": float(np.mean([r > 0 for r in results[-100:]]))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=4.0, help="training time")
    ap.add_argument("--deals", type=int, default=100, help="arena deals (each played twice, seats swapped)")
    ap.add_argument("--max-turns", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="reinforce-arena", help="the arena's records")
    args = ap.parse_args()
    started = time.monotonic()
    print(f"training for {args.minutes:g} minutes against random (duel) ...", flush=True)
    policy, summary = train(args.minutes, args.max_turns, args.seed)
    print(f"trained: {summary} in {time.monotonic() - started:.0f}s", flush=True)
    np.savez(Path(args.out).with_suffix(".npz"), W=policy.W, b=policy.b)
    register("reinforce")(policy_bot(policy.played))

    from sanguozhi.cli.main import main as sgz

    # The arena in this process (-j 1): the registered bot is this process's.
    sgz(["arena", "--bots", "reinforce,random", "--mode", "duel", "--deals", str(args.deals), "--seed", "100000", "-o", f"max_turns={args.max_turns}", "--out", args.out, "-j", "1"], standalone_mode=False)


if __name__ == "__main__":
    main()
