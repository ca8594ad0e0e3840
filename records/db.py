"""Opening the archive: the default path, one writer at a time, locked-down readers.

Every reader (``sgz stats``, ``sgz query``, ``sgz archive export``,
``sgz tree``) opens the archive through ``open_reader``: read-only, no file
outside the archive reachable (an archive is data someone else may have
made: a view planted in it must not read /etc/passwd into a report), no
extension loaded, a memory budget, and the settings locked.

Kept free of the record format and msgspec, so that ``sgz stats`` and
``sgz query`` start quickly.
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


def open_reader(path: str | Path, *, wait: float = 0.0, memory_limit: str = READER_MEMORY, write_to: Sequence[str | Path] = ()):  # -> duckdb.DuckDBPyConnection
    """The archive, read-only and locked down; ``write_to`` are the only folders
    outside it that may be touched (an export's output)."""
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


def game_paths(con, games: Sequence[str]) -> dict[str, str]:
    """Each game's record path, as stored at ingest."""
    if not games:
        return {}
    rows = con.execute("SELECT game, path FROM games WHERE game IN (SELECT unnest($g))", {"g": list(games)}).fetchall()
    return dict(rows)
