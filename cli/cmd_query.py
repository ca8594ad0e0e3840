"""`sgz query`: read-only SQL on the archive, each found moment with the command that opens it."""
from __future__ import annotations

import click

from sanguozhi.records.queries import MAX_ROWS, TIMEOUT

from .common import Seconds, fail, format_option, output_format, usage

@click.command(epilog='Example: sgz query "SELECT game, seq, src, dst, n FROM damage WHERE n >= 3" --format csv')
@click.argument("sql", required=False)
@click.option("--db", default=None, metavar="FILE", help="The archive (a DuckDB file made by sgz archive ingest).  [default: $SGZ_DB, else ./sgz.duckdb]")
@click.option("--named", default=None, metavar="NAME", help="Run a named query; `--named list` lists them.")
@format_option("table", "csv", "json", default="table", what="the rows")
@click.option("--wait", default=0.0, show_default=True, type=Seconds(), metavar="SECONDS", help="Wait this long for an ingest that holds the archive.")
@click.option("--timeout", default=TIMEOUT, show_default=True, type=Seconds(positive=True), metavar="SECONDS", help="Stop a query that runs longer.")
@click.option("--max-rows", "max_rows", default=MAX_ROWS, show_default=True, type=click.IntRange(min=0), metavar="N", help="Show at most N rows (0: all).")
@click.option("--shards", default=None, metavar="DIR", type=click.Path(file_okay=False), help="Query the Parquet shards in DIR (sgz archive shard) instead of an archive.")
def query(sql: str | None, db: str | None, named: str | None, fmt: str, as_json: bool, wait: float, timeout: float, max_rows: int, shards: str | None) -> None:
    """Run read-only SQL on the archive (tables: games, seats, events, damage,
    deaths, decisions, generals, cards).

    When the result has a game and a seq column, each row is followed by the
    command that opens that moment: sgz replay FILE --at SEQ.  The archive is
    opened read-only with nothing outside it reachable, under a memory limit,
    a time limit (--timeout) and a row cap (--max-rows).
    """
    from sanguozhi.records.queries import NAMED

    fmt = output_format(fmt, as_json)
    if named == "list":
        width = max(map(len, NAMED))
        for name, (about, _) in NAMED.items():
            click.echo(f"{name:<{width}}  {about}")
        return
    if named is not None:
        if sql:
            usage("give SQL or --named, not both")
        if named not in NAMED:
            usage(f"no named query {named!r} (named queries: {', '.join(NAMED)})")
        sql = NAMED[named][1]
    if not sql:
        usage("give the SQL to run, or --named NAME")
    cols, rows, paths, more = run(db, sql, wait, timeout=timeout, max_rows=max_rows, shards=shards)
    click.echo(render(cols, rows, paths, fmt))
    if more:
        click.echo(f"sgz: note: only the first {max_rows:,} rows are shown (--max-rows N for more, 0 for all)", err=True)


def run(db: str | None, sql: str, wait: float = 0.0, *, timeout: float = TIMEOUT, max_rows: int = MAX_ROWS, shards: str | None = None) -> tuple[list[str], list[tuple], dict[str, str], bool]:
    """(columns, rows, record paths by game, whether rows were left out past ``max_rows``)."""
    from sanguozhi.records.db import game_paths
    from sanguozhi.records.queries import QueryError, run_read_only

    from .common import open_archive_read_only

    # A query that may read decisions stores those still pending first (when it can write: else the view computes them).
    build = "decisions" in sql.lower()
    con = open_archive_read_only(db, wait, shards, build_decisions=build)  # read-only, nothing outside the archive (or the shards' folder)
    try:
        try:
            cols, rows, more = run_read_only(con, sql, timeout=timeout, max_rows=max_rows)
        except QueryError as exc:
            fail(str(exc))
        lower = [c.lower() for c in cols]
        paths: dict[str, str] = {}
        if "game" in lower and "seq" in lower:
            gi = lower.index("game")
            paths = game_paths(con, sorted({str(r[gi]) for r in rows if r[gi] is not None}))
        return cols, rows, paths, more
    finally:
        con.close()


def open_command(path: str, seq) -> str:  # seq: int
    import shlex

    return f"sgz replay {shlex.quote(path)} --at {seq}"


def render(cols: list[str], rows: list[tuple], paths: dict[str, str], fmt: str) -> str:
    from sanguozhi.records import output

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
