"""Shared pieces of the records CLI tests (validate, salvage, schema, archive, stats, query)."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main

REPO = Path(__file__).resolve().parents[2]


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_error(res) -> str:
    """The error of a failed command: exactly one line on stderr, non-zero exit."""
    assert res.exit_code != 0, res.output
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    return lines[0]


def sgz(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
    """``sgz ARGS`` in a new process (for locks and kills)."""
    return subprocess.Popen(
        [sys.executable, "-m", "sanguozhi", *map(str, args)],
        cwd=REPO,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


def archive_of(folder: Path, games: int, **kw) -> Path:
    """An archive of ``games`` seeded bot games recorded in ``folder``/g (``tests.records.util.records``'s options)."""
    from tests.records.util import records

    records(folder / "g", games, **kw)
    db = folder / "a.duckdb"
    res = run("archive", "ingest", folder / "g", "--db", db)
    assert res.exit_code == 0, res.output
    return db


def sim_tables(out: Path, mode: str, sizes: Iterable[int], games: int, seed: int) -> Path:
    """``games`` recorded bot games of ``mode`` at each table size, in ``out``."""
    for players in sizes:
        res = run("sim", "--mode", mode, "--players", str(players), "--games", str(games), "--seed", str(seed), "--out", out)
        assert res.exit_code == 0, res.output
    return out


def assert_whole_games(files: list[Path], mode: str) -> None:
    """The records validate as whole games of ``mode``: each ends with the game's end."""
    from sanguozhi.core import events as ev
    from sanguozhi.records import read_record

    res = run("validate", "--complete", *files)
    assert res.exit_code == 0, res.output
    for f in files:
        rec = read_record(f)
        assert isinstance(rec.events[-1], ev.GameEnded) and rec.header.mode == mode
