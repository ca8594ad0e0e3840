"""`sgz salvage`: copy the longest sound prefix of a damaged record to a new file."""
from __future__ import annotations

import click

from .common import fail, new_file


@click.command(epilog="Example: sgz salvage broken.jsonl --out fixed.jsonl && sgz validate fixed.jsonl")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), metavar="FILE", help="The new record file (must not exist).")
def salvage(file: str, out: str) -> None:
    """Write the longest valid prefix of FILE to OUT (FILE is never changed).

    Valid means: intact chain, events that match the schema, and decisions
    that re-run to the recorded events.  OUT is a current-format record that
    itself passes `sgz validate`.
    """
    from pathlib import Path

    from sanguozhi.records.check import salvage as run

    try:
        if Path(out).resolve() == Path(file).resolve():
            fail("--out must be a new file, not the record itself (salvage never changes its input)")
        new_file(out)
        c, kept = run(file, out)
    except FileExistsError as exc:
        fail(str(exc))
    except (OSError, ValueError) as exc:
        fail(str(exc))
    if c.error is None:
        click.echo(f"{file} is sound: copied all {kept} events to {out}")
    else:
        click.echo(f"kept events 0-{kept - 1} ({kept} of {len(c.events)} read) in {out}; dropped from: {c.error}")
