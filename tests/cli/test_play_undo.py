"""`undo` in `sgz play`: back to the person's previous decision, as a recorded fork."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from core import events as ev
from core.game import resume
from records import read_record


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def person_decisions(events, seat: int = 0) -> list[int]:
    return [i for i, e in enumerate(events) if type(e) is ev.Decided and e.seat == seat]


def test_undo_forks_back_to_the_previous_decision(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seed", "5", "--out", str(out), input="1\n1\nundo\nq\n")
    assert res.exit_code == 0, res.output
    new = tmp_path / "me.undo1.jsonl"
    assert f"play goes on in {new}" in res.output and f"the record so far is in {new}" in res.output
    old, fork = read_record(out), read_record(new)
    mine = person_decisions(old.events)
    assert len(mine) == 2
    k = mine[-1]  # back to the second decision: it is offered again
    assert fork.events[:-1] == old.events[:k]
    # Both lines of play end with the person's quit: the one left by undo, and the fork at q.
    assert old.events[-1] == fork.events[-1] == ev.GameQuit(seat=0)
    assert (fork.header.parent, fork.header.fork_at) == (old.header.game, k)
    assert fork.header.game != old.header.game
    assert resume(fork.events).request.seat == 0


def test_undo_twice_and_play_on(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seed", "6", "--out", str(out), input="1\n1\n1\nundo\nundo\n1\nq\n")
    assert res.exit_code == 0, res.output
    first, second = read_record(tmp_path / "me.undo1.jsonl"), read_record(tmp_path / "me.undo2.jsonl")
    assert second.header.parent == first.header.game
    assert first.header.parent == read_record(out).header.game
    # After the second undo the person answered again: the record goes on past the fork point.
    assert len(person_decisions(second.events)) == len(person_decisions(second.events[: second.header.fork_at])) + 1


def test_nothing_to_undo_at_the_first_decision(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seed", "5", "--out", str(out), input="undo\nq\n")
    assert res.exit_code == 0 and "nothing to undo" in res.output
    assert not (tmp_path / "me.undo1.jsonl").exists()
