"""`sgz tree`: the fork tree of a folder of records."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record
from sanguozhi.replay.tree import Node, build
from tests.replay.games import recorded_game


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_tree_of_forks_and_forks_of_forks(tmp_path: Path) -> None:
    parent = recorded_game(tmp_path, 5, 101, max_turns=30)
    other = recorded_game(tmp_path, 4, 102, max_turns=5)
    assert run("fork", str(parent), "--at", "300", "--out", str(tmp_path / "b.jsonl")).exit_code == 0
    assert run("fork", str(parent), "--at", "100", "--out", str(tmp_path / "a.jsonl")).exit_code == 0
    res = run("sim", "--from", str(tmp_path / "a.jsonl"), "--reseed", "9", "--out", str(tmp_path / "sub"), "--json")
    cont = Path(json.loads(res.output)["records"][0])
    assert run("fork", str(cont), "--at", "150", "--out", str(tmp_path / "sub" / "c.jsonl")).exit_code == 0
    text = run("tree", str(tmp_path))
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    pid = read_record(parent).header.game[:8]
    assert any(line.startswith(str(parent)) and f"game {pid}" in line for line in lines)
    assert not re.search(r"\(\d+, \d+\)", text.output)  # winners in words, not as a Python tuple
    assert any("over: the " in line or "unfinished" in line for line in lines)
    assert any("after 100 ─" in line and "a.jsonl" in line for line in lines)
    assert any("after 300 ─" in line and "b.jsonl" in line for line in lines)
    assert any("after 150 ─" in line and "c.jsonl" in line and line.startswith(("│", " ")) for line in lines)
    assert any(line.startswith(str(other)) for line in lines)
    # The forks of a game come in the order of their fork points.
    i100 = next(i for i, line in enumerate(lines) if "a.jsonl" in line)
    i300 = next(i for i, line in enumerate(lines) if "b.jsonl" in line)
    assert i100 < i300
    trees = json.loads(run("tree", str(tmp_path), "--json").output)
    root = next(t for t in trees if t["game"].startswith(pid))
    assert [c["fork_at"] for c in root["children"]] == [101, 101, 301]
    # One record: just its tree.
    one = run("tree", str(tmp_path / "sub" / "c.jsonl")).output
    assert "a.jsonl" in one and read_record(other).header.game[:8] not in one


def test_a_missing_parent_and_a_cycle_keep_every_record() -> None:
    roots = build([Node(game="b", parent="a", fork_at=5, events=9), Node(game="x", parent="y", fork_at=1, events=3), Node(game="y", parent="x", fork_at=1, events=3)])
    games = set()

    def walk(n: Node) -> None:
        games.add(n.game)
        for c in n.children:
            walk(c)

    for r in roots:
        walk(r)
    assert games == {"a", "b", "x", "y"}


def test_bad_paths(tmp_path: Path) -> None:
    res = run("tree", str(tmp_path / "nope"))
    assert res.exit_code != 0 and "no such file" in res.output
    (tmp_path / "junk.jsonl").write_text("junk\n")
    res = run("tree", str(tmp_path))
    assert res.exit_code == 0 and "skipped" in res.output and "no records" in res.output


def test_tree_from_an_archive(tmp_path: Path) -> None:
    parent = recorded_game(tmp_path, 5, 103, max_turns=20)
    assert run("fork", str(parent), "--at", "50", "--out", str(tmp_path / "a.jsonl")).exit_code == 0
    db = tmp_path / "games.duckdb"
    res = run("archive", "ingest", str(tmp_path), "--db", str(db), "--quiet")
    assert res.exit_code == 0, res.output
    text = run("tree", str(db))
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert lines[0].startswith(str(parent)) and f"game {read_record(parent).header.game[:8]}" in lines[0]
    assert any("after 50 ─" in line and "a.jsonl" in line for line in lines)
    bad = tmp_path / "not.duckdb"
    bad.write_text("nope")
    res = run("tree", str(bad))
    assert res.exit_code != 0 and len(res.output.strip().splitlines()) == 1
