"""The progress bar: drawn on a terminal for long runs, never into a pipe."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

from sanguozhi.cli.progress import Progress

REPO = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_pipe_gets_nothing() -> None:
    stream = io.StringIO()
    with Progress(10, "sim", stream=stream, delay=0, every=0) as bar:
        for _ in range(10):
            bar.advance()
    assert stream.getvalue() == ""


def test_a_terminal_gets_the_bar_then_it_is_erased() -> None:
    stream = Terminal()
    with Progress(4, "sim", unit="games", stream=stream, delay=0, every=0) as bar:
        for _ in range(4):
            bar.advance()
        assert "sim [" in stream.getvalue() and "4/4 games" in stream.getvalue()
    assert stream.getvalue().endswith("\r\x1b[K")  # the line is cleared at the end


def test_a_short_run_stays_quiet_even_on_a_terminal() -> None:
    stream = Terminal()
    with Progress(3, "sim", stream=stream, delay=60) as bar:
        for _ in range(3):
            bar.advance()
    assert stream.getvalue() == ""


def test_sgz_sim_draws_on_a_terminal_and_not_into_a_pipe(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "sanguozhi", "sim", "--games", "60", "--jobs", "1", "-o", "deck=basic"]
    # stderr on a pseudo-terminal: the bar is drawn (the run takes > 0.5 s).
    leader, follower = os.openpty()
    chunks: list[bytes] = []

    def drain() -> None:  # read while it runs, so the terminal never fills up
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the child's side closed
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        p = subprocess.run([*args, "--out", str(tmp_path / "tty")], cwd=REPO, stdout=subprocess.PIPE, stderr=follower, timeout=120)
    finally:
        os.close(follower)
        reader.join(10)
        os.close(leader)
    seen = b"".join(chunks)
    assert p.returncode == 0
    assert b"sim [" in seen and b"games" in seen
    assert b"60 game(s)" in p.stdout and b"sim [" not in p.stdout
    # Both piped: no bar anywhere.
    q = subprocess.run([*args, "--out", str(tmp_path / "pipe")], cwd=REPO, capture_output=True, timeout=120)
    assert q.returncode == 0 and q.stderr == b"" and b"\r" not in q.stdout
