"""docs/not-built.md stays true: each listed item still gives its clear error.

Every item (a ``###`` heading) shows a ```` ```sh title="raises" ```` block —
a command, then ``# error: TEXT`` — or says **Nothing reaches it** and why.
The commands run here (exit status 2, TEXT on stderr): when one starts to
work, the item is built and leaves the page.
"""
from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from .blocks import DOCS, Block, blocks, sgz_on_path

PAGE = DOCS / "not-built.md"


def _items() -> list[tuple[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^### (.+)$", text, flags=re.M)
    return [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts), 2)]


def _raises() -> list[Block]:
    return [b for b in blocks(PAGE) if b.title == "raises"]


def test_every_item_raises_or_says_why_nothing_reaches_it() -> None:
    items = _items()
    assert len(items) >= 15
    for heading, body in items:
        has_block = '```sh title="raises"' in body
        says = "**Nothing reaches it**" in body
        assert has_block != says, f"not-built item {heading!r}: needs exactly one of a raises block or 'Nothing reaches it'"


@pytest.mark.parametrize("block", _raises(), ids=lambda b: b.where)
def test_the_item_still_gives_its_error(block: Block, tmp_path: Path) -> None:
    lines = [ln for ln in block.text.splitlines() if ln.strip()]
    commands = [ln for ln in lines if not ln.startswith("#")]
    errors = [ln.removeprefix("# error:").strip() for ln in lines if ln.startswith("# error:")]
    assert len(commands) == 1 and len(errors) == 1, f"{block.where}: one command and one '# error:' line"
    argv = shlex.split(commands[0])
    assert argv[0] == "sgz", block.where
    done = subprocess.run(argv, cwd=tmp_path, env=sgz_on_path(tmp_path / ".bin"), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, f"{block.where}: exit {done.returncode} (built now? then move it off the page)\n{done.stderr}"
    assert errors[0] in done.stderr, f"{block.where}: expected {errors[0]!r} in\n{done.stderr}"
    assert len(done.stderr.strip().splitlines()) == 1, f"{block.where}: the error is one line\n{done.stderr}"
    assert not any(tmp_path.glob("x/*.jsonl")), f"{block.where}: a refused command writes no record"


def test_the_revised_edition_lists_its_missing_skills_as_the_page_does() -> None:
    from sanguozhi.core.modes import ruleset_of
    from sanguozhi.core.modes.base import ModeError

    with pytest.raises(ModeError) as exc:
        ruleset_of("hegemony").check(6, {"edition": "revised"})
    message = str(exc.value)
    for sid in ("chuli", "fenji", "jianchu", "mouduan"):
        assert sid in message
    assert "needs 40 revised skills" in message and "not-built" in message
