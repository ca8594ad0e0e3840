"""`sgz schema`: write the JSON Schema of the record header and the events."""
from __future__ import annotations

import click


@click.command()
@click.option("--out", "out", required=True, type=click.Path(file_okay=False), help="Folder to write the schema files to.")
def schema(out: str) -> None:
    """Write JSON Schema (from msgspec) for the record header and the event union to OUT.

    The repository's schemas/ folder is this command's output.
    """
    from records.schema import write_schemas

    for path in write_schemas(out):
        click.echo(str(path))
