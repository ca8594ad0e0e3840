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
statistics cannot show what such a game still hides; one's own SQL (the
queries page's box) is checked first not to name the tables behind them
(``check_own_sql``).
"""
from __future__ import annotations

import json
import re
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
                # The first reader stores the decisions of games ingested since the last (a few: a finished table's).
                self._con = open_reader(self.db, wait=READ_WAIT, build_decisions=True)
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


# decision_rows and decisions_pending are what the view decisions reads (records.archive).
PER_GAME = ("games", "seats", "events", "damage", "deaths", "decision_rows", "decisions_pending", "decisions")


def _without_open_games(cur: Any) -> None:
    """Shadow the per-game tables, for this cursor, with views without a person's unfinished games."""
    from sanguozhi.records.db import pending_decisions

    (catalog,) = cur.execute("SELECT current_database()").fetchone()
    src = f'"{catalog}".main'
    tables = {r[0] for r in cur.execute(f"SELECT table_name FROM information_schema.tables WHERE table_catalog = '{catalog}'").fetchall()}
    hidden = f"SELECT game FROM {src}.games WHERE NOT finished AND coalesce(len(json_keys(bots)), 0) < players"
    # Every game's decisions built: read the rows, without the view's computing branch.
    built = "decision_rows" in tables and pending_decisions(cur) == 0
    for table in PER_GAME:
        if table in tables:
            source = "decision_rows" if table == "decisions" and built else table
            cur.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM {src}.{source} WHERE game NOT IN ({hidden})")


# -- one's own SQL ---------------------------------------------------------------------------------
# A name qualified by a schema or catalog would read the tables behind the views
# above ("main.games", "<catalog>.games"); so would a function that runs SQL of
# its own from a string.  The box takes none of them.
SCHEMA_DOT = re.compile(r'(?<![\w$"])"?(main|temp|pg_temp|system|memory)"?\s*\.', re.IGNORECASE)
COMMENT = re.compile(r"--[^\n]*|/\*.*?(\*/|$)", re.DOTALL)
RUNS_SQL = frozenset({"query", "query_table", "sql_auto_complete", "json_serialize_sql", "json_execute_serialized_sql"})


def check_own_sql(cur: Any, sql: str) -> None:
    """Refuse (``records.queries.QueryError``) SQL that could read around the views
    that hide a person's unfinished games: only SELECT statements, naming tables
    without a schema or catalog, and no function that runs SQL from a string."""
    from sanguozhi.records.queries import QueryError

    # Both the text as written and without its comments: a comment may hide the dot
    # (main/**/.games), and what looks like a comment may be inside a string.
    for text in (sql, COMMENT.sub(" ", sql)):
        m = SCHEMA_DOT.search(text)
        if m:
            raise QueryError(f"query: {m.group(1)}. is not allowed here: name the tables alone (games, seats …)")
    (tree,) = cur.execute("SELECT json_serialize_sql($q)", {"q": sql}).fetchone()
    parsed = json.loads(tree)
    if parsed.get("error"):
        why = parsed.get("error_message") or "it does not parse"
        if "Only SELECT" in why:
            why = "only SELECT queries run here"
        raise QueryError(f"query: {why}")
    catalogs = {r[0].lower() for r in cur.execute("SELECT database_name FROM duckdb_databases()").fetchall()}
    for node in _nodes(parsed):
        if node.get("type") == "BASE_TABLE" and (node.get("schema_name") or node.get("catalog_name")):
            where = node.get("catalog_name") or node.get("schema_name")
            raise QueryError(f"query: {where}.{node.get('table_name')} is not allowed here: name the tables alone (games, seats …)")
        fn = str(node.get("function_name") or "").lower()
        if fn in RUNS_SQL:
            raise QueryError(f"query: {fn}() is not allowed here")
        if fn and (node.get("schema") or node.get("catalog")) and str(node.get("catalog") or node.get("schema")).lower() in catalogs | {"main", "temp"}:
            raise QueryError(f"query: a qualified function ({fn}) is not allowed here")


def _nodes(tree: Any) -> Iterator[dict]:
    stack = [tree]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            yield x
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
