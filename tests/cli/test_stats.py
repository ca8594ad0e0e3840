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


@pytest.mark.parametrize("by", ["role", "general", "seat", "players"])
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
