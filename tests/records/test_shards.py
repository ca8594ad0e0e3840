"""Parquet shards: the archive's tables, in parallel, and stats/query over the shard glob."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.records import archive, shards
from sanguozhi.records.stats import run as stats

from .util import damaged, records


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return Path(records(tmp_path_factory.mktemp("rec"), 7, first_seed=40)[0]).parent


def _archive_stats(folder: Path, tmp: Path) -> dict:
    con = archive.open_db(tmp / "a.duckdb")
    try:
        archive.ingest(con, [folder])
        return stats(con, "role", None)
    finally:
        con.close()


def test_shards_hold_what_the_archive_holds(folder: Path, tmp_path: Path) -> None:
    report = shards.shard([folder], tmp_path / "sh", jobs=2, per_shard=3)
    assert report.added == 7 and report.shards == 3 and not report.rejected  # 3 + 3 + 1
    con = shards.open_shards(tmp_path / "sh")
    try:
        assert stats(con, "role", None) == _archive_stats(folder, tmp_path)
        parts = {r[0] for r in con.execute("SELECT DISTINCT mode || '/' || date FROM games").fetchall()}
        assert len(parts) == 1 and parts.pop().startswith("identity/")
        db = archive.open_db(tmp_path / "a.duckdb", read_only=True)
        for table in shards.TABLES:
            assert con.execute(f"SELECT count(*) FROM {table}").fetchone() == db.execute(f"SELECT count(*) FROM {table}").fetchone(), table
        db.close()
    finally:
        con.close()
    files = sorted(p.relative_to(tmp_path / "sh").as_posix() for p in (tmp_path / "sh").rglob("*.parquet"))
    assert all(f.split("/")[1] == "mode=identity" and f.split("/")[2].startswith("date=") for f in files if "/" in f)
    assert "generals.parquet" in files and "cards.parquet" in files


def test_sharding_again_skips_what_is_in(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "sh"
    shards.shard([folder], out, per_shard=4)
    before = {p: p.stat().st_mtime_ns for p in out.rglob("part-*.parquet")}
    again = shards.shard([folder], out, per_shard=4)
    assert again.added == 0 and again.skipped == 7 and again.shards == 0
    assert {p: p.stat().st_mtime_ns for p in out.rglob("part-*.parquet")} == before


def test_a_shard_cut_short_is_not_read_and_is_written_again(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "sh"
    shards.shard([folder], out, per_shard=4)
    cut = next((out / "games").rglob("part-*.parquet"))
    cut.unlink()  # as if the worker died before its games file
    con = shards.open_shards(out)
    try:
        games = con.execute("SELECT count(*) FROM games").fetchone()[0]
        assert games in (3, 4)
        assert con.execute("SELECT count(DISTINCT game) FROM events").fetchone()[0] == games
    finally:
        con.close()
    again = shards.shard([folder], out, per_shard=4)
    assert again.added == 7 - games
    con = shards.open_shards(out)
    try:
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 7
        assert con.execute("SELECT count(DISTINCT game) FROM events").fetchone()[0] == 7
    finally:
        con.close()


def test_a_damaged_record_is_rejected_and_the_rest_go_in(folder: Path, tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for p in sorted(folder.glob("*.jsonl"))[:3]:
        (src / p.name).write_bytes(p.read_bytes())
    bad, line = damaged(sorted(folder.glob("*.jsonl"))[3], src / "bad.jsonl", "changed")
    report = shards.shard([src], tmp_path / "sh", jobs=2, per_shard=2)
    assert report.added == 3 and [p for p, _ in report.rejected] == [str(bad.resolve())]
    assert report.rejected[0][1].startswith(f"{bad.resolve()}:{line}: ")


def test_the_shard_views_read_nothing_else(folder: Path, tmp_path: Path) -> None:
    import duckdb

    shards.shard([folder], tmp_path / "sh")
    con = shards.open_shards(tmp_path / "sh")
    try:
        with pytest.raises(duckdb.Error, match="disabled|Permission"):
            con.execute("SELECT * FROM read_csv('/etc/passwd')").fetchall()
        with pytest.raises(duckdb.Error):
            con.execute("SET enable_external_access = true")
    finally:
        con.close()
    with pytest.raises(shards.ShardError, match="no shards in"):
        shards.open_shards(tmp_path / "nothing")
