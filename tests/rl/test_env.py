"""The environment passes PettingZoo's own checks in every mode, with either encoding
(a few steps each: the default run stays short), and plays whole games."""
from __future__ import annotations

import warnings

import pytest

from .util import MODES, need_rl, play

need_rl()

from pettingzoo.test import api_test, seed_test  # noqa: E402

from sanguozhi.rl import aec_env  # noqa: E402


@pytest.mark.parametrize("actions", ["factored", "flat"])
@pytest.mark.parametrize(("mode", "players"), MODES, ids=[m for m, _ in MODES])
def test_pettingzoo_api_and_seed_tests(mode: str, players: int, actions: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice about dict observations (the action mask's shape)
        api_test(aec_env(mode, players, actions=actions, max_turns=20), num_cycles=3)
        seed_test(lambda: aec_env(mode, players, actions=actions, max_turns=20), num_cycles=3)


@pytest.mark.parametrize(("mode", "players"), [("identity", 5), ("duel", 2), ("hegemony", 4), ("3v3-competitive", 6)], ids=lambda x: str(x))
def test_a_whole_game_ends_every_agent_with_its_sides_reward(mode: str, players: int) -> None:
    env = aec_env(mode, players, max_turns=40)
    rewards = {a: 0.0 for a in env.possible_agents}
    env.reset(seed=2)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        rewards[agent] += reward
        if term or trunc:
            assert info["end_reason"] == env.game.state.end_reason
            assert term != trunc and trunc == env.game.state.end_reason.startswith("turn_limit")
        env.step(None if term or trunc else int(obs["action_mask"].nonzero()[0][-1]))
    st = env.game.state
    assert not env.agents and st.ended
    want = {f"seat_{s}": (0.0 if not st.winners else 1.0 if s in st.winners else -1.0) for s in range(players)}
    assert rewards == want


def test_seats_the_env_plays_itself_are_not_agents_and_an_unasked_seat_has_no_legal_action() -> None:
    env = aec_env("identity", 5, bots={1: "basic", 2: "random", 3: "basic", 4: "basic"}, max_turns=30)
    assert env.possible_agents == ["seat_0"]
    env.reset(seed=4)
    assert env.agent_selection == "seat_0" and env.observe("seat_0")["action_mask"].any()
    assert play(env, 4) > 0 and env.game.state.ended
    env2 = aec_env("identity", 5, max_turns=30)
    env2.reset(seed=4)
    asked = env2.agent_selection
    assert all(not env2.observe(a)["action_mask"].any() for a in env2.agents if a != asked)


def test_points_reward_gives_the_modes_scores() -> None:
    env = aec_env("herokill-identity", 5, reward="points", max_turns=200)
    got = {a: 0.0 for a in env.possible_agents}
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        got[agent] += reward
        env.step(None if term or trunc else int(obs["action_mask"].nonzero()[0][0]))
    st = env.game.state
    assert st.points and got == {f"seat_{s}": float(p) for s, p in enumerate(st.points)}


def test_reset_is_reproducible_and_a_reset_without_seed_goes_on_from_the_last_one() -> None:
    a, b = aec_env("identity", 5, max_turns=10), aec_env("identity", 5, max_turns=10)
    a.reset(seed=9)
    b.reset(seed=9)
    assert (a.observe(a.agent_selection)["observation"] == b.observe(b.agent_selection)["observation"]).all()
    a.reset()
    b.reset()
    assert a.seed_played == b.seed_played != 9


@pytest.mark.parametrize(("kwargs", "says"), [({"actions": "tree"}, "actions='tree': choose one of factored, flat"), ({"bots": {7: "basic"}}, "seat 7 is not a seat"), ({"agent": "a b"}, "not a bot's name"), ({"bots": {0: "nobody"}}, "unknown bot 'nobody'"), ({"colour": 1}, "colour")])
def test_bad_keywords_are_one_line_errors(kwargs: dict, says: str) -> None:
    with pytest.raises(Exception, match=says.replace("(", r"\(").replace(")", r"\)")) as err:
        aec_env("identity", 5, **kwargs)
    assert "\n" not in str(err.value)
