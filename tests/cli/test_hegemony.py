"""The CLI with hegemony games: sim, validate, play, replay as a seat, fork,
cards and generals, archive and stats by kingdom and by general."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import decision_points
from sanguozhi.records import read_record

from .records_util import assert_whole_games, run, sim_tables


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return sim_tables(tmp_path_factory.mktemp("hg"), "hegemony", (4, 9, 12), games=2, seed=3)


def test_sim_records_games_that_end_and_validate(games: Path) -> None:
    files = sorted(games.glob("hegemony-*.jsonl"))
    assert len(files) == 6
    assert_whole_games(files, "hegemony")


def test_sim_summarises_wins_by_kingdom(tmp_path: Path) -> None:
    res = run("sim", "--mode", "hegemony", "--players", "5", "--games", "2", "--seed", "1", "--out", tmp_path, "--json")
    summary = json.loads(res.output)
    assert set(summary["win_rate_by_role"]) <= {"wei", "shu", "wu", "qun", "careerist"}
    assert summary["draws"] == 0


def test_sim_refuses_the_revised_edition_in_one_line(tmp_path: Path) -> None:
    res = run("sim", "--mode", "hegemony", "--players", "5", "--out", tmp_path, "-o", "edition=revised")
    assert res.exit_code != 0 and "edition=revised needs 40 revised skills not built yet" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_replay_as_a_seat_hides_the_others_concealed_generals(games: Path) -> None:
    f = sorted(games.glob("hegemony-4p-*.jsonl"))[0]
    rec = read_record(f)
    first_reveal = next(i for i, e in enumerate(rec.events) if type(e) is ev.GeneralRevealed)
    res = run("replay", f, "--as", "1", "--at", str(first_reveal - 1))
    assert res.exit_code == 0, res.output
    mine = [e.general for e in rec.events if type(e) is ev.GeneralChosen and e.seat == 1]
    others = [e.general for e in rec.events if type(e) is ev.GeneralChosen and e.seat != 1]
    from sanguozhi.replay.narrate import display_name

    assert all(display_name(g) in res.output for g in mine)
    assert not any(display_name(g) in res.output for g in others if display_name(g) not in (display_name(m) for m in mine))


def test_fork_and_play_on_from_a_hegemony_position(games: Path, tmp_path: Path) -> None:
    f = sorted(games.glob("hegemony-9p-*.jsonl"))[0]
    fork = tmp_path / "fork.jsonl"
    assert run("fork", f, "--at", "200", "--out", fork).exit_code == 0
    res = run("sim", "--from", fork, "--out", tmp_path / "cont", "--games", "2", "--reseed", "9")
    assert res.exit_code == 0, res.output
    conts = sorted((tmp_path / "cont").glob("*.jsonl"))
    assert len(conts) == 2 and run("validate", "--complete", *conts).exit_code == 0


def test_play_offers_pairs_of_generals_with_their_whole_fish(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    from click.testing import CliRunner

    from sanguozhi.cli.main import main

    res = CliRunner().invoke(main, ["play", "--mode", "hegemony", "--players", "4", "--seed", "2", "--out", str(out)], input="1\nq\n")
    assert res.exit_code == 0, res.output
    menu = res.output.split("-- Choose your two generals")[1].split("type a number")[0]
    assert " + " in menu and "1.5 hp" in menu and "= 3 hp" in menu  # halves shown as fish; the pair's whole fish
    rec = read_record(out)
    asked = set(decision_points(rec.events[:-1]))  # (not the secret passes the rules record by themselves)
    assert [e.kind for i, e in enumerate(rec.events) if i in asked and e.seat == 0] == ["generals"]


def test_cards_and_generals_of_hegemony() -> None:
    cards = json.loads(run("cards", "--mode", "hegemony", "--json").output)
    assert len(cards) == 108 and {c["id"] for c in cards} >= {"known_both", "heg_nullification", "six_swords", "triblade"}
    gens = json.loads(run("generals", "--mode", "hegemony", "--json").output)
    assert len(gens) == 60 and next(g for g in gens if g["id"] == "hg_caocao")["max_hp"] == 2


def test_stats_by_kingdom_and_by_general_on_a_hegemony_archive(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", games, "--db", db).exit_code == 0
    res = run("stats", "--db", db, "--mode", "hegemony", "--by", "kingdom", "--format", "json")
    rows = json.loads(res.output)["by_kingdom"]
    assert {r["kingdom"] for r in rows} <= {"wei", "shu", "wu", "qun"} and sum(r["seats"] for r in rows) == 2 * (4 + 9 + 12)
    assert sum(r["wins"] for r in rows) >= 6
    gens = json.loads(run("stats", "--db", db, "--mode", "hegemony", "--by", "general", "--format", "json").output)["by_general"]
    assert all(r["general"].startswith("hg_") for r in gens)
