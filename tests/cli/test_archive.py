"""`sgz archive ingest|export` from the outside: incremental, atomic, one writer at a time."""
from __future__ import annotations

import time
from pathlib import Path

import duckdb
import pytest

from tests.records.util import damaged, records

from .records_util import one_line_error, run, sgz


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("games")
    records(d, 6)
    return d


def counts(db: Path) -> dict[str, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("games", "seats", "events", "decisions")}
    finally:
        con.close()


def test_ingest_then_again_adds_nothing(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    res = run("archive", "ingest", folder, "--db", db)
    assert res.exit_code == 0, res.output
    assert "6 game(s) added" in res.stdout and "events/s" in res.stdout
    before = counts(db)
    res = run("archive", "ingest", folder, "--db", db)
    assert res.exit_code == 0 and "0 game(s) added" in res.stdout and "6 already in" in res.stdout
    assert counts(db) == before


def test_the_default_archive_is_sgz_db_or_sgz_duckdb(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SGZ_DB", raising=False)
    assert run("archive", "ingest", folder).exit_code == 0
    assert (tmp_path / "sgz.duckdb").exists()
    monkeypatch.setenv("SGZ_DB", str(tmp_path / "env.duckdb"))
    assert run("archive", "ingest", folder).exit_code == 0
    assert counts(tmp_path / "env.duckdb")["games"] == 6


def test_damaged_records_are_listed_and_fail_the_run(folder: Path, tmp_path: Path) -> None:
    bad, line = damaged(sorted(folder.glob("*.jsonl"))[0], tmp_path / "bad.jsonl", "reordered")
    db = tmp_path / "a.duckdb"
    res = run("archive", "ingest", bad, sorted(folder.glob("*.jsonl"))[1], "--db", db)
    assert res.exit_code == 1
    # The line's group is rejected from its first line; the line at fault is named.
    assert res.stderr.strip() == f"sgz: rejected: {bad}:{line}: sequence number is not 29 (line 31)"
    assert "1 game(s) added" in res.stdout and "1 rejected" in res.stdout


def test_export_parquet_partitions_by_mode(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    run("archive", "ingest", folder, "--db", db)
    res = run("archive", "export", "--parquet", tmp_path / "pq", "--db", db)
    assert res.exit_code == 0, res.output
    assert (tmp_path / "pq" / "games" / "mode=identity").is_dir()
    assert "not empty" in one_line_error(run("archive", "export", "--parquet", tmp_path / "pq", "--db", db))
    assert run("archive", "export", "--parquet", tmp_path / "pq", "--db", db, "--overwrite").exit_code == 0


def test_a_missing_archive_or_record_is_one_line(tmp_path: Path) -> None:
    err = one_line_error(run("archive", "export", "--parquet", tmp_path / "pq", "--db", tmp_path / "none.duckdb"))
    assert "no archive at" in err
    err = one_line_error(run("archive", "ingest", tmp_path / "nope.jsonl", "--db", tmp_path / "a.duckdb"))
    assert err == f"sgz: error: {tmp_path / 'nope.jsonl'}: no such file or folder"
    assert not (tmp_path / "a.duckdb").exists()


def _paused_ingest(folder: Path, db: Path, stage: str = "decisions"):
    """An ingest process stopped inside its batch's transaction, holding the archive."""
    p = sgz("archive", "ingest", folder, "--db", db, env={"SGZ_TEST_INGEST_PAUSE": stage})
    deadline = time.monotonic() + 60
    line = ""
    while time.monotonic() < deadline:
        line = p.stderr.readline()
        if "paused at" in line or not line:
            break
    assert "paused at " + stage in line, (line, p.poll())
    return p


@pytest.mark.parametrize("stage", ["events", "decisions", "before-commit"])
def test_a_killed_ingest_leaves_the_archive_as_it_was(folder: Path, tmp_path: Path, stage: str) -> None:
    db = tmp_path / "a.duckdb"
    first = sorted(folder.glob("*.jsonl"))[:2]
    assert run("archive", "ingest", *first, "--db", db).exit_code == 0
    before = counts(db)
    p = _paused_ingest(folder, db, stage)
    p.kill()
    p.wait()
    assert counts(db) == before
    res = run("archive", "ingest", folder, "--db", db)
    assert res.exit_code == 0 and "4 game(s) added" in res.stdout


def test_ctrl_c_during_an_ingest_leaves_the_archive_as_it_was(folder: Path, tmp_path: Path) -> None:
    import signal

    db = tmp_path / "a.duckdb"
    first = sorted(folder.glob("*.jsonl"))[:2]
    assert run("archive", "ingest", *first, "--db", db).exit_code == 0
    before = counts(db)
    p = _paused_ingest(folder, db, "events")
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and err.strip() == "sgz: error: interrupted: 0 game(s) went in before it, in 0 whole batch(es); the batch in flight was rolled back"
    assert counts(db) == before


@pytest.mark.parametrize("stage", ["lines", "decisions", "before-commit"])
def test_ctrl_c_during_a_multi_batch_ingest_waits_for_the_loader_and_says_one_line(folder: Path, tmp_path: Path, stage: str) -> None:
    import signal

    db = tmp_path / "a.duckdb"
    p = sgz("archive", "ingest", folder, "--db", db, "--batch", "2", env={"SGZ_TEST_INGEST_PAUSE": stage})
    line = p.stderr.readline()
    assert "paused at " + stage in line, (line, p.poll())
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err  # not a traceback, not SIGABRT (-6)
    assert err.count("\n") == 1 and err.startswith("sgz: error: interrupted: ")
    n = counts(db)["games"]
    assert f"{n} game(s) went in before it" in err and n % 2 == 0  # whole batches only


def _children(pid: int) -> set[int]:
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_while_workers_check_rolls_back_and_ends_them(tmp_path: Path) -> None:
    """From WORKERS_FROM records the check runs on worker processes (one a core, at least 2 here)."""
    import signal

    from sanguozhi.records.ingest import WORKERS_FROM

    folder = tmp_path / "g"
    records(folder, WORKERS_FROM + 2, first_seed=80)
    db = tmp_path / "a.duckdb"
    p = sgz("archive", "ingest", folder, "--db", db, "--jobs", "2", env={"SGZ_TEST_INGEST_PAUSE": "events"})
    line = p.stderr.readline()
    assert "paused at events" in line, (line, p.poll())
    workers = _children(p.pid)
    assert len(workers) >= 2  # the two checkers (and multiprocessing's resource tracker)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and err.strip().startswith("sgz: error: interrupted: 0 game(s) went in before it"), err
    # The checkers are ended with it (multiprocessing's resource tracker ends once it sees its parent gone).
    deadline = time.monotonic() + 10
    while _alive(workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(workers)
    assert counts(db)["games"] == 0


def _alive(pids: set[int]) -> list[int]:
    out = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.append(pid)
    return out


def test_a_second_ingest_at_once_fails_cleanly_or_waits(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    other = tmp_path / "other"
    records(other, 1, first_seed=50)
    p = _paused_ingest(folder, db)
    try:
        err = one_line_error(run("archive", "ingest", other, "--db", db))
        assert "is in use by another process" in err and "--wait" in err
        started = time.monotonic()
        err = one_line_error(run("archive", "ingest", other, "--db", db, "--wait", "0.5"))
        assert time.monotonic() - started >= 0.5 and "in use" in err
        # Readers are told the same, in one line.
        assert "in use" in one_line_error(run("stats", "--db", db))
        assert "in use" in one_line_error(run("query", "--db", db, "SELECT 1"))
    finally:
        p.kill()
        p.wait()
    # With the first gone, a waiting ingest gets through.
    q = sgz("archive", "ingest", other, "--db", db, "--wait", "30")
    out, err = q.communicate(timeout=120)
    assert q.returncode == 0, err
    assert "1 game(s) added" in out
