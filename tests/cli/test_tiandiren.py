"""天地人 through `sgz`: sim, validate, replay per seat, play, cards, generals, archive."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record

from .records_util import one_line_error, run


def test_sim_validate_replay_and_archive(tmp_path: Path) -> None:
    out = tmp_path / "games"
    res = run("sim", "--mode", "tiandiren", "--players", "6", "--games", "3", "--seed", "4", "--out", out, "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert set(summary["win_rate_by_role"]) == {"lord", "loyalist", "rebel", "renegade"}
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 3
    assert run("validate", "--complete", *files).exit_code == 0
    rec = read_record(files[0])
    assert rec.header.mode == "tiandiren" and type(rec.events[-1]).__name__ == "GameEnded"
    mine = run("replay", files[0], "--as", "3", "--lang", "zh")
    assert mine.exit_code == 0 and "亮明身份" in mine.stdout
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", out, "--db", db).exit_code == 0
    rows = run("query", "--db", db, "SELECT count(*) FROM seats WHERE role IN ('loyalist','rebel','renegade')")
    assert rows.exit_code == 0 and " 15" in rows.stdout  # every non-lord seat of the 3 games has earned one


def test_a_person_chooses_generals_and_may_quit(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    args = ["play", "--mode", "tiandiren", "--players", "4", "--seat", "2", "--seed", "5", "--out", str(out), "--lang", "zh"]
    res = CliRunner().invoke(main, args, input="1\nq\n")  # choose, then quit (a quit before any decision keeps nothing)
    assert res.exit_code == 0, res.output
    shown, asked = res.stdout.index("0号位 选择武将"), res.stdout.index("选择你的武将")
    assert shown < asked  # the lord's general is shown before the others keep theirs
    rec = read_record(out)
    assert rec.header.mode == "tiandiren" and type(rec.events[-1]).__name__ != "GameEnded"


def test_cards_and_generals_of_the_mode() -> None:
    cards = run("cards", "--mode", "tiandiren", "--lang", "zh")
    assert cards.exit_code == 0 and "攻击范围内的每名其他角色可各弃置一张【闪】" in cards.stdout and "终局" in cards.stdout
    standard = run("cards", "--lang", "zh")
    assert "终局" not in standard.stdout
    assert run("generals", "--mode", "tiandiren").exit_code == 0


def test_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    err = one_line_error(run("sim", "--mode", "tiandiren", "--players", "5", "-o", "lord_deputy=true", "--out", tmp_path))
    assert "lord_deputy" in err
    err = one_line_error(run("sim", "--mode", "tiandiren", "--players", "8", "--out", tmp_path))
    assert "4-7 players" in err
    assert not list(tmp_path.glob("*.jsonl"))
