"""`sgz replay`: --at/--turn/--round, --as, --step, and one-line errors."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.records import read_record
from sanguozhi.replay.narrate import Narrator
from tests.replay.games import recorded_game
from tests.replay.test_views import CardNames


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    return recorded_game(tmp_path_factory.mktemp("replay"), 5, 71, max_turns=30)


def test_at_turn_and_round_show_the_right_state(record: Path) -> None:
    events = read_record(record).events
    turn5 = next(i for i, e in enumerate(events) if type(e) is ev.TurnStarted and e.turn == 5)
    res = run("replay", str(record), "--turn", "5", "--json")
    assert res.exit_code == 0, res.output
    state = json.loads(res.output)
    assert state["seq"] == turn5 + 1 and state["turn"] == 5
    rnd2 = next(i for i, e in enumerate(events) if type(e) is ev.TurnStarted and e.round == 2)
    state = json.loads(run("replay", str(record), "--round", "2", "--json").output)
    assert state["seq"] == rnd2 + 1 and state["round"] == 2
    text = run("replay", str(record), "--at", "120")
    assert text.exit_code == 0 and text.output.startswith("after event 120 of ")
    full = fold(events[:121])
    assert f"pile {len(full.pile)}" in text.output


def test_as_a_seat_shows_only_its_own_role_and_hand(record: Path) -> None:
    rec = read_record(record)
    roles = next(e for e in rec.events if type(e) is ev.RolesDealt).roles
    res = run("replay", str(record), "--as", "2")
    assert res.exit_code == 0
    assert f"Your role is {roles[2]}" in res.output and "Roles:" not in res.output
    state = json.loads(run("replay", str(record), "--at", "200", "--as", "2", "--json").output)
    for s in state["seats"]:
        assert (s["hand"] is None) == (s["seat"] != 2)
    assert state["pile"] is None


def test_as_a_seat_never_narrates_a_card_hidden_from_it(record: Path) -> None:
    events = read_record(record).events
    names = CardNames(Narrator("en"))
    res = run("replay", str(record), "--as", "1")
    for line in res.output.splitlines():
        m = re.match(r"\s*(\d+)\s+(.*)", line)
        if not m:
            continue
        e = events[int(m.group(1))]
        if type(e) is ev.CardsMoved and e.vis is not None and 1 not in e.vis:
            assert not names.named(m.group(2)), line


def test_step_moves_next_back_jump_turn_and_quits(record: Path) -> None:
    res = run("replay", str(record), "--step", input="\nn 2\nb\nj 150\nt 3\nr 2\ns\nbogus\nj 99999\nq\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "[0/" in out and "[1/" in out and "[3/" in out and "[2/" in out and "[150/" in out
    assert "unknown command 'bogus'" in out and "event 99999 is not in the record" in out
    assert "round 1, turn 3" in out  # the table at the start of turn 3


def test_step_ends_at_end_of_input(record: Path) -> None:
    res = run("replay", str(record), "--step", "--at", "10", "--as", "0", input="n\n")
    assert res.exit_code == 0 and "[11/" in res.output


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (("--at", "-1"), "--at -1"),
        (("--at", "99999"), "--at 99999"),
        (("--turn", "0"), "--turn 0: turn 0 is not in the record"),
        (("--round", "999"), "--round 999"),
        (("--as", "5"), "--as 5: the game has seats 0-4"),
        (("--as", "-1"), "--as -1"),
        (("--at", "3", "--turn", "2"), "give one of --at, --turn, --round"),
        (("--json",), "json goes with"),
    ],
)
def test_bad_input_gives_one_line_errors(record: Path, args: tuple[str, ...], text: str) -> None:
    res = run("replay", str(record), *args)
    assert res.exit_code != 0
    assert text in res.output and len(res.output.strip().splitlines()) == 1, res.output


def test_a_missing_or_damaged_file_is_one_line(tmp_path: Path) -> None:
    res = run("replay", str(tmp_path / "nope.jsonl"))
    assert res.exit_code != 0 and "cannot read" in res.output and len(res.output.strip().splitlines()) == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n")
    res = run("replay", str(bad), "--at", "3")
    assert res.exit_code != 0 and len(res.output.strip().splitlines()) == 1
