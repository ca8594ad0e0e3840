"""The fenced shell blocks of the documentation, by title.

A block is runnable when its fence reads ```` ```sh title="runnable" ````
(docs/getting-started.md, "The examples in these pages are tested"); the
not-built page's ```` ```sh title="raises" ```` blocks give a command and the
``# error: …`` text it must fail with.  Fences nested in a four-backtick
block (the page that shows the marker) are not blocks.
"""
from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"

_FENCE = re.compile(r"^(`{3,})(.*)$")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    info: str
    text: str

    @property
    def title(self) -> str | None:
        m = re.search(r'title="([^"]*)"', self.info)
        return m.group(1) if m else None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line}"


def _closes(line: str, fence: str) -> bool:
    """A closing fence: backticks only, at least as many as the opening one."""
    s = line.strip()
    return bool(s) and set(s) == {"`"} and len(s) >= len(fence)


def blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, outermost fences only."""
    out: list[Block] = []
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), i
        body: list[str] = []
        i += 1
        while i < len(lines) and not _closes(lines[i], fence):
            body.append(lines[i])
            i += 1
        out.append(Block(path, start + 1, info, "\n".join(body) + "\n"))
        i += 1
    return out


def pages() -> list[Path]:
    """The README and every page of the site."""
    return [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]


def titled(title: str) -> list[Block]:
    return [b for p in pages() for b in blocks(p) if b.info.startswith("sh") and b.title == title]


def sgz_on_path(folder: Path) -> dict[str, str]:
    """An environment whose ``sgz`` is this interpreter's sanguozhi (whatever venv runs the tests)."""
    folder.mkdir(parents=True, exist_ok=True)
    shim = folder / "sgz"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sanguozhi "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    env = dict(os.environ)
    env["PATH"] = f"{folder}{os.pathsep}{env.get('PATH', '')}"
    env.pop("SGZ_DB", None)  # the examples' archive is ./sgz.duckdb of their own folder
    env["NO_COLOR"] = "1"
    return env
