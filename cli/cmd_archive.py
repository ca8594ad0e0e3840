"""`sgz archive`: load records into a DuckDB archive, export it as Parquet."""
from __future__ import annotations

import click

from .common import fail

DB_HELP = "The archive (a DuckDB file). Default: $SGZ_DB, else ./sgz.duckdb."


@click.group()
def archive() -> None:
    """Load records into a DuckDB archive (sgz stats and sgz query read it)."""


@archive.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--db", default=None, metavar="FILE", help=DB_HELP)
@click.option("--batch", "batch_size", default=2000, show_default=True, type=click.IntRange(min=1), help="Records per transaction.")
@click.option("--wait", default=0.0, show_default=True, type=float, metavar="SECONDS", help="Wait this long for another process using the archive.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def ingest(paths: tuple[str, ...], db: str | None, batch_size: int, wait: float, quiet: bool) -> None:
    """Load the records in PATHS (files, or folders of *.jsonl) into the archive.

    Records already in (same game id) are skipped, so running it again is
    harmless.  Each batch is one transaction: an interrupted ingest leaves the
    archive as it was after the last whole batch.  Damaged records are listed,
    left out, and make the exit status 1.
    """
    from records.archive import ArchiveError, default_db, ingest as run, open_db

    from pathlib import Path

    for p in paths:
        if not Path(p).exists():
            fail(f"{p}: no such file or folder")
    from .progress import Progress

    db = db or default_db()
    try:
        con = open_db(db, wait=wait)
        with Progress(0, "ingest", unit="records") as bar:

            def progress(r) -> None:  # noqa: ANN001 - an IngestReport after each batch
                bar.total = r.files
                bar.advance(r.added + r.skipped + len(r.rejected) - bar.done)

            try:
                report = run(con, paths, batch_size=batch_size, progress=None if quiet else progress)
            finally:
                con.close()
    except ArchiveError as exc:
        fail(str(exc))
    for r in report.rejected:
        click.echo(f"sgz: rejected: {r.why}", err=True)
    if not quiet or report.rejected:
        rate = f" ({report.events_per_s:,.0f} events/s)" if report.events else ""
        click.echo(
            f"{db}: {report.added} game(s) added, {report.events:,} events in {report.seconds:.2f}s{rate}; "
            f"{report.skipped} already in; {len(report.rejected)} rejected"
        )
    if report.rejected:
        raise SystemExit(1)


@archive.command()
@click.option("--parquet", "out", required=True, type=click.Path(file_okay=False), metavar="DIR", help="Folder for the Parquet files.")
@click.option("--db", default=None, metavar="FILE", help=DB_HELP)
@click.option("--overwrite", is_flag=True, help="Replace what DIR holds.")
@click.option("--wait", default=0.0, show_default=True, type=float, metavar="SECONDS")
def export(out: str, db: str | None, overwrite: bool, wait: float) -> None:
    """Write the archive as Parquet, partitioned by mode (DIR/<table>/mode=<mode>/*.parquet)."""
    from records.archive import ArchiveError, default_db, export_parquet, open_db

    db = db or default_db()
    try:
        con = open_db(db, read_only=True, wait=wait)
        try:
            counts = export_parquet(con, out, overwrite=overwrite)
        finally:
            con.close()
    except ArchiveError as exc:
        fail(str(exc))
    click.echo(f"{out}: " + ", ".join(f"{t} {n:,}" for t, n in counts.items()))
