"""Games and shards as Ray tasks on a local Ray (2 CPUs): the same records and tables as local runs.

Ray is the optional extra ``sanguozhi[ray]``; CI installs it (.ci/run).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[test,ray]' (CI does)")

from sanguozhi.cli.main import main  # noqa: E402
from sanguozhi.records import shards  # noqa: E402
from sanguozhi.records.simulate import Run, run_games  # noqa: E402
from sanguozhi.records.stats import run as stats  # noqa: E402

pytestmark = pytest.mark.slow
BOTS = {s: "basic" for s in range(5)}


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024, log_to_driver=False)
    yield
    ray.shutdown()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.jsonl"))}


def test_games_as_ray_tasks_write_the_records_of_a_local_run(local_ray, tmp_path: Path) -> None:
    run = Run(str(tmp_path / "local"), "identity", 5, BOTS, {"max_turns": 15}, seed=21)
    local = run_games(run, 5, jobs=1)
    remote = run_games(Run(str(tmp_path / "ray"), "identity", 5, BOTS, {"max_turns": 15}, seed=21), 5, jobs=2, executor="ray")
    assert len(_files(tmp_path / "local")) == 5 and _files(tmp_path / "local") == _files(tmp_path / "ray")
    assert [(o.turns, o.winners, o.decisions) for o in local] == [(o.turns, o.winners, o.decisions) for o in remote]


def test_sgz_sim_executor_ray(local_ray, tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["sim", "--games", "3", "--seed", "5", "-o", "max_turns=10", "--executor", "ray", "--out", str(tmp_path / "r")])
    assert res.exit_code == 0, res.output
    ref = CliRunner().invoke(main, ["sim", "--games", "3", "--seed", "5", "-o", "max_turns=10", "--jobs", "1", "--out", str(tmp_path / "l")])
    assert ref.exit_code == 0 and _files(tmp_path / "r") == _files(tmp_path / "l")
    assert res.output.splitlines()[1:-1] == ref.output.splitlines()[1:-1]  # the same summary (folder and timing aside)


def test_shards_as_ray_tasks_hold_what_local_shards_hold(local_ray, tmp_path: Path) -> None:
    run_games(Run(str(tmp_path / "rec"), "identity", 5, BOTS, {"max_turns": 15}, seed=31), 6, jobs=1)
    a = shards.shard([tmp_path / "rec"], tmp_path / "local", jobs=1, per_shard=2)
    b = shards.shard([tmp_path / "rec"], tmp_path / "ray", jobs=2, executor="ray", per_shard=2)
    assert (a.added, a.shards, a.events) == (b.added, b.shards, b.events) == (6, 3, a.events)
    names = sorted(p.relative_to(tmp_path / "local").as_posix() for p in (tmp_path / "local").rglob("*.parquet"))
    assert names == sorted(p.relative_to(tmp_path / "ray").as_posix() for p in (tmp_path / "ray").rglob("*.parquet"))
    assert _stats(tmp_path / "local") == _stats(tmp_path / "ray")


def _stats(folder: Path) -> dict:
    con = shards.open_shards(folder)
    try:
        return stats(con, "general", None)
    finally:
        con.close()
