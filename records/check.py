"""Checking a record all the way: integrity, schema, and re-running its decisions.

``check(path)`` never raises for a bad record: it says what is wrong in one
line naming the file and line, and how much of the record is good (for
``sgz salvage``).  The line of event ``seq`` is ``seq + 2`` (the header is 1).
"""
from __future__ import annotations

from pathlib import Path

import msgspec

from core import events as ev

from .format import Header, RecordWriter, scan


class Checked(msgspec.Struct):
    path: str
    header: Header | None
    events: list[ev.Event]  # the events read (the good prefix when damaged)
    error: str | None = None  # one line: "file:line: why"
    good: int = 0  # events that are sound: integrity, schema and re-execution
    finished: bool = False  # the record has the game's end

    @property
    def ok(self) -> bool:
        return self.error is None


def check(path: str | Path, *, execute: bool = True) -> Checked:
    """Check ``path``; with ``execute`` also re-run its decisions through the engine."""
    s = scan(path)
    out = Checked(s.path, s.header, s.events, s.error, len(s.events))
    if s.header is None:
        return out
    events = s.events
    h = s.header
    if events:
        start = events[0]
        assert isinstance(start, ev.GameStarted)
        for name, want, got in (("mode", h.mode, start.mode), ("players", h.players, start.players), ("rules", h.rules, start.rules)):
            if want != got:
                return _fail(out, 0, f"the header says {name} {want!r} but the game started with {got!r}", good=0)
    out.finished = any(type(e) is ev.GameEnded for e in events[-1:])
    if not execute or not events:
        return out
    from core.evolve import FoldError
    from core.game import ReplayMismatch, resume

    try:
        resume(events, from_start=True)
    except ReplayMismatch as exc:
        # Events before the first difference are what the rules give.
        return _fail(out, exc.seq, f"re-running the decisions differs at event {exc.seq}: the record has {_brief(exc.recorded)} but the rules give {_brief(exc.produced)}", good=exc.seq)
    except FoldError as exc:
        seq = _seq_of(str(exc))
        return _fail(out, seq, f"the events do not replay: {exc}", good=seq if seq is not None else 0)
    except Exception as exc:  # an engine error is a finding about this record too
        return _fail(out, None, f"re-running the decisions failed: {type(exc).__name__}: {exc}", good=0)
    return out


def _brief(e: ev.Event | None) -> str:
    if e is None:
        return "nothing"
    text = ev.encode(e).decode()
    return text if len(text) <= 120 else text[:117] + "..."


def _seq_of(message: str) -> int | None:
    if message.startswith("event "):
        head = message[6:].split(":", 1)[0]
        if head.isdigit():
            return int(head)
    return None


def _fail(out: Checked, seq: int | None, why: str, *, good: int | None) -> Checked:
    # An integrity error found by scan comes first (it is earlier in the file).
    if out.error is None:
        line = f":{seq + 2}" if seq is not None else ""
        out.error = f"{out.path}{line}: {why}"
    if good is not None:
        out.good = min(out.good, good)
    return out


def salvage(path: str | Path, out: str | Path) -> tuple[Checked, int]:
    """Write the longest sound prefix of ``path`` to the new record ``out``.

    Returns the check of the input and the number of events written.  The
    input is only read; ``out`` must not exist (records are never overwritten).
    """
    src, dst = Path(path), Path(out)
    if dst.exists():
        raise FileExistsError(f"{out} exists; choose a new file (records are never overwritten)")
    c = check(src)
    if c.header is None:
        raise ValueError(c.error or f"{path}: not a record")
    keep = c.events[: c.good]
    if not keep:
        raise ValueError(f"{c.error}; nothing to salvage (no sound event)")
    with RecordWriter(dst, c.header) as w:
        w.write_all(keep)
    return c, len(keep)
