"""`sgz validate`: check records (integrity, schema, re-execution) without changing them."""
from __future__ import annotations

import click


@click.command(epilog="Example: sgz validate games/*.jsonl --complete")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--no-exec", "no_exec", is_flag=True, help="Skip re-running the decisions (integrity and schema only).")
@click.option("--complete", is_flag=True, help="Also fail a record that is not closed: no end and no quit (a game in progress, or cut at a line boundary).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def validate(files: tuple[str, ...], no_exec: bool, complete: bool, quiet: bool) -> None:
    """Check each record FILE: its hash chain and sequence numbers, each event
    against the schema (strictly: no unknown field, no key twice), the header
    against the game's start, where reseeds and quits may stand, and (unless
    --no-exec) that re-running the recorded decisions through the engine gives
    exactly the recorded events.  `sgz archive ingest` checks the same way.

    Prints one line a file; a problem names the file, the line and the first
    event that differs.  Exit status 1 if any record has a problem.
    """
    from sanguozhi.records.check import check

    from .progress import Progress

    bad = 0
    with Progress(len(files), "validate", unit="records") as bar:
        for f in files:
            c = check(f, execute=not no_exec, complete=complete)
            if c.error is not None:
                bad += 1
                bar.echo(f"sgz: invalid: {c.error}", err=True)
            elif not quiet:
                end = "finished" if c.finished else "quit (unfinished)" if c.quit else "unfinished (no end and no quit: in progress, or cut at a line boundary)"
                how = "integrity and schema" if no_exec else "integrity, schema, re-execution"
                bar.echo(f"{f}: ok: {len(c.events)} events, {end}; checked {how}")
            bar.advance()
    if bad:
        raise SystemExit(1)
