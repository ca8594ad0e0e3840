"""People in the archive: seats.player from the record's header, and win rates by player."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.core.bots import bot_choice
from sanguozhi.records import archive
from sanguozhi.records.archive import ingest, open_db
from sanguozhi.records.session import run_bots, start_recorded
from sanguozhi.records.stats import run

from ..cli.records_util import run as sgz
from .util import record

PEOPLE = {0: "Ann", 1: "Bo", 2: "张三"}


def people_game(folder: Path, seed: int) -> Path:
    """A finished 4-seat game whose seats 0-2 are people (answered here by the basic bot)."""
    path = folder / f"people-{seed}.jsonl"
    game, writer = start_recorded(path, "identity", 4, seed, {"max_turns": 60}, {3: "basic"}, people=PEOPLE)
    with writer:
        run_bots(game, {3: "basic"}, person=lambda g: bot_choice("basic", g.state, g.request, g))
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("people")
    for seed in range(1, 9):
        people_game(d, seed)
    record(d, seed=3)  # a bot game: nobody named
    return d


def test_each_seat_holds_the_person_its_header_names(folder: Path, tmp_path: Path) -> None:
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, [folder])
    rows = con.execute("SELECT g.people IS NOT NULL, s.seat, s.player, s.bot FROM seats s JOIN games g USING (game) WHERE g.path LIKE '%people-1.jsonl'").fetchall()
    assert [(seat, player, bot) for _, seat, player, bot in sorted(rows, key=lambda r: r[1])] == [(0, "Ann", None), (1, "Bo", None), (2, "张三", None), (3, None, "basic")]
    assert con.execute("SELECT count(*) FROM seats s JOIN games g USING (game) WHERE g.path NOT LIKE '%people-%' AND s.player IS NOT NULL").fetchone()[0] == 0


def test_win_rates_by_player_count_each_persons_seats(folder: Path, tmp_path: Path) -> None:
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, [folder])
    cols, rows = run(con, "player", "identity")["by_player"]
    got = {(r[cols.index("player")], r[cols.index("kind")]): r for r in rows}
    assert {"Ann", "Bo", "张三"} <= {p for p, k in got if k == "person"} and ("basic", "bot") in got
    for name in PEOPLE.values():
        seats, wins = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE s.won) FROM seats s JOIN games g USING (game) WHERE g.finished AND s.player = ?", [name]
        ).fetchone()
        row = got[(name, "person")]
        assert (row[cols.index("seats")], row[cols.index("wins")]) == (seats, wins) and seats == 8
        assert row[cols.index("ci_low")] <= row[cols.index("win_rate")] <= row[cols.index("ci_high")]


def test_an_archive_of_schema_4_gains_the_people_columns(folder: Path, tmp_path: Path) -> None:
    con = open_db(tmp_path / "a.duckdb")
    files = sorted(folder.glob("people-*.jsonl"))
    ingest(con, files[:1])
    con.execute("ALTER TABLE games DROP COLUMN people")
    con.execute("ALTER TABLE seats DROP COLUMN player")
    con.execute("UPDATE meta SET value = '4' WHERE key = 'schema'")
    con.close()
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, files[:2])
    assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(archive.SCHEMA_VERSION) == "6"
    # The game ingested under v4 names nobody; the one after names its people.
    assert sorted(con.execute("SELECT count(s.player) FROM seats s JOIN games g USING (game) GROUP BY g.game").fetchall()) == [(0,), (3,)]


def test_sgz_stats_by_player_in_both_languages(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert sgz("archive", "ingest", str(folder), "--db", str(db)).exit_code == 0
    zh = sgz("stats", "--by", "player", "--mode", "identity", "--db", str(db), "--lang", "zh")
    assert zh.exit_code == 0, zh.output
    assert "按玩家" in zh.output and "张三" in zh.output and "真人" in zh.output and "机器人" in zh.output
    out = sgz("stats", "--by", "player", "--mode", "identity", "--db", str(db), "--json")
    assert out.exit_code == 0, out.output
    players = {r["player"] for r in json.loads(out.output)["by_player"]}
    assert {"Ann", "Bo", "张三", "basic"} <= players
    bad = sgz("stats", "--by", "nobody", "--db", str(db))
    assert bad.exit_code == 2 and "nobody" in bad.output


def test_the_web_statistics_by_player(folder: Path, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from sanguozhi.cli.web.app import make_app

    db = tmp_path / "a.duckdb"
    assert sgz("archive", "ingest", str(folder), "--db", str(db)).exit_code == 0
    client = TestClient(make_app(str(db), tmp_path / "played", allow_hosts=("testserver",)))
    zh = client.get("/stats", params={"lang": "zh", "by": "player", "mode": "identity"})
    assert zh.status_code == 200 and "按玩家" in zh.text and "张三" in zh.text and "Ann" in zh.text
    assert '<option value="player" selected' in zh.text
