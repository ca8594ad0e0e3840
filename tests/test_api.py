"""The import package: `sanguozhi` is the public API; the example of docs/api.md runs."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import sanguozhi

REPO = Path(__file__).resolve().parents[1]


def test_the_readme_example_runs_and_its_fork_differs(tmp_path: Path, monkeypatch, capsys) -> None:
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    example = re.search(r"## As a Python library.*?```python\n(.*?)```", text, re.S).group(1)  # type: ignore[union-attr]
    monkeypatch.chdir(tmp_path)
    scope: dict[str, object] = {}
    exec(compile(example, "docs/api.md example", "exec"), scope)
    game, branch = scope["game"], scope["branch"]
    assert (tmp_path / "g.jsonl").exists() and game.over  # type: ignore[attr-defined]
    assert branch.events[:120] == game.events[:120] and branch.events != game.events  # type: ignore[attr-defined]
    winners, count = capsys.readouterr().out.split(")")
    assert winners.startswith("(") and int(count) == len(game.events)  # type: ignore[attr-defined]


def test_every_public_name_resolves_and_unknown_ones_say_so() -> None:
    for name in sanguozhi.__all__:
        assert getattr(sanguozhi, name) is not None
    assert set(sanguozhi.__all__) <= set(dir(sanguozhi))
    try:
        sanguozhi.nonsense  # noqa: B018
    except AttributeError as exc:
        assert "nonsense" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_the_packages_live_under_one_name_only() -> None:
    from sanguozhi.core import events

    assert events.__name__ == "sanguozhi.core.events"
    loaded = [m for m in sys.modules if m.split(".")[0] in {"core", "records", "replay", "cli"}]
    assert loaded == [], loaded  # nothing is imported twice under a bare top-level name


def test_python_dash_m_sanguozhi_is_sgz() -> None:
    res = subprocess.run([sys.executable, "-m", "sanguozhi", "--help"], capture_output=True, text=True, cwd=REPO)
    assert res.returncode == 0 and "Usage: sgz" in res.stdout and "replay" in res.stdout


def test_no_source_file_imports_a_bare_top_level_name() -> None:
    bare = re.compile(r"^\s*(from|import) (core|cli|records|replay)\b", re.M)
    offenders = [
        str(f.relative_to(REPO))
        for top in ("core", "cli", "records", "replay", "tests", "sanguozhi")
        for f in (REPO / top).rglob("*.py")
        if bare.search(f.read_text(encoding="utf-8"))
    ]
    assert offenders == [], f"import these through sanguozhi.*: {offenders}"
