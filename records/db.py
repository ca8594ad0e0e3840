"""Opening the archive: the default path, one writer at a time, read-only readers.

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


def game_paths(con, games: Sequence[str]) -> dict[str, str]:
    """Each game's record path, as stored at ingest."""
    if not games:
        return {}
    rows = con.execute("SELECT game, path FROM games WHERE game IN (SELECT unnest($g))", {"g": list(games)}).fetchall()
    return dict(rows)
