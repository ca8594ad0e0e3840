"""`sgz archive`: load records into a DuckDB archive, export it as Parquet."""
from __future__ import annotations

import click

from pathlib import Path

from .common import Seconds, fail, out_folder

DB_HELP = "The archive (a DuckDB file).  [default: $SGZ_DB, else ./sgz.duckdb]"
WAIT_HELP = "Wait this long for another process using the archive."


@click.group(epilog="Example: sgz archive ingest games && sgz stats")
def archive() -> None:
    """Load records into a DuckDB archive (sgz stats and sgz query read it)."""


@archive.command(epilog="Example: sgz archive ingest games --db games.duckdb")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--db", default=None, metavar="FILE", help=DB_HELP)
@click.option("--batch", "batch_size", default=2000, show_default=True, type=click.IntRange(min=1), help="Records per transaction.")
@click.option("--wait", default=0.0, show_default=True, type=Seconds(), metavar="SECONDS", help=WAIT_HELP)
@click.option("--partial", is_flag=True, help="Also load records that are not closed (no end and no quit: a game in progress, or cut at a line boundary).")
@click.option("--verify", is_flag=True, help="Also re-run every record's decisions through the engine (as sgz validate does; slower).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Records checked at once (worker processes; with --verify, re-run too), while DuckDB loads.  [default: all cores]")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def ingest(paths: tuple[str, ...], db: str | None, batch_size: int, wait: float, partial: bool, verify: bool, jobs: int | None, quiet: bool) -> None:
    """Load the records in PATHS (files, or folders of *.jsonl) into the archive.

    Each record is checked as `sgz validate` checks it (`--verify`: with
    re-execution; without it, `--no-exec`); records that fail are listed,
    left out, and make the exit status 1.  A record of a game already in is
    skipped, unless it is a longer record of the same game, which replaces
    it, so running it again is harmless.  Records of games not yet closed
    stay out unless --partial.  Each batch is one transaction: an
    interrupted ingest leaves the archive as it was after the last whole
    batch.
    """
    from sanguozhi.records.archive import ArchiveError, IngestInterrupted, default_db, ingest as run, open_db, record_files
    from sanguozhi.records.workers import default_jobs

    for p in paths:
        if not Path(p).exists():
            fail(f"{p}: no such file or folder")
    if not record_files(paths):
        fail(f"no records (*.jsonl) in {', '.join(paths)}: nothing to ingest (no archive was made)")
    from .progress import Progress

    db = db or default_db()
    try:
        con = open_db(db, wait=wait)
        with Progress(0, "ingest", unit="records") as bar:

            def progress(r) -> None:  # noqa: ANN001 - an IngestReport after each batch
                bar.total = r.files
                bar.advance(r.added + r.skipped + len(r.rejected) - bar.done)

            try:
                report = run(con, paths, batch_size=batch_size, partial=partial, verify=verify, progress=None if quiet else progress, jobs=jobs or default_jobs())
            finally:
                con.close()
    except ArchiveError as exc:
        fail(str(exc))
    except IngestInterrupted as exc:
        r = exc.report
        fail(f"interrupted: {r.added} game(s) went in before it, in {r.batches} whole batch(es); the batch in flight was rolled back", 130)
    for r in report.rejected:
        click.echo(f"sgz: rejected: {r.why}", err=True)
    if not quiet or report.rejected:
        rate = f" ({report.events_per_s:,.0f} events/s)" if report.events else ""
        replaced = f" ({report.replaced} replacing a shorter record)" if report.replaced else ""
        left = f"; {report.unfinished} unfinished left out (--partial to load them)" if report.unfinished else ""
        how = "checked and re-run" if verify else "checked (--verify to re-run decisions too)"
        click.echo(
            f"{db}: {report.added} game(s) added{replaced}, {report.events:,} events in {report.seconds:.2f}s{rate}, {how}; "
            f"{report.skipped} already in; {len(report.rejected)} rejected{left}"
        )
    if report.rejected:
        raise SystemExit(1)


@archive.command(epilog="Example: sgz archive export --parquet out/")
@click.option("--parquet", "out", required=True, type=click.Path(), metavar="DIR", help="The folder the Parquet files go to (made if missing).")
@click.option("--db", default=None, metavar="FILE", help=DB_HELP)
@click.option("--overwrite", is_flag=True, help="Replace what DIR holds.")
@click.option("--wait", default=0.0, show_default=True, type=Seconds(), metavar="SECONDS", help=WAIT_HELP)
def export(out: str, db: str | None, overwrite: bool, wait: float) -> None:
    """Write the archive as Parquet, partitioned by mode (DIR/<table>/mode=<mode>/*.parquet)."""
    from sanguozhi.records.archive import ArchiveError, default_db, export_parquet
    from sanguozhi.records.db import open_reader

    out_folder(out)
    db = db or default_db()
    try:
        con = open_reader(db, wait=wait, write_to=[out], build_decisions=True)
        try:
            counts = export_parquet(con, out, overwrite=overwrite)
        finally:
            con.close()
    except ArchiveError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{out}: {exc.strerror}")
    except Exception as exc:  # duckdb.Error (a view reaching outside the archive, say), without importing duckdb here
        fail(f"export: {(str(exc).strip().splitlines() or [type(exc).__name__])[0]}")
    click.echo(f"{out}: " + ", ".join(f"{t} {n:,}" for t, n in counts.items()))


@archive.command(epilog="Example: sgz archive shard games --out shards && sgz stats --shards shards")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--out", required=True, type=click.Path(file_okay=False), metavar="DIR", help="Folder of the shards (a shared folder for Ray).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Shards written at once (worker processes; with --executor ray, the CPUs of a Ray started here).  [default: all cores]")
@click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True, help="Processes here, or Ray tasks (pip install 'sanguozhi[ray]'; the cluster of $RAY_ADDRESS, else a Ray started here).")
@click.option("--per-shard", default=500, show_default=True, type=click.IntRange(min=1), help="Records a shard at most: a worker holds one shard in memory (about 1 GB a 1000 records).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def shard(paths: tuple[str, ...], out: str, jobs: int | None, executor: str, per_shard: int, quiet: bool) -> None:
    """Write the records in PATHS as Parquet shards in DIR, in parallel:
    DIR/<table>/mode=<mode>/date=<day>/part-<id>.parquet (docs/records.md).

    Records whose game is already in a shard are skipped; damaged records are
    listed, left out, and make the exit status 1.  sgz stats --shards DIR and
    sgz query --shards DIR read them; so do Spark and DuckDB (Hive partitions).
    """
    from pathlib import Path

    from sanguozhi.records.shards import ShardError, shard as run
    from sanguozhi.records.workers import WorkersError, default_jobs

    from .progress import Progress

    for p in paths:
        if not Path(p).exists():
            fail(f"{p}: no such file or folder")
    with Progress(0, "shard", unit="records") as bar:

        def done(n: int) -> None:
            bar.advance(n)

        try:
            report = run(list(paths), out, jobs=jobs or default_jobs(), executor=executor, per_shard=per_shard, done=None if quiet else done, planned=lambda n: setattr(bar, "total", n))
        except (ShardError, WorkersError) as exc:
            fail(str(exc))
    for path, why in report.rejected:
        click.echo(f"sgz: rejected: {why}", err=True)
    if not quiet or report.rejected:
        rate = f" ({report.events / report.seconds:,.0f} events/s)" if report.events and report.seconds else ""
        click.echo(
            f"{out}: {report.added} game(s) in {report.shards} new shard(s), {report.events:,} events in {report.seconds:.2f}s{rate}; "
            f"{report.skipped} already in; {len(report.rejected)} rejected"
        )
    if report.rejected:
        raise SystemExit(1)
