"""Opening the archive: the default path, one writer at a time, locked-down readers.

Every reader (``sgz stats``, ``sgz query``, ``sgz archive export``,
``sgz tree``) opens the archive through ``open_reader``: read-only, no file
outside the archive reachable (an archive is data someone else may have
made: a view planted in it must not read /etc/passwd into a report), no
extension loaded, a memory budget, and the settings locked.

The view ``decisions`` computes the decisions of games ingested since they
were last built (``records.archive``); a reader that will read them asks
``open_reader`` to build them first (``build_decisions``), a short write
done only when nobody else has the archive open.  Otherwise the view
computes them for each query that reads them: slower, never incomplete.

Kept free of the record format and msgspec, so that ``sgz stats`` and
``sgz query`` start quickly (``records.archive`` is imported only to build
pending decisions).
"""
from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path


class ArchiveError(Exception):
    """An archive problem, said in one line."""


def default_db() -> str:
    """The archive used when ``--db`` is not given: ``$SGZ_DB`` or ``./sgz.duckdb``."""
    return os.environ.get("SGZ_DB") or "sgz.duckdb"


def open_db(path: str | Path, *, read_only: bool = False, wait: float = 0.0):  # -> duckdb.DuckDBPyConnection
    """Open the archive; a lock held by another process waits ``wait`` s, then fails cleanly."""
    import duckdb

    path = str(path)
    if read_only and not Path(path).exists():
        raise ArchiveError(f"no archive at {path} (make one with: sgz archive ingest RECORDS --db {path})")
    p = Path(path)
    if p.is_dir():
        raise ArchiveError(f"{path} is a folder, not an archive (an archive is a DuckDB file, e.g. sgz.duckdb)")
    if p.is_file() and p.stat().st_size:
        with open(p, "rb") as f:
            head = f.read(16)
        if head[8:12] != b"DUCK":
            what = "a record" if head.startswith(b'{"sgz":"record"') else "not a DuckDB file"
            raise ArchiveError(f"{path} is {what}, not an archive (an archive is a DuckDB file, e.g. sgz.duckdb)")
    deadline = time.monotonic() + wait
    while True:
        try:
            return duckdb.connect(path, read_only=read_only)
        except duckdb.IOException as exc:
            text = str(exc)
            if "lock" not in text.lower():
                raise ArchiveError(f"cannot open {path}: {text.splitlines()[0]}") from None
            if time.monotonic() >= deadline:
                holder = ""
                if "PID" in text:
                    holder = " (" + text[text.index("PID") :].split(")")[0].strip() + ")"
                raise ArchiveError(f"{path} is in use by another process{holder}; wait for it to finish, or pass --wait SECONDS") from None
            time.sleep(0.1)
        except duckdb.Error as exc:
            raise ArchiveError(f"cannot open {path}: {str(exc).splitlines()[0]}") from None


READER_MEMORY = "1GB"  # what a reader may hold in memory (DuckDB spills or fails beyond it)


def open_reader(path: str | Path, *, wait: float = 0.0, memory_limit: str = READER_MEMORY, write_to: Sequence[str | Path] = (), build_decisions: bool = False):  # -> duckdb.DuckDBPyConnection
    """The archive, read-only and locked down; ``write_to`` are the only folders
    outside it that may be touched (an export's output).  ``build_decisions``:
    store the decisions still pending first, if the archive can be written now."""
    con = _locked_reader(path, wait, memory_limit, write_to)
    if build_decisions and pending_decisions(con):
        con.close()
        _build_decisions(path)
        con = _locked_reader(path, wait, memory_limit, write_to)
    if pending_decisions(con) == 0:
        _read_built_decisions(con)
    return con


def _locked_reader(path: str | Path, wait: float, memory_limit: str, write_to: Sequence[str | Path]):  # -> duckdb.DuckDBPyConnection
    con = open_db(path, read_only=True, wait=wait)
    try:
        if write_to:
            # Kept open even with external access off (DuckDB's allow-list).
            con.execute("SET allowed_directories = $d", {"d": [str(Path(d).resolve()) + "/" for d in write_to]})
        for setting in (
            "SET enable_external_access = false",  # no read_csv('/etc/passwd'), no COPY TO, no ATTACH
            "SET autoinstall_known_extensions = false",
            "SET autoload_known_extensions = false",
            f"SET memory_limit = '{memory_limit}'",
            "SET lock_configuration = true",  # and nothing above can be SET back
        ):
            con.execute(setting)
    except BaseException:
        con.close()
        raise
    return con


def pending_decisions(con) -> int | None:
    """Games whose decisions are not built yet; None: no such table (an archive
    from before schema v6, whose decisions table holds every game's)."""
    import duckdb

    try:
        return con.execute("SELECT count(*) FROM decisions_pending").fetchone()[0]
    except duckdb.Error:
        return None


def _read_built_decisions(con) -> None:
    """Every game's decisions are built: this connection reads them without the
    view's computing branch (its planning alone cost 15-90 ms a query)."""
    import duckdb

    (catalog,) = con.execute("SELECT current_database()").fetchone()
    try:
        con.execute(f'CREATE OR REPLACE TEMP VIEW decisions AS SELECT * FROM "{catalog}".main.decision_rows')
    except duckdb.Error:
        pass  # a decisions_pending table without decision_rows is no archive of ours: its decisions are what it has


def _build_decisions(path: str | Path) -> None:
    """Store the pending decisions, if the archive can be written now (nobody
    else has it open) and is of this sgz's schema; else leave them to the view."""
    import duckdb

    try:
        con = open_db(path)
    except ArchiveError:
        return  # in use, or not writable here
    try:
        from .archive import SCHEMA_VERSION, ensure_decisions

        con.execute("SET enable_external_access = false")  # only the archive's own tables are read
        row = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is not None and row[0] == str(SCHEMA_VERSION):
            ensure_decisions(con)
    except duckdb.Error:
        pass  # the view still computes what is not stored
    finally:
        con.close()


def game_paths(con, games: Sequence[str]) -> dict[str, str]:
    """Each game's record path, as stored at ingest."""
    if not games:
        return {}
    rows = con.execute("SELECT game, path FROM games WHERE game IN (SELECT unnest($g))", {"g": list(games)}).fetchall()
    return dict(rows)
