"""`sgz diff`: a game with itself, with its forks, and bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record
from tests.replay.games import recorded_game


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("diff")
    parent = recorded_game(d, 5, 91, max_turns=40)
    run("fork", str(parent), "--at", "200", "--out", str(d / "f.jsonl"))
    out: dict[str, Path] = {"parent": parent, "fork": d / "f.jsonl"}
    for name, extra in (("same", ()), ("r1", ("--reseed", "1")), ("r2", ("--reseed", "2"))):
        res = run("sim", "--from", str(d / "f.jsonl"), "--out", str(d / name), "--json", *extra)
        out[name] = Path(json.loads(res.output)["records"][0])
    return out


def test_a_game_with_itself(games: dict[str, Path]) -> None:
    res = run("diff", str(games["parent"]), str(games["parent"]), "--json")
    assert res.exit_code == 0
    d = json.loads(res.output)
    n = len(read_record(games["parent"]).events)
    assert d["identical"] is True and d["common_prefix"] == n
    assert "identical" in run("diff", str(games["parent"]), str(games["parent"])).output


def test_a_continuation_on_the_parents_stream_is_identical_headers_aside(games: dict[str, Path]) -> None:
    d = json.loads(run("diff", str(games["parent"]), str(games["same"]), "--json").output)
    assert d["identical"] is True and d["relation"].startswith("B is a fork of A")
    text = run("diff", str(games["parent"]), str(games["same"])).output
    assert "(headers aside)" in text


def test_two_branches(games: dict[str, Path]) -> None:
    res = run("diff", str(games["r1"]), str(games["r2"]), "--json")
    d = json.loads(res.output)
    a, b = read_record(games["r1"]).events, read_record(games["r2"]).events
    p = d["common_prefix"]
    assert d["identical"] is False and p > 200 and a[:p] == b[:p]
    assert d["first_difference"]["a"] == {"t": "reseed", "seed": 1}
    assert d["first_difference"]["b"] == {"t": "reseed", "seed": 2}
    assert {"what": "seed", "a": 1, "b": 2} in d["at_difference"]
    assert "A and B are forks of game" in d["relation"]
    text = run("diff", str(games["r1"]), str(games["r2"])).output
    assert f"common prefix: {p} events" in text and "(fork: new random seed 1)" in text and "at the end:" in text


def test_a_fork_prefix_against_its_parent(games: dict[str, Path]) -> None:
    d = json.loads(run("diff", str(games["parent"]), str(games["fork"]), "--json").output)
    assert d["common_prefix"] == 201 and d["first_difference"]["b"] is None
    assert "(the record ends)" in run("diff", str(games["parent"]), str(games["fork"])).output


def test_bad_input(games: dict[str, Path], tmp_path: Path) -> None:
    res = run("diff", str(games["parent"]), str(tmp_path / "nope.jsonl"))
    assert res.exit_code != 0 and "cannot read" in res.output and len(res.output.strip().splitlines()) == 1
    res = run("diff", str(games["parent"]))
    assert res.exit_code != 0


def test_the_first_difference_is_told_in_words_and_compared_where_it_takes_effect(tmp_path: Path) -> None:
    from sanguozhi.core import events as ev
    from sanguozhi.replay.fork import resume_record

    parent = recorded_game(tmp_path, 5, 93, max_turns=40)
    events = read_record(parent).events
    # Take back a play-phase decision and choose another: the decision itself changes no table.
    for k, e in enumerate(events):
        if type(e) is ev.Decided and e.kind == "play" and k > 100:
            game = resume_record(events, k)
            other = next((c for c in game.request.choices if (c.cards, c.targets, c.option) != (e.cards, e.targets, e.option)), None)
            if other is not None:
                break
    game.submit(other)
    from sanguozhi.records.format import write_record

    b = tmp_path / "b.jsonl"
    write_record(b, read_record(parent).header, game.events)
    d = json.loads(run("diff", str(parent), str(b), "--json").output)
    assert d["common_prefix"] == k and d["first_effect"]["event"] > k and d["at_difference"]
    for lang in ("en", "zh"):
        text = run("diff", str(parent), str(b), "--lang", lang).output
        assert ("chooses:" if lang == "en" else "选择：") in text
        assert ("first difference in effect at event" if lang == "en" else "牌桌才开始不同") in text
        assert "#" not in text and "[" not in text.split("\n", 2)[2]  # no card numbers, no Python lists
