"""Small recorded bot games and ways to damage them, for the records tests."""
from __future__ import annotations

import hashlib
from pathlib import Path

from sanguozhi.core import events as ev
from sanguozhi.records.format import RecordWriter, read_record
from sanguozhi.records.session import run_bots, start_recorded

FIXTURES = Path(__file__).parent / "fixtures"
V1_FIXTURES = sorted(FIXTURES.glob("v1-*.jsonl"))


def record(folder: Path, seed: int = 1, players: int = 4, max_turns: int = 16, name: str | None = None) -> Path:
    """A short bot game (basic deck), recorded in ``folder``."""
    bots = {s: "basic" for s in range(players)}
    path = folder / (name or f"g-{players}p-s{seed}-t{max_turns}.jsonl")
    game, writer = start_recorded(path, "identity", players, seed, {"max_turns": max_turns, "deck": "basic"}, bots)
    with writer:
        run_bots(game, bots)
    return path


def records(folder: Path, n: int, first_seed: int = 1, **kw) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [record(folder, seed, **kw) for seed in range(first_seed, first_seed + n)]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def write_lines(path: Path, rows: list[bytes], newline_at_end: bool = True) -> Path:
    path.write_bytes(b"\n".join(rows) + (b"\n" if newline_at_end else b""))
    return path


def shows_at(rows: list[bytes], k: int) -> int:
    """The 1-based line where damage to line index ``k`` is reported: the line
    itself before format 4; from format 4 the first line of its sealed group
    (the lines of a group are only as good as its seal)."""
    from sanguozhi.records.format import SEALED_SINCE, parse_header

    if parse_header(rows[0], "?").v < SEALED_SINCE:
        return k + 1
    j = k - 1
    while j > 0 and not (rows[j].endswith(b'"}') and rows[j][-14:-8] == b',"h":"'):
        j -= 1
    return j + 2


def damaged(src: Path, out: Path, kind: str) -> tuple[Path, int]:
    """A copy of ``src`` damaged one way; returns it and the 1-based line the damage shows at."""
    rows = lines(src)
    k = min(30, len(rows) - 3)  # an event line well inside the record
    if kind == "truncated":  # cut in the middle of the last line
        blob = src.read_bytes()
        out.write_bytes(blob[: len(blob) - 9])
        return out, shows_at(rows, len(rows) - 1)
    if kind == "changed":
        row = rows[k]
        new = row.replace(b'"seat":1', b'"seat":2', 1) if b'"seat":1' in row else row.replace(b'"t":"', b'"t":"x', 1)
        if new == row:
            at = len(row) - 15  # the last digit of "i", just before the integrity field
            new = row[:at] + (b"0" if row[at : at + 1] != b"0" else b"1") + row[at + 1 :]
        at = shows_at(rows, k)
        rows[k] = new
        return write_lines(out, rows), at
    if kind == "dropped":
        at = shows_at(rows, k)
        del rows[k]
        return write_lines(out, rows), at
    if kind == "reordered":
        at = shows_at(rows, k)
        rows[k], rows[k + 1] = rows[k + 1], rows[k]
        return write_lines(out, rows), at
    if kind == "bad_header":
        rows[0] = rows[0].replace(b'"players":', b'"players":1', 1)
        return write_lines(out, rows), 1
    if kind == "header_not_json":
        rows[0] = b"this is not a record"
        return write_lines(out, rows), 1
    if kind == "garbage_line":
        at = shows_at(rows, k)
        rows.insert(k, b"\x00\xff garbage \xfe")
        return write_lines(out, rows), at
    if kind == "garbage_appended":
        out.write_bytes(src.read_bytes() + b"}{ not json at all\n")
        return out, len(rows) + 1
    if kind == "empty":
        out.write_bytes(b"")
        return out, 1
    raise ValueError(kind)


CORRUPTIONS = ("truncated", "changed", "dropped", "reordered", "bad_header", "header_not_json", "garbage_line", "garbage_appended", "empty")


def forged_decision(src: Path, out: Path) -> tuple[Path, int]:
    """A copy of ``src`` with one decision changed and the chain recomputed
    (a careful forger): integrity and schema pass; re-execution must not.

    Returns the path and the seq of the forged decision (the rules disagree
    with an event soon after it).
    """
    rec = read_record(src)
    events = list(rec.events)
    for i, e in enumerate(events):
        # A discard of a card: discard another card of the hand instead... or
        # simplest, turn "end the play phase" into a pass on something else.
        if type(e) is ev.Decided and e.kind == "discard" and e.cards:
            other = next((m for m in _hand_before(events, i, e.seat) if m not in e.cards), None)
            if other is not None:
                events[i] = ev.Decided(seat=e.seat, kind=e.kind, cards=(other, *e.cards[1:]), targets=e.targets, option=e.option, w=e.w)
                with RecordWriter(out, rec.header) as w:
                    w.write_all(events)
                return out, i
    raise AssertionError("no discard decision to forge")


def _hand_before(events: list[ev.Event], i: int, seat: int) -> list[int]:
    from sanguozhi.core.evolve import fold

    return list(fold(events[:i]).chars[seat].hand)


def check_frozen_fork(version: int) -> None:
    """The frozen fork of format ``version``: it names its parent, keeps 301 of its events, then reseeds 9."""
    fork = read_record(FIXTURES / f"v{version}-fork-reseed-s2.jsonl")
    parent = read_record(FIXTURES / f"v{version}-identity-5p-s2.jsonl")
    assert fork.header.parent == parent.header.game and fork.header.fork_at == 301
    assert fork.events[:301] == parent.events[:301]
    assert any(isinstance(e, ev.Reseeded) and e.seed == 9 for e in fork.events[301:])


def reseal(rows: list[bytes]) -> list[bytes]:
    """``rows`` (a v4 record's lines) with every seal recomputed, as a careful forger would."""
    from sanguozhi.records.format import H_LEN, TAIL_LEN, link

    out = [rows[0][:-TAIL_LEN] + b',"h":"' + link(b"", rows[0][:-TAIL_LEN]) + b'"}']
    prev, start = out[0][-2 - H_LEN : -2], 1
    for n in range(1, len(rows)):
        if rows[n][-TAIL_LEN : -TAIL_LEN + 6] == b',"h":"':
            group = b"\n".join(rows[start : n + 1])[:-TAIL_LEN]
            prev = link(prev, group)
            out.extend(rows[start:n])
            out.append(rows[n][:-TAIL_LEN] + b',"h":"' + prev + b'"}')
            start = n + 1
    return out + rows[start:]


# -- careful forgers: change what a line says, then recompute the whole chain --


def objects(path: Path) -> tuple[bytes, list[bytes]]:
    """The header's JSON and each event's own JSON (without ``i`` and ``h``) of a record."""
    from sanguozhi.records.format import TAIL_LEN

    rows = lines(path)
    return rows[0][:-TAIL_LEN] + b"}", [r[: r.rfind(b',"i":')] + b"}" for r in rows[1:]]


def rechained(out: Path, head: bytes, events: list[bytes]) -> Path:
    """A record of these header and event objects, with a chain that holds."""
    from sanguozhi.records.format import link

    body = head[:-1]
    prev = link(b"", body)
    rows = [body + b',"h":"' + prev + b'"}']
    for i, obj in enumerate(events):
        body = obj[:-1] + b',"i":%d' % i
        prev = link(prev, body)
        rows.append(body + b',"h":"' + prev + b'"}')
    return write_lines(out, rows)


def with_event(src: Path, out: Path, at: int, event: ev.Event) -> Path:
    """``src`` with ``event`` inserted before event ``at``, chain recomputed."""
    head, objs = objects(src)
    objs.insert(at, ev.encode(event))
    return rechained(out, head, objs)


def children(pid: int) -> list[int]:
    """The living (not zombie) child processes of ``pid``, from /proc."""
    import os

    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                kids.append(int(entry))
    return kids
