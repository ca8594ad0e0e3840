"""Named queries for ``sgz query --named NAME``: common questions, as SQL.

A query whose result has ``game`` and ``seq`` columns gets, after each row,
the command that opens that moment (``sgz replay FILE --at SEQ``).
"""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# Statement types a read-only query may run; PIVOT without an IN list is a
# MULTI statement (it first finds the pivot values).  EXPLAIN runs only what
# would run alone (EXPLAIN ANALYZE executes its statement: of a COPY, it
# writes), PRAGMA only those that read.
READ_TYPES = {"SELECT", "RELATION"}
MULTI_OK = ("PIVOT", "UNPIVOT")
PRAGMAS = frozenset({"table_info", "show", "show_tables", "show_tables_expanded", "show_databases", "database_size", "storage_info", "version", "platform", "functions", "collations", "user_agent", "metadata_info"})
_EXPLAIN = re.compile(r"\s*EXPLAIN(?:\s+ANALY[SZ]E)?\s*(?:\([^()]*\))?", re.I)
_PRAGMA = re.compile(r"\s*PRAGMA\s+([A-Za-z_]+)\s*(?:\(|$|;)", re.I)
TIMEOUT = 60.0  # seconds, sgz query --timeout's default
MAX_ROWS = 10_000  # sgz query --max-rows' default


class QueryError(Exception):
    """A query refused or failed, said in one line."""


def run_read_only(con, sql: str, *, timeout: float = TIMEOUT, max_rows: int = MAX_ROWS) -> tuple[list[str], list[tuple], bool]:
    """Run ``sql`` on an archive opened by ``records.db.open_reader``: (columns, rows,
    whether rows were left out past ``max_rows``; 0: no cap), or QueryError.

    Only SELECT (and PIVOT) statements run, EXPLAIN of one, and the PRAGMAs
    that read (``PRAGMAS``); a query still running after ``timeout`` seconds
    is interrupted.
    """
    import duckdb

    try:
        statements = con.extract_statements(sql)
    except duckdb.Error as exc:
        raise QueryError(f"query: {_first_line(exc)}") from None
    for st in statements:
        if not _reads_only(con, st):
            # The statement's own first word (DuckDB files INSTALL under LOAD);
            # an EXPLAIN or a PRAGMA is named with what it would run.
            words = st.query.upper().replace("(", " ").split()
            n = 1 + (words[:1] in (["EXPLAIN"], ["PRAGMA"])) + (words[1:2] in (["ANALYZE"], ["ANALYSE"]))
            kind = " ".join(words[:n]) if words and words[0].isalpha() else st.type.name
            raise QueryError(f"query: {kind} is not allowed: sgz query is read-only (the archive changes only through sgz archive ingest)")
    try:
        with time_limit(con, timeout) as timed_out:
            cur = None
            for st in statements:
                cur = con.execute(st)
            if cur is None:
                raise QueryError("query: no statement to run")
            cols = [d[0] for d in cur.description] if cur.description else []
            rows = (cur.fetchmany(max_rows + 1) if max_rows else cur.fetchall()) if cols else []
    except duckdb.Error as exc:
        if timed_out.is_set():
            raise QueryError(f"query: stopped after {timeout:g} s (--timeout SECONDS to allow longer)") from None
        text = _first_line(exc)
        if "read-only" in text or "read only" in text:
            raise QueryError(f"query: refused, the archive is read-only here ({text})") from None
        raise QueryError(f"query: {text}") from None
    more = bool(max_rows) and len(rows) > max_rows
    return cols, (rows[:max_rows] if more else rows), more


def _reads_only(con, st, nested: bool = False) -> bool:  # st: a duckdb Statement
    """Whether a statement only reads (the allow-list: anything else is refused)."""
    import duckdb

    kind, text = st.type.name, st.query
    if kind in READ_TYPES:
        return True
    if kind == "MULTI":
        return text.lstrip().upper().startswith(MULTI_OK)
    if kind == "PRAGMA" and not nested:
        m = _PRAGMA.match(text)
        return m is not None and m.group(1).lower() in PRAGMAS
    if kind == "EXPLAIN" and not nested:
        m = _EXPLAIN.match(text)
        if m is None:
            return False
        try:
            inner = con.extract_statements(text[m.end() :])
        except duckdb.Error:
            return False
        return len(inner) == 1 and _reads_only(con, inner[0], nested=True)
    return False


@contextmanager
def time_limit(con, seconds: float) -> Iterator[threading.Event]:
    """Interrupt what ``con`` runs once ``seconds`` have passed; the event yielded says whether it was."""
    finished, timed_out = threading.Event(), threading.Event()

    def stop() -> None:
        if not finished.is_set():
            timed_out.set()
            con.interrupt()

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    try:
        yield timed_out
    finally:
        finished.set()
        timer.cancel()
        timer.join()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


NAMED: dict[str, tuple[str, str]] = {
    "tables": (
        "the archive's tables and their row counts",
        """SELECT table_name AS "table", estimated_size AS rows_estimate, column_count AS columns
           FROM duckdb_tables() WHERE NOT temporary
           UNION ALL  -- decisions is a view (records.archive)
           SELECT view_name, NULL, column_count FROM duckdb_views() WHERE NOT temporary AND NOT internal
           ORDER BY 1""",
    ),
    "recent": (
        "the 20 games ingested last",
        """SELECT game, mode, players, turns, winner, end_seq AS seq, path
           FROM games ORDER BY ingested_at DESC, game LIMIT 20""",
    ),
    "longest": (
        "the 10 longest finished games (by turns), at their end",
        """SELECT game, mode, players, turns, events, winner, end_seq AS seq
           FROM games WHERE finished ORDER BY turns DESC, game LIMIT 10""",
    ),
    "shortest": (
        "the 10 shortest finished games (by turns), at their end",
        """SELECT game, mode, players, turns, events, winner, end_seq AS seq
           FROM games WHERE finished ORDER BY turns, game LIMIT 10""",
    ),
    "lord-first-round": (
        "games where the lord died in the first round, at the death",
        """SELECT d.game, d.seq, d.killer, k.role AS killer_role, d.cause
           FROM deaths d
           JOIN decisions x ON x.game = d.game AND x.seq = (SELECT max(seq) FROM decisions WHERE game = d.game AND seq < d.seq)
           LEFT JOIN seats k ON k.game = d.game AND k.seat = d.killer
           WHERE d.role = 'lord' AND x.round = 1
           ORDER BY d.game LIMIT 50""",
    ),
    "big-hits": (
        "damage of 2 or more in one blow",
        """SELECT game, seq, src, dst, n, nature, card FROM damage WHERE n >= 2 ORDER BY n DESC, game, seq LIMIT 50""",
    ),
    "loyalist-killed-by-lord": (
        "a lord killing their own loyalist (and paying for it)",
        """SELECT game, seq, seat, cause FROM deaths d
           WHERE role = 'loyalist' AND killer = 0 AND (SELECT mode FROM games g WHERE g.game = d.game) = 'identity'
           ORDER BY game, seq LIMIT 50""",
    ),
    "renegade-wins": (
        "games the renegade won, at the end",
        """SELECT game, players, turns, end_seq AS seq FROM games WHERE winner = 'renegade' ORDER BY turns, game LIMIT 50""",
    ),
    "full-hand-passes": (
        "play-phase decisions to end the phase holding 5+ cards",
        """SELECT game, seq, seat, hand_size, hand FROM decisions
           WHERE kind = 'play' AND option = 'end' AND hand_size >= 5 ORDER BY hand_size DESC, game, seq LIMIT 50""",
    ),
    "unfinished": (
        "records whose game has no end (quit, or cut)",
        """SELECT game, mode, events, path FROM games WHERE NOT finished ORDER BY game LIMIT 100""",
    ),
    "forks": (
        "forked games with their parent and fork point",
        """SELECT game, parent, fork_at, events, winner FROM games WHERE parent IS NOT NULL ORDER BY parent, fork_at LIMIT 100""",
    ),
}
