"""For bot authors: Sanguosha as a PettingZoo environment (``pip install 'sanguozhi[rl]'``).

    from sanguozhi.rl import aec_env

    env = aec_env(mode="identity", players=5, max_turns=60)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The observation and the actions are laid out in docs/RL.md (layout version
``VERSION``); ``sanguozhi.rl.env`` says what the env's keywords do.
"""
from __future__ import annotations

from typing import Any

VERSION = 1  # the observation and action layout (layout.VERSION)
EXTRA = "sanguozhi.rl needs the rl extra: pip install 'sanguozhi[rl]' (pettingzoo, gymnasium, numpy)"


def _require() -> None:
    missing = []
    for module in ("pettingzoo", "gymnasium", "numpy"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise ImportError(f"{EXTRA}; missing: {', '.join(missing)}")


def aec_env(mode: str = "identity", players: int = 5, **options: Any):  # -> env.SanguoshaEnv
    """A PettingZoo ``AECEnv`` of ``mode`` at ``players`` seats; the env's own keywords
    (``actions``, ``ask``, ``reward``, ``bots``, ``record_dir``, ``agent``,
    ``render_mode``, ``lang``: ``sanguozhi.rl.env``), the others the mode's options."""
    _require()
    from .env import SanguoshaEnv

    return SanguoshaEnv(mode, players, **options)


def __getattr__(name: str) -> Any:
    if name == "SanguoshaEnv":
        _require()
        from .env import SanguoshaEnv

        return SanguoshaEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
