"""`sgz validate`: check records (integrity, schema, re-execution) without changing them."""
from __future__ import annotations

import click

# Fewer records than this are checked here: starting workers would cost more than it saves.
WORKERS_FROM = 8


@click.command(epilog="Example: sgz validate games/ --complete")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--no-exec", "no_exec", is_flag=True, help="Skip re-running the decisions (integrity and schema only).")
@click.option("--complete", is_flag=True, help="Also fail a record that is not closed: no end and no quit (a game in progress, or cut at a line boundary).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help=f"Records checked at once (worker processes).  [default: all cores, from {WORKERS_FROM} records]")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def validate(files: tuple[str, ...], no_exec: bool, complete: bool, jobs: int | None, quiet: bool) -> None:
    """Check each record FILE (a folder: every *.jsonl in it): its hash chain
    and sequence numbers, each event against the schema (strictly: no unknown
    field, no key twice), the header against the game's start, where reseeds
    and quits may stand, and (unless --no-exec) that re-running the recorded
    decisions through the engine gives exactly the recorded events.
    `sgz archive ingest` checks the same way.

    Prints one line a file, in the order given; a problem names the file, the
    line and the first event that differs.  Exit status 1 if any record has a
    problem.
    """
    from sanguozhi.records.check import verdicts
    from sanguozhi.records.format import record_files
    from sanguozhi.records.workers import default_jobs, in_order, pieces

    from .common import fail
    from .progress import Progress

    paths = [str(p) for p in record_files(files)]
    if not paths:
        fail(f"no records (*.jsonl) in {', '.join(files)}: nothing to validate")
    n_jobs = min(jobs or (default_jobs() if len(paths) >= WORKERS_FROM else 1), len(paths))
    how = "integrity and schema" if no_exec else "integrity, schema, re-execution"
    tasks = [(paths[a : a + n], not no_exec, complete) for a, n in pieces(len(paths), n_jobs, most=16)]
    bad = 0
    with Progress(len(paths), "validate", unit="records") as bar:
        # Pieces come back in the files' order, whatever worker ends first.
        for piece in in_order(verdicts, tasks, jobs=n_jobs):
            for v in piece:
                if v.error is not None:
                    bad += 1
                    bar.echo(f"sgz: invalid: {v.error}", err=True)
                elif not quiet:
                    end = "finished" if v.finished else "quit (unfinished)" if v.quit else "unfinished (no end and no quit: in progress, or cut at a line boundary)"
                    bar.echo(f"{v.path}: ok: {v.events} events, {end}; checked {how}")
            bar.advance(len(piece))
    if bad:
        raise SystemExit(1)
