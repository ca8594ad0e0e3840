"""`sgz fork`, then `sgz sim --from` / `sgz play --from`: continuing a fork."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.core.game import resume
from sanguozhi.core.requests import Choice
from sanguozhi.records import read_record
from sanguozhi.replay.steps import Chooser, hand_keys
from tests.replay.games import recorded_game


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture()
def parent(tmp_path: Path) -> Path:
    return recorded_game(tmp_path, 5, 81, max_turns=40)


def test_fork_writes_the_prefix_and_leaves_the_parent(parent: Path, tmp_path: Path) -> None:
    before = parent.read_bytes()
    out = tmp_path / "f.jsonl"
    res = run("fork", str(parent), "--at", "250", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "after event 250" in res.output and "keeps 251 events" in res.output and "to decide: " in res.output
    p, f = read_record(parent), read_record(out)
    assert f.events == p.events[:251]
    assert (f.header.parent, f.header.fork_at) == (p.header.game, 251)
    assert parent.read_bytes() == before


def test_fork_at_a_turn(parent: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    assert run("fork", str(parent), "--turn", "4", "--out", str(out)).exit_code == 0
    f = read_record(out)
    assert type(f.events[-1]) is ev.TurnStarted and f.events[-1].turn == 4


def test_sim_from_a_fork_reproduces_the_parent_and_keeps_the_header(parent: Path, tmp_path: Path) -> None:
    fork = tmp_path / "f.jsonl"
    run("fork", str(parent), "--at", "300", "--out", str(fork))
    res = run("sim", "--from", str(fork), "--out", str(tmp_path / "c"), "--json")
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output)
    (path,) = summary["records"]
    cont, p = read_record(path), read_record(parent)
    assert cont.events == p.events
    assert (cont.header.parent, cont.header.fork_at) == (p.header.game, 301)
    assert cont.header.game not in (p.header.game, read_record(fork).header.game)
    again = run("sim", "--from", str(fork), "--out", str(tmp_path / "c"))
    assert "1 already there" in again.output


def test_sim_from_with_reseed_gives_new_legal_futures(parent: Path, tmp_path: Path) -> None:
    fork = tmp_path / "f.jsonl"
    run("fork", str(parent), "--at", "300", "--out", str(fork))
    res = run("sim", "--from", str(fork), "--reseed", "5", "--games", "3", "--out", str(tmp_path / "r"), "--json")
    assert res.exit_code == 0, res.output
    paths = json.loads(res.output)["records"]
    p = read_record(parent).events
    seeds = set()
    for path in paths:
        rec = read_record(path)
        k = next(i for i, e in enumerate(rec.events) if type(e) is ev.Reseeded)
        seeds.add(rec.events[k].seed)
        assert rec.events[:k] == p[:k] and rec.events != p
        assert resume(rec.events).events == rec.events  # the rules give every event again
        assert type(rec.events[-1]) is ev.GameEnded
    assert seeds == {5, 6, 7}


def test_play_from_a_fork_offers_the_pending_decision_again(parent: Path, tmp_path: Path) -> None:
    events = read_record(parent).events
    k = next(i for i, e in enumerate(events) if type(e) is ev.Decided and e.seat == 0 and i > 100)
    fork = tmp_path / "f.jsonl"
    assert run("fork", str(parent), "--at", str(k - 1), "--out", str(fork)).exit_code == 0
    # Answer as the parent did: the same events follow.
    req = resume(events, k).request
    dec = events[k]
    state = resume(events, k).state
    keys = hand_keys(state, 0)  # a new session: the hand's letters from a
    answer = " ".join(Chooser(req, state, keys).keys_for(Choice(cards=dec.cards, targets=dec.targets, option=dec.option)))
    out = tmp_path / "me.jsonl"
    res = run("play", "--from", str(fork), "--seat", "0", "--out", str(out), input=f"{answer}\nq\n")
    assert res.exit_code == 0, res.output
    assert f"continuing {fork} at event {k - 1}" in res.output and "help for commands" in res.output
    me = read_record(out)
    assert me.events[-1] == ev.GameQuit(seat=0)  # q is recorded: the record ends on purpose
    played = me.events[:-1]
    assert played == events[: len(played)] and len(played) > k
    assert me.header.parent == read_record(parent).header.game and me.header.fork_at == k


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (("--at", "-1"), "--at: event -1 is not in the record"),
        (("--at", "999999"), "--at: event 999999 is not in the record"),
        (("--turn", "999"), "--turn: turn 999 is not in the record"),
        ((), "give one of --at N or --turn T"),
    ],
)
def test_fork_bad_input_is_one_line(parent: Path, tmp_path: Path, args: tuple[str, ...], text: str) -> None:
    out = tmp_path / "f.jsonl"
    res = run("fork", str(parent), *args, "--out", str(out))
    assert res.exit_code != 0 and text in res.output and len(res.output.strip().splitlines()) == 1, res.output
    assert not out.exists()


def test_fork_missing_file_and_existing_out(parent: Path, tmp_path: Path) -> None:
    res = run("fork", str(tmp_path / "nope.jsonl"), "--at", "1", "--out", str(tmp_path / "f.jsonl"))
    assert res.exit_code != 0 and "cannot read" in res.output
    res = run("fork", str(parent), "--at", "1", "--out", str(parent))
    assert res.exit_code != 0 and "exists" in res.output


def test_continuing_a_finished_game_or_with_bad_flags_is_one_line(parent: Path, tmp_path: Path) -> None:
    res = run("sim", "--from", str(parent), "--out", str(tmp_path / "c"))
    assert res.exit_code != 0 and "the game is over" in res.output
    fork = tmp_path / "f.jsonl"
    run("fork", str(parent), "--at", "100", "--out", str(fork))
    for args, text in (
        (("--games", "2"), "needs --reseed"),
        (("--players", "6"), "come from the record"),
        (("--bots", "basic,basic"), "give one bot, or 5"),
    ):
        res = run("sim", "--from", str(fork), "--out", str(tmp_path / "c"), *args)
        assert res.exit_code != 0 and text in res.output, res.output
    res = run("sim", "--reseed", "3", "--out", str(tmp_path / "c"))
    assert res.exit_code != 0 and "--reseed goes with --from" in res.output
    res = run("play", "--from", str(fork), "--seat", "7", "--out", str(tmp_path / "p.jsonl"))
    assert res.exit_code != 0 and "--seat 7" in res.output
