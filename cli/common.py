"""Shared CLI pieces: option parsing, loading records with one-line errors."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click


# Exit statuses: 2 for a usage error (a wrong flag or value: nothing was done),
# 1 for a failure (bad input data, an I/O error, a record that does not check).
USAGE = 2
FAILURE = 1

LANG_OPTION = click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True, help="Language of names and text: en (English) or zh (中文).")
OPTION_HELP = "A mode option, repeatable (identity: deck, generals, lord_offer, lord_candidates, candidates, chain_carry, lord_kills_loyalist, six_roles, max_turns, general); e.g. -o deck=basic."


def fail(message: str, code: int = FAILURE) -> None:
    """Print a one-line error and exit non-zero."""
    click.echo(f"sgz: error: {message}", err=True)
    sys.exit(code)


def usage(message: str) -> None:
    """A usage error: one line, exit status 2."""
    fail(message, USAGE)


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


def person_name(raw: str | None) -> str:
    """A person's display name from ``--name`` (the login name without one); a usage error if it cannot be used."""
    from sanguozhi.records.people import BadName, check_name, default_name

    if raw is None:
        return default_name()
    try:
        return check_name(raw)
    except BadName as exc:
        usage(f"--name {raw!r}: {exc}")
        raise  # usage() does not return


def mode_players(mode: str) -> int:
    """Seats when --players is not given: 5, or the mode's smallest table if 5 cannot play it
    (``core.modes.ModeError`` for a mode that cannot be played)."""
    from sanguozhi.core.modes import ruleset_of

    seats = ruleset_of(mode).players
    return 5 if 5 in seats or not seats else seats.start


def default_players(mode: str) -> int:
    """``mode_players``, or a one-line error."""
    from sanguozhi.core.modes import ModeError

    try:
        return mode_players(mode)
    except ModeError as exc:
        fail(str(exc))


def parse_bots(spec: str, players: int, person: int | None = None) -> dict[int, str]:
    """``basic`` for every seat, or a comma list by seat (``basic,random,...``).

    With a person at the table the list names the other seats in order, or
    every seat with ``-`` at the person's."""
    from sanguozhi.core.bots import BotError, load

    names = spec.split(",")
    others = [s for s in range(players) if s != person]
    if len(names) == 1:
        names = names * len(others)
    if person is not None and len(names) == players:
        if names[person] != "-":
            raise click.BadParameter(f"seat {person} is yours: put - there, or list only the {len(others)} other seats", param_hint="--bots")
        names = [b for s, b in enumerate(names) if s != person]
    if len(names) != len(others):
        want = f"one bot, or {len(others)} (one for each other seat)" if person is not None else f"one bot, or {players} (one for each seat)"
        raise click.BadParameter(f"give {want}, not {len(names)}", param_hint="--bots")
    for name in names:
        try:
            load(name)  # a name, an entry point of sanguozhi.bots, or module:callable
        except BotError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    return dict(zip(others, names))


def recorded_bots(seats: dict[int, str]) -> dict[int, str]:
    """The bots a record's header names, each one that can play here (else a usage error)."""
    from sanguozhi.core.bots import BotError, load

    for name in set(seats.values()):
        try:
            load(name)
        except BotError as exc:
            usage(f"the record's bots: {exc}; name others with --bots")
    return seats


def load(path: str):  # -> records.Record
    from sanguozhi.records import RecordError, read_record

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
        from sanguozhi.records.shards import ShardError, open_shards

        try:
            return open_shards(shards)
        except ShardError as exc:
            fail(str(exc))
    from sanguozhi.records.db import ArchiveError, default_db, open_reader

    try:
        return open_reader(db or default_db(), wait=wait, **kw)
    except ArchiveError as exc:
        fail(str(exc))


def _file_in_the_way(path: Path) -> Path | None:
    """The first existing part of ``path``'s folders that is a file, not a folder."""
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


def new_file(out: str) -> Path:
    """``--out FILE``: a new file whose folder can be made (records are never overwritten)."""
    path = Path(out)
    if path.exists():
        fail(f"{out} exists; choose a new file (records are never overwritten)")
    blocker = _file_in_the_way(path)
    if blocker is not None:
        fail(f"cannot write {out}: {blocker} is a file, not a folder")
    return path


def out_folder(out: str) -> Path:
    """``--out DIR``: a folder that exists or can be made."""
    path = Path(out)
    if path.exists() and not path.is_dir():
        fail(f"--out {out} is a file; --out names a folder here")
    blocker = _file_in_the_way(path)
    if blocker is not None:
        fail(f"cannot make the folder {out}: {blocker} is a file, not a folder")
    return path


def format_option(*choices: str, default: str, what: str = "the output"):
    """``--format CHOICE`` and its short form ``--json``, the same on every command."""

    def deco(f):
        f = click.option("--json", "as_json", is_flag=True, help="Short for --format json.")(f)
        return click.option("--format", "fmt", type=click.Choice(choices), default=default, show_default=True, help=f"How to print {what}.")(f)

    return deco


def output_format(fmt: str, as_json: bool) -> str:
    return "json" if as_json else fmt


def print_json(data: Any) -> None:
    import msgspec

    click.echo(msgspec.json.format(msgspec.json.encode(data), indent=2).decode())
