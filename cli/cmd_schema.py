"""`sgz schema`: write the JSON Schema of the record header and the events."""
from __future__ import annotations

import click


@click.command(epilog="Example: sgz schema --out schemas")
@click.option("--out", "out", required=True, type=click.Path(), metavar="DIR", help="The folder the schema files go to (made if missing; files there are replaced).")
def schema(out: str) -> None:
    """Write JSON Schema (from msgspec) for the record header and the event union to OUT.

    The repository's schemas/ folder is this command's output.
    """
    from sanguozhi.records.schema import write_schemas

    from .common import out_folder

    out_folder(out)
    for path in write_schemas(out):
        click.echo(str(path))
