"""The decisions view: built on first use, complete for every reader before and after."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.records import archive
from sanguozhi.records.archive import ensure_decisions, ingest, open_db
from sanguozhi.records.db import open_reader, pending_decisions
from sanguozhi.records.format import read_record

from .test_archive import _cut
from .util import record, records

ALL = "SELECT * FROM decisions ORDER BY game, seq"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("games")
    records(d, 4, first_seed=11)
    record(d, seed=12, players=5, max_turns=60)
    return d


def _decided(con) -> int:
    """Decisions the games table counts (one row each in decisions)."""
    return con.execute("SELECT sum(decisions) FROM games").fetchone()[0]


def test_right_after_ingest_every_decision_is_there_with_its_hand_and_stays_so_once_built(folder: Path, tmp_path: Path) -> None:
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, [folder])
    assert pending_decisions(con) == 5
    computed = con.execute(ALL).fetchall()
    assert len(computed) == _decided(con) > 0
    for f in sorted(folder.glob("*.jsonl"))[:2]:
        rec = read_record(f)
        rows = con.execute("SELECT seq, seat, hand, hand_size, turn, round, current, phase FROM decisions WHERE game = ? ORDER BY seq", [rec.header.game]).fetchall()
        assert [seq for seq, *_ in rows] == [i for i, e in enumerate(rec.events) if type(e) is ev.Decided]
        for seq, seat, hand, size, turn, _round, current, phase in rows:
            state = fold(rec.events[:seq])
            assert sorted(hand) == sorted(state.chars[seat].hand) and size == len(hand)
            assert (turn, phase) == (state.turn, state.phase)
            assert current == (state.current if state.turn else None)
    assert ensure_decisions(con) == 5
    assert pending_decisions(con) == 0 and ensure_decisions(con) == 0
    assert con.execute(ALL).fetchall() == computed
    assert con.execute("SELECT * FROM decision_rows ORDER BY game, seq").fetchall() == computed
    # The view has the table's columns and types, whichever branch a row comes from.
    assert con.execute("DESCRIBE decisions").fetchall() == con.execute("DESCRIBE decision_rows").fetchall()
    con.close()


def test_building_in_pieces_can_stop_between_them(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, [folder])
    computed = con.execute(ALL).fetchall()
    monkeypatch.setattr(archive, "BUILD_GAMES", 2)

    def stop(stage: str, stop=None) -> None:
        if stage == "decisions-built":
            raise KeyboardInterrupt

    monkeypatch.setattr(archive, "_stage_hook", stop)
    with pytest.raises(KeyboardInterrupt):
        ensure_decisions(con)
    assert pending_decisions(con) == 3  # the first piece is stored
    assert con.execute(ALL).fetchall() == computed
    monkeypatch.undo()
    assert ensure_decisions(con) == 3 and con.execute(ALL).fetchall() == computed
    con.close()


def test_a_longer_record_replaces_the_decisions_of_the_shorter_built_or_not(folder: Path, tmp_path: Path) -> None:
    src = sorted(folder.glob("*.jsonl"))[0]
    want = sum(type(e) is ev.Decided for e in read_record(src).events)
    for built in (False, True):
        con = open_db(tmp_path / f"a-{built}.duckdb")
        ingest(con, [_cut(src, tmp_path / "part.jsonl", 60)], partial=True)
        if built:
            ensure_decisions(con)
        assert ingest(con, [src]).replaced == 1
        assert pending_decisions(con) == 1
        assert con.execute("SELECT count(*) FROM decisions").fetchone()[0] == want
        ensure_decisions(con)
        assert con.execute("SELECT count(*) FROM decision_rows").fetchone()[0] == want
        con.close()


def test_an_archive_of_schema_5_keeps_its_decisions_as_the_built_rows(folder: Path, tmp_path: Path) -> None:
    files = sorted(folder.glob("*.jsonl"))
    con = open_db(tmp_path / "a.duckdb")
    ingest(con, files[:2])
    ensure_decisions(con)
    old = con.execute(ALL).fetchall()
    # As v5 left it: decisions a table with every game's rows, nothing pending.
    con.execute("DROP VIEW decisions")
    con.execute("ALTER TABLE decision_rows RENAME TO decisions")
    con.execute("DROP TABLE decisions_pending")
    con.execute("UPDATE meta SET value = '5' WHERE key = 'schema'")
    ingest(con, files)
    assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(archive.SCHEMA_VERSION)
    assert con.execute("SELECT * FROM decision_rows ORDER BY game, seq").fetchall() == old
    assert pending_decisions(con) == len(files) - 2
    assert con.execute("SELECT count(*) FROM decisions").fetchone()[0] == _decided(con)
    con.close()


HOLD = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1], read_only=True)
print("ready", flush=True)
sys.stdin.read()
"""


def test_a_reader_stores_pending_decisions_first_or_computes_them_while_another_has_the_archive(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    con = open_db(db)
    ingest(con, [folder])
    computed = con.execute(ALL).fetchall()
    con.close()
    # Another process reads the archive: it cannot be written, so the view computes them.
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "ready"
        con = open_reader(db, build_decisions=True)
        assert pending_decisions(con) == 5 and con.execute(ALL).fetchall() == computed
        con.close()
    finally:
        other.communicate("")
    # Alone, it stores them first, then reads them as any reader does.
    con = open_reader(db)
    assert pending_decisions(con) == 5 and con.execute(ALL).fetchall() == computed
    con.close()
    con = open_reader(db, build_decisions=True)
    assert pending_decisions(con) == 0 and con.execute(ALL).fetchall() == computed
    con.close()


def test_sgz_query_right_after_an_ingest_sees_every_decision(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    sgz = [sys.executable, "-m", "sanguozhi"]
    assert subprocess.run([*sgz, "archive", "ingest", str(folder), "--db", str(db), "-q"]).returncode == 0
    out = subprocess.run([*sgz, "query", "--db", str(db), "--format", "csv", "SELECT count(*) AS n FROM decisions"], capture_output=True, text=True, check=True).stdout
    con = open_reader(db)
    assert out.split() == ["n", str(_decided(con))]
    assert pending_decisions(con) == 0  # the query stored them first
    con.close()
