"""records.format.scan's whole-file path: it takes a sound record, and it never
says anything of a record the line-by-line path would not say.

The whole-file path accepts a record only when its events, written again as
sgz writes them, are its bytes; anything else goes line by line.  So for any
bytes at all, ``scan`` must come to exactly what the line-by-line path alone
comes to: same header, events, error, good prefix and chain tip.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sanguozhi.records import format as fmt

from ..soak import soak
from .util import record, reseal


@pytest.fixture(scope="module")
def sound(tmp_path_factory) -> bytes:
    return record(tmp_path_factory.mktemp("whole"), seed=7, max_turns=8).read_bytes()


def _line_by_line(blob: bytes) -> fmt.Scan:
    saved = fmt._scan_whole
    fmt._scan_whole = lambda where, blob: None
    try:
        return fmt.scan("r.jsonl", blob)
    finally:
        fmt._scan_whole = saved


def _same(blob: bytes) -> None:
    whole, lines = fmt.scan("r.jsonl", blob), _line_by_line(blob)
    assert (whole.header, whole.events, whole.error, whole.bad_line, whole.unterminated, whole.tip) == (
        lines.header, lines.events, lines.error, lines.bad_line, lines.unterminated, lines.tip)


def test_a_sound_record_is_read_whole_to_what_line_by_line_reads(sound: bytes) -> None:
    got = fmt._scan_whole("r.jsonl", sound)
    assert got is not None and got.error is None and len(got.events) == sound.count(b"\n") - 1
    _same(sound)


def test_a_record_sealed_at_each_decision_is_read_whole(tmp_path: Path) -> None:
    # A person's game is sealed at every decision, not every 64 lines: the groups are where the file has its seals.
    from .test_format import _game_events, _header

    game, batches = _game_events()
    path = tmp_path / "d.jsonl"
    with fmt.RecordWriter(path, _header(game), flush="decision") as w:
        for batch in batches:
            w.write_all(batch)
    blob = path.read_bytes()
    assert blob.count(b',"h":"') - 1 > len(game.events) // fmt.SEAL_EVERY + 1  # more groups than the 64-line rule makes
    assert fmt._scan_whole("d.jsonl", blob) is not None
    _same(blob)


def _mutate(blob: bytes, data: st.DataObject) -> bytes:
    rows = blob.split(b"\n")[:-1]
    k = data.draw(st.integers(0, len(rows) - 1), label="line")
    how = data.draw(st.sampled_from(["flip", "drop", "swap", "twice", "cut", "number", "unseal", "field"]), label="how")
    row = rows[k]
    if how == "flip" and row:
        at = data.draw(st.integers(0, len(row) - 1), label="at")
        rows[k] = row[:at] + bytes([row[at] ^ data.draw(st.integers(1, 255), label="xor")]) + row[at + 1 :]
    elif how == "drop":
        del rows[k]
    elif how == "swap" and k + 1 < len(rows):
        rows[k], rows[k + 1] = rows[k + 1], rows[k]
    elif how == "twice":
        rows.insert(k, row)
    elif how == "cut":
        return b"\n".join(rows[:k]) + b"\n" + row[: data.draw(st.integers(0, len(row)), label="keep")]
    elif how == "number" and b',"i":' in row:
        cut = row.rfind(b',"i":')
        rows[k] = row[:cut] + b',"i":' + b"%d" % data.draw(st.integers(0, len(rows)), label="n") + row[cut + 5 :].lstrip(b"0123456789")
    elif how == "unseal" and row.endswith(b'"}') and b',"h":"' in row:
        rows[k] = row[: -fmt.TAIL_LEN] + b"}"
    elif how == "field":
        rows[k] = row[:1] + b'"x":1,' + row[1:]
    if data.draw(st.booleans(), label="reseal"):  # a careful forger recomputes the seals
        rows = reseal(rows)
    return b"\n".join(rows) + b"\n"


@settings(max_examples=soak(120), deadline=None)
@given(data=st.data())
def test_any_damage_or_forgery_reads_as_line_by_line_reads_it(sound: bytes, data: st.DataObject) -> None:
    _same(_mutate(sound, data))
