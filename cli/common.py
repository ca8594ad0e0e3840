"""Shared CLI pieces: option parsing, loading records with one-line errors."""
from __future__ import annotations

import sys
from typing import Any

import click


def fail(message: str, code: int = 1) -> None:
    """Print a one-line error and exit non-zero."""
    click.echo(f"sgz: error: {message}", err=True)
    sys.exit(code)


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--option key=value`` pairs; ints and booleans are converted."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{pair!r} is not key=value", param_hint="--option")
        if value.lstrip("-").isdigit():
            out[key] = int(value)
        elif value in ("true", "false"):
            out[key] = value == "true"
        else:
            out[key] = value
    return out


def default_players(mode: str) -> int:
    """Seats when --players is not given: 5, or the mode's smallest table if 5 cannot play it."""
    from core.modes import ModeError, ruleset_of

    try:
        seats = ruleset_of(mode).players
    except ModeError as exc:
        fail(str(exc))
    return 5 if 5 in seats or not seats else seats.start


def parse_bots(spec: str, players: int, person: int | None = None) -> dict[int, str]:
    """``basic`` for every seat, or a comma list by seat (``basic,random,...``)."""
    from core.bots import BOTS

    names = spec.split(",")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise click.BadParameter(f"give one bot or {players} (got {len(names)})", param_hint="--bots")
    for name in names:
        if name not in BOTS:
            raise click.BadParameter(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})", param_hint="--bots")
    return {s: n for s, n in enumerate(names) if s != person}


def load(path: str):  # -> records.Record
    from records import RecordError, read_record

    try:
        return read_record(path)
    except RecordError as exc:
        fail(str(exc))


def open_archive_read_only(db: str | None, wait: float = 0.0, shards: str | None = None, **kw: Any):  # -> duckdb connection
    """The archive for reading, locked down (``records.db.open_reader``;
    ``$SGZ_DB`` or ./sgz.duckdb by default), or the views over a folder of
    Parquet shards (locked to that folder), or a one-line error."""
    if shards is not None:
        if db is not None:
            fail("give --db or --shards, not both")
        from records.shards import ShardError, open_shards

        try:
            return open_shards(shards)
        except ShardError as exc:
            fail(str(exc))
    from records.db import ArchiveError, default_db, open_reader

    try:
        return open_reader(db or default_db(), wait=wait, **kw)
    except ArchiveError as exc:
        fail(str(exc))
