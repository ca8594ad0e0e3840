"""`undo` and quitting in `sgz play`: the file named goes on; the line left is a fork beside it."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.core.game import resume
from sanguozhi.records import read_record
from sanguozhi.records.check import check
from tests.cli.keys import typed


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def person_decisions(events, seat: int = 0) -> list[int]:
    return [i for i, e in enumerate(events) if type(e) is ev.Decided and e.seat == seat]


def test_undo_goes_on_in_the_file_named_and_keeps_the_line_left_as_a_fork(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="1\np\nundo\nq\n")
    assert res.exit_code == 0, res.output
    left = tmp_path / "me.undo1.jsonl"
    assert f"the line you left is kept in {left}" in res.output and f"the record so far is in {out}" in res.output
    main_line, fork = read_record(out), read_record(left)
    mine = person_decisions(fork.events)
    assert len(mine) == 2
    k = mine[-1]  # back to the second decision: it is asked again in the file named
    assert main_line.events[:-1] == fork.events[:k]
    # Both lines of play end with the person leaving them: the one left by undo, and the file named at q.
    assert main_line.events[-1] == fork.events[-1] == ev.GameQuit(seat=0)
    assert (fork.header.parent, fork.header.fork_at) == (main_line.header.game, k)
    assert fork.header.game != main_line.header.game
    assert resume(main_line.events[:-1]).request.seat == 0
    for path in (out, left):
        assert check(str(path)).error is None


def test_undo_twice_and_play_on(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "6", "--out", str(out), input="{0}\n{1}\n{2}\nundo\nundo\n{1}\nq\n".format(*typed("identity", 5, 6, 0, decisions=3)))
    assert res.exit_code == 0, res.output
    first, second, main_line = read_record(tmp_path / "me.undo1.jsonl"), read_record(tmp_path / "me.undo2.jsonl"), read_record(out)
    assert first.header.parent == second.header.parent == main_line.header.game
    assert len(person_decisions(first.events)) == 3 and len(person_decisions(second.events)) == 2
    # After the second undo the person answered again: the file named goes on past the fork point.
    assert len(person_decisions(main_line.events)) == 2
    assert main_line.events[: second.header.fork_at] == second.events[: second.header.fork_at]


def test_the_tour_works_on_the_file_named_after_an_undo(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    assert run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="1\np\nundo\np\nq\n").exit_code == 0
    assert run("replay", str(out)).exit_code == 0
    assert run("validate", str(out)).exit_code == 0
    tree = run("tree", str(tmp_path))
    assert tree.exit_code == 0 and "me.undo1.jsonl" in tree.output and "me.jsonl" in tree.output


def test_nothing_to_undo_at_the_first_decision_and_a_quit_there_keeps_no_stub(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="undo\nq\n")
    assert res.exit_code == 0 and "nothing to undo" in res.output
    assert "nothing kept" in res.output
    assert not out.exists() and not (tmp_path / "me.undo1.jsonl").exists()
    again = run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="1\nq\n")  # the name is free
    assert again.exit_code == 0 and out.exists()


def test_end_of_input_keeps_the_record_and_names_it(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "5", "--out", str(out), input="1\np\n")  # then the input ends
    assert res.exit_code == 0, res.output
    assert f"the record so far is in {out}" in res.output
    assert len(person_decisions(read_record(out).events)) == 2


def test_the_person_is_asked_before_the_bots_play_on_and_the_end_says_who_won(tmp_path: Path) -> None:
    # Seed 4, seat 3, always the first answer: the person's character dies, and the game reaches the turn limit.
    args = ("play", "--seed", "4", "--seat", "3", "-o", "max_turns=40")
    lines = typed("identity", 5, 4, 3, {"max_turns": 40})
    watch = run(*args, "--out", str(tmp_path / "a.jsonl"), input="".join(f"{line}\n" for line in lines) + "\n")
    assert watch.exit_code == 0, watch.output[-2000:]
    out = watch.output
    died = out.index("Your character has died")
    assert died < out.index("Game over:")
    table = out[out.rindex("game over: winners") - 2000 :]
    assert "A draw: nobody wins." in out and f"record: {tmp_path / 'a.jsonl'}" in out
    rows = [line for line in table.splitlines() if line[:2].strip().isdigit() or line[:3].strip().lstrip(">").isdigit()]
    assert len(rows) == 5 and all(" ? " not in row for row in rows)  # every role is shown at the end
    asked = out[:died].count("help for commands:")
    skip = run(*args, "--out", str(tmp_path / "b.jsonl"), input="".join(f"{line}\n" for line in lines[:asked]) + "s\n")
    after = skip.output[skip.output.index("Your character has died") :]
    assert "A draw: nobody wins." in after and "-- round" not in after  # skipped: no narration to the end
    assert read_record(tmp_path / "a.jsonl").events == read_record(tmp_path / "b.jsonl").events
