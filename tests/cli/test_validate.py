"""`sgz validate` from the outside."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.records.util import CORRUPTIONS, V1_FIXTURES, damaged, digest, forged_decision, record

from .records_util import one_line_error, run


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    return record(tmp_path_factory.mktemp("v"), seed=4)


def test_sound_records_pass(src: Path) -> None:
    res = run("validate", src, *V1_FIXTURES)
    assert res.exit_code == 0, res.output
    assert res.stdout.count(": ok: ") == 3 and "re-execution" in res.stdout


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_a_damaged_record_fails_with_one_line_naming_file_and_line(src: Path, tmp_path: Path, kind: str) -> None:
    bad, line = damaged(src, tmp_path / f"{kind}.jsonl", kind)
    before = digest(bad)
    err = one_line_error(run("validate", bad))
    assert err.startswith(f"sgz: invalid: {bad}:{line}: "), err
    assert digest(bad) == before


def test_an_edited_decision_is_caught_by_re_execution(src: Path, tmp_path: Path) -> None:
    import re

    forged, at = forged_decision(src, tmp_path / "forged.jsonl")
    assert run("validate", "--no-exec", forged).exit_code == 0
    err = one_line_error(run("validate", forged))
    m = re.match(rf"sgz: invalid: {re.escape(str(forged))}:(\d+): re-running the decisions differs at event (\d+): the record has ", err)
    assert m and int(m[1]) == int(m[2]) + 2 and at < int(m[2]) <= at + 10, err


def test_one_bad_record_among_good_ones_fails_the_run(src: Path, tmp_path: Path) -> None:
    bad, _ = damaged(src, tmp_path / "d.jsonl", "dropped")
    res = run("validate", src, bad, V1_FIXTURES[0])
    assert res.exit_code == 1 and res.stdout.count(": ok: ") == 2 and len(res.stderr.splitlines()) == 1


def test_complete_asks_for_the_games_end(src: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    rows = src.read_bytes().splitlines(keepends=True)
    k = max(i for i in range(2, 51) if rows[i - 1].endswith(b'"}\n'))  # cut right after a seal
    cut.write_bytes(b"".join(rows[:k]))
    res = run("validate", cut)
    assert res.exit_code == 0 and "unfinished" in res.stdout
    err = one_line_error(run("validate", "--complete", cut))
    assert f"{cut}:{k}: the game has no end" in err


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    err = one_line_error(run("validate", tmp_path / "nope.jsonl"))
    assert "nope.jsonl: cannot read" in err


def test_a_quit_game_is_told_apart_from_a_cut_one() -> None:
    from tests.records.util import FIXTURES

    res = run("validate", "--complete", FIXTURES / "v2-quit-4p-s3.jsonl")
    assert res.exit_code == 0 and "quit (unfinished)" in res.stdout


@pytest.mark.parametrize("command", ["validate", "salvage", "replay", "diff"])
def test_deeply_nested_json_is_a_one_line_error_everywhere(src: Path, tmp_path: Path, command: str) -> None:
    from tests.records.util import objects, rechained

    head, objs = objects(src)
    objs[0] = objs[0].replace(b'"options":{', b'"options":{"x":' + b"[" * 1000 + b"]" * 1000 + b",", 1)
    deep = rechained(tmp_path / "deep.jsonl", head, objs)
    args = {"validate": [deep], "salvage": [deep, "--out", tmp_path / "s.jsonl"], "replay": [deep], "diff": [src, deep]}[command]
    err = one_line_error(run(command, *args))
    assert f"{deep}:2: bad event (nested too deeply)" in err


def test_a_folder_is_every_record_in_it_and_workers_keep_the_order(src: Path, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    (folder / "more").mkdir(parents=True)
    names = [f"g{i:02}.jsonl" for i in range(10)]
    for name in names:
        (folder / name).write_bytes(src.read_bytes())
    damaged(src, folder / "more" / "bad.jsonl", "dropped")
    (folder / "notes.txt").write_text("not a record")
    outputs = []
    for jobs in ("1", "2"):
        res = run("validate", "--no-exec", "--jobs", jobs, folder)
        assert res.exit_code == 1 and len(res.stderr.splitlines()) == 1 and f"{folder / 'more' / 'bad.jsonl'}:" in res.stderr
        outputs.append(res.stdout)
    # The same lines in the same order (the files' order: sorted, sub-folders included) on one worker or two.
    assert outputs[0] == outputs[1]
    assert [line.split(": ok: ")[0] for line in outputs[0].splitlines()] == [str(folder / n) for n in names]


def test_a_folder_without_records_is_one_line(tmp_path: Path) -> None:
    err = one_line_error(run("validate", tmp_path))
    assert "no records (*.jsonl)" in err and str(tmp_path) in err
