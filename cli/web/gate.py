"""The archive as the web app reads it: many readers at once, sharing one instance.

DuckDB keeps one database instance per file and process, and a reader's
settings are locked on it (``records.db.open_reader``): a second connection
that tried to set them again failed, which made two concurrent requests an
HTTP 500.  So readers share one locked instance (a cursor each), opened when
the first reader comes and closed when the last goes, so that another
process may write to the archive between requests (``sgz archive ingest``,
which the server runs for a finished table: a reader waits for it).

One rule for every page: a game a person plays is shown only once it is over
(as a replay page of it is: ``replay.page.perspectives``).  Each reader's
cursor sees the per-game tables through views that leave a person's
unfinished games out, so the games list, the named queries and the
statistics cannot show what such a game still hides.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

READ_WAIT = 15.0  # seconds a reader waits for a writer (an ingest) to let the archive go


class ArchiveGate:
    def __init__(self, db: str) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._readers = 0
        self._con: Any = None

    @contextmanager
    def read(self) -> Iterator[Any]:
        """A cursor on the archive, read-only and locked down (``ArchiveError`` when there is none)."""
        from sanguozhi.records.db import open_reader

        with self._lock:
            if self._con is None:
                # An ingest may hold the file for a moment (a finished table's game): wait for it.
                self._con = open_reader(self.db, wait=READ_WAIT)
            self._readers += 1
            cur = self._con.cursor()
        try:
            _without_open_games(cur)
            yield cur
        finally:
            cur.close()
            with self._lock:
                self._readers -= 1
                if not self._readers:
                    self._con.close()
                    self._con = None


PER_GAME = ("games", "seats", "events", "damage", "deaths", "decisions")


def _without_open_games(cur: Any) -> None:
    """Shadow the per-game tables, for this cursor, with views without a person's unfinished games."""
    (catalog,) = cur.execute("SELECT current_database()").fetchone()
    src = f'"{catalog}".main'
    tables = {r[0] for r in cur.execute(f"SELECT table_name FROM information_schema.tables WHERE table_catalog = '{catalog}'").fetchall()}
    hidden = f"SELECT game FROM {src}.games WHERE NOT finished AND coalesce(len(json_keys(bots)), 0) < players"
    for table in PER_GAME:
        if table in tables:
            cur.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM {src}.{table} WHERE game NOT IN ({hidden})")
