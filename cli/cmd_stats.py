"""`sgz stats`: games, win rates (95% CI), length, damage by card, deaths by cause."""
from __future__ import annotations

import click

from .common import fail


@click.command()
@click.option("--db", default=None, metavar="FILE", help="The archive. Default: $SGZ_DB, else ./sgz.duckdb.")
@click.option("--mode", default=None, help="Only games of this mode.")
@click.option("--by", "by", type=click.Choice(["role", "general", "seat", "players"]), default="role", show_default=True, help="Group win rates by this.")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--wait", default=0.0, show_default=True, type=float, metavar="SECONDS", help="Wait this long for an ingest that holds the archive.")
@click.option("--shards", default=None, metavar="DIR", type=click.Path(file_okay=False), help="Read the Parquet shards in DIR (sgz archive shard) instead of an archive.")
def stats(db: str | None, mode: str | None, by: str, fmt: str, wait: float, shards: str | None) -> None:
    """Statistics of the archived games, computed in DuckDB.

    Win rates count the seats of finished games (a draw is no win), with a
    95% Wilson confidence interval.
    """
    click.echo(render(compute(db, mode, by, wait, shards), fmt))


def compute(db: str | None, mode: str | None, by: str, wait: float = 0.0, shards: str | None = None) -> dict:
    from records.stats import run

    from .common import open_archive_read_only

    con = open_archive_read_only(db, wait, shards)
    try:
        return run(con, by, mode)
    except Exception as exc:  # duckdb.Error, without importing duckdb here
        fail(f"stats: {str(exc).splitlines()[0]}")
    finally:
        con.close()


def render(sections: dict, fmt: str) -> str:
    from records import output

    if fmt == "json":
        return output.to_json({name: output.records(cols, rows) for name, (cols, rows) in sections.items()})
    parts = []
    for name, (cols, rows) in sections.items():
        if fmt == "csv":
            parts.append(f"# {name}\n" + output.to_csv(cols, rows))
        else:
            parts.append(f"{name.replace('_', ' ')}:\n" + output.table(cols, rows))
    return "\n\n".join(parts)
