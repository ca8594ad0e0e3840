"""`sgz sim`, `sgz replay` and `sgz play` from the outside."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_sim_writes_one_record_per_game_and_summarises(tmp_path: Path) -> None:
    res = run("sim", "--mode", "identity", "--players", "5", "--games", "4", "--seed", "10", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 4 and summary["games"] == 4
    assert set(summary["win_rate_by_role"]) == {"lord", "loyalist", "rebel", "renegade"}
    for f in files:
        rec = read_record(f)
        assert rec.header.mode == "identity" and rec.header.players == 5
        assert type(rec.events[-1]).__name__ == "GameEnded"


def test_sim_twice_keeps_the_records_already_there(tmp_path: Path) -> None:
    assert run("sim", "--games", "2", "--out", str(tmp_path)).exit_code == 0
    before = {p: p.read_bytes() for p in tmp_path.glob("*.jsonl")}
    res = run("sim", "--games", "2", "--out", str(tmp_path))
    assert res.exit_code == 0 and "2 already there" in res.output
    assert {p: p.read_bytes() for p in tmp_path.glob("*.jsonl")} == before


def test_sim_counts_draws_at_the_turn_limit(tmp_path: Path) -> None:
    res = run("sim", "--games", "3", "--option", "max_turns=2", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["draws"] == 3


def test_bad_flags_give_one_line_errors(tmp_path: Path) -> None:
    for args, text in (
        (("sim", "--players", "3", "--out", str(tmp_path)), "4-10 players"),
        (("sim", "--mode", "chess", "--out", str(tmp_path)), "unknown mode"),
        (("sim", "--mode", "hegemony-six", "--players", "3", "--out", str(tmp_path)), "4-12 players"),
        (("sim", "--option", "deck=tarot", "--out", str(tmp_path)), "bad option"),
        (("sim", "--bots", "clever", "--out", str(tmp_path)), "unknown bot"),
    ):
        res = run(*args)
        assert res.exit_code != 0, args
        assert text in res.output, res.output


def test_replay_narrates_in_both_languages(tmp_path: Path) -> None:
    run("sim", "--games", "1", "--seed", "3", "--out", str(tmp_path))
    f = str(next(tmp_path.glob("*.jsonl")))
    en = run("replay", f)
    zh = run("replay", f, "--lang", "zh")
    assert en.exit_code == zh.exit_code == 0
    assert "Game starts" in en.output and "Game over" in en.output
    assert "游戏开始" in zh.output and "游戏结束" in zh.output


def test_replay_at_prints_the_state_and_json(tmp_path: Path) -> None:
    run("sim", "--games", "1", "--seed", "3", "--out", str(tmp_path))
    f = str(next(tmp_path.glob("*.jsonl")))
    res = run("replay", f, "--at", "30", "--json")
    assert res.exit_code == 0
    state = json.loads(res.output)
    assert state["seq"] == 31 and len(state["characters"]) == len(state["seats"]) == 5
    bad = run("replay", f, "--at", "999999")
    assert bad.exit_code != 0 and "--at 999999" in bad.output


def test_play_quit_leaves_a_valid_partial_record(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="1\nabc\n99\nq\n")
    assert res.exit_code == 0, res.output
    assert "not understood: 'abc'; this step takes" in res.output and "not understood: '99'" in res.output
    rec = read_record(out)
    assert rec.events and type(rec.events[-1]).__name__ != "GameEnded"


def test_play_refuses_to_overwrite_a_record(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    out.write_text("precious\n")
    res = run("play", "--out", str(out))
    assert res.exit_code != 0 and out.read_text() == "precious\n"


def test_usage_errors_are_one_line_with_a_non_zero_exit(tmp_path: Path) -> None:
    for args in (("sim", "--games", "0", "--out", str(tmp_path)), ("replay",), ("frob",), ("cards", "--lang", "fr"), ("sim", "--players", "0", "--out", str(tmp_path))):
        res = run(*args)
        lines = [line for line in res.output.splitlines() if line.strip()]
        assert res.exit_code != 0, args
        assert len(lines) == 1 and lines[0].startswith("sgz: error:"), (args, res.output)
    assert not list(tmp_path.glob("*.jsonl"))


def test_sim_on_two_workers_writes_and_reports_what_one_does(tmp_path: Path) -> None:
    out = {}
    for jobs in ("1", "2"):
        res = run("sim", "--games", "5", "--seed", "4", "-o", "max_turns=10", "--jobs", jobs, "--out", str(tmp_path / jobs), "--json")
        assert res.exit_code == 0, res.output
        summary = json.loads(res.output)
        summary.pop("decisions_per_s"), summary.pop("out")
        out[jobs] = summary
    assert out["1"] == out["2"]
    one = {p.name: p.read_bytes() for p in (tmp_path / "1").glob("*.jsonl")}
    assert len(one) == 5 and one == {p.name: p.read_bytes() for p in (tmp_path / "2").glob("*.jsonl")}


def test_sim_with_an_unknown_executor_or_no_ray_is_one_line(tmp_path: Path) -> None:
    res = run("sim", "--executor", "spark", "--out", str(tmp_path))
    assert res.exit_code != 0 and "spark" in res.output and len(res.output.strip().splitlines()) == 1


def test_a_killed_sim_leaves_only_whole_records_and_a_rerun_finishes_the_rest(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    from sanguozhi.records.check import check

    repo = Path(__file__).resolve().parents[2]
    # One worker: a killed parent leaves no worker writing on behind the rerun.
    games = 150  # more than one chunk of 64: a chunk's records are named at its end
    args = ["sim", "--games", str(games), "--seed", "3", "-o", "deck=basic", "--jobs", "1", "--out", str(tmp_path)]
    p = subprocess.Popen([sys.executable, "-m", "sanguozhi", *args], cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not list(tmp_path.glob("*.jsonl")):
        time.sleep(0.01)
    p.send_signal(signal.SIGKILL)
    p.wait()
    whole = sorted(tmp_path.glob("*.jsonl"))
    # A bot game's file is written whole at its end under a temporary name;
    # a chunk's records are synced together and only then named: killed
    # anywhere, nothing has a record's name that is not a whole record.
    assert 1 <= len(whole) < games
    assert all(check(f, complete=True).ok for f in whole)
    res = run(*args, "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    assert summary["already_recorded"] == len(whole) and "" not in summary["end_reasons"]
    assert len(list(tmp_path.glob("*.jsonl"))) == games
    assert not list(tmp_path.glob(".*.part"))  # the killed run's unnamed records were swept, their games played again


def test_a_cut_record_in_the_way_is_not_counted_as_done(tmp_path: Path) -> None:
    assert run("sim", "--games", "1", "--seed", "8", "--out", str(tmp_path)).exit_code == 0
    (f,) = tmp_path.glob("*.jsonl")
    f.write_bytes(b"".join(f.read_bytes().splitlines(keepends=True)[:100]))  # cut at a line boundary
    res = CliRunner().invoke(main, ["sim", "--games", "1", "--seed", "8", "--out", str(tmp_path)])
    assert res.exit_code == 1 and res.stderr.count("\n") == 1
    assert f"{f} exists but is not a whole record" in res.stderr and "move it away first" in res.stderr
