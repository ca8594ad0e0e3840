"""`sgz stats` from the outside."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.records.util import records

from .records_util import one_line_error, run


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("stats")
    records(d / "g", 6, players=5, max_turns=60)
    db = d / "a.duckdb"
    assert run("archive", "ingest", d / "g", "--db", db).exit_code == 0
    return db


def test_stats_json_has_every_section_with_wilson_intervals(db: Path) -> None:
    res = run("stats", "--db", db, "--format", "json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out) == {"summary", "by_role", "damage_by_card", "deaths_by_cause"}
    assert out["summary"][0]["games"] == 6
    for row in out["by_role"]:
        assert 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1
    assert sum(r["seats"] for r in out["by_role"]) == 6 * 5  # every seat of a finished game
    assert out["damage_by_card"] and abs(sum(r["share"] for r in out["damage_by_card"]) - 1) < 1e-3


@pytest.mark.parametrize("by", ["role", "general", "seat", "players", "bot"])
def test_stats_by_each_grouping_as_csv(db: Path, by: str) -> None:
    res = run("stats", "--db", db, "--by", by, "--format", "csv")
    assert res.exit_code == 0, res.output
    block = res.stdout.split(f"# by_{by}\n")[1].split("\n\n")[0]
    rows = list(csv.DictReader(io.StringIO(block)))
    assert rows and sum(int(r["seats"]) for r in rows) == 30


def test_stats_table_and_mode_filter(db: Path) -> None:
    res = run("stats", "--db", db, "--mode", "identity")
    assert res.exit_code == 0 and "by role:" in res.stdout and "damage by card:" in res.stdout
    res = run("stats", "--db", db, "--mode", "duel", "--format", "json")
    assert json.loads(res.stdout)["summary"][0]["games"] == 0


def test_stats_errors_are_one_line(tmp_path: Path) -> None:
    assert "no archive at" in one_line_error(run("stats", "--db", tmp_path / "none.duckdb"))


def test_forks_are_left_out_unless_asked_for(db: Path, tmp_path: Path) -> None:
    import shutil

    from sanguozhi.records import read_record

    d = tmp_path / "g"
    shutil.copytree(db.parent / "g", d)
    first = sorted(d.glob("*.jsonl"))[0]
    for k in range(3):  # three forks of one game, each played on with new luck
        assert run("fork", first, "--at", "200", "--out", d / f"f{k}.jsonl").exit_code == 0
        assert run("sim", "--from", d / f"f{k}.jsonl", "--reseed", str(k), "--out", d / f"c{k}").exit_code == 0
    forked = tmp_path / "f.duckdb"
    assert run("archive", "ingest", d, "--db", forked, "-q").exit_code == 0
    whole = json.loads(run("stats", "--db", forked, "--json").stdout)
    assert whole["summary"][0]["games"] == 6  # the default: only games that are nobody's fork
    assert whole == json.loads(run("stats", "--db", db, "--json").stdout)
    every = json.loads(run("stats", "--db", forked, "--json", "--forks").stdout)
    # The three forks at one position are one game (one id); each continuation is a game.
    assert every["summary"][0]["games"] == 6 + 1 + 3 and read_record(first).header.parent is None


def test_the_table_names_generals_and_cards_and_gives_percentages(db: Path) -> None:
    en = run("stats", "--db", db, "--by", "general").stdout
    zh = run("stats", "--db", db, "--by", "general", "--lang", "zh").stdout
    data = json.loads(run("stats", "--db", db, "--by", "general", "--json").stdout)
    from sanguozhi.replay.narrate import display_name

    for row in data["by_general"]:
        assert display_name(row["general"], "en") in en and display_name(row["general"], "zh") in zh
        assert f"{row['win_rate'] * 100:.1f}%" in en
    assert "Slash" in en and "【" not in en and "杀" in zh and "按武将" in zh and "胜率" in zh
    assert not any(r["general"] in en.split() for r in data["by_general"])  # no ids
