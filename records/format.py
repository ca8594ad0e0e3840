"""The record file format, version 1.

Line 1 is the header (a JSON object with ``"sgz": "record"``).  Every later
line is one event as JSON, with two fields appended:

    {"t":"phase","seat":2,"phase":"draw","i":17,"h":"1f0a93c2"}

``i`` is the event's sequence number (the GameStarted event is 0) and ``h``
the first 4 bytes of BLAKE2b over the previous line's ``h`` and this line up
to (not including) ``,"h":``.  The header's own ``h`` starts the chain.  So a
changed, dropped, reordered or truncated line breaks the chain at that line.

The writer only appends.  It flushes after every decision (so a crash of the
process loses nothing already decided) and fsyncs when the record is closed;
``fsync="decision"`` also fsyncs at every decision, for power-loss safety at
the cost of speed.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

import msgspec

from core import events as ev

FORMAT_VERSION = 1
_TAIL = b',"h":"'


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
    h: str = ""


class Record(msgspec.Struct):
    header: Header
    events: list[ev.Event]
    path: str = ""


class RecordError(ValueError):
    """A record that cannot be read; the message names the file and line."""


_header_decoder = msgspec.json.Decoder(Header)
_event_decoder = msgspec.json.Decoder(ev.AnyEvent)
_encoder = msgspec.json.Encoder()


class _Chain(msgspec.Struct):
    h: str


_chain_decoder = msgspec.json.Decoder(_Chain)


def _link(prev: str, body: bytes) -> str:
    return hashlib.blake2b(prev.encode() + body, digest_size=4).hexdigest()


def header_line(header: Header) -> bytes:
    body = _encoder.encode(msgspec.structs.replace(header, h=""))
    seed = hashlib.blake2b(body, digest_size=4).hexdigest()
    return _encoder.encode(msgspec.structs.replace(header, h=seed))


class RecordWriter:
    """Append a game's events to a record file as they happen."""

    def __init__(self, path: str | Path, header: Header, *, fsync: Literal["close", "decision"] = "close", exist_ok: bool = False) -> None:
        self.path = Path(path)
        self.header = header
        self.fsync = fsync
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # "x": never overwrite a record that exists (nothing recorded is lost).
        self._f: IO[bytes] = open(self.path, "wb" if exist_ok else "xb")
        line = header_line(header)
        self._prev = _chain_decoder.decode(line).h
        self._seq = 0
        self._f.write(line + b"\n")
        self._f.flush()

    def write(self, event: ev.Event) -> None:
        body = _encoder.encode(event)[:-1] + b',"i":%d' % self._seq
        h = _link(self._prev, body)
        self._f.write(body + _TAIL + h.encode() + b'"}\n')
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

    def __enter__(self) -> "RecordWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lines(blob: bytes) -> list[bytes]:
    lines = blob.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def parse_header(line: bytes, where: str) -> Header:
    try:
        header = _header_decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise RecordError(f"{where}:1: not a record header ({exc})") from None
    if header.sgz != "record":
        raise RecordError(f"{where}:1: not a record header (sgz={header.sgz!r})")
    if header.v > FORMAT_VERSION:
        raise RecordError(f"{where}:1: record format v{header.v} is newer than this sgz (v{FORMAT_VERSION})")
    return header


def check_chain(lines: list[bytes], where: str, prev: str) -> Iterator[tuple[int, str]]:
    """Yield (line index, error) for the first broken link, if any."""
    for n, line in enumerate(lines):
        cut = line.rfind(_TAIL)
        if cut < 0 or not line.endswith(b'"}'):
            yield n, "no integrity field (a truncated or hand-edited line?)"
            return
        body, h = line[:cut], line[cut + len(_TAIL) : -2].decode(errors="replace")
        if _link(prev, body) != h:
            yield n, "integrity check failed (the line was changed, dropped or moved)"
            return
        seq_at = body.rfind(b',"i":')
        if seq_at < 0 or body[seq_at + 5 :] != str(n).encode():
            yield n, f"sequence number is not {n}"
            return
        prev = h


def read_record(path: str | Path, *, verify: bool = True) -> Record:
    """Read a record; a damaged one raises RecordError naming the file and line."""
    where = str(path)
    try:
        blob = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"{where}: cannot read ({exc.strerror})") from None
    lines = _lines(blob)
    if not lines:
        raise RecordError(f"{where}:1: empty file, not a record")
    header = parse_header(lines[0], where)
    body = lines[1:]
    if verify:
        if blob and not blob.endswith(b"\n"):
            raise RecordError(f"{where}:{len(lines)}: truncated last line")
        for n, why in check_chain(body, where, header.h):
            raise RecordError(f"{where}:{n + 2}: {why}")
    try:
        events = _event_decoder.decode_lines(b"\n".join(body))
    except msgspec.DecodeError as exc:
        # Find the line for the message (slow path, errors only).
        for n, line in enumerate(body):
            try:
                _event_decoder.decode(line)
            except msgspec.DecodeError as line_exc:
                raise RecordError(f"{where}:{n + 2}: bad event ({line_exc})") from None
        raise RecordError(f"{where}: bad events ({exc})") from None
    if events and not isinstance(events[0], ev.GameStarted):
        raise RecordError(f"{where}:2: the first event must be a GameStarted")
    return Record(header, events, where)
