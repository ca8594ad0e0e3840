"""Checking a record all the way (validate) and keeping its good prefix (salvage)."""
from __future__ import annotations

from pathlib import Path

import pytest

from core import events as ev
from records.check import check, salvage
from records.format import FORMAT_VERSION, read_record

from .util import CORRUPTIONS, V1_FIXTURES, damaged, digest, forged_decision, record


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    return record(tmp_path_factory.mktemp("check"), seed=3)


def test_a_sound_record_passes_every_check(src: Path) -> None:
    c = check(src)
    assert c.ok and c.finished and c.good == len(c.events)


@pytest.mark.parametrize("path", V1_FIXTURES, ids=lambda p: p.name)
def test_the_frozen_v1_records_pass_integrity_and_schema(path: Path) -> None:
    c = check(path, execute=False)
    assert c.ok and c.finished


def test_an_edited_decision_with_a_recomputed_chain_fails_re_execution(src: Path, tmp_path: Path) -> None:
    forged, at = forged_decision(src, tmp_path / "forged.jsonl")
    assert check(forged, execute=False).ok  # the chain and schema are fine
    c = check(forged)
    assert not c.ok and at < c.good <= at + 10
    assert c.error.startswith(f"{forged}:{c.good + 2}: re-running the decisions differs at event {c.good}: the record has ")


def test_a_header_that_disagrees_with_the_game_is_caught(src: Path, tmp_path: Path) -> None:
    import msgspec

    from records.format import RecordWriter

    rec = read_record(src)
    path = tmp_path / "liar.jsonl"
    with RecordWriter(path, msgspec.structs.replace(rec.header, players=9)) as w:
        w.write_all(rec.events)
    c = check(path)
    assert not c.ok and "the header says players 9" in c.error


@pytest.mark.parametrize("kind", [k for k in CORRUPTIONS if k not in ("bad_header", "header_not_json", "empty")])
def test_salvage_keeps_the_good_prefix_and_the_result_validates(src: Path, tmp_path: Path, kind: str) -> None:
    bad, line = damaged(src, tmp_path / f"{kind}.jsonl", kind)
    before = digest(bad)
    out = tmp_path / f"{kind}-salvaged.jsonl"
    c, kept = salvage(bad, out)
    assert digest(bad) == before  # never modifies its input
    assert not c.ok and kept == line - 2
    again = check(out)
    assert again.ok, again.error
    assert read_record(out).events == read_record(src).events[:kept]


def test_salvage_cuts_before_the_first_re_execution_difference(src: Path, tmp_path: Path) -> None:
    forged, at = forged_decision(src, tmp_path / "forged.jsonl")
    out = tmp_path / "forged-salvaged.jsonl"
    c, kept = salvage(forged, out)
    assert at < kept == c.good <= at + 10 and check(out).ok


def test_salvage_refuses_to_overwrite_and_needs_a_start(src: Path, tmp_path: Path) -> None:
    with pytest.raises(FileExistsError):
        salvage(src, src)
    bad, _ = damaged(src, tmp_path / "h.jsonl", "bad_header")
    with pytest.raises(ValueError, match=":1: the header's integrity check failed"):
        salvage(bad, tmp_path / "nothing.jsonl")
    assert not (tmp_path / "nothing.jsonl").exists()


def test_salvage_of_a_v1_record_writes_the_current_format(tmp_path: Path) -> None:
    out = tmp_path / "up.jsonl"
    _, kept = salvage(V1_FIXTURES[1], out)
    rec = read_record(out)
    assert rec.header.v == FORMAT_VERSION and len(rec.events) == kept and isinstance(rec.events[-1], ev.GameEnded)
