"""docs/not-built.md stays true: each listed item still gives its clear error.

Every item (a ``###`` heading) shows a ```` ```sh title="raises" ```` block —
a command, then ``# error: TEXT`` — or says **Nothing reaches it** and why.
The commands run here (exit status 2, TEXT on stderr): when one starts to
work, the item is built and leaves the page.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .blocks import DOCS, Block, blocks

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
def test_the_item_still_gives_its_error(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """In process (the same click group and one-line error handler as the
    installed ``sgz``; a new interpreter a command would cost a second each)."""
    from sanguozhi.cli.main import main

    lines = [ln for ln in block.text.splitlines() if ln.strip()]
    commands = [ln for ln in lines if not ln.startswith("#")]
    errors = [ln.removeprefix("# error:").strip() for ln in lines if ln.startswith("# error:")]
    assert len(commands) == 1 and len(errors) == 1, f"{block.where}: one command and one '# error:' line"
    argv = shlex.split(commands[0])
    assert argv[0] == "sgz", block.where
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SGZ_DB", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main.main(argv[1:], prog_name="sgz")
    err = capsys.readouterr().err
    assert exit_.value.code == 2, f"{block.where}: exit {exit_.value.code} (built now? then move it off the page)\n{err}"
    assert errors[0] in err, f"{block.where}: expected {errors[0]!r} in\n{err}"
    assert len(err.strip().splitlines()) == 1, f"{block.where}: the error is one line\n{err}"
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
