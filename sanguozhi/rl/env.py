"""Sanguosha as a PettingZoo ``AECEnv``: agents are seats (``seat_0`` …).

``observe(agent)`` is ``{"observation": float32 array, "action_mask": int8
array}`` (``observe``: only what the seat sees; the mask is all zeros for a
seat not asked).  ``step(action)`` takes one step of the answer
(``actions="factored"``: ``sanguozhi.rl.actions``) or the whole answer
(``"flat"``); the seat stays selected until its answer is whole.

``ask="decisions"`` asks an agent only what has more than one legal answer
(as the bots are asked); ``ask="all"`` asks every question the rules put to
its seat, its secret one-answer ones too (``Engine.formal``, as a person at
a live table is asked).  The record is the same either way.

Rewards come at the end: +1 to a seat on the winning side, -1 to the others,
0 to all when nobody won; ``reward="points"`` gives each seat its post-game
points where the mode scores (Hero Kill), else the same.  A game cut by the
turn limit (option ``max_turns``) is *truncated*, any other end terminates
every agent.  ``bots={seat: name}`` seats bots the env plays itself (they are
not agents).  ``reset(seed=s)`` plays game seed ``s``; a ``reset()`` after it
plays seeds drawn from a stream seeded by ``s``.

``record_dir``: each episode (also one cut short by a reset or ``close``) is
written there as an ordinary record; an agent's seat names the bot
``{agent}@sgz-rl/{VERSION}:{actions}``, so a record says which encoding
played it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sanguozhi.core.bots import bot_choice, load, only_answer, well_formed
from sanguozhi.core.game import Game, new_game
from sanguozhi.core.requests import Choice, Request

from .actions import Factored, Flat, Steps
from .layout import TAG, factored_size, vocab
from .observe import Observer

ACTIONS = ("factored", "flat")
ASK = ("decisions", "all")
REWARDS = ("side", "points")


class SanguoshaEnv(AECEnv):
    metadata = {"name": "sanguosha_v1", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        mode: str = "identity",
        players: int = 5,
        *,
        actions: str = "factored",
        ask: str = "decisions",
        reward: str = "side",
        bots: dict[int, str] | None = None,
        record_dir: str | Path | None = None,
        agent: str = "agent",
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        for name, value, allowed in (("actions", actions, ACTIONS), ("ask", ask, ASK), ("reward", reward, REWARDS)):
            if value not in allowed:
                raise ValueError(f"{name}={value!r}: choose one of {', '.join(allowed)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: choose ansi or human")
        if not well_formed(agent) or "@" in agent:
            raise ValueError(f"agent={agent!r} is not a bot's name (letters, digits, _ . + -)")
        self.mode, self.players = mode, players
        self.vocab, self.options = vocab(mode, players, options)
        self.actions, self.ask, self.reward_kind, self.render_mode, self.lang = actions, ask, reward, render_mode, lang
        self.bots = {int(s): b for s, b in (bots or {}).items()}
        for s, b in self.bots.items():
            if not 0 <= s < players:
                raise ValueError(f"bots: seat {s} is not a seat of a {players}-player game")
            load(b)
        self.possible_agents = [f"seat_{s}" for s in range(players) if s not in self.bots]
        if not self.possible_agents:
            raise ValueError("every seat has a bot: leave at least one to an agent")
        self._seat = {a: int(a[5:]) for a in self.possible_agents}
        self.record_dir = Path(record_dir) if record_dir is not None else None
        self.bot_name = f"{agent}@{TAG}:{actions}"
        self._observer = Observer(self.vocab)
        self._factored = Factored(self.vocab)
        self._flat = Flat()
        n = factored_size(self.vocab) if actions == "factored" else Flat.size
        obs = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self._observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._obs_spaces = {a: obs for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: Game | None = None
        self._writer: Any = None
        self._pending: tuple[int, Request, Steps | list[Choice]] | None = None
        self.agents: list[str] = []

    # -- PettingZoo ---------------------------------------------------------------------

    def blocks(self) -> list[tuple[str, int, int]]:
        """(name, offset, size) of every block of the observation (docs/RL.md)."""
        from .layout import blocks

        return blocks(self.vocab)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._close_record()
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(0, 2**31))
        self.seed_played = game_seed
        formal = frozenset(self._seat.values()) if self.ask == "all" else frozenset()
        if self.record_dir is not None:
            from sanguozhi.records.session import new_game_id, start_recorded

            self.record_dir.mkdir(parents=True, exist_ok=True)
            gid = new_game_id()
            names = {s: self.bots.get(s, self.bot_name) for s in range(self.players)}
            path = self.record_dir / f"{self.mode}-{self.players}p-s{game_seed}-{gid[:8]}.jsonl"
            self.game, self._writer = start_recorded(path, self.mode, self.players, game_seed, self.options, names, game_id=gid, atomic=True, flush="close", formal=formal)
        else:
            self.game = new_game(self.mode, self.players, game_seed, self.options, formal=formal)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        p = self._pending
        asked = p is not None and p[0] == seat and not (self.terminations.get(agent) or self.truncations.get(agent))
        assert self.game is not None
        if not asked:
            n = self._act_spaces[agent].n
            return {"observation": self._observer.encode(self.game.state, seat), "action_mask": np.zeros(n, dtype=np.int8)}
        _, request, answer = p  # type: ignore[misc]
        if isinstance(answer, Steps):
            return {"observation": self._observer.encode(self.game.state, seat, request, answer), "action_mask": self._factored.mask(answer)}
        return {"observation": self._observer.encode(self.game.state, seat, request), "action_mask": self._flat.mask(answer)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self._pending
        if p is None or self._seat[agent] != p[0]:
            raise RuntimeError(f"{agent} is not asked anything now")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        _, request, answer = p
        if isinstance(answer, Steps):
            choice = self._factored.take(answer, int(action))
        else:
            i = int(action)
            if not 0 <= i < len(answer):
                raise ValueError(f"action {i} is not legal here (the request has {len(answer)} answers): see the action mask")
            choice = answer[i]
        if choice is not None:
            assert self.game is not None
            self._pending = None
            self.game.submit(choice)
            self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        from sanguozhi.replay.table import render

        seat = self._pending[0] if self._pending is not None else None
        text = render(self.game.state, seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._close_record()

    # -- the game -----------------------------------------------------------------------

    def _advance(self) -> None:
        """Let the env's bots and the one-answer questions go until an agent must decide, or the end."""
        game = self.game
        assert game is not None
        while True:
            req = game.request
            if req is None:
                self._end()
                return
            seat = req.seat
            bot = self.bots.get(seat)
            if bot is not None:
                game.submit(bot_choice(bot, game.state, req, game))
                continue
            if self.ask == "decisions":
                only = only_answer(req)
                if only is not None:
                    game.submit(only)
                    continue
            if self.actions == "factored":
                self._pending = (seat, req, self._factored.start(req))
            else:
                self._pending = (seat, req, self._flat.answers(req))
            self.agent_selection = f"seat_{seat}"
            return

    def _end(self) -> None:
        assert self.game is not None
        st = self.game.state
        self._pending = None
        cut = st.end_reason.startswith("turn_limit")
        for a, seat in self._seat.items():
            if self.reward_kind == "points" and st.points:
                r = float(st.points[seat])
            elif not st.winners:
                r = 0.0
            else:
                r = 1.0 if seat in st.winners else -1.0
            self.rewards[a] = r
            self.terminations[a] = not cut
            self.truncations[a] = cut
            self.infos[a] = {"end_reason": st.end_reason}
        self._close_record()

    def _close_record(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
