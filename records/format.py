"""The record file format, version 4.

Line 1 is the header (a JSON object with ``"sgz": "record"``).  Every later
line is one event as JSON with its sequence number ``i`` appended (the
GameStarted event is 0); the lines are sealed in groups, and the last line
of each group, its *seal*, also carries the group's chain link ``h``:

    {"t":"phase","seat":2,"phase":"draw","i":17}
    {"t":"draw","seat":2,"n":2,"i":18,"h":"Fq0+2c"}

A seal (the header is one) ends with ``,"h":"<6 characters>"}`` (14 bytes);
call the line without those 14 bytes its *body*.  ``h`` is the first 6
characters (36 bits) of the standard Base64 of the MD5 digest of the previous
seal's ``h`` followed by the group's bytes: from the first byte after the
previous seal's newline up to the end of this seal's body (newlines
included).  The header has no previous seal, so its ``h`` is over its body
alone.  So a changed, dropped, reordered or truncated line breaks the seal of
its group (a group is at most ``SEAL_EVERY`` lines); lines after the last
seal are not sealed, i.e. cut.  The writer seals every ``SEAL_EVERY`` lines
and at the end of each write it hands to the OS (a decision, or a bot game),
so a file it has written ends with a seal.  One MD5 over a group's bytes,
rather than one a line, is what makes recording and checking cheap: the
links were a sixth of ``sgz sim``'s time in formats 2 and 3.

The chain is an integrity check, not a signature (anyone can recompute it):
it catches damage and careless edits.  MD5 is kept from format 2 (DuckDB
computes it too, so a seal can be checked in SQL: a seal depends only on the
previous seal's stored ``h`` and the bytes between, and split at every
``,"h":"`` a file is exactly those pieces, which is why no event may hold a
field named ``h``); ``check_lines`` is the check every reader uses.

Older formats stay readable (``check_lines`` keeps each one's chain rule):
v3 (the ruleset seam) and v2 had an ``h`` on every line, each over the
previous line's ``h`` and its own body (v3's events may carry more than v2's:
a secret decision's ``vis``, general slots, a mode's own events, and
``UPCASTS[2]`` adds the ``vis`` of v2's secret decisions); v1 (until
5ee118e) the same with a 4-byte BLAKE2b chain and the header's ``h`` over
its JSON without ``h``.  A format change that also changes the events adds
an entry to ``UPCASTS``.

The writer only appends, and never rewrites earlier bytes (it creates the
file exclusively: an existing record is never overwritten).  It encodes and
seals the events of a decision as one batch (one msgspec call, one MD5 a
group), and by default hands each decision to the OS as it is made, so a
crash of the process loses nothing already decided; it fsyncs when the
record is closed.  ``fsync="decision"`` also fsyncs at every decision, for
power-loss safety at the cost of speed; ``flush="close"`` keeps the events in
memory until the record is closed (bot games, which a rerun regenerates: see
``sgz sim``).
"""
from __future__ import annotations

import binascii
import errno
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

import msgspec

from sanguozhi.core import events as ev

from .bounds import header_problem
from .durable import name_record, temporary_name

FORMAT_VERSION = 4
CHAIN_SINCE = 2  # formats 2 and 3: a link on every line (MD5, Base64)
SEALED_SINCE = 4  # from format 4: lines sealed in groups
SEAL_EVERY = 64  # lines in a group at most: a seal closes every line i with i % 64 == 63
H_LEN = 6  # characters of the link
TAIL_LEN = 6 + H_LEN + 2  # len(',"h":"') + the link + len('"}')
_TAIL = b',"h":"'
_B64 = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


class Header(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    sgz: str  # always "record"
    v: int  # format version
    game: str  # game id
    rules: str
    mode: str
    players: int
    seed: int
    options: dict[str, Any] = {}
    bots: dict[str, str] = {}  # seat (as text) -> bot name; absent seats are people
    parent: str | None = None  # a fork's parent game id
    fork_at: int | None = None  # number of parent events the fork keeps
    people: dict[str, str] = {}  # seat (as text) -> the display name of the person who plays it
    commit: str = ""  # a committed deal's commitment (core.commit), as in the GameStarted event
    h: str = ""  # the chain's start; must stay the last field


class Record(msgspec.Struct):
    header: Header
    events: list[ev.Event]
    path: str = ""


class RecordError(ValueError):
    """A record that cannot be read; the message names the file and line."""


_header_decoder = msgspec.json.Decoder(Header)
_encoder = msgspec.json.Encoder()


def event_decoder(mode: str | None = None) -> msgspec.json.Decoder:
    """The decoder of one event of a record of ``mode``: the core events and
    the mode's own (``event_types``).  Every reader of record lines decodes
    through here (``decode_events``)."""
    return ev.decoder(event_types(mode) if mode else ())


# Upcasting: UPCASTS[v] turns one event of format v (as a plain dict) into
# format v + 1, or is None when the events did not change between the two.
# Reading a v-record applies UPCASTS[v], UPCASTS[v + 1], ... in turn.
def _secret_general_picks(raw: dict[str, Any]) -> dict[str, Any]:
    # v2 -> v3: a decision carries ``vis`` when it is secret.  In v2 only
    # identity existed, whose generals are chosen at the same time by every
    # seat but the lord (seat 0, whose choice is shown).
    if raw.get("t") == "dec" and raw.get("kind") == "general" and raw.get("seat", 0) != 0:
        raw["vis"] = [raw["seat"]]
    return raw


UPCASTS: dict[int, Callable[[dict[str, Any]], dict[str, Any]] | None] = {
    1: None,  # v1 -> v2 changed only the chain hash
    2: _secret_general_picks,
    3: None,  # v3 -> v4 only how lines are sealed
}


def event_types(mode: str) -> tuple[type[ev.Event], ...]:
    """The event types a record of ``mode`` may hold besides the core ones (its ruleset's own)."""
    from sanguozhi.core.modes import ModeError, ruleset_of

    try:
        return ruleset_of(mode).events
    except ModeError:
        return ()  # an unknown mode: its own events fail to decode, with the line named


try:
    # CPython's own MD5 starts ~40% faster than OpenSSL's on a short line, and
    # a link costs one MD5 of ~90 bytes, so this is most of a link's price.
    from _md5 import md5 as _md5
except ImportError:  # a Python built without it
    def _md5(data: bytes) -> Any:
        import hashlib

        return hashlib.md5(data, usedforsecurity=False)

_b64 = binascii.b2a_base64


def link(prev: bytes, body: bytes) -> bytes:
    """A chain link: 6 Base64 characters of MD5(prev + body) (a seal's, or a v2/v3 line's)."""
    return _b64(_md5(prev + body).digest())[:H_LEN]


# Sequence-number endings by number, made once per process and grown on demand:
# a table lookup instead of formatting each line's number.
TAIL_I, CLOSE_I, END_I = b',"i":%d', b',"i":%d}', b',"i":%d}\n'
_SEQ: dict[bytes, list[bytes]] = {CLOSE_I: [], END_I: []}


def _seq_table(form: bytes, end: int) -> list[bytes]:
    """``[form % i for i in range(end)]`` (at least), kept for the next record."""
    table = _SEQ[form]
    if len(table) < end:
        numbers = range(len(table), max(end, 2 * len(table), 1024))
        # One formatting of them all, cut at a byte no record line holds: a third
        # cheaper than formatting each number, which a one-record reader feels.
        pieces = ((form + b"\0") * len(numbers) % tuple(numbers)).split(b"\0")
        pieces.pop()
        table += pieces
    return table


def chain_lines(events: list[ev.Event], seq: int, prev: bytes) -> tuple[bytes, bytes]:
    """The record lines of ``events`` numbered from ``seq`` after the seal ``prev``: (bytes, last seal).

    A group ends every ``SEAL_EVERY`` lines and at the end of the batch.
    """
    blob = _encoder.encode_lines(events)
    if _TAIL in blob:  # the field a seal ends with: readers split files at it
        raise ValueError('an event holds a field named "h", which records keep for their chain')
    n = len(events)
    ends: list[int] = []
    a = 0
    while a < n:
        a = min(n, a + SEAL_EVERY - (seq + a) % SEAL_EVERY)
        ends.append(a)
    return _sealed(blob, seq, prev, ends)


def _sealed(blob: bytes, seq: int, prev: bytes, ends: list[int]) -> tuple[bytes, bytes]:
    """Encoded events (``blob``, one a line) as record lines numbered from ``seq``
    after the seal ``prev``, a group ending before each index of ``ends`` (the
    last is the number of events): (bytes, last seal).

    The encoded events and their sequence-number endings are interleaved in
    one list (slice assignments, in C: a raw newline cannot occur inside an
    encoded line, so ``}\\n`` ends each one); a group is one join of a slice
    of it, hashed at once.
    """
    parts = blob.split(b"}\n")
    parts.pop()
    n = len(parts)
    pieces: list[bytes] = [b""] * (2 * n)
    pieces[0::2] = parts
    pieces[1::2] = _seq_table(END_I, seq + n)[seq : seq + n]
    md5, b64, join = _md5, _b64, b"".join
    out: list[bytes] = []
    a = 0
    for b in ends:
        pieces[2 * b - 1] = TAIL_I % (seq + b - 1)  # the group's last line ends in its seal, not "}\\n"
        group = join(pieces[2 * a : 2 * b])  # the group's bytes, up to the seal's body
        h = md5(prev)
        h.update(group)
        prev = b64(h.digest())[:H_LEN]
        out += (group, _TAIL, prev, b'"}\n')
        a = b
    return join(out), prev


def _link_v1(prev: bytes, body: bytes) -> bytes:
    import hashlib  # only for format 1 (hashlib and OpenSSL take ~5 ms to import)

    return hashlib.blake2b(prev + body, digest_size=4).hexdigest().encode()


def header_line(header: Header) -> bytes:
    """The header as its line (without the newline), ``h`` computed."""
    full = _encoder.encode(msgspec.structs.replace(header, h="0" * H_LEN))
    body = full[:-TAIL_LEN]
    assert full[-TAIL_LEN:] == b',"h":"' + b"0" * H_LEN + b'"}', "h must be the header's last field"
    return body + _TAIL + link(b"", body) + b'"}'


def event_body(event: ev.Event, seq: int) -> bytes:
    return _encoder.encode(event)[:-1] + b',"i":%d' % seq


class RecordWriter:
    """Append a game's events to a record file as they happen.

    ``write`` (or ``sink``, the callable to hand a ``Game`` as ``on_event``)
    takes events one at a time; they are encoded and sealed in batches by
    ``commit``.  Flush policy: with ``flush="decision"`` (the default) the
    file is created at once, and each ``Decided`` event commits what came
    before it and itself and hands it to the OS, so a crash loses nothing
    decided.  With ``flush="close"`` ``commit`` only encodes and seals, in
    memory, and ``close`` creates the file and writes it whole: only I/O,
    which another thread can do while this one plays on (``sgz sim``).  The
    file is fsynced (to the disk) on close; with ``fsync="decision"`` after
    every decision too.

    A header no reader would take (``records.bounds``: an id, a seed, a name
    out of bounds) is refused with a ValueError before anything is written.

    ``atomic``: the record is written under a temporary name beside ``path``
    (``.NAME.HOST.PID.part``, which nothing reads as a record) and gets its name
    only when it is closed whole; leaving the ``with`` block by an exception
    removes it.  Bot games are written so (a killed ``sgz sim`` leaves no cut
    record that a rerun would count as done); a person's game is not (its
    record must be readable at every decision).
    """

    def __init__(self, path: str | Path, header: Header, *, fsync: Literal["close", "decision"] = "close", flush: Literal["decision", "close"] = "decision", exist_ok: bool = False, atomic: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.flush = flush
        self.atomic = atomic
        self._exist_ok = exist_ok
        why = header_problem(header)
        if why is not None:
            raise ValueError(f"{path}: {why}")  # a record no reader would take is never written
        line = header_line(msgspec.structs.replace(header, v=FORMAT_VERSION))
        self.header = _header_decoder.decode(line)
        self._file = temporary_name(self.path) if atomic else self.path
        self._prev = line[-2 - H_LEN : -2]
        self._seq = 0
        self._pending: list[ev.Event] = []
        self._source: list[ev.Event] | None = None  # an attached game's events (flush="close")
        self._taken = 0  # how many of them are sealed
        self._out: list[bytes] = [line + b"\n"]  # sealed bytes not yet written to the file
        self._fd: int | None = None
        self._closed = False
        if (atomic or flush == "close") and not exist_ok and self.path.exists():
            raise FileExistsError(f"{self.path} exists")
        if flush == "decision":
            self._open()
            self.commit()
        # What a Game calls for each event: with flush="close" a bare list
        # append, the cheapest callable there is.
        self.sink: Callable[[ev.Event], None] = self._pending.append if flush == "close" else self.write

    def _open(self) -> None:
        # O_EXCL: never overwrite a record that exists (nothing recorded is lost).
        # Writes go straight to the descriptor: a commit is one write call.
        mode = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if self._exist_ok or self.atomic else os.O_EXCL) | getattr(os, "O_BINARY", 0)
        try:
            self._fd = os.open(self._file, mode, 0o666)
        except FileNotFoundError:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self._file, mode, 0o666)

    @property
    def closed(self) -> bool:
        return self._closed

    @classmethod
    def reopen(cls, path: str | Path) -> tuple["RecordWriter", list[ev.Event]]:
        """Go on writing a whole record (a live table's, after the server stopped):
        the writer, positioned after its last line, and the events read.  Only a
        record every line of which is sound (and sealed) is reopened; RecordError
        otherwise, saying why.  Nothing already written is touched: appends only."""
        s = scan(path)
        if s.error is not None or s.header is None:
            raise RecordError(s.error or f"{path}: not a record")
        if s.header.v != FORMAT_VERSION:
            raise RecordError(f"{path}: a record of format v{s.header.v} is not continued in place (fork it: sgz fork)")
        self = cls.__new__(cls)
        self.path = Path(path)
        self.fsync, self.flush, self.atomic, self._exist_ok = "close", "decision", False, True
        self.header = s.header
        self._file = self.path
        self._prev = s.tip.encode()
        self._seq = len(s.events)
        self._pending, self._source, self._taken, self._out = [], None, 0, []
        self._closed = False
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self.sink = self.write
        return self, s.events

    def write(self, event: ev.Event) -> None:
        self._pending.append(event)
        if self.flush == "decision" and type(event) is ev.Decided:
            self.commit()

    def attach(self, game: Any) -> None:
        """Record ``game`` (a ``core.game.Game``): its events so far, then each that follows.

        With ``flush="close"`` each commit takes the new events from the game's
        own list, which costs nothing an event; otherwise the game hands each
        one over as it happens (``on_event``), to be committed at each decision.
        """
        if self.flush == "close":
            self._source, self._taken = game.events, 0
        else:
            self.write_all(game.events)
            game.on_event = self.sink

    def write_all(self, events: Iterable[ev.Event]) -> None:
        self._pending.extend(events)
        if self.flush == "decision":
            self.commit()

    def commit(self) -> None:
        """Encode and seal the events written so far; with ``flush="decision"`` hand them to the OS in one write."""
        if self._closed:
            raise ValueError(f"{self.path}: the record is closed")
        source = self._source
        if source is not None and len(source) > self._taken:
            self._pending += source[self._taken :]
            self._taken = len(source)
        if self._pending:
            blob, self._prev = chain_lines(self._pending, self._seq, self._prev)
            self._seq += len(self._pending)
            self._pending.clear()
            self._out.append(blob)
        if self._fd is not None:
            self._write_out()
            if self.fsync == "decision":
                os.fsync(self._fd)

    def _write_out(self) -> None:
        assert self._fd is not None
        if not self._out:
            return
        view = memoryview(b"".join(self._out) if len(self._out) > 1 else self._out[0])
        while view:
            view = view[os.write(self._fd, view) :]
        self._out.clear()

    def close(self, *, sync: bool = True) -> None:
        """Commit, write, fsync, close (idempotent); an atomic record then gets its name.

        ``sync=False`` (an atomic record): written whole under its temporary
        name, neither synced nor named; ``records.durable.publish`` does both
        for many records with one sync of their filesystem.
        """
        if self._closed:
            return
        if not sync and not self.atomic:
            raise ValueError("only an atomic record can be closed without a sync (it is named once synced)")
        try:
            self.commit()
            if self._fd is None:
                self._open()
                self._write_out()
            if sync:
                os.fsync(self._fd)  # type: ignore[arg-type]
        finally:
            self._closed = True
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
        if self.atomic and sync:
            self.publish()

    @property
    def written_to(self) -> Path:
        """The file the bytes go to: ``path``, or an atomic record's temporary name."""
        return self._file

    def publish(self) -> None:
        """Give a closed atomic record its name (a link: never over a record); its temporary name goes."""
        name_record(self._file, self.path)

    def discard(self) -> None:
        """Give up an atomic record: its temporary file goes, nothing gets the name."""
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self.atomic and self._file.exists():
            os.unlink(self._file)

    def __enter__(self) -> "RecordWriter":
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *exc: object) -> None:
        if exc_type is not None and self.atomic:
            self.discard()
        else:
            self.close()


def write_record(path: str | Path, header: Header, events: Iterable[ev.Event]) -> Header:
    """Write a whole record at once (a new file, named when whole); returns its header as written."""
    with RecordWriter(path, header, atomic=True) as w:
        w.write_all(events)
    return w.header


def _lines(blob: bytes) -> list[bytes]:
    lines = blob.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def parse_header(line: bytes, where: str) -> Header:
    """Decode a header line strictly (its own ``h`` is checked by ``check_lines``).

    The line must be exactly as sgz writes it: no unknown field, no key twice,
    no other spacing or number form; a header that decodes to something else
    than its bytes say is refused (two readers could read it two ways).
    """
    if line.rstrip(b"\n").endswith(b"\r"):
        raise RecordError(
            f"{where}:1: the lines end in CRLF (as a Windows checkout or editor writes them), but a record's lines end in LF: "
            f"convert it back (dos2unix {where}) and keep records out of line-ending conversion (.gitattributes: *.jsonl -text)"
        )
    try:
        header = _header_decoder.decode(line)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise RecordError(f"{where}:1: not a record header ({_why(exc, line)})") from None
    if header.sgz != "record":
        raise RecordError(f"{where}:1: not a record header (sgz={header.sgz!r})")
    if header.v > FORMAT_VERSION:
        raise RecordError(f"{where}:1: record format v{header.v} is newer than this sgz (v{FORMAT_VERSION})")
    if header.v < 1:
        raise RecordError(f"{where}:1: unknown record format v{header.v}")
    if header.v == 1:
        again = _encoder.encode(header)
    else:
        again = _encoder.encode(msgspec.structs.replace(header, h="0" * H_LEN))[:-TAIL_LEN] + line[-TAIL_LEN:]
    if again != line:
        raise RecordError(f"{where}:1: not a record header ({_not_canonical(line)})")
    why = header_problem(header)
    if why is not None:
        raise RecordError(f"{where}:1: {why}")
    return header


class LineError(ValueError):
    """An event line that is not a valid event; ``index`` counts the lines given."""

    def __init__(self, index: int, why: str) -> None:
        super().__init__(why)
        self.index, self.why = index, why


def _why(exc: BaseException, line: bytes) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc)


def _not_canonical(line: bytes, decoded: msgspec.Struct | None = None) -> str:
    """Why a line that decodes (to ``decoded``) is still not as sgz writes it (the slow path, for errors only)."""
    import json

    dup: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        dup.extend(k for k in keys if keys.count(k) > 1)
        return dict(items)

    try:
        top = json.loads(line, object_pairs_hook=pairs)
    except RecursionError:
        return "nested too deeply"
    except ValueError:
        top = None
    if dup:
        return f"the key {dup[0]!r} appears twice"
    if decoded is not None and isinstance(top, dict):
        cls = type(decoded)
        known = {f.encode_name for f in msgspec.structs.fields(cls)} | {cls.__struct_config__.tag_field or ""}
        unknown = sorted(set(top) - known)
        if unknown:
            return f"unknown field {unknown[0]!r}"
    return "not written as sgz writes it (spacing, key order, a default written out or a number's form)"


def _event_object(line: bytes, version: int) -> bytes | None:
    """The event's own JSON in a record line: the line without its ``i`` and ``h`` fields."""
    if version >= 2:
        body = line[:-TAIL_LEN] if line[-TAIL_LEN : -TAIL_LEN + 6] == _TAIL else None
        if body is None and version >= SEALED_SINCE and line[-1:] == b"}":
            body = line[:-1]  # a line inside a sealed group
    else:
        cut = line.rfind(_TAIL)
        body = line[:cut] if cut >= 0 else None
    if body is None:
        return None
    cut = body.rfind(b',"i":')
    if cut < 0 or not body[cut + 5 :].isdigit():
        return None
    return body[:cut] + b"}"


def decode_events(lines: list[bytes], version: int, mode: str | None = None) -> list[ev.Event]:
    """Decode the event lines of a record of format ``version`` and ``mode``, strictly.

    The one reader of event lines (``sgz validate``, ``sgz archive ingest``,
    replay, diff, fork all come here): each line must hold exactly one event
    of the mode's schema as sgz writes it, so no two readers can take it two
    ways (a key twice, an unknown field, ``1e3`` for an int are refused).
    Lines of older formats are upcast.  Raises ``LineError`` for the first
    bad line.  Chain and sequence numbers are ``check_lines``' business: the
    lines given must have passed it.
    """
    steps = [UPCASTS[v] for v in range(version, FORMAT_VERSION) if UPCASTS.get(v) is not None]
    decoder = event_decoder(mode)
    encode = _encoder.encode
    if not steps and version == FORMAT_VERSION and lines:
        # Fast path: decode every line at once (the decoder skips i and h),
        # then each line must be the event as sgz writes it, then its i and h
        # (whose form check_lines has checked).
        blob = b"\n".join(lines)
        try:
            events = decoder.decode_lines(blob)
        except (msgspec.DecodeError, RecursionError):
            events = None
        if events is not None and _as_written(blob, events):
            return events
    decode = decoder.decode
    out: list[ev.Event] = []
    for k, line in enumerate(lines):
        obj = _event_object(line, version)
        if obj is None:
            raise LineError(k, "no integrity field (a truncated or hand-edited line?)")
        try:
            if steps:
                out.append(_upcast(obj, steps, mode))
                continue
            e = decode(obj)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise LineError(k, f"bad event ({_why(exc, obj)})") from None
        if encode(e) != obj:
            raise LineError(k, f"bad event ({_not_canonical(obj, e)})")
        out.append(e)
    return out


# A line's ending after its event: the sequence number, and the seal's h when
# the line ends a group (``check_lines`` has checked both).
_LINE_TAIL = re.compile(rb',"i":[0-9]+(?:,"h":"[A-Za-z0-9+/]{%d}")?}$' % H_LEN, re.MULTILINE)


def _as_written(blob: bytes, events: list[ev.Event]) -> bool:
    """Whether the lines in ``blob`` are ``events`` as sgz encodes them, each
    followed by its ending: in C-level passes over the whole blob (one
    regular-expression substitution, one encode, one comparison) instead of
    a Python step a line."""
    return _LINE_TAIL.sub(b"}", blob) + b"\n" == _encoder.encode_lines(events)


def _upcast(obj: bytes, steps: list, mode: str | None) -> ev.Event:
    """An event of an older format, brought to the current one.  The line is
    held to its own format's form: as written (no key twice, no other
    spacing or number form), and no field its event does not have."""
    raw = msgspec.json.decode(obj)
    if not isinstance(raw, dict) or msgspec.json.encode(raw) != obj:
        raise msgspec.DecodeError(_not_canonical(obj))
    for step in steps:
        raw = step(raw)
    e = event_decoder(mode).decode(msgspec.json.encode(raw))
    cls = type(e)
    unknown = sorted(set(raw) - {f.encode_name for f in msgspec.structs.fields(cls)} - {cls.__struct_config__.tag_field})
    if unknown:
        raise msgspec.DecodeError(f"unknown field {unknown[0]!r}")
    return e


def _split_tail(line: bytes) -> tuple[bytes, bytes] | None:
    """(body, h) of a line that ends with a well-formed integrity field."""
    if len(line) < TAIL_LEN or not line.endswith(b'"}') or line[-TAIL_LEN : -TAIL_LEN + 6] != _TAIL:
        return None
    h = line[-2 - H_LEN : -2]
    if not _B64.issuperset(h):
        return None
    return line[:-TAIL_LEN], h


def check_lines(lines: list[bytes], version: int) -> tuple[int, str] | None:
    """The first broken line of a record's lines (header first) as (index, why), or None.

    Checks the chain and the sequence numbers; not the JSON (see ``scan``).
    """
    if version < CHAIN_SINCE:
        return _check_lines_v1(lines)
    if version >= SEALED_SINCE:
        return _check_lines_sealed(lines)
    # The hot loop of validate and ingest (formats 2 and 3): one MD5 a line, nothing else allocated twice.
    md5, b2a, tail, t, h0 = _md5, binascii.b2a_base64, _TAIL, TAIL_LEN, -2 - H_LEN
    prev = b""
    for n, line in enumerate(lines):
        body, h = line[:-t], line[h0:-2]
        if line[-t : -t + 6] != tail or line[-2:] != b'"}' or b2a(md5(prev + body).digest())[:H_LEN] != h:
            return n, _broken(line, prev, n)
        if n and not body.endswith(b',"i":%d' % (n - 1)):
            return n, f"sequence number is not {n - 1}"
        prev = h
    return None


def _check_lines_sealed(lines: list[bytes]) -> tuple[int, str] | None:
    """Format 4: sequence numbers, then one MD5 a group.

    A problem is reported at the first line of its group (the group's lines
    are not sealed, so the good prefix stops before them), naming the line
    at fault when it is another one.
    """
    if not lines:
        return None
    head = lines[0]
    if _split_tail(head) is None:
        return 0, _NO_FIELD
    prev = head[-2 - H_LEN : -2]
    if link(b"", head[:-TAIL_LEN]) != prev:
        return 0, "the header's integrity check failed (it was changed)"
    n_lines = len(lines)
    # Most lines are inside a group and end with ,"i":N}: one C-level pass
    # marks them; only the others (seals, or damage) are looked at one by one.
    plain = list(map(bytes.endswith, lines[1:], _seq_table(CLOSE_I, n_lines - 1)))
    md5, b64 = _md5, _b64
    start = 1  # the first line of the open group
    k = 0
    while True:
        try:
            k = plain.index(False, k)
        except ValueError:
            break
        n = k + 1
        line = lines[n]
        sealed = line[-TAIL_LEN : -TAIL_LEN + 6] == _TAIL and line[-2:] == b'"}'
        if not (sealed and line[:-TAIL_LEN].endswith(TAIL_I % (n - 1))):
            body = line[:-TAIL_LEN] if sealed else line[:-1] if line[-1:] == b"}" else None
            why = f"sequence number is not {n - 1}" if body is not None and _has_seq(body) else _NO_FIELD
            return start, why if n == start else f"{why} (line {n + 1})"
        h = line[-2 - H_LEN : -2]
        if b64(md5(prev + b"\n".join(lines[start : n + 1])[:-TAIL_LEN]).digest())[:H_LEN] != h:
            where = f"line {start + 1}" if start == n else f"lines {start + 1}-{n + 1}"
            return start, f"integrity check failed in {where} (a line was changed, or one dropped or moved)"
        prev, start = h, n + 1
        k += 1
    if start < n_lines:
        return start, "not sealed: the record was cut while it was being written"
    if b"\n".join(lines).count(_TAIL) != n_lines - plain.count(True):
        # A ,"h":" inside a line besides its integrity field (only a forger
        # writes one, the writer refuses to): ingest splits files at every
        # one, so it is refused here too, from its group on.
        for n, line in enumerate(lines):
            if line.count(_TAIL) > (0 if n and plain[n - 1] else 1):
                group = 1 + max((k for k in range(1, n) if not plain[k - 1]), default=0)
                why = 'a line holds a field named "h" besides its integrity field'
                return (n, why) if n == 0 or group == n else (group, f"{why} (line {n + 1})")
    return None


_NO_FIELD = "no integrity field (a truncated or hand-edited line?)"


def _has_seq(body: bytes) -> bool:
    """Whether a line's body ends with a sequence number field, ``,"i":<digits>``."""
    cut = body.rfind(b',"i":')
    return cut >= 0 and body[cut + 5 :].isdigit()


def _broken(line: bytes, prev: bytes, n: int) -> str:
    """Why a line's chain link does not hold (the slow path, for errors only)."""
    split = _split_tail(line)
    if split is None:
        return "no integrity field (a truncated or hand-edited line?)"
    if n == 0:
        return "the header's integrity check failed (it was changed)"
    return "integrity check failed (the line was changed, or one before it dropped or moved)"


def _check_lines_v1(lines: list[bytes]) -> tuple[int, str] | None:
    try:
        header = _header_decoder.decode(lines[0])
    except msgspec.DecodeError:
        return 0, "not a record header"
    prev = header.h.encode()
    body0 = _encoder.encode(msgspec.structs.replace(header, h=""))
    if _link_v1(b"", body0) != prev:
        return 0, "the header's integrity check failed (it was changed)"
    for n, line in enumerate(lines[1:], 1):
        cut = line.rfind(_TAIL)
        if cut < 0 or not line.endswith(b'"}'):
            return n, "no integrity field (a truncated or hand-edited line?)"
        body, h = line[:cut], line[cut + len(_TAIL) : -2]
        if _link_v1(prev, body) != h:
            return n, "integrity check failed (the line was changed, or one before it dropped or moved)"
        if not body.endswith(b',"i":%d' % (n - 1)):
            return n, f"sequence number is not {n - 1}"
        prev = h
    return None


class Scan(msgspec.Struct):
    """What reading a record found: the good prefix and the first problem."""

    path: str
    header: Header | None
    events: list[ev.Event]  # the events of the good prefix
    error: str | None = None  # "file:line: why", or None when the whole record is good
    bad_line: int = 0  # 1-based line of the error (0: none)
    unterminated: bool = False  # the last line has no newline
    tip: str = ""  # the chain link (``h``) of the last good line


def scan(path: str | Path, blob: bytes | None = None) -> Scan:
    """Read as much of a record as is good; never raises for a damaged file.

    ``blob`` is the file's bytes when the caller has read them already.
    """
    where = str(path)
    if blob is None:
        try:
            blob = read_regular(path)
        except OSError as exc:
            return Scan(where, None, [], f"{where}: cannot read ({exc.strerror})", 1)
    whole = _scan_whole(where, blob)
    if whole is not None:
        return whole
    lines = _lines(blob)
    if not lines:
        return Scan(where, None, [], f"{where}:1: empty file, not a record", 1)
    try:
        header = parse_header(lines[0], where)
    except RecordError as exc:
        return Scan(where, None, [], str(exc), 1)
    unterminated = not blob.endswith(b"\n")
    bad = check_lines(lines, header.v)
    good = len(lines) if bad is None else bad[0]
    if unterminated and good == len(lines):
        # A last line without its newline is a cut write, even if it parses.
        bad, good = (len(lines) - 1, "truncated last line (no newline)"), len(lines) - 1
    if good == 0:
        return Scan(where, None, [], f"{where}:1: {bad[1]}", 1, unterminated)  # type: ignore[index]
    try:
        events = decode_events(lines[1:good], header.v, header.mode)
    except LineError as exc:
        good = exc.index + 1
        bad = (good, exc.why)
        events = decode_events(lines[1:good], header.v, header.mode)
    if events and not isinstance(events[0], ev.GameStarted):
        return Scan(where, header, [], f"{where}:2: the first event must be a GameStarted", 2, unterminated, line_link(lines[0], header.v))
    tip = line_link(lines[good - 1], header.v)
    if bad is not None:
        return Scan(where, header, events, f"{where}:{bad[0] + 1}: {bad[1]}", bad[0] + 1, unterminated, tip)
    return Scan(where, header, events, None, 0, unterminated, tip)


def _scan_whole(where: str, blob: bytes) -> Scan | None:
    """``scan`` of a sound record of this format, in a few passes over the whole file:
    its events decoded at once and written again as sgz writes them (numbered, a
    group ending where the file has a seal, each seal from the one before) must be
    its bytes exactly.  That holds the chain, the numbers and each line's form at
    once.  None when anything differs: the line-by-line path says what and where."""
    cut = blob.find(b"\n") + 1
    if cut == 0 or cut == len(blob) or blob[-1:] != b"\n":
        return None
    head = blob[: cut - 1]
    split = _split_tail(head)
    if split is None or link(b"", split[0]) != split[1]:
        return None
    try:
        header = parse_header(head, where)
    except RecordError:
        return None
    if header.v != FORMAT_VERSION:
        return None
    body = memoryview(blob)[cut:]
    try:
        events = event_decoder(header.mode).decode_lines(body)
    except (msgspec.DecodeError, RecursionError):
        return None
    ends = _group_ends(blob, cut)
    if not events or type(events[0]) is not ev.GameStarted or not ends or ends[-1] != len(events):
        return None
    again, tip = _sealed(_encoder.encode_lines(events), 0, split[1], ends)
    # Compared as bytes: a memoryview compares item by item (~3 ns a byte).
    if len(again) != len(body) or not blob.endswith(again):
        return None
    return Scan(where, header, events, tip=tip.decode("ascii"))


def _group_ends(blob: bytes, start: int) -> list[int] | None:
    """Where the groups of the lines from ``start`` end: after the line numbered
    ``i`` of each seal, as indices (``i + 1``); None when they do not go up."""
    ends: list[int] = []
    find, rfind = blob.find, blob.rfind
    last = 0
    at = find(_TAIL, start)
    while at >= 0:
        num = rfind(b',"i":', start, at)
        digits = blob[num + 5 : at]
        if num < 0 or not digits.isdigit() or int(digits) < last:
            return None
        last = int(digits) + 1
        ends.append(last)
        at = find(_TAIL, at + TAIL_LEN)
    return ends


class NotARegularFile(OSError):
    """A path that names a FIFO, a device or a folder where a record file is read."""


def open_regular(path: str | Path) -> int:
    """A descriptor of the regular file at ``path``, or NotARegularFile: a FIFO
    named like a record must not hang a reader (it is opened without waiting
    for a writer, then refused)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotARegularFile(errno.EINVAL, "not a regular file (a FIFO, a device or a folder is not a record)", str(path))
    return fd


def read_regular(path: str | Path) -> bytes:
    """The bytes of the regular file at ``path``."""
    with os.fdopen(open_regular(path), "rb") as f:
        return f.read()


def read_first_line(path: str | Path) -> bytes:
    """The first line of the regular file at ``path`` (with its newline, if it has one)."""
    with os.fdopen(open_regular(path), "rb") as f:
        return f.readline()


def line_link(line: bytes, version: int) -> str:
    """The chain link (``h``) a record line of format ``version`` ends with."""
    if version >= 2:
        return line[-2 - H_LEN : -2].decode("ascii", "replace")
    return line[line.rfind(_TAIL) + len(_TAIL) : -2].decode("ascii", "replace")


def record_files(paths: Iterable[str | Path]) -> list[Path]:
    """The record files named: files as given, folders searched for *.jsonl."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.jsonl") if q.is_file()))
        else:
            out.append(p)
    return out


def read_record(path: str | Path) -> Record:
    """Read a record; a damaged one raises RecordError naming the file and line."""
    s = scan(path)
    if s.error is not None:
        raise RecordError(s.error)
    assert s.header is not None
    return Record(s.header, s.events, s.path)
