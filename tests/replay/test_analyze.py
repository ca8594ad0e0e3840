"""Position analysis: a clearly best choice ranks first; reports are deterministic."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.requests import Choice
from sanguozhi.records.check import check
from sanguozhi.records.session import run_bots, start_recorded
from sanguozhi.replay.analyze import AnalysisError, analyze, blunders, candidates, taken_choice, wilson
from tests.scenario import Table

from .games import bot_game


def dying_lord() -> Table:
    """Seat 1 (a rebel) has just hit the lord (1 hp, no 闪): the loyalist (seat 2) holds a 桃."""
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={1: ["slash"], 2: ["peach"]}, hp={0: 1}, first=1)
    t.use("slash", 0)
    t.until("save", 2)
    return t


def test_saving_the_dying_lord_ranks_first_for_the_loyalist() -> None:
    t = dying_lord()
    at = len(t.events) - 1
    report = analyze(t.events, at, rollouts=12, seed=3)
    assert report.seat == 2 and report.kind == "save"
    best, worst = report.choices[0], report.choices[-1]
    assert not best.choice.is_pass and worst.choice.is_pass
    assert worst.rate == 0.0 and best.rate > 0.0  # passing lets the lord die: the rebels win at once
    assert worst.mean_turns == 0.0


def test_the_same_seed_gives_the_same_report_in_one_process_or_two() -> None:
    events = bot_game(5, 21, "basic", max_turns=40)
    at = next(i for i, e in enumerate(events) if type(e) is ev.Decided and e.kind == "play" and i > 60) - 1
    one = analyze(events, at, rollouts=4, seed=5, jobs=1)
    again = analyze(events, at, rollouts=4, seed=5, jobs=1)
    two = analyze(events, at, rollouts=4, seed=5, jobs=2)
    assert one.as_data() == again.as_data() == two.as_data()
    assert sum(c.taken for c in one.choices) == 1
    other = analyze(events, at, rollouts=4, seed=6, jobs=1)
    assert [c.wins for c in other.choices] != [c.wins for c in one.choices] or other.as_data()["choices"] != one.as_data()["choices"]


def test_kept_rollouts_are_fork_records_that_validate(tmp_path: Path) -> None:
    bots = {s: "basic" for s in range(4)}
    game, writer = start_recorded(tmp_path / "g.jsonl", "identity", 4, 8, {"max_turns": 30}, bots)
    with writer:
        run_bots(game, bots)
    from sanguozhi.records.format import read_record

    rec = read_record(tmp_path / "g.jsonl")
    at = next(i for i, e in enumerate(rec.events) if type(e) is ev.Decided and i > 40) - 1
    analyze(rec.events, at, rollouts=2, seed=1, keep=tmp_path / "kept", header=rec.header)
    kept = sorted((tmp_path / "kept").glob("*.jsonl"))
    assert kept
    for path in kept:
        result = check(path)
        assert result.ok, result.error
        assert result.header.parent == rec.header.game and result.header.fork_at == at + 1
        assert any(type(e) is ev.Redealt for e in result.events)


def test_bad_positions_are_refused() -> None:
    events = bot_game(4, 2, "basic", max_turns=5)
    with pytest.raises(AnalysisError, match="not in the record"):
        analyze(events, len(events) + 5)
    at = next(i for i, e in enumerate(events) if type(e) is ev.Decided) - 1
    seat = next(e for e in events if type(e) is ev.Decided).seat
    with pytest.raises(AnalysisError, match=f"seat {seat}'s, not seat"):
        analyze(events, at, seat=(seat + 1) % 4)


def test_a_pick_of_cards_is_compared_over_its_combinations() -> None:
    from sanguozhi.core.requests import Request

    req = Request(0, "discard", cards=tuple(range(10)), min=3, max=3)
    picks = candidates(req, Choice(cards=(7, 8, 9)), limit=12)
    assert len(picks) == 12 and Choice(cards=(7, 8, 9)) in picks and len(set(picks)) == 12


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert 0.23 < low < 0.24 and 0.76 < high < 0.77
    assert wilson(0, 0) == (0.0, 1.0)


def test_blunders_flag_a_pass_that_lets_the_lord_die() -> None:
    t = dying_lord()
    t.pass_()  # the loyalist keeps its 桃: the lord dies
    found = [b for _, b in blunders(t.events, 2, rollouts=30, threshold=0.1, seed=1) if b is not None]
    assert found and found[0].report.choices[-1].taken and found[0].loss > 0.1
    assert taken_choice(t.events, found[0].at + 1, 2) == Choice(option="pass")
