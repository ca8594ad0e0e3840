"""Shared CLI pieces: option parsing, loading records with one-line errors."""
from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click


# Exit statuses: 2 for a usage error (a wrong flag or value: nothing was done),
# 1 for a failure (bad input data, an I/O error, a record that does not check).
USAGE = 2
FAILURE = 1
INTERRUPTED = 130

LANG_OPTION = click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True, help="Language of names and text: en (English) or zh (中文).")
OPTION_HELP = "A mode option, repeatable (identity: deck, generals, lord_offer, lord_candidates, candidates, chain_carry, lord_kills_loyalist, six_roles, max_turns, general); e.g. -o deck=basic."


def fail(message: str, code: int = FAILURE, lang: str = "en") -> None:
    """Print a one-line error and exit non-zero (nothing a record holds reaches the terminal raw)."""
    from sanguozhi.records.bounds import printable

    line = f"sgz：错误：{printable(message, one_line=True)}" if lang == "zh" else f"sgz: error: {printable(message, one_line=True)}"
    if code == INTERRUPTED:
        from . import said_interrupted

        said_interrupted(line)  # the one line of a Ctrl-C, however many come
    else:
        click.echo(line, err=True)
    sys.exit(code)


def usage(message: str, lang: str = "en") -> None:
    """A usage error: one line, exit status 2."""
    fail(message, USAGE, lang)


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


class Seconds(click.ParamType):
    """A number of seconds: finite, not negative (``positive``: above 0), at most a million."""

    name = "seconds"
    MOST = 1e6

    def __init__(self, positive: bool = False) -> None:
        self.positive = positive

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        import math

        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds < 0 or (self.positive and seconds == 0) or seconds > self.MOST:
            least = "above 0" if self.positive else "0 or more"
            self.fail(f"{value!r}: give a number of seconds {least}, at most {self.MOST:,.0f}", param, ctx)
        return seconds


def checked_mode(mode: str | None, players: int | None = None) -> tuple[str, int]:
    """``--mode`` (identity when not given; "" is no mode) and ``--players`` (the mode's
    default table when not given), held to the mode's table sizes before anything
    is built: a usage error otherwise."""
    from sanguozhi.core.modes import ModeError, ruleset_of

    mode = "identity" if mode is None else mode
    try:
        seats = ruleset_of(mode).players
    except ModeError as exc:
        usage(str(exc))
    if players is None:
        return mode, mode_players(mode)
    if players not in seats:
        sizes = " or ".join(map(str, seats)) if len(seats) <= 2 or seats.step != 1 else f"{seats.start}-{seats.stop - 1}"
        usage(f"--players {players}: mode {mode!r} takes {sizes} players")
    return mode, players


def checked_seed(seed: int, games: int = 1, flag: str = "--seed") -> int:
    """``--seed`` (and the seeds of the games after it) within what a record holds, or a usage error."""
    from sanguozhi.records.bounds import SEED_MAX, SEED_MIN

    if not SEED_MIN <= seed <= seed + games - 1 <= SEED_MAX:
        usage(f"{flag} {seed}: a seed is a 64-bit integer ({SEED_MIN} to {SEED_MAX}){f', for all {games} games' if games > 1 else ''}")
    return seed


def mode_players(mode: str) -> int:
    """Seats when --players is not given: 5, or the mode's smallest table if 5 cannot play it
    (``core.modes.ModeError`` for a mode that cannot be played)."""
    from sanguozhi.core.modes import ruleset_of

    seats = ruleset_of(mode).players
    return 5 if 5 in seats or not seats else seats.start


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


def load(path: str, *, empty_ok: bool = False, ending: bool = False):  # -> records.Record
    """A record for a reader: read and held to its header, its mode's start and where
    its reseeds, quits and end stand (``records.check.read_checked``; ``ending``: its
    end held to its events, for a reader that shows the whole game), or a one-line
    error; a record with no event yet is one too, unless ``empty_ok``."""
    from sanguozhi.records import RecordError
    from sanguozhi.records.check import read_checked

    try:
        record = read_checked(path, ending=ending)
    except RecordError as exc:
        fail(str(exc))
    if not record.events and not empty_ok:
        fail(f"{path}: an empty game: the record has its header and no event yet, so there is nothing to show")
    return record


@contextmanager
def reading(*paths: str) -> Iterator[None]:
    """Around a reader's work on the records at ``paths``: a failure of the rules
    on their events (a fold that cannot apply an event, an engine error) is a
    finding about a record that cannot be trusted, said in one line as
    ``sgz validate`` says it; only on a record that validates is it a bug."""
    try:
        yield
    except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
        raise
    except Exception:
        from sanguozhi.records.check import check

        for path in paths:
            c = check(path)
            if c.error is not None:
                fail(f"{c.error} (the record cannot be trusted: sgz validate {path})")
        raise


def _is_record(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(15) == b'{"sgz":"record"'
    except OSError:
        return False


def output_file(out: str, force: bool, inputs: Sequence[str] = ()) -> Path:
    """``--out FILE`` of a command that writes a page, a chart ...: never one of its
    ``inputs``, never over a record (whatever ``--force`` says), and over another
    file only with ``force``."""
    path = Path(out)
    target = path.resolve()
    if any(target == Path(p).resolve() for p in inputs):
        fail(f"--out {out} is one of the records read: sgz never writes over a record")
    if path.exists():
        if not path.is_file():
            fail(f"--out {out} is not a regular file")
        if _is_record(path):
            fail(f"--out {out} is a record: sgz never writes over a record (choose another file)")
        if not force:
            fail(f"{out} exists (give --force to replace it)")
    blocker = _file_in_the_way(path)
    if blocker is not None:
        fail(f"cannot write {out}: {blocker} is a file, not a folder")
    return path


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
