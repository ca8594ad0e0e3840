"""What the RL tests share: the extra they need, the modes, a deterministic agent."""
from __future__ import annotations

import hashlib

import pytest

RL = "the rl extra is not installed (pip install 'sanguozhi[rl]'): the environment is not tested"


def need_rl() -> None:
    for module in ("pettingzoo", "gymnasium", "numpy"):
        pytest.importorskip(module, reason=RL)


# Every playable mode at its smallest table but identity's usual 5.
MODES = [("identity", 5), ("tripod", 3), ("tiandiren", 4), ("herokill-identity", 5), ("3v3-casual", 6), ("3v3-competitive", 6), ("duel", 2), ("hegemony", 4), ("identity-seed000", 4), ("jade-seal", 5), ("hegemony-six", 4)]


def hashed_action(obs: dict) -> int:
    """A legal action that depends only on the observation (two runs that see the same choose the same)."""
    import numpy as np

    legal = np.flatnonzero(obs["action_mask"])
    h = hashlib.blake2b(obs["observation"].tobytes() + obs["action_mask"].tobytes(), digest_size=8).digest()
    return int(legal[int.from_bytes(h, "little") % len(legal)])


def play(env, seed: int, policy=hashed_action, limit: int = 100_000) -> int:
    """Play one episode to its end; the steps taken."""
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter(limit):
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else policy(obs))
        steps += 1
    return steps
