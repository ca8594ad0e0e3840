"""`sgz analyze`: a ranked report at a position, JSON, blunders, and one-line errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.records.format import read_record

from .records_util import run


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("analyze")
    res = run("sim", "--games", "1", "--seed", "12", "--players", "4", "-o", "max_turns=30", "--out", str(folder))
    assert res.exit_code == 0, res.output
    return next(folder.glob("*.jsonl"))


def first_play(path: Path) -> tuple[int, int]:
    events = read_record(path).events
    k = next(i for i, e in enumerate(events) if type(e) is ev.Decided and e.kind == "play")
    return k - 1, events[k].seat


def test_analyze_ranks_the_choices_and_marks_the_one_taken(record: Path) -> None:
    at, seat = first_play(record)
    res = run("analyze", str(record), "--at", str(at), "--rollouts", "3", "--jobs", "1")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith(f"after event {at}, ") and f"(seat {seat})" in lines[0] and "rollouts per choice" in lines[0]
    assert sum("<- taken" in line for line in lines) == 1


def test_analyze_json_is_deterministic_for_a_seed(record: Path) -> None:
    at, seat = first_play(record)
    args = ("analyze", str(record), "--at", str(at), "--rollouts", "2", "--json", "--seed", "4")
    one = json.loads(run(*args, "--jobs", "1").output)
    two = json.loads(run(*args, "--jobs", "2").output)
    assert one == two and one["seat"] == seat and one["choices"]
    rates = [c["win_rate"] for c in one["choices"]]
    assert rates == sorted(rates, reverse=True)


def test_blunders_review_reports_how_many_decisions_it_checked(record: Path) -> None:
    res = run("analyze", str(record), "--seat", "1", "--blunders", "--rollouts", "1", "--jobs", "1", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["seat"] == 1 and out["decisions"] > 0 and isinstance(out["blunders"], list)


def test_a_saved_review_is_kept_beside_the_record_and_drawn_by_sgz_html(record: Path, tmp_path: Path) -> None:
    import shutil

    from sanguozhi.replay.review import load, path_of

    rec = tmp_path / record.name
    shutil.copy(record, rec)
    res = run("analyze", str(rec), "--seat", "1", "--blunders", "--rollouts", "1", "--jobs", "1", "--json", "--save")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    (review,) = load(rec)
    assert path_of(rec) == tmp_path / (record.name[: -len(".jsonl")] + ".analysis.json")
    assert review.seat == 1 and review.game == read_record(rec).header.game and len(review.points) == out["decisions"]
    events = read_record(rec).events
    assert all(type(events[p.at]) is ev.Decided and events[p.at].seat == 1 and 0 <= p.rate <= p.best <= 1 for p in review.points)
    assert sum(p.blunder for p in review.points) == len(out["blunders"])
    page = tmp_path / "page.html"
    assert run("html", str(rec), "--out", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert '"analysis":[{"seat":1,' in html and '"choice"' not in html  # numbers only, never a choice
    assert run("analyze", str(rec), "--at", "5", "--save").exit_code != 0  # --save is for a review


@pytest.mark.parametrize(
    "args, message",
    [
        (("--at", "999999"), "is not in the record"),
        (("--rollouts", "2"), "give --at N"),
        (("--blunders",), "--blunders goes with --seat"),
        (("--at", "5", "--bots", "nobody"), "unknown bot"),
        (("--at", "5", "--jobs", "0"), "--jobs must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(record: Path, args: tuple[str, ...], message: str) -> None:
    res = run("analyze", str(record), *args)
    assert res.exit_code != 0
    assert message in res.output and len(res.output.strip().splitlines()) == 1


def test_hint_in_play_ranks_the_pending_answers_without_spending_the_decision(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    from click.testing import CliRunner

    from sanguozhi.cli.main import main

    args = ["play", "--seat", "0", "--seed", "5", "--players", "4", "--out", str(out), "-o", "generals=vanilla"]
    res = CliRunner().invoke(main, args, input="hint 2\nhint x\np\nq\n")
    assert res.exit_code == 0, res.output
    ranked = [line for line in res.output.splitlines() if "%  [" in line]
    assert ranked, res.output
    assert "hint takes a number of rollouts" in res.output
    from sanguozhi.records.format import read_record

    events = read_record(out).events
    assert sum(type(e) is ev.Decided and e.seat == 0 for e in events) == 1  # the hint decided nothing: the p typed did
    assert not any(type(e) in (ev.Redealt, ev.Reseeded) for e in events)  # and left no trace in the record
