"""The record format: the chain catches every kind of damage; old records stay readable."""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.records import format as fmt
from sanguozhi.records.format import FORMAT_VERSION, RecordError, RecordWriter, read_record, scan

from .util import CORRUPTIONS, V1_FIXTURES, damaged, lines, record


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    return record(tmp_path_factory.mktemp("fmt"), seed=3)


def test_a_record_reads_back_as_written(tmp_path: Path) -> None:
    path = record(tmp_path, seed=5)
    rec = read_record(path)
    assert rec.header.v == FORMAT_VERSION and rec.header.sgz == "record"
    assert isinstance(rec.events[0], ev.GameStarted) and isinstance(rec.events[-1], ev.GameEnded)
    rows = lines(path)
    assert len(rows) == len(rec.events) + 1
    for seq, row in enumerate(rows[1:]):
        if row[-fmt.TAIL_LEN : -fmt.TAIL_LEN + 6] == b',"h":"':  # a seal
            assert row.endswith(b'"}') and row[: -fmt.TAIL_LEN].endswith(b',"i":%d' % seq)
        else:
            assert row.endswith(b',"i":%d}' % seq)
    assert _is_seal(rows[-1])
    assert fmt.check_lines(rows, FORMAT_VERSION) is None


def _is_seal(row: bytes) -> bool:
    return row.endswith(b'"}') and row[-fmt.TAIL_LEN : -fmt.TAIL_LEN + 6] == b',"h":"'


def test_a_seal_is_md5_of_the_previous_seal_and_the_bytes_since(tmp_path: Path) -> None:
    """The v3 chain by its definition, from the file's bytes."""
    import base64
    import hashlib

    blob = record(tmp_path, seed=6).read_bytes()
    head, _, rest = blob.partition(b"\n")
    prev = base64.b64encode(hashlib.md5(head[:-14]).digest())[:6]
    assert head[-8:-2] == prev
    seals = 0
    while rest:
        # The group runs to the first line ending with the integrity field.
        end = next(k for k in range(len(rest)) if rest[k : k + 1] == b"\n" and _is_seal(rest[: k].rsplit(b"\n", 1)[-1]))
        group, rest = rest[:end], rest[end + 1 :]
        assert group.count(b"\n") < fmt.SEAL_EVERY
        assert base64.b64encode(hashlib.md5(prev + group[:-14]).digest())[:6] == group[-8:-2]
        prev = group[-8:-2]
        seals += 1
    assert seals > 1


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_each_damage_is_one_error_naming_file_and_line(src: Path, tmp_path: Path, kind: str) -> None:
    path, line = damaged(src, tmp_path / f"{kind}.jsonl", kind)
    with pytest.raises(RecordError) as err:
        read_record(path)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:{line}: "), message
    s = scan(path)
    assert s.error == message and s.bad_line == line
    # The good prefix stops right before the damage.
    assert len(s.events) == max(0, line - 2)


def test_a_cut_after_a_seal_reads_as_an_unfinished_game(src: Path, tmp_path: Path) -> None:
    rows = lines(src)
    k = max(i for i in range(2, 41) if _is_seal(rows[i - 1]))
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"\n".join(rows[:k]) + b"\n")
    rec = read_record(cut)
    assert len(rec.events) == k - 1 and not isinstance(rec.events[-1], ev.GameEnded)


def test_a_cut_inside_a_group_is_told_from_an_unfinished_game(src: Path, tmp_path: Path) -> None:
    rows = lines(src)
    k = next(i for i in range(2, len(rows)) if not _is_seal(rows[i - 1]))  # ends inside a group
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"\n".join(rows[:k]) + b"\n")
    with pytest.raises(RecordError, match="not sealed: the record was cut"):
        read_record(cut)
    s = scan(cut)
    assert s.events == read_record(src).events[: len(s.events)] and len(s.events) < k - 1


def test_a_last_line_without_its_newline_is_a_truncation(src: Path, tmp_path: Path) -> None:
    blob = src.read_bytes()
    cut = tmp_path / "nonl.jsonl"
    cut.write_bytes(blob[:-1])
    with pytest.raises(RecordError, match=r":\d+: truncated last line"):
        read_record(cut)


def test_a_newer_format_is_refused_clearly(src: Path, tmp_path: Path) -> None:
    rows = lines(src)
    rows[0] = rows[0].replace(b'"v":%d' % FORMAT_VERSION, b'"v":99')
    path = tmp_path / "new.jsonl"
    path.write_bytes(b"\n".join(rows) + b"\n")
    with pytest.raises(RecordError, match=r"new\.jsonl:1: record format v99 is newer than this sgz"):
        read_record(path)


def test_the_writer_never_overwrites_a_record(src: Path) -> None:
    header = read_record(src).header
    with pytest.raises(FileExistsError):
        RecordWriter(src, header)


def test_the_writer_flushes_each_decision(tmp_path: Path) -> None:
    rec = read_record(record(tmp_path, seed=7))
    path = tmp_path / "live.jsonl"
    w = RecordWriter(path, rec.header)
    k = next(i for i, e in enumerate(rec.events) if type(e) is ev.Decided)
    w.write_all(rec.events[: k + 1])
    # Not closed: what is on disk already holds every event up to the decision.
    assert len(read_record(path).events) == k + 1
    w.close()


# --- the frozen v1 fixtures ---------------------------------------------------


@pytest.mark.parametrize("path", V1_FIXTURES, ids=lambda p: p.name)
def test_frozen_v1_records_stay_readable(path: Path) -> None:
    rec = read_record(path)
    assert rec.header.v == 1
    assert isinstance(rec.events[0], ev.GameStarted) and isinstance(rec.events[-1], ev.GameEnded)
    assert fmt.check_lines(lines(path), 1) is None


def test_the_v1_fixture_is_still_what_v1_wrote() -> None:
    # Frozen: if this fails, someone regenerated a fixture that must never change.
    import hashlib

    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in V1_FIXTURES}
    assert digests == {"v1-identity-4p-s2.jsonl": "6dcb8e3fdd96f4f2", "v1-identity-4p-s7.jsonl": "f65ebb6623d28a12"}


def test_a_damaged_v1_record_is_caught_by_the_v1_chain(tmp_path: Path) -> None:
    path, line = damaged(V1_FIXTURES[0], tmp_path / "v1-changed.jsonl", "changed")
    with pytest.raises(RecordError, match=rf":{line}: integrity check failed"):
        read_record(path)
    path, line = damaged(V1_FIXTURES[0], tmp_path / "v1-header.jsonl", "bad_header")
    with pytest.raises(RecordError, match=r":1: the header's integrity check failed"):
        read_record(path)


def test_every_older_version_has_an_upcast_step() -> None:
    assert set(fmt.UPCASTS) == set(range(1, FORMAT_VERSION))


def test_an_upcast_step_is_applied_to_old_events(monkeypatch: pytest.MonkeyPatch) -> None:
    # How a future format change that renames a field reads old records.
    def rename(raw: dict) -> dict:
        if raw.get("t") == "phase":
            raw["phase"] = raw["phase"].upper()
        return raw

    monkeypatch.setitem(fmt.UPCASTS, 1, rename)
    rec = read_record(V1_FIXTURES[0])
    phases = [e.phase for e in rec.events if type(e) is ev.PhaseStarted]
    assert phases and all(p.isupper() for p in phases)


def test_a_new_record_is_under_70_bytes_an_event(tmp_path: Path) -> None:
    path = record(tmp_path, seed=8, players=5, max_turns=60)
    n = len(read_record(path).events)
    assert path.stat().st_size / n < 70


def test_header_decodes_as_the_schema_says(src: Path) -> None:
    first = lines(src)[0]
    header = msgspec.json.decode(first, type=fmt.Header)
    assert header.h == first[-8:-2].decode()


def _game_events(seed: int = 4) -> tuple:
    from sanguozhi.core.bots import bot_choice
    from sanguozhi.core.game import new_game

    game = new_game("identity", 4, seed, {"max_turns": 6, "deck": "basic"})
    batches = [list(game.events)]
    while not game.over:
        batches.append(game.submit(bot_choice("basic", game.state, game.request)))
    return game, batches


def _header(game) -> fmt.Header:
    start = game.events[0]
    return fmt.Header(sgz="record", v=FORMAT_VERSION, game="w", rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options)


def test_the_writer_seals_each_write_and_every_64_lines(tmp_path: Path) -> None:
    """However the events are handed over, the record reads back the same; a
    seal closes each write to the OS (a decision) and every 64th line."""
    game, batches = _game_events()
    live = tmp_path / "live.jsonl"
    with RecordWriter(live, _header(game)) as w:
        for e in game.events:
            w.write(e)
    bulk = tmp_path / "bulk.jsonl"
    with RecordWriter(bulk, _header(game), flush="close") as w:
        for b in batches:
            w.write_all(b)
    for path in (live, bulk):
        assert read_record(path).events == game.events
    decided = [i for i, e in enumerate(game.events) if type(e) is ev.Decided]
    seals_live = {i for i, row in enumerate(lines(live)[1:]) if _is_seal(row)}
    seals_bulk = {i for i, row in enumerate(lines(bulk)[1:]) if _is_seal(row)}
    last = len(game.events) - 1
    every = {i for i in range(len(game.events)) if i % fmt.SEAL_EVERY == fmt.SEAL_EVERY - 1}
    assert seals_bulk == every | {last}
    assert seals_live == every | {last} | set(decided)


def test_flush_at_decision_puts_each_decision_on_disk_before_the_next(tmp_path: Path) -> None:
    game, _ = _game_events(5)
    path = tmp_path / "live.jsonl"
    w = RecordWriter(path, _header(game))
    seen = 0
    for n, e in enumerate(game.events):
        w.write(e)
        if type(e) is ev.Decided:
            seen += 1
            # Without closing: the file already holds every event up to this decision.
            assert read_record(path).events == game.events[: n + 1]
    w.close()
    assert seen and read_record(path).events == game.events


def test_flush_at_close_writes_nothing_until_the_record_is_closed(tmp_path: Path) -> None:
    game, _ = _game_events(6)
    path = tmp_path / "bot.jsonl"
    w = RecordWriter(path, _header(game), flush="close")
    for e in game.events:
        w.sink(e)
    w.commit()  # encodes and seals, in memory
    assert not path.exists()  # the file is made whole when the record is closed
    w.close()
    w.close()  # twice is harmless
    assert w.closed and read_record(path).events == game.events
    with pytest.raises(ValueError, match="closed"):
        w.commit()


def test_a_field_named_h_inside_a_line_is_refused_by_writer_and_reader(src: Path, tmp_path: Path) -> None:
    """Readers split a v4 file at every ,"h":" (ingest does, in SQL): an event
    may not hold one.  The writer refuses it; a forger's copy is refused at its line."""

    class Odd(msgspec.Struct, tag="odd"):
        h: str

    w = RecordWriter(tmp_path / "odd.jsonl", read_record(src).header, flush="close")
    w.sink(Odd("x"))
    with pytest.raises(ValueError, match='field named "h"'):
        w.commit()
    from .util import reseal, write_lines

    rows = lines(src)
    k = next(n for n in range(5, len(rows)) if not _is_seal(rows[n]))
    rows[k] = rows[k].replace(b',"i":', b',"h":"x","i":', 1)
    forged = write_lines(tmp_path / "forged.jsonl", reseal(rows))
    with pytest.raises(RecordError, match=r'a line holds a field named "h"') as err:
        read_record(forged)
    assert f"(line {k + 1})" in str(err.value) or f"forged.jsonl:{k + 1}:" in str(err.value)
    # Ingest (its seals checked in SQL) refuses it too.
    from sanguozhi.records import archive

    con = archive.open_db(tmp_path / "a.duckdb")
    try:
        report = archive.ingest(con, [forged])
    finally:
        con.close()
    assert report.added == 0 and len(report.rejected) == 1
