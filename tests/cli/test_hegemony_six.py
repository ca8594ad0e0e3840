"""The CLI with hegemony-six games: sim at 4-12 players, validate, play, replay
as every seat, fork, cards and generals (stand-ins marked), archive and stats by kingdom."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.core.game import decision_points
from sanguozhi.records import read_record

from .records_util import assert_whole_games, run, sim_tables

MODE = "hegemony-six"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sim_tables(tmp_path_factory.mktemp("six"), MODE, range(4, 13), games=1, seed=5)


def test_sim_at_4_to_12_players_records_games_that_end_and_validate(games: Path) -> None:
    files = sorted(games.glob("hegemony-six-*.jsonl"))
    assert len(files) == 9
    assert_whole_games(files, MODE)


def test_replay_from_every_seat_in_both_languages(games: Path) -> None:
    f = sorted(games.glob("hegemony-six-5p-*.jsonl"))[0]
    for seat in range(5):
        for lang in ("en", "zh"):
            res = run("replay", f, "--as", str(seat), "--lang", lang)
            assert res.exit_code == 0, res.output
            assert "six_" not in res.output and "plot_" not in res.output  # names, never ids


def test_fork_and_play_on(games: Path, tmp_path: Path) -> None:
    f = sorted(games.glob("hegemony-six-8p-*.jsonl"))[0]
    fork = tmp_path / "fork.jsonl"
    assert run("fork", f, "--at", "300", "--out", fork).exit_code == 0
    res = run("sim", "--from", fork, "--out", tmp_path / "cont", "--games", "1", "--reseed", "4")
    assert res.exit_code == 0, res.output
    assert run("validate", "--complete", *sorted((tmp_path / "cont").glob("*.jsonl"))).exit_code == 0


def test_play_offers_any_two_generals_and_records_the_choice(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sanguozhi.cli.main import main

    out = tmp_path / "me.jsonl"
    res = CliRunner().invoke(main, ["play", "--mode", MODE, "--players", "4", "--seed", "2", "--out", str(out)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    menu = res.output.split("-- Choose your two generals")[1].split("type a number")[0]
    assert " + " in menu and "(careerist)" in menu  # two forces: a careerist
    main_hp = [line for line in menu.splitlines() if "Kebineng (Di, male, 4 hp): Raid + Liu Bian" in line]
    assert main_hp and main_hp[0].endswith("= 4 hp (careerist)")  # the main's hp, not the fish of the two
    rec = read_record(out)
    asked = set(decision_points(rec.events[:-1]))  # (not the secret passes the rules record by themselves)
    assert [e.kind for i, e in enumerate(rec.events) if i in asked and e.seat == 0] == ["generals"]


def test_cards_and_generals_mark_the_stand_ins() -> None:
    cards = json.loads(run("cards", "--mode", MODE, "--json").output)
    plots = [c for c in cards if c["type"] == "plot"]
    assert len(cards) == 108 + 6 and len(plots) == 6 and all(c["stand_in"] and 610 <= c["number"] <= 615 for c in plots)
    gens = json.loads(run("generals", "--mode", MODE, "--json").output)
    assert len(gens) == 70 and all(g["stand_in"] for g in gens)
    assert sum(g["ruler"] for g in gens) == 10
    assert "[the project's stand-in]" in run("generals", "--mode", MODE).output


def test_archive_and_stats_by_kingdom(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", games, "--db", db).exit_code == 0
    res = run("stats", "--db", db, "--mode", MODE, "--by", "kingdom", "--format", "json")
    rows = json.loads(res.output)["by_kingdom"]
    assert {r["kingdom"] for r in rows} <= {"han", "yi", "rong", "man", "di", "careerist"}
    assert sum(r["seats"] for r in rows) == sum(range(4, 13)) and sum(r["wins"] for r in rows) >= 9


def test_sim_summary_counts_careerists_together(tmp_path: Path) -> None:
    # Each careerist is its own side ("careerist:3"); the summary has one row for them all.
    res = run("sim", "--mode", MODE, "--players", "6", "--games", "6", "--seed", "1", "--out", tmp_path, "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)["wins_by_role"]
    assert "careerist" in rows and not any(":" in r for r in rows)
