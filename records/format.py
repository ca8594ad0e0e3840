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
with "x": an existing record is never overwritten).  It flushes after every
decision, so a crash of the process loses nothing already decided, and fsyncs
when the record is closed; ``fsync="decision"`` also fsyncs at every decision,
for power-loss safety at the cost of speed.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Any, Literal

import msgspec

from core import events as ev

FORMAT_VERSION = 3
CHAIN_SINCE = 2  # the format whose chain (MD5, Base64) every later format keeps
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
}


def event_types(mode: str) -> tuple[type[ev.Event], ...]:
    """The event types a record of ``mode`` may hold besides the core ones (its ruleset's own)."""
    from core.modes import ModeError, ruleset_of

    try:
        return ruleset_of(mode).events
    except ModeError:
        return ()  # an unknown mode: its own events fail to decode, with the line named


def link(prev: bytes, body: bytes) -> bytes:
    """The chain link of a line (formats v2 and v3): 6 Base64 characters of MD5(prev + body)."""
    return base64.b64encode(hashlib.md5(prev + body, usedforsecurity=False).digest())[:H_LEN]


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

    fsync policy: the file is flushed (to the OS) after every decision and
    fsynced (to the disk) on close; with ``fsync="decision"`` it is also
    fsynced after every decision.

    ``atomic``: the record is written under a temporary name beside ``path``
    (``.NAME.PID.part``, which nothing reads as a record) and gets its name
    only when it is closed whole; leaving the ``with`` block by an exception
    removes it.  Bot games are written so (a killed ``sgz sim`` leaves no cut
    record that a rerun would count as done); a person's game is not (its
    record must be readable at every decision).
    """

    def __init__(self, path: str | Path, header: Header, *, fsync: Literal["close", "decision"] = "close", exist_ok: bool = False, atomic: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.atomic = atomic
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = header_line(msgspec.structs.replace(header, v=FORMAT_VERSION))
        self.header = _header_decoder.decode(line)
        if atomic and not exist_ok and self.path.exists():
            raise FileExistsError(f"{self.path} exists")
        self._file = self.path.with_name(f".{self.path.name}.{os.getpid()}.part") if atomic else self.path
        # "x": never overwrite a record that exists (nothing recorded is lost).
        self._f: IO[bytes] = open(self._file, "wb" if exist_ok or atomic else "xb")
        self._prev = line[-2 - H_LEN : -2]
        self._seq = 0
        self._f.write(line + b"\n")
        self._f.flush()

    def write(self, event: ev.Event) -> None:
        body = _encoder.encode(event)[:-1] + b',"i":%d' % self._seq
        h = link(self._prev, body)
        self._f.write(body + _TAIL + h + b'"}\n')
        self._prev = h
        self._seq += 1
        if type(event) is ev.Decided:
            self._f.flush()
            if self.fsync == "decision":
                os.fsync(self._f.fileno())

    def write_all(self, events: Iterable[ev.Event]) -> None:
        for e in events:
            self.write(e)

    def close(self) -> None:
        if not self._f.closed:
            self._f.flush()
            os.fsync(self._f.fileno())
            self._f.close()
            if self.atomic:
                self._publish()

    def _publish(self) -> None:
        try:
            os.link(self._file, self.path)  # fails if a record has the name meanwhile: never overwritten
        finally:
            os.unlink(self._file)

    def discard(self) -> None:
        """Give up an atomic record: its temporary file goes, nothing gets the name."""
        if not self._f.closed:
            self._f.close()
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
        try:
            events = decoder.decode_lines(b"\n".join(lines))
        except (msgspec.DecodeError, RecursionError):
            events = None
        if events is not None:
            for k, (line, e) in enumerate(zip(lines, events)):
                enc = encode(e)
                if len(line) != len(enc) + 4 + TAIL_LEN + len(b"%d" % k) or not line.startswith(enc[:-1]):
                    break
            else:
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
    # The hot loop of validate and ingest: one MD5 a line, nothing else allocated twice.
    md5, b2a, tail, t, h0 = hashlib.md5, binascii.b2a_base64, _TAIL, TAIL_LEN, -2 - H_LEN
    prev = b""
    for n, line in enumerate(lines):
        body, h = line[:-t], line[h0:-2]
        if line[-t : -t + 6] != tail or line[-2:] != b'"}' or b2a(md5(prev + body).digest())[:H_LEN] != h:
            return n, _broken(line, prev, n)
        if n and not body.endswith(b',"i":%d' % (n - 1)):
            return n, f"sequence number is not {n - 1}"
        prev = h
    return None


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


def line_link(line: bytes, version: int) -> str:
    """The chain link (``h``) a record line of format ``version`` ends with."""
    if version >= 2:
        return line[-2 - H_LEN : -2].decode("ascii", "replace")
    return line[line.rfind(_TAIL) + len(_TAIL) : -2].decode("ascii", "replace")


def read_record(path: str | Path) -> Record:
    """Read a record; a damaged one raises RecordError naming the file and line."""
    s = scan(path)
    if s.error is not None:
        raise RecordError(s.error)
    assert s.header is not None
    return Record(s.header, s.events, s.path)
