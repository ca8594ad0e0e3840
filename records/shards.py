"""Records as Parquet shards, written in parallel, and a DuckDB view over them.

For archives too big for one DuckDB file or one process: each worker (a
local process or a Ray task, ``records.workers``) loads a chunk of records
into its own in-memory DuckDB through the archive's ingest (the same checks
and tables), and writes each table as one Parquet file:

    DIR/<table>/mode=<mode>/date=<YYYY-MM-DD>/part-<id>.parquet
    DIR/generals.parquet, DIR/cards.parquet

``<table>`` is games, seats, events, damage, deaths or decisions (the
archive's tables and columns, docs/records.md); ``mode`` is the game mode
and ``date`` the day (UTC) the record file was last written, both as Hive
partitions (in the path, not in the files).  ``<id>`` follows from the game
ids in the shard, so sharding the same records again writes the same files;
records whose game is already in a shard under DIR are skipped.  A shard's
games file is written last, so a shard without one was cut short (it is
rewritten by the next run).

``attach(con, DIR)`` makes views named like the archive's tables over the
shard glob, which ``sgz stats --shards`` and ``sgz query --shards`` read;
Spark or DuckDB read the same folder with Hive partitioning.
"""
from __future__ import annotations

import hashlib
import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec

from .workers import run_all

TABLES = ("games", "seats", "events", "damage", "deaths", "decisions")
DIMENSIONS = ("generals", "cards")
PER_SHARD = 500  # records a shard at most: a worker's DuckDB holds one shard at a time (~1 GB a 1000 records)


class ShardError(ValueError):
    """A sharding problem, in one line."""


class ShardReport(msgspec.Struct):
    files: int = 0
    added: int = 0  # games written into new shards
    events: int = 0
    skipped: int = 0  # records whose game is already in a shard
    shards: int = 0
    rejected: list[tuple[str, str]] = []  # (path, why)
    seconds: float = 0.0


class _Task(msgspec.Struct, frozen=True):
    out: str
    mode: str
    date: str
    paths: list[str]
    shard: str


def _glob(folder: Path, table: str) -> str:
    # Only files named as a shard is written: a stray Parquet file elsewhere
    # in the folder is none of the archive's business.
    return (folder / table / "mode=*" / "date=*" / "part-*.parquet").as_posix().replace("'", "''")


def _sql_path(path: Path) -> str:
    return path.as_posix().replace("'", "''")


def attach(con, folder: str | Path) -> None:
    """Views named like the archive's tables over the complete shards in ``folder``."""
    folder = Path(folder)
    if not (folder / "games").is_dir():
        raise ShardError(f"no shards in {folder} (make them with: sgz archive shard RECORDS --out {folder})")
    # A shard is complete once its games file is there (it is written last):
    # rows of a shard cut short are left out by its id, a small set.
    import duckdb

    from .archive import SEED_FROM_PARQUET

    complete = f"SELECT regexp_extract(file, '{_ID}', 1) FROM glob('{_glob(folder, 'games')}')"
    try:
        for table in TABLES:
            src = f"read_parquet('{_glob(folder, table)}', hive_partitioning = true, union_by_name = true, filename = true)"
            seed = f" REPLACE ({SEED_FROM_PARQUET})" if table == "games" else ""
            con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * EXCLUDE (filename){seed} FROM {src} WHERE regexp_extract(filename, '{_ID}', 1) IN ({complete})")
        for table in DIMENSIONS:
            con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{_sql_path(folder / f'{table}.parquet')}')")
    except duckdb.Error as exc:
        raise ShardError(f"cannot read the shards in {folder}: {(str(exc).strip().splitlines() or [type(exc).__name__])[0]}") from None


_ID = r"part-([0-9a-f]+)\.parquet$"


def open_shards(folder: str | Path):  # -> duckdb.DuckDBPyConnection
    """An in-memory DuckDB with the shard views, able to read ``folder`` and nothing else."""
    import duckdb

    from .db import READER_MEMORY

    folder = Path(folder).resolve()
    con = duckdb.connect()
    try:
        attach(con, folder)
        con.execute("SET allowed_directories = [$d]", {"d": folder.as_posix() + "/"})
        for setting in (
            "SET enable_external_access = false",
            "SET autoinstall_known_extensions = false",
            "SET autoload_known_extensions = false",
            f"SET memory_limit = '{READER_MEMORY}'",  # as an archive's reader (records.db.open_reader)
            "SET lock_configuration = true",
        ):
            con.execute(setting)
    except BaseException:
        con.close()
        raise
    return con


def _known_games(folder: Path) -> set[str]:
    """The games already in a complete shard under ``folder``."""
    if not (folder / "games").is_dir():
        return set()
    con = open_shards(folder)
    try:
        return {r[0] for r in con.execute("SELECT game FROM games").fetchall()}
    finally:
        con.close()


def plan(paths: list[Path], out: Path, per_shard: int, report: ShardReport) -> list[_Task]:
    """Shards for the records at ``paths`` that are in no shard yet, by mode and date."""
    from .format import RecordError

    known = _known_games(out)
    # Every record of a game goes to the same shard, where ingest keeps the
    # one that passes its check: a damaged copy that sorts first must not
    # claim the game for itself.
    copies: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)  # (game, mode) -> [(day, path)]
    for path in paths:
        report.files += 1
        try:
            header = _header(path)
        except (RecordError, OSError) as exc:
            report.rejected.append((str(path), str(exc)))
            continue
        if header.game in known:
            report.skipped += 1
            continue
        day = time.strftime("%Y-%m-%d", time.gmtime(os.stat(path).st_mtime))
        copies[header.game, header.mode].append((day, str(path.resolve())))
    groups: dict[tuple[str, str], list[tuple[str, list[str]]]] = defaultdict(list)
    for (game, mode), found in copies.items():
        groups[mode, max(day for day, _ in found)].append((game, [p for _, p in sorted(found, key=lambda f: f[1])]))
    tasks = []
    for (mode, day), members in sorted(groups.items()):
        members.sort()
        for k in range(0, len(members), per_shard):
            chunk = members[k : k + per_shard]
            shard = hashlib.blake2b("\n".join(g for g, _ in chunk).encode(), digest_size=8).hexdigest()
            tasks.append(_Task(str(out), mode, day, [p for _, ps in chunk for p in ps], shard))
    return tasks


def _header(path: Path):  # -> records.format.Header
    """A record's header line, read and checked (the rest is checked when the shard is written)."""
    from .format import RecordError, parse_header, read_first_line

    try:
        first = read_first_line(path)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    if not first.endswith(b"\n"):
        raise RecordError(f"{path}:1: not a record (no header line)")
    return parse_header(first[:-1], str(path))


def write_shard(task: _Task) -> tuple[int, int, list[tuple[str, str]]]:
    """Ingest one shard's records into an in-memory DuckDB and write its Parquet files: (games, events, rejected)."""
    import duckdb

    from . import archive

    con = duckdb.connect()
    try:
        con.execute("SET threads = 1")  # one worker a core: the parallelism is across shards
        report = archive.ingest(con, task.paths, batch_size=len(task.paths) or 1)
        rejected = [(r.path, r.why) for r in report.rejected]
        if report.added:
            out = Path(task.out)
            # The games file last: a shard without it is incomplete (and rewritten by the next run).
            for table in (*TABLES[1:], "games"):
                folder = out / table / f"mode={task.mode}" / f"date={task.date}"
                folder.mkdir(parents=True, exist_ok=True)
                final = folder / f"part-{task.shard}.parquet"
                tmp = folder / f".part-{task.shard}.parquet.tmp"
                exclude = f" EXCLUDE (mode) REPLACE ({archive.SEED_AS_PARQUET})" if table == "games" else ""
                con.execute(f"COPY (SELECT *{exclude} FROM {table}) TO '{_sql_path(tmp)}' (FORMAT PARQUET)")
                os.replace(tmp, final)
        return report.added, report.events, rejected
    finally:
        con.close()


def _write_dimensions(out: Path) -> None:
    import duckdb

    from . import archive

    con = duckdb.connect()
    try:
        archive.ensure_schema(con)
        archive._refresh_dimensions(con)
        for table in DIMENSIONS:
            tmp = out / f".{table}.parquet.tmp"
            con.execute(f"COPY {table} TO '{_sql_path(tmp)}' (FORMAT PARQUET)")
            os.replace(tmp, out / f"{table}.parquet")
    finally:
        con.close()


def shard(paths: list[str | Path], out: str | Path, *, jobs: int = 1, executor: str = "local", per_shard: int = PER_SHARD, done: Any = None, planned: Any = None) -> ShardReport:
    """Write the records at ``paths`` (files, or folders of *.jsonl) as Parquet shards under ``out``.

    ``planned(n)``: the number of records to write, once known; ``done(n)`` as each shard is written.
    """
    from .ingest import record_files

    started = time.perf_counter()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    report = ShardReport()
    tasks = plan(record_files(paths), out, per_shard, report)
    if planned is not None:
        planned(sum(len(t.paths) for t in tasks))
    _write_dimensions(out)

    def finished(i: int, result: tuple[int, int, list[tuple[str, str]]]) -> None:
        if done is not None:
            done(len(tasks[i].paths))  # added, rejected, or a copy of a game added

    # Fresh workers: this process has run DuckDB (the dimensions), and a fork
    # of it may die on a lock of a DuckDB thread that the fork did not copy.
    for added, events, rejected in run_all(write_shard, [(t,) for t in tasks], jobs=jobs, executor=executor, done=finished, fresh=True):
        report.added += added
        report.events += events
        report.rejected.extend(rejected)
        report.shards += added > 0
    report.seconds = time.perf_counter() - started
    return report
