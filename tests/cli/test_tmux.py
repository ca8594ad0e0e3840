"""A real terminal: `sgz play` in tmux, three turns of the duel and of hegemony
played by the steps' keys, typed one line at a time as a person would."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sanguozhi.cli.common import checked_mode
from sanguozhi.core import events as ev
from sanguozhi.records import read_record
from tests.cli.keys import typed

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
TURNS = 3


def keys_for_turns(mode: str, players: int, seed: int, seat: int) -> list[str]:
    """The lines seat ``seat`` types (its first answer each time) until turn ``TURNS`` ends."""
    return typed(mode, players, seed, seat, turns=TURNS)


def screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout


def wait_for(session: str, text: str, seconds: float = 30, last: bool = False) -> str:
    """Until ``text`` is on the screen (``last``: at the end of its last line, a prompt waiting)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = screen(session)
        tail = (got.rstrip().splitlines() or [""])[-1]
        if (tail.endswith(text) if last else text in got):
            return got
        time.sleep(0.05)
    raise AssertionError(f"{text!r} never appeared:\n{screen(session)}")


@pytest.mark.parametrize("mode", ["duel", "hegemony"])
def test_three_turns_in_tmux(mode: str, tmp_path: Path) -> None:
    players = checked_mode(mode, None)[1]
    lines = keys_for_turns(mode, players, 3, 0)
    out = tmp_path / "me.jsonl"
    session = f"sgz-{mode}-{tmp_path.name}"[:50]
    sgz = str(Path(sys.executable).with_name("sgz"))
    cmd = f"{sgz} play --mode {mode} --seed 3 --seat 0 --out {out}; sleep 60"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "220", "-y", "60", cmd], check=True)
    try:
        for line in lines:
            wait_for(session, "help for commands:", last=True)
            subprocess.run(["tmux", "send-keys", "-t", session, line, "Enter"], check=True)
            time.sleep(0.1)  # the answer echoed: the prompt after it is the next question's
        wait_for(session, "help for commands:", last=True)
        subprocess.run(["tmux", "send-keys", "-t", session, "q", "Enter"], check=True)
        wait_for(session, "the record so far is in")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    events = read_record(out).events
    assert max(e.turn for e in events if type(e) is ev.TurnStarted) > TURNS
    mine = [e for e in events if type(e) is ev.Decided and e.seat == 0]
    assert len(mine) >= len(lines)
