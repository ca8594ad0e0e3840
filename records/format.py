"""The record file format, version 3.

Line 1 is the header (a JSON object with ``"sgz": "record"``).  Every later
line is one event as JSON, with two fields appended:

    {"t":"phase","seat":2,"phase":"draw","i":17,"h":"Fq0+2c"}

``i`` is the event's sequence number (the GameStarted event is 0).  Every
line, the header included, ends with ``,"h":"<6 characters>"}`` (14 bytes);
call the line without those 14 bytes its *body*.  ``h`` is the first 6
characters (36 bits) of the standard Base64 of the MD5 digest of the previous
line's ``h`` and this line's body; the header has no previous line, so its
``h`` is over its body alone.  So a changed, dropped, reordered or truncated
line breaks the chain at that line.  (Base64 rather than hex keeps the field
two bytes shorter: records stay under 80 bytes an event.)

The chain is an integrity check, not a signature (anyone can recompute it):
it catches damage and careless edits.  MD5 is chosen because DuckDB computes
it natively and quickly, so ``records.archive`` verifies every link of a batch
of records inside DuckDB while ingesting it; a link depends only on the
previous line's stored ``h``, so the check is set-wise, not sequential.

Version 1 (until 5ee118e) was the same but with a 4-byte BLAKE2b chain and the
header's ``h`` over its JSON without ``h``.  Version 2 (until the ruleset seam)
had the same chain as version 3; v3 events may carry more (a secret decision's
``vis``, general slots, a mode's own events), and ``UPCASTS[2]`` adds the
``vis`` of v2's secret decisions.  ``read_record`` reads both; a
format change that also changes the events adds an entry to ``UPCASTS``.

The writer only appends, and never rewrites earlier bytes (it opens the file
with "x": an existing record is never overwritten).  It encodes and chains
the events of a decision as one batch (one msgspec call, then a tight loop
for the links), and by default flushes after every decision, so a crash of
the process loses nothing already decided; it fsyncs when the record is
closed.  ``fsync="decision"`` also fsyncs at every decision, for power-loss
safety at the cost of speed; ``flush="close"`` keeps the events in memory
until the record is closed (bot games, which a rerun regenerates: see
``sgz sim``).
"""
from __future__ import annotations

import binascii
import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal

import msgspec

from core import events as ev

FORMAT_VERSION = 3
CHAIN_SINCE = 2  # the format whose chain (MD5, Base64) every later format keeps
H_LEN = 6  # characters of the link
TAIL_LEN = 6 + H_LEN + 2  # len(',"h":"') + the link + len('"}')
_TAIL = b',"h":"'
_B64 = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


class Header(msgspec.Struct, frozen=True, omit_defaults=True):
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
    h: str = ""  # the chain's start; must stay the last field


class Record(msgspec.Struct):
    header: Header
    events: list[ev.Event]
    path: str = ""


class RecordError(ValueError):
    """A record that cannot be read; the message names the file and line."""


_header_decoder = msgspec.json.Decoder(Header)
_encoder = msgspec.json.Encoder()

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
}


def event_types(mode: str) -> tuple[type[ev.Event], ...]:
    """The event types a record of ``mode`` may hold besides the core ones (its ruleset's own)."""
    from core.modes import ModeError, ruleset_of

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
        return hashlib.md5(data, usedforsecurity=False)

_b64 = binascii.b2a_base64


def link(prev: bytes, body: bytes) -> bytes:
    """The chain link of a line (formats v2 and v3): 6 Base64 characters of MD5(prev + body)."""
    return _b64(_md5(prev + body).digest())[:H_LEN]


_SEQ_TAILS: list[bytes] = []  # _SEQ_TAILS[i] == b',"i":%d' % i, grown on demand


def _seq_tails(end: int) -> list[bytes]:
    if len(_SEQ_TAILS) < end:
        _SEQ_TAILS.extend(b',"i":%d' % i for i in range(len(_SEQ_TAILS), max(end, 2 * len(_SEQ_TAILS), 4096)))
    return _SEQ_TAILS


def chain_lines(events: list[ev.Event], seq: int, prev: bytes) -> tuple[bytes, bytes]:
    """The record lines of ``events`` numbered from ``seq`` after link ``prev``: (bytes, last link).

    One msgspec call encodes the batch (a raw newline cannot occur inside an
    encoded line, so ``}\\n`` ends each one); the loop only links.
    """
    parts = _encoder.encode_lines(events).split(b"}\n")
    parts.pop()
    tails = _seq_tails(seq + len(parts))
    md5, b64 = _md5, _b64
    out: list[bytes] = []
    add = out.append
    for body in map(bytes.__add__, parts, tails[seq : seq + len(parts)]):
        prev = b64(md5(prev + body).digest())[:H_LEN]
        add(body + _TAIL + prev + b'"}\n')
    return b"".join(out), prev


def _link_v1(prev: bytes, body: bytes) -> bytes:
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
    takes events one at a time; they are encoded and chained in batches, by
    ``commit``.  Flush policy: with ``flush="decision"`` (the default) each
    ``Decided`` event commits what came before it and itself and flushes the
    file to the OS, so a crash loses nothing decided; with ``flush="close"``
    everything is committed when the record is closed.  The file is fsynced
    (to the disk) on close; with ``fsync="decision"`` after every decision too.
    """

    def __init__(self, path: str | Path, header: Header, *, fsync: Literal["close", "decision"] = "close", flush: Literal["decision", "close"] = "decision", exist_ok: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.flush = flush
        line = header_line(msgspec.structs.replace(header, v=FORMAT_VERSION))
        self.header = _header_decoder.decode(line)
        # O_EXCL: never overwrite a record that exists (nothing recorded is lost).
        # Writes go straight to the descriptor: a commit is one write call.
        mode = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if exist_ok else os.O_EXCL) | getattr(os, "O_BINARY", 0)
        try:
            self._fd: int | None = os.open(self.path, mode, 0o666)
        except FileNotFoundError:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, mode, 0o666)
        self._prev = line[-2 - H_LEN : -2]
        self._seq = 0
        self._pending: list[ev.Event] = []
        self._out = line + b"\n"  # bytes not yet written to the file
        if flush == "decision":
            self.commit()
        # What a Game calls for each event: with flush="close" a bare list
        # append, the cheapest callable there is.
        self.sink: Callable[[ev.Event], None] = self._pending.append if flush == "close" else self.write

    @property
    def closed(self) -> bool:
        return self._fd is None

    def write(self, event: ev.Event) -> None:
        self._pending.append(event)
        if self.flush == "decision" and type(event) is ev.Decided:
            self.commit()

    def write_all(self, events: Iterable[ev.Event]) -> None:
        self._pending.extend(events)
        if self.flush == "decision":
            self.commit()

    def commit(self) -> None:
        """Encode and chain the events written so far, and hand them to the OS in one write."""
        if self._fd is None:
            raise ValueError(f"{self.path}: the record is closed")
        out = self._out
        if self._pending:
            blob, self._prev = chain_lines(self._pending, self._seq, self._prev)
            self._seq += len(self._pending)
            self._pending.clear()
            out = out + blob if out else blob
        view = memoryview(out)
        while view:
            view = view[os.write(self._fd, view) :]
        self._out = b""
        if self.fsync == "decision":
            os.fsync(self._fd)

    def close(self) -> None:
        """Commit, fsync and close (idempotent)."""
        if self._fd is not None:
            try:
                self.commit()
                if self.fsync != "decision":
                    os.fsync(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None

    def __enter__(self) -> "RecordWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_record(path: str | Path, header: Header, events: Iterable[ev.Event]) -> Header:
    """Write a whole record at once (a new file); returns its header as written."""
    with RecordWriter(path, header) as w:
        w.write_all(events)
    return w.header


def _lines(blob: bytes) -> list[bytes]:
    lines = blob.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def parse_header(line: bytes, where: str) -> Header:
    """Decode a header line (its own ``h`` is checked by ``check_lines``)."""
    try:
        header = _header_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise RecordError(f"{where}:1: not a record header ({exc})") from None
    if header.sgz != "record":
        raise RecordError(f"{where}:1: not a record header (sgz={header.sgz!r})")
    if header.v > FORMAT_VERSION:
        raise RecordError(f"{where}:1: record format v{header.v} is newer than this sgz (v{FORMAT_VERSION})")
    if header.v < 1:
        raise RecordError(f"{where}:1: unknown record format v{header.v}")
    return header


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
    prev = b""
    for n, line in enumerate(lines):
        split = _split_tail(line)
        if split is None:
            return n, "no integrity field (a truncated or hand-edited line?)"
        body, h = split
        if link(prev, body) != h:
            if n == 0:
                return 0, "the header's integrity check failed (it was changed)"
            return n, "integrity check failed (the line was changed, or one before it dropped or moved)"
        if n and not body.endswith(b',"i":%d' % (n - 1)):
            return n, f"sequence number is not {n - 1}"
        prev = h
    return None


def _check_lines_v1(lines: list[bytes]) -> tuple[int, str] | None:
    try:
        header = _header_decoder.decode(lines[0])
    except msgspec.DecodeError:
        return 0, "not a record header"
    prev = header.h.encode()
    body0 = _encoder.encode(msgspec.structs.replace(header, h=""))
    if hashlib.blake2b(body0, digest_size=4).hexdigest().encode() != prev:
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


def decode_events(body_lines: list[bytes], version: int, mode: str = "identity") -> list[ev.Event]:
    """Decode event lines of a record of format ``version`` and ``mode``, upcasting them.

    Raises msgspec.DecodeError / ValidationError on a bad event.
    """
    extra = event_types(mode)
    steps = [UPCASTS[v] for v in range(version, FORMAT_VERSION) if UPCASTS.get(v) is not None]
    if not steps:
        return ev.decoder(extra).decode_lines(b"\n".join(body_lines)) if body_lines else []
    out = []
    kind = ev.union(extra)
    for line in body_lines:
        raw = msgspec.json.decode(line)
        for step in steps:
            raw = step(raw)  # type: ignore[misc]
        out.append(msgspec.convert(raw, kind))
    return out


class Scan(msgspec.Struct):
    """What reading a record found: the good prefix and the first problem."""

    path: str
    header: Header | None
    events: list[ev.Event]  # the events of the good prefix
    error: str | None = None  # "file:line: why", or None when the whole record is good
    bad_line: int = 0  # 1-based line of the error (0: none)
    unterminated: bool = False  # the last line has no newline


def scan(path: str | Path) -> Scan:
    """Read as much of a record as is good; never raises for a damaged file."""
    where = str(path)
    try:
        blob = Path(path).read_bytes()
    except OSError as exc:
        return Scan(where, None, [], f"{where}: cannot read ({exc.strerror})", 1)
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
    body = lines[1:good]
    try:
        events = decode_events(body, header.v, header.mode)
    except (msgspec.DecodeError, msgspec.ValidationError):
        events = []
        for n, line in enumerate(body):
            try:
                events.extend(decode_events([line], header.v, header.mode))
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                bad = (n + 1, f"bad event ({exc})")
                break
    if events and not isinstance(events[0], ev.GameStarted):
        return Scan(where, header, [], f"{where}:2: the first event must be a GameStarted", 2, unterminated)
    if bad is not None:
        return Scan(where, header, events, f"{where}:{bad[0] + 1}: {bad[1]}", bad[0] + 1, unterminated)
    return Scan(where, header, events, None, 0, unterminated)


def read_record(path: str | Path, *, verify: bool = True) -> Record:
    """Read a record; a damaged one raises RecordError naming the file and line."""
    if verify:
        s = scan(path)
        if s.error is not None:
            raise RecordError(s.error)
        assert s.header is not None
        return Record(s.header, s.events, s.path)
    where = str(path)
    try:
        blob = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"{where}: cannot read ({exc.strerror})") from None
    lines = _lines(blob)
    if not lines:
        raise RecordError(f"{where}:1: empty file, not a record")
    header = parse_header(lines[0], where)
    try:
        events = decode_events(lines[1:], header.v, header.mode)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise RecordError(f"{where}: bad events ({exc})") from None
    if events and not isinstance(events[0], ev.GameStarted):
        raise RecordError(f"{where}:2: the first event must be a GameStarted")
    return Record(header, events, where)
