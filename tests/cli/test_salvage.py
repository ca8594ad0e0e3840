"""`sgz salvage` from the outside."""
from __future__ import annotations

from pathlib import Path

from tests.records.util import damaged, digest, record

from .records_util import one_line_error, run


def test_salvage_writes_a_prefix_that_validates(tmp_path: Path) -> None:
    src = record(tmp_path, seed=4)
    bad, line = damaged(src, tmp_path / "bad.jsonl", "changed")
    before = digest(bad)
    out = tmp_path / "saved.jsonl"
    res = run("salvage", bad, "--out", out)
    assert res.exit_code == 0, res.output
    assert f"kept events 0-{line - 3} " in res.stdout and f"{bad}:{line}:" in res.stdout
    assert digest(bad) == before
    assert run("validate", out).exit_code == 0


def test_salvage_errors_are_one_line(tmp_path: Path) -> None:
    src = record(tmp_path, seed=4)
    assert "must be a new file" in one_line_error(run("salvage", src, "--out", src))
    other = tmp_path / "other.jsonl"
    other.write_bytes(b"x")
    assert "exists" in one_line_error(run("salvage", src, "--out", other))
    bad, _ = damaged(src, tmp_path / "h.jsonl", "header_not_json")
    assert "not a record header" in one_line_error(run("salvage", bad, "--out", tmp_path / "n.jsonl"))
    assert not (tmp_path / "n.jsonl").exists()
