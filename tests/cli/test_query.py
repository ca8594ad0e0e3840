"""`sgz query` from the outside: read-only, and rows that open replays."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sanguozhi.records.queries import NAMED
from tests.records.util import records

from .records_util import one_line_error, run


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("query")
    records(d / "g", 4, players=5, max_turns=60)
    db = d / "a.duckdb"
    assert run("archive", "ingest", d / "g", "--db", db).exit_code == 0
    return db


def test_rows_with_game_and_seq_come_with_the_replay_command(db: Path) -> None:
    res = run("query", "--db", db, "SELECT game, seq, seat FROM deaths ORDER BY game, seq")
    assert res.exit_code == 0, res.output
    opens = [ln.strip() for ln in res.stdout.splitlines() if ln.strip().startswith("-> sgz replay ")]
    assert opens
    # The command works: it shows the state at that event.
    cmd = opens[0].split()
    shown = run(*cmd[2:])
    assert shown.exit_code == 0, shown.output


def test_json_and_csv_carry_the_command_too(db: Path) -> None:
    rows = json.loads(run("query", "--db", db, "--format", "json", "SELECT game, seq FROM damage LIMIT 3").stdout)
    assert len(rows) == 3 and all(r["open"] == f"sgz replay {_path(db, r['game'])} --at {r['seq']}" for r in rows)
    text = run("query", "--db", db, "--format", "csv", "SELECT game, seq FROM damage LIMIT 2").stdout
    assert text.splitlines()[0] == "game,seq,open"
    plain = run("query", "--db", db, "--format", "csv", "SELECT game, turns FROM games LIMIT 2").stdout
    assert plain.splitlines()[0] == "game,turns"


def _path(db: Path, game: str) -> str:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT path FROM games WHERE game = ?", [game]).fetchone()[0]
    finally:
        con.close()


@pytest.mark.parametrize(
    "sql",
    [
        "INSERT INTO meta VALUES ('x', 'y')",
        "DELETE FROM games",
        "UPDATE games SET turns = 0",
        "DROP TABLE events",
        "CREATE TABLE t (a INT)",
        "COPY games TO 'out.csv'",
        "ATTACH 'other.duckdb' AS o",
        "SELECT 1; DELETE FROM games",
        "SET threads = 1",
    ],
)
def test_a_write_is_refused_in_one_line(db: Path, sql: str) -> None:
    before = run("query", "--db", db, "--format", "json", "SELECT count(*) AS n FROM games").stdout
    err = one_line_error(run("query", "--db", db, sql))
    assert "not allowed" in err and "read-only" in err
    assert run("query", "--db", db, "--format", "json", "SELECT count(*) AS n FROM games").stdout == before


def test_files_outside_the_archive_are_out_of_reach(db: Path) -> None:
    err = one_line_error(run("query", "--db", db, "SELECT * FROM read_csv('/etc/hostname')"))
    assert "disabled" in err


def test_bad_sql_is_one_line(db: Path) -> None:
    assert "syntax error" in one_line_error(run("query", "--db", db, "SELEC 1"))
    assert "no_such_table" in one_line_error(run("query", "--db", db, "SELECT * FROM no_such_table"))


def test_named_queries_all_run(db: Path) -> None:
    listing = run("query", "--named", "list").stdout
    for name in NAMED:
        assert name in listing
        res = run("query", "--db", db, "--named", name)
        assert res.exit_code == 0, (name, res.output)
    assert "no named query" in one_line_error(run("query", "--db", db, "--named", "nope"))


# -- every reader is locked down; query has a time limit and a row cap ----------


@pytest.fixture(scope="module")
def planted(db: Path, tmp_path_factory) -> tuple[Path, str]:
    """A copy of the archive with a view that reads a file from outside it."""
    import shutil

    import duckdb

    d = tmp_path_factory.mktemp("planted")
    secret = d / "secret.txt"
    secret.write_text("root:x:0:0:the-secret-line")
    copy = Path(shutil.copy(db, d / "shared.duckdb"))
    con = duckdb.connect(str(copy))
    con.execute("DROP TABLE deaths")
    con.execute(f"CREATE VIEW deaths AS SELECT 'g' AS game, 1 AS seq, 0::SMALLINT AS seat, 'x' AS role, 0::SMALLINT AS killer, content AS cause FROM read_text('{secret}')")
    con.close()
    return copy, "the-secret-line"


@pytest.mark.parametrize("command", ["stats", "query", "export"])
def test_a_view_planted_in_the_archive_cannot_read_files(planted, tmp_path: Path, command: str) -> None:
    copy, secret = planted
    args = {
        "stats": ["stats", "--db", copy],
        "query": ["query", "--db", copy, "SELECT cause FROM deaths"],
        "export": ["archive", "export", "--parquet", tmp_path / "pq", "--db", copy],
    }[command]
    res = run(*args)
    err = one_line_error(res)
    assert secret not in res.output and "disabled by configuration" in err, err
    assert not any(secret in p.read_bytes().decode("latin-1") for p in tmp_path.rglob("*") if p.is_file())


def test_export_still_writes_its_own_folder(db: Path, tmp_path: Path) -> None:
    res = run("archive", "export", "--parquet", tmp_path / "pq", "--db", db)
    assert res.exit_code == 0, res.output
    assert any((tmp_path / "pq" / "events").rglob("*.parquet"))


def test_a_read_only_pivot_runs(db: Path) -> None:
    res = run("query", "--db", db, "--format", "json", "PIVOT seats ON role USING count(*) GROUP BY game ORDER BY game")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert len(rows) == 4 and all(r["lord"] == 1 for r in rows)


def test_a_long_query_stops_at_the_timeout(db: Path) -> None:
    err = one_line_error(run("query", "--db", db, "--timeout", "0.5", "SELECT sum(hash(range)) FROM range(1000000000000)"))
    assert err == "sgz: error: query: stopped after 0.5 s (--timeout SECONDS to allow longer)"


def test_max_rows_caps_what_is_shown(db: Path) -> None:
    res = run("query", "--db", db, "--format", "csv", "--max-rows", "7", "SELECT range AS n FROM range(50)")
    assert res.exit_code == 0 and res.stdout.splitlines()[1:] == [str(k) for k in range(7)]
    assert "only the first 7 rows" in res.stderr
    res = run("query", "--db", db, "--format", "csv", "--max-rows", "0", "SELECT range AS n FROM range(50)")
    assert len(res.stdout.splitlines()) == 51 and not res.stderr
