"""Every episode is an ordinary record (the agent's name and layout in its header),
and asking an agent every question or only its decisions records the same game."""
from __future__ import annotations

from pathlib import Path

import pytest

from .util import need_rl, play

need_rl()

from sanguozhi.core.game import decision_points  # noqa: E402
from sanguozhi.records.check import check  # noqa: E402
from sanguozhi.records.format import read_record  # noqa: E402
from sanguozhi.rl import aec_env  # noqa: E402


@pytest.mark.parametrize(("mode", "players"), [("identity", 5), ("hegemony", 4), ("3v3-casual", 6), ("duel", 2)], ids=lambda x: str(x))
def test_asking_every_question_or_only_decisions_records_the_same_game(tmp_path: Path, mode: str, players: int) -> None:
    records, steps = {}, {}
    for ask in ("decisions", "all"):
        env = aec_env(mode, players, ask=ask, record_dir=tmp_path / ask, max_turns=25)
        steps[ask] = play(env, 5)
        env.close()
        (path,) = (tmp_path / ask).glob("*.jsonl")
        assert check(path, execute=True).ok
        records[ask] = read_record(path)
    assert records["all"].events == records["decisions"].events
    assert steps["all"] > steps["decisions"]  # the secret one-answer questions were asked too
    asked = decision_points(records["all"].events)
    assert len(asked) <= steps["decisions"]  # every decision point was an agent's step (some took several)


def test_a_record_names_the_agent_its_encoding_and_the_envs_bots(tmp_path: Path) -> None:
    env = aec_env("identity", 5, actions="flat", agent="ppo-7", bots={2: "basic"}, record_dir=tmp_path, max_turns=12)
    play(env, 1)
    play(env, 2)
    env.reset(seed=3)  # cut short: written as it stands
    env.close()
    paths = sorted(tmp_path.glob("*.jsonl"))
    assert len(paths) == 3
    for p in paths:
        c = check(p, execute=True)
        assert c.ok, c.error
        h = read_record(p).header
        assert h.bots == {"0": "ppo-7@sgz-rl/1:flat", "1": "ppo-7@sgz-rl/1:flat", "2": "basic", "3": "ppo-7@sgz-rl/1:flat", "4": "ppo-7@sgz-rl/1:flat"}
    assert sorted(read_record(p).header.seed for p in paths) == [1, 2, 3]
    assert sum(check(p).finished for p in paths) == 2
