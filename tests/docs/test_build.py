"""The documentation site builds with ``mkdocs build --strict``: a broken link,
a missing anchor, a page left out of the nav or an API object that cannot
be found fails the test run."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .blocks import REPO

NEEDED = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python", "mkdocs_click")


def _missing() -> list[str]:
    out = []
    for name in NEEDED:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            out.append(name)
    return out


@pytest.mark.skipif(bool(_missing()), reason=f"the docs extra is not installed (pip install -e '.[docs]'): missing {', '.join(_missing())}")
def test_mkdocs_build_strict(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-5000:]
    assert (tmp_path / "site" / "index.html").is_file()
    cli = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "sgz sim" in cli and "--games" in cli  # mkdocs-click documented the commands
    import click

    from sanguozhi.cli.main import main

    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        assert f'id="sgz-{name}"' in cli, f"the CLI reference lacks sgz {name}"
    api = (tmp_path / "site" / "api" / "index.html").read_text(encoding="utf-8")
    assert "new_game" in api and "aec_env" in api  # mkdocstrings found the modules


def test_every_page_is_in_the_nav_and_the_readme_stays_short() -> None:
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((REPO / "docs").rglob("*.md")):
        rel = page.relative_to(REPO / "docs").as_posix()
        assert f": {rel}" in nav, f"docs/{rel} is not in mkdocs.yml's nav"
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert (REPO / "docs" / "img" / "replay.png").stat().st_size < 200_000


def test_every_playable_mode_has_a_line_in_the_readme_and_a_page() -> None:
    from sanguozhi.core.modes import BUILTIN, playable_modes

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    index = (REPO / "docs" / "modes" / "index.md").read_text(encoding="utf-8")
    for mode in (m for m in playable_modes() if m in BUILTIN):  # not a test's own mode
        assert f"[`{mode}`](docs/modes/" in readme, f"README's table of modes lacks {mode}"
        assert f"[`{mode}`" in index, f"docs/modes/index.md lacks {mode}"
