"""`sgz validate`: check records (integrity, schema, re-execution) without changing them."""
from __future__ import annotations

import click


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--no-exec", "no_exec", is_flag=True, help="Skip re-running the decisions (integrity and schema only).")
@click.option("--complete", is_flag=True, help="Also fail a record whose game has no end (quit, or cut at a line boundary).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def validate(files: tuple[str, ...], no_exec: bool, complete: bool, quiet: bool) -> None:
    """Check each record FILE: its hash chain and sequence numbers, each event
    against the schema, and (unless --no-exec) that re-running the recorded
    decisions through the engine gives exactly the recorded events.

    Prints one line a file; a problem names the file, the line and the first
    event that differs.  Exit status 1 if any record has a problem.
    """
    from records.check import check

    from .progress import Progress

    bad = 0
    with Progress(len(files), "validate", unit="records") as bar:
        for f in files:
            c = check(f, execute=not no_exec)
            if c.error is None and complete and not c.finished:
                c.error = f"{f}:{len(c.events) + 1}: the game has no end (quit, or the file was cut after this line)"
            if c.error is not None:
                bad += 1
                bar.echo(f"sgz: invalid: {c.error}", err=True)
            elif not quiet:
                end = "finished" if c.finished else "unfinished (no end event)"
                how = "integrity and schema" if no_exec else "integrity, schema, re-execution"
                bar.echo(f"{f}: ok: {len(c.events)} events, {end}; checked {how}")
            bar.advance()
    if bad:
        raise SystemExit(1)
