"""Every shell block marked runnable in the README and the docs runs and exits 0.

The blocks of one page run in order in one fresh temporary folder (a later
block may use what an earlier one wrote), each under ``bash -e`` with this
interpreter's ``sgz`` first on PATH.  Keep them small: the whole docs test
is meant to take about a minute.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .blocks import REPO, blocks, pages, sgz_on_path

PAGES = [p for p in pages() if any(b.title == "runnable" for b in blocks(p))]


def test_there_are_runnable_examples_in_the_readme_and_the_docs() -> None:
    names = {p.relative_to(REPO).as_posix() for p in PAGES}
    assert "README.md" in names and len(names) >= 8, names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_the_runnable_blocks_of_a_page_exit_0(page: Path, tmp_path: Path) -> None:
    env = sgz_on_path(tmp_path / ".bin")
    work = tmp_path / "work"
    work.mkdir()
    for block in blocks(page):
        if block.title != "runnable":
            continue
        assert block.info.startswith("sh"), f"{block.where}: a runnable block is a sh block"
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block.text], cwd=work, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, f"{block.where}: exit {done.returncode}\n--- block\n{block.text}--- stdout\n{done.stdout[-3000:]}--- stderr\n{done.stderr[-3000:]}"
