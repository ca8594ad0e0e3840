"""What a record's header may hold, and what of a record may reach a terminal.

A record is data someone else may have written.  Its header is bounded in
size and characters, by the writer and by every reader (``records.format``):
a game id or a parent is 1-64 letters, digits and ``_ . : -`` (no control
character, newline or bidirectional mark to move a terminal's text; no
megabyte to run DuckDB out of memory), a seed is a 64-bit integer (the random
streams use its 64 bits; the archive stores any of them), names are as
``records.people`` keeps them, and so on.  ``printable`` escapes what must
never be written raw to a terminal, for text that comes from a record or an
archive anyway (event fields, cells of a query).
"""
from __future__ import annotations

import re
from typing import Any

MAX_ID = 64
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1  # int64 and uint64 together: what the random streams tell apart
MAX_PLAYERS = 255
MAX_EVENTS = (1 << 31) - 1  # the archive's INTEGER sequence numbers
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,%d}\Z" % (MAX_ID - 1))
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./:-]{0,%d}\Z" % (MAX_ID - 1))  # modes, rules, option names and values
_COMMIT = re.compile(r"[0-9a-f]{64}\Z")


def id_problem(value: str, what: str = "a game id") -> str | None:
    """Why ``value`` cannot be a game id (or parent), or None."""
    if _ID.match(value):
        return None
    return f"{what} is 1-{MAX_ID} letters, digits and _ . : - (starting with a letter or digit), not {_shown(value)}"


def seed_problem(seed: int) -> str | None:
    if SEED_MIN <= seed <= SEED_MAX:
        return None
    return f"a seed is a 64-bit integer ({SEED_MIN} to {SEED_MAX}), not {_shown(str(seed))}"


def header_problem(h: Any) -> str | None:  # h: records.format.Header
    """Why the header ``h`` holds something no record may hold, or None (checked at writing and at reading)."""
    from sanguozhi.core.botname import well_formed

    from .people import BadName, check_name

    why = id_problem(h.game) or (id_problem(h.parent, "a parent") if h.parent is not None else None) or seed_problem(h.seed)
    if why:
        return f"the header's {why}"
    for what, value in (("mode", h.mode), ("rules", h.rules)):
        if not _WORD.match(value):
            return f"the header's {what} is not a name sgz gives one: {_shown(value)}"
    if not 1 <= h.players <= MAX_PLAYERS:
        return f"the header's players must be 1-{MAX_PLAYERS}, not {h.players}"
    if h.fork_at is not None and not 1 <= h.fork_at <= MAX_EVENTS:
        return f"the header's fork_at must be 1-{MAX_EVENTS}, not {h.fork_at}"
    if h.commit and not _COMMIT.match(h.commit):
        return f"the header's commit is not a commitment (64 hexadecimal digits): {_shown(h.commit)}"
    for seats, what in ((h.bots, "bot"), (h.people, "person")):
        for seat, value in seats.items():
            if not (seat.isascii() and seat.isdigit() and len(seat) <= 3):
                return f"the header names a {what} for {_shown(seat)}, which is not a seat number"
            if what == "bot" and not well_formed(value):  # the names sgz sim takes, an agent's @tag too
                return f"the header's bot for seat {seat} is not a bot's name: {_shown(value)}"
    for seat, name in h.people.items():
        try:
            if check_name(name) != name:
                raise BadName("it is not written as a name is kept (spaces trimmed and folded)")
        except BadName as exc:
            return f"the header's name for seat {seat} cannot be used: {exc}"
    for key, value in h.options.items():
        if not _WORD.match(key):
            return f"the header holds an option named {_shown(key)}, which no mode has"
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not SEED_MIN <= value <= SEED_MAX:
                return f"the header's option {key} is out of range: {_shown(str(value))}"
        elif not (isinstance(value, str) and _WORD.match(value)):
            return f"the header's option {key} is not a value an option takes: {_shown(str(value))}"
    return None


# What is escaped on the way to a terminal: control characters (but newline
# and tab), line and paragraph separators, and the bidirectional marks and
# overrides that reorder the text around them.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_UNSAFE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class Printable:
    """A text stream that writes what ``printable`` escapes as ``\\uXXXX`` (the form
    JSON reads back as the same character): every line sgz prints goes out
    through one, so no record or archive moves a terminal's text."""

    def __init__(self, stream: Any) -> None:
        self.unfiltered = stream

    def write(self, text: Any) -> Any:
        if isinstance(text, str):
            text = _UNSAFE_OUT.sub(_escape_u, text)
        return self.unfiltered.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.unfiltered, name)


_UNSAFE_OUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape_u(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with what could move or hide a terminal's text escaped (``\\x1b``, ``\\u202e``);
    ``one_line``: newlines and tabs too."""
    return (_UNSAFE_LINE if one_line else _UNSAFE).sub(_escape, text)


def _shown(value: str) -> str:
    """A bad value in a message: escaped, and cut when long."""
    text = printable(value, one_line=True)
    return repr(text if len(text) <= 40 else text[:37] + "...")
