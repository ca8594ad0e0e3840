"""`sgz html`: the page file, which views it holds, and one-line errors."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record
from tests.replay.games import recorded_game

from .records_util import one_line_error, run


def embedded(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    blob = re.search(r'<script type="application/json" id="sgz-data">(.*?)</script>', text, re.S)
    assert blob, "no embedded data"
    return json.loads(blob.group(1))


def test_a_page_is_one_file_that_needs_no_network(tmp_path: Path) -> None:
    rec = recorded_game(tmp_path, 5, 61, max_turns=12)
    out = tmp_path / "page.html"
    res = run("html", rec, "--out", out)
    assert res.exit_code == 0, res.output
    assert "views: review, seat 0, seat 1, seat 2, seat 3, seat 4" in res.output
    text = out.read_text(encoding="utf-8")
    # Nothing is loaded from elsewhere: no src/href to a URL, no fetch.
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "fetch(" not in text and "XMLHttpRequest" not in text and "import(" not in text
    data = embedded(out)
    assert data["events"] == len(read_record(rec).events)
    assert data["game"]["file"] == rec.name and str(tmp_path) not in text


def test_views_asked_for_and_refused(tmp_path: Path) -> None:
    rec = recorded_game(tmp_path, 4, 62, max_turns=8)
    out = tmp_path / "p.html"
    assert run("html", rec, "--out", out, "--as", "2", "--as", "review").exit_code == 0
    assert [v["seat"] for v in embedded(out)["views"]] == [2, None]
    assert "exists" in one_line_error(run("html", rec, "--out", out))
    assert run("html", rec, "--out", out, "--force", "--as", "3").exit_code == 0
    assert [v["seat"] for v in embedded(out)["views"]] == [3]
    err = one_line_error(run("html", rec, "--out", tmp_path / "q.html", "--as", "4"))
    assert "--as 4: give a seat 0-3 or 'review'" in err
    assert not (tmp_path / "q.html").exists()
    assert "missing.jsonl" in one_line_error(run("html", tmp_path / "missing.jsonl", "--out", tmp_path / "r.html"))
    blocked = tmp_path / "afile"
    blocked.write_text("x")
    assert "cannot write" in one_line_error(run("html", rec, "--out", blocked / "p.html"))
    assert not (tmp_path / "r.html").exists()


def test_a_person_game_still_unfinished_shows_only_the_persons_view(tmp_path: Path) -> None:
    rec = tmp_path / "me.jsonl"
    res = CliRunner().invoke(main, ["play", "--players", "4", "--seat", "1", "--seed", "3", "--out", str(rec), "-o", "generals=vanilla"], input="1\nq\n")
    assert rec.exists(), res.output
    out = tmp_path / "me.html"
    assert run("html", rec, "--out", out).exit_code == 0
    assert [v["seat"] for v in embedded(out)["views"]] == [1]
    err = one_line_error(run("html", rec, "--out", tmp_path / "all.html", "--as", "review"))
    assert "a person" in err and "--as 1" in err


def test_the_fork_tree_is_embedded_and_a_stranger_refused(tmp_path: Path) -> None:
    parent = recorded_game(tmp_path, 5, 63, max_turns=12)
    stranger = recorded_game(tmp_path, 4, 64, max_turns=4)
    fork = tmp_path / "fork.jsonl"
    assert run("fork", parent, "--at", "90", "--out", fork).exit_code == 0
    out = tmp_path / "fork.html"
    assert run("html", fork, "--out", out, "--parent", parent).exit_code == 0
    tree = embedded(out)["tree"]
    assert tree[0]["game"] == read_record(parent).header.game
    assert tree[0]["children"][0]["fork_at"] == 91 and tree[0]["children"][0]["file"] == "fork.jsonl"
    err = one_line_error(run("html", fork, "--out", tmp_path / "x.html", "--parent", stranger))
    assert "is not in the fork tree" in err
