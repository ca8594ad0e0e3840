"""`sgz query`: read-only SQL on the archive, each found moment with the command that opens it."""
from __future__ import annotations

import click

from .common import fail

# Statement types a read-only query may run.
READ_TYPES = {"SELECT", "EXPLAIN", "PRAGMA", "RELATION"}


@click.command()
@click.argument("sql", required=False)
@click.option("--db", default=None, metavar="FILE", help="The archive. Default: $SGZ_DB, else ./sgz.duckdb.")
@click.option("--named", default=None, metavar="NAME", help="Run a named query; `--named list` lists them.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--wait", default=0.0, show_default=True, type=float, metavar="SECONDS", help="Wait this long for an ingest that holds the archive.")
@click.option("--shards", default=None, metavar="DIR", type=click.Path(file_okay=False), help="Query the Parquet shards in DIR (sgz archive shard) instead of an archive.")
def query(sql: str | None, db: str | None, named: str | None, fmt: str, wait: float, shards: str | None) -> None:
    """Run read-only SQL on the archive (tables: games, seats, events, damage,
    deaths, decisions, generals, cards).

    When the result has a game and a seq column, each row is followed by the
    command that opens that moment: sgz replay FILE --at SEQ.
    """
    from records.queries import NAMED

    if named == "list":
        width = max(map(len, NAMED))
        for name, (about, _) in NAMED.items():
            click.echo(f"{name:<{width}}  {about}")
        return
    if named is not None:
        if sql:
            fail("give SQL or --named, not both")
        if named not in NAMED:
            fail(f"no named query {named!r} (see: sgz query --named list)")
        sql = NAMED[named][1]
    if not sql:
        fail("give the SQL to run, or --named NAME")
    cols, rows, paths = run(db, sql, wait, shards)
    click.echo(render(cols, rows, paths, fmt))


def run(db: str | None, sql: str, wait: float = 0.0, shards: str | None = None) -> tuple[list[str], list[tuple], dict[str, str]]:
    import duckdb

    from records.db import game_paths

    from .common import open_archive_read_only

    con = open_archive_read_only(db, wait, shards)
    try:
        if shards is None:  # (the shard views come locked to their folder)
            # Read-only database, and nothing outside it: no COPY TO, no ATTACH, no files.
            con.execute("SET enable_external_access = false")
            con.execute("SET lock_configuration = true")
        try:
            statements = con.extract_statements(sql)
        except duckdb.Error as exc:
            fail(f"query: {_first_line(exc)}")
        for st in statements:
            kind = st.type.name
            if kind not in READ_TYPES:
                fail(f"query: {kind} is not allowed: sgz query is read-only (the archive changes only through sgz archive ingest)")
        try:
            cur = None
            for st in statements:
                cur = con.execute(st)
            assert cur is not None
            cols = [d[0] for d in cur.description] if cur.description else []
            rows = cur.fetchall() if cols else []
        except duckdb.Error as exc:
            text = _first_line(exc)
            if "read-only" in text or "read only" in text:
                fail(f"query: refused, the archive is read-only here ({text})")
            fail(f"query: {text}")
        lower = [c.lower() for c in cols]
        paths: dict[str, str] = {}
        if "game" in lower and "seq" in lower:
            gi = lower.index("game")
            paths = game_paths(con, sorted({str(r[gi]) for r in rows if r[gi] is not None}))
        return cols, rows, paths
    finally:
        con.close()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def open_command(path: str, seq) -> str:  # seq: int
    import shlex

    return f"sgz replay {shlex.quote(path)} --at {seq}"


def render(cols: list[str], rows: list[tuple], paths: dict[str, str], fmt: str) -> str:
    from records import output

    notes: list[str | None] = []
    if paths:
        lower = [c.lower() for c in cols]
        gi, si = lower.index("game"), lower.index("seq")
        for r in rows:
            p = paths.get(str(r[gi]))
            notes.append(open_command(p, r[si]) if p and r[si] is not None else None)
    if fmt == "table":
        return output.table(cols, rows, notes or None) + f"\n({len(rows)} row{'s' if len(rows) != 1 else ''})"
    if notes:
        cols = [*cols, "open"]
        rows = [(*r, n) for r, n in zip(rows, notes)]
    if fmt == "csv":
        return output.to_csv(cols, rows)
    return output.to_json(output.records(cols, rows))
