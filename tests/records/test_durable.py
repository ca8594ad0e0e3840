"""Records written whole under a temporary name, then synced and named together."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from sanguozhi.records import durable, read_record
from sanguozhi.records.format import Header, RecordWriter
from sanguozhi.records.session import run_bots, start_recorded

BOTS = {s: "basic" for s in range(5)}


def _finished(folder: Path, seed: int) -> RecordWriter:
    game, writer = start_recorded(folder / f"g{seed}.jsonl", "identity", 5, seed, {"max_turns": 2}, BOTS, atomic=True, flush="close")
    run_bots(game, BOTS)
    writer.close(sync=False)
    return writer


@pytest.mark.parametrize("syncfs", [True, False], ids=["syncfs", "fsync-each"])
def test_records_get_their_names_only_when_published(tmp_path: Path, monkeypatch, syncfs: bool) -> None:
    if not syncfs:
        monkeypatch.setattr(durable, "_SYNCFS", [None])  # a system without syncfs
    writers = [_finished(tmp_path, s) for s in (1, 2, 3)]
    assert not list(tmp_path.glob("*.jsonl"))  # written, not yet synced: no record's name
    temps = sorted(w.written_to for w in writers)
    assert all(t.exists() and t.name.startswith(".") for t in temps)
    durable.publish(writers)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g1.jsonl", "g2.jsonl", "g3.jsonl"]
    assert [read_record(w.path).header.seed for w in writers] == [1, 2, 3]


def test_a_published_record_never_replaces_one_of_the_same_name(tmp_path: Path) -> None:
    writer, other = _finished(tmp_path, 1), _finished(tmp_path, 2)
    (tmp_path / "g1.jsonl").write_bytes(b"someone else's record\n")  # raced: the name was taken meanwhile
    with pytest.raises(FileExistsError):
        durable.publish([writer, other])
    assert (tmp_path / "g1.jsonl").read_bytes() == b"someone else's record\n"
    assert not writer.written_to.exists()
    assert read_record(other.path).header.seed == 2  # the rest of the batch is named


def test_only_an_atomic_record_is_closed_without_a_sync(tmp_path: Path) -> None:
    header = Header(sgz="record", v=4, game="x", rules="x", mode="identity", players=5, seed=1)
    writer = RecordWriter(tmp_path / "r.jsonl", header)
    with pytest.raises(ValueError, match="only an atomic record"):
        writer.close(sync=False)
    writer.close()
    assert (tmp_path / "r.jsonl").exists()


def _dead_pid(reaped: bool = True) -> int:
    """The pid of a process that has ended (not ``reaped``: a zombie, its end not yet noted)."""
    import subprocess
    import sys
    import time

    p = subprocess.Popen([sys.executable, "-c", "pass"])
    if reaped:
        p.wait()
    else:
        while os.path.exists(f"/proc/{p.pid}/stat") and b") Z" not in Path(f"/proc/{p.pid}/stat").read_bytes():
            time.sleep(0.01)
        _ZOMBIES.append(p)  # reaped at the end of the session
    return p.pid


_ZOMBIES: list = []


@pytest.mark.skipif(os.name != "posix", reason="sweeping needs a harmless test of whether a process lives")
def test_a_sweep_removes_only_what_dead_processes_of_this_machine_left(tmp_path: Path) -> None:
    record = tmp_path / "identity-5p-s1-abc.jsonl"
    mine_dead = durable.temporary_name(record).name.replace(f".{os.getpid()}.part", f".{_dead_pid()}.part")
    # A killed run whose end nobody has noted yet (a zombie) is dead too; Linux's /proc tells.
    zombies = [durable.temporary_name(record).name.replace(f".{os.getpid()}.part", f".{_dead_pid(reaped=False)}.part")] if os.path.exists("/proc/self/stat") else []
    mine_live = durable.temporary_name(record).name  # this process: a run in progress
    elsewhere = f".{record.name}.another-host.{_dead_pid()}.part"  # a shared folder: not ours to judge
    not_ours = ".notes.part"
    for name in (mine_dead, *zombies, mine_live, elsewhere, not_ours, record.name):
        (tmp_path / name).write_bytes(b"x")
    assert durable.sweep(tmp_path) == 1 + len(zombies)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine_live, elsewhere, not_ours, record.name])
    assert durable.sweep(tmp_path / "missing") == 0
