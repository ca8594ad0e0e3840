"""The Hero Kill modes through `sgz`: sim, validate, replay, play, cards, generals, archive and stats."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.records import read_record

from .records_util import run

MODES = [("herokill-identity", 5), ("3v3-casual", 6), ("3v3-competitive", 6)]


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("herokill")
    for mode, _ in MODES:
        res = run("sim", "--mode", mode, "--games", "4", "--seed", "3", "--out", d / mode)  # default player count
        assert res.exit_code == 0, res.output
    return d


@pytest.mark.parametrize(("mode", "players"), MODES)
def test_sim_seats_the_modes_table_and_every_record_validates_complete(games: Path, mode: str, players: int) -> None:
    files = sorted((games / mode).glob("*.jsonl"))
    assert len(files) == 4
    assert all(read_record(f).header.players == players for f in files)
    res = run("validate", "--complete", *files)
    assert res.exit_code == 0, res.output
    assert res.output.count("finished; checked integrity, schema, re-execution") == 4


def test_replay_as_a_seat_in_both_languages(games: Path) -> None:
    f = sorted((games / "3v3-casual").glob("*.jsonl"))[0]
    zh = run("replay", f, "--as", "1", "--lang", "zh")
    assert zh.exit_code == 0 and "你的身份是反贼" in zh.output and "掷点" in zh.output
    en = run("replay", f, "--as", "0")
    assert en.exit_code == 0 and "Dice:" in en.output and "; points: " in en.output and "(seat 0) " in en.output


def test_stats_by_role_shows_the_mean_points_of_scored_modes(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", games, "--db", db).exit_code == 0
    for mode, _ in MODES:
        out = json.loads(run("stats", "--db", db, "--mode", mode, "--format", "json").stdout)
        rows = out["by_role"]
        assert rows and all(r["mean_points"] is not None for r in rows), (mode, rows)
        roles = {r["role"] for r in rows}
        assert roles == {"herokill-identity": {"lord", "loyalist", "rebel", "renegade"}, "3v3-casual": {"loyalist", "rebel"}, "3v3-competitive": {"captain", "vice"}}[mode]
    # The seats table holds the end event's points.
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    got = con.execute("SELECT s.points FROM seats s JOIN games g USING (game) WHERE g.mode = '3v3-casual' AND g.seed = 3 ORDER BY s.seat").fetchall()
    con.close()
    f = next(f for f in (games / "3v3-casual").glob("*.jsonl") if read_record(f).header.seed == 3)
    end = read_record(f).events[-1]
    assert type(end) is ev.GameEnded and [p for (p,) in got] == list(end.points)


def test_an_identity_only_archive_has_no_points_column(tmp_path: Path) -> None:
    assert run("sim", "--games", "2", "--out", tmp_path / "g").exit_code == 0
    db = tmp_path / "b.duckdb"
    assert run("archive", "ingest", tmp_path / "g", "--db", db).exit_code == 0
    out = json.loads(run("stats", "--db", db, "--format", "json").stdout)
    assert "mean_points" not in out["by_role"][0]


def test_cards_lists_the_modes_deck_under_hero_kills_names() -> None:
    res = run("cards", "--mode", "3v3-competitive", "--json")
    rows = json.loads(res.stdout)
    assert len(rows) == 106 and not [r for r in rows if r["id"] == "lightning"]
    peach = next(r for r in rows if r["id"] == "peach")
    assert (peach["name_zh"], peach["name_en"]) == ("药", "Potion")
    assert "逆时针或顺时针" in next(r for r in rows if r["id"] == "savage_assault")["text_zh"]
    assert len(json.loads(run("cards", "--mode", "herokill-identity", "--json").stdout)) == 108


def test_generals_of_a_hero_kill_mode_are_hero_kills_heroes() -> None:
    rows = json.loads(run("generals", "--mode", "3v3-casual", "--json").stdout)
    assert len(rows) == 33 and {r["pack"] for r in rows} == {"herokill"}
    assert {r["kingdom"] for r in rows} == {"jun", "chen", "min"}
    liubang = next(r for r in rows if r["id"] == "hk_liubang")
    assert [s["name_zh"] for s in liubang["skills"]] == ["驭人", "激将"] and liubang["skills"][1]["kind"] == "lord_skill"
    text = run("generals", "--mode", "herokill-identity", "--kingdom", "jun", "--lang", "zh").stdout
    assert "刘邦 (hk_liubang)  君  男  体力4" in text and "臣" not in text.split("\n")[0]


def test_play_a_3v3_casual_seat_choosing_a_hero_then_quit(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sanguozhi.cli.main import main

    out = tmp_path / "me.jsonl"
    res = CliRunner().invoke(main, ["play", "--mode", "3v3-casual", "--seat", "1", "--out", str(out), "--lang", "zh"], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert "1号位 的候选武将" in res.output  # its team's nine, by name
    rec = read_record(out)
    assert rec.header.mode == "3v3-casual" and rec.header.players == 6
    mine = [e for e in rec.events if type(e) is ev.Decided and e.seat == 1]
    assert (mine[0].kind, mine[0].vis) == ("general", (1, 3, 5))  # then only its secret questions, if any, before it quit
    assert all(e.vis == (1,) for e in mine[1:])
