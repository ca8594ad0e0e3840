"""A policy seated as a bot plays the game it would play as the env's agent, event for event."""
from __future__ import annotations

import pytest

from .util import hashed_action, need_rl

need_rl()

from sanguozhi.core.bots import BOTS, bot_choice  # noqa: E402
from sanguozhi.core.game import new_game  # noqa: E402
from sanguozhi.rl import aec_env  # noqa: E402
from sanguozhi.rl.bot import policy_bot  # noqa: E402


@pytest.mark.parametrize("actions", ["factored", "flat"])
@pytest.mark.parametrize(("mode", "players"), [("duel", 2), ("identity", 5), ("hegemony", 4)], ids=lambda x: str(x))
def test_a_policy_as_a_bot_plays_the_agents_game(mode: str, players: int, actions: str) -> None:
    others = {s: "random" for s in range(1, players)}
    env = aec_env(mode, players, actions=actions, bots=others, max_turns=25)
    env.reset(seed=3)
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else hashed_action(obs))
    BOTS["hashed-policy"] = policy_bot(hashed_action, actions)
    try:
        game = new_game(mode, players, 3, {"max_turns": 25})
        bots = {0: "hashed-policy", **others}
        while not game.over:
            req = game.request
            game.submit(bot_choice(bots[req.seat], game.state, req, game))
    finally:
        del BOTS["hashed-policy"]
    assert game.events == env.game.events and game.state.ended


def test_a_policy_that_breaks_the_mask_is_told_so() -> None:
    bot = policy_bot(lambda obs: len(obs["action_mask"]) - 1 if not obs["action_mask"][-1] else 0)
    game = new_game("duel", 2, 1, {})
    from sanguozhi.core.bots import only_answer
    from sanguozhi.core.view import SeatView

    while only_answer(game.request) is not None:
        game.submit(only_answer(game.request))
    with pytest.raises(ValueError, match="the mask does not allow"):
        bot(SeatView(game.state, game.request.seat), game.request, None)
