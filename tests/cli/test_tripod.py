"""三足鼎立 (tripod) through `sgz`: sim, validate, replay, play, cards, generals, archive and stats."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record
from tests.cli.keys import typed

from .records_util import run


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tripod")
    res = run("sim", "--mode", "tripod", "--games", "4", "--seed", "3", "--out", out, "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["games"] == 4 and set(summary["wins_by_role"]) == {"seat0", "seat1", "seat2"}  # 3 seats by default
    assert sum(summary["wins_by_role"].values()) + summary["draws"] == 4
    return out


def test_sim_records_three_player_games_that_validate_complete(games: Path) -> None:
    files = sorted(games.glob("tripod-3p-*.jsonl"))
    assert len(files) == 4
    res = run("validate", "--complete", *files)
    assert res.exit_code == 0, res.output
    assert res.stdout.count(": ok: ") == 4
    end = read_record(files[0]).events[-1]
    assert type(end).__name__ == "GameEnded" and (not end.winners or sorted(end.points)[-1] == 10)


def test_replay_names_cards_the_hero_kill_way_and_shows_general_zones(games: Path) -> None:
    f = sorted(games.glob("*.jsonl"))[0]
    res = run("replay", f, "--lang", "zh", "--as", "1")
    assert res.exit_code == 0, res.output
    assert "武将牌·" in res.stdout and "【桃】" not in res.stdout and "general:" not in res.stdout
    moves = [i for i, e in enumerate(read_record(f).events) if type(e).__name__ == "CardsMoved" and e.dst == "general_zone"]
    res = run("replay", f, "--at", moves[0], "--as", "2")
    assert res.exit_code == 0 and "general zone: General·" in res.stdout


def test_play_a_tripod_seat_at_the_terminal(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    args = ["play", "--mode", "tripod", "--seed", "3", "--out", str(out), "--lang", "zh"]
    res = CliRunner().invoke(main, args, input="".join(f"{line}\n" for line in typed("tripod", 3, 3, 0, decisions=3)) + "q\n")
    assert res.exit_code == 0, res.output
    assert "equipped general" not in res.stdout and "装备武将：【武将牌·" in res.stdout
    assert read_record(out).header.players == 3


def test_cards_and_generals_of_the_mode(games: Path) -> None:
    res = run("cards", "--mode", "tripod", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert len(rows) == 160 + 32
    generals = [r for r in rows if r["type"] == "general"]
    assert [r["number"] for r in generals] == list(range(430, 462))  # Hero Kill's heroes but 武则天
    assert generals[0]["name_zh"] == "武将牌·嬴政" and generals[0]["text_zh"]
    dis = next(r for r in rows if r["id"] == "dismantlement")
    assert dis["name_zh"] == "釜底抽薪" and "任意距离" in dis["text_zh"] and "武将牌" in dis["text_zh"]
    text = run("cards", "--mode", "tripod", "--lang", "zh").stdout
    assert "武将牌·嬴政" in text and "武将牌·武则天" not in text
    res = run("generals", "--mode", "tripod", "--json")
    rows = json.loads(res.stdout)
    assert res.exit_code == 0 and len(rows) == 32 and "hk_wuzetian" not in {r["id"] for r in rows}  # the stand-in has no skill: not listed


def test_archive_and_stats_carry_the_points(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    assert run("archive", "ingest", games, "--db", db).exit_code == 0
    res = run("query", "--db", db, "--format", "json", "SELECT seat, result, points FROM seats ORDER BY game, seat")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert len(rows) == 12 and {r["points"] for r in rows if r["result"] == "win"} == {10}
    assert {r["points"] for r in rows if r["result"] == "loss"} <= {0, 2}
    res = run("stats", "--db", db, "--mode", "tripod", "--by", "seat")
    assert res.exit_code == 0, res.output
