"""The seed decides every hidden fact, so no seat is shown it before the end.

A person's game gets a seed nobody chose, committed to at the start (a hash
of the game id and the seed, shown to everyone) and revealed in the end
event, so that anyone can check afterwards that the deal was not chosen.
"""
from __future__ import annotations

import json
from pathlib import Path

import msgspec
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_rng
from sanguozhi.core.commit import commitment
from sanguozhi.core.game import new_game
from sanguozhi.core.rng import Draws
from sanguozhi.core.view import SeatView
from sanguozhi.records import read_record
from sanguozhi.records.format import Header, RecordWriter
from sanguozhi.records.session import advance, run_bots, start_person_game
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.page import build


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(map(str, args)), input=input)


def finished_person_game(tmp_path: Path, seed: int | None = None) -> Path:
    path = tmp_path / "me.jsonl"
    bots = {s: "basic" for s in range(1, 5)}
    game, writer = start_person_game(path, "identity", 5, seed, {"max_turns": 12}, bots, people={0: "Ann"})
    with writer:
        run_bots(game, {**bots, 0: "basic"})
    return path


def test_a_seat_is_told_the_seed_only_at_the_end_of_a_committed_deal(tmp_path: Path) -> None:
    rec = read_record(finished_person_game(tmp_path))
    start, end = rec.events[0], rec.events[-1]
    assert start.commit == rec.header.commit == commitment(rec.header.game, rec.header.seed)
    assert isinstance(end, ev.GameEnded) and end.seed == rec.header.seed
    for lang in ("en", "zh"):
        seat = Narrator(lang, 2)
        lines = [seat.line(e) for e in rec.events]
        assert str(rec.header.seed) not in "\n".join(filter(None, lines[:-1]))
        assert start.commit[:12] in lines[0] and str(rec.header.seed) in lines[-1]
    review = Narrator("en")
    assert str(rec.header.seed) in review.line(start)  # the full review is everyone's: reproducibility


def test_a_page_of_an_unfinished_person_game_holds_no_seed(tmp_path: Path) -> None:
    path = tmp_path / "open.jsonl"
    bots = {s: "basic" for s in range(1, 5)}
    game, writer = start_person_game(path, "identity", 5, None, {}, bots, people={0: "Ann"})
    with writer:
        game.submit(game.request.choices[0])  # the person's general
        advance(game, bots)  # the bots play until the person must decide again
    rec = read_record(path)
    data = build(rec)
    assert data["game"]["seed"] is None and data["game"]["commit"] == rec.header.commit
    blob = json.dumps(data)
    assert str(rec.header.seed) not in blob
    res = run("html", path, "--out", tmp_path / "p.html")
    assert res.exit_code == 0, res.output
    assert str(rec.header.seed) not in (tmp_path / "p.html").read_text()
    finished = build(read_record(finished_person_game(tmp_path)))
    assert finished["game"]["seed"] is not None  # once over, the seed may be shown


def test_a_bot_reads_no_seed_and_its_stream_is_not_the_seeds() -> None:
    game = new_game("identity", 5, 77)
    assert not hasattr(SeatView(game.state, 1), "seed")
    a, b = bot_rng(game.state, 1), bot_rng(game.state, 2)
    plain = Draws(77, "bot", game.state.decisions * 16 + 1)  # the old stream: splitmix of the seed, invertible
    first = [a.below(1 << 30) for _ in range(4)]
    assert first != [plain.below(1 << 30) for _ in range(4)]
    assert first != [b.below(1 << 30) for _ in range(4)]  # each seat its own key


def test_play_without_a_seed_commits_to_one_nobody_chose_and_validate_checks_it(tmp_path: Path) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--out", out, "--name", "Ann", input="1\n1\nq\n")
    assert res.exit_code == 0, res.output
    rec = read_record(out)
    assert rec.header.commit == commitment(rec.header.game, rec.header.seed) and rec.header.people == {"0": "Ann"}
    assert str(rec.header.seed) not in res.output and rec.header.seed not in (1, 0)
    assert run("validate", out).exit_code == 0
    # A record whose seed was changed afterwards (the deal chosen) fails the commitment.
    forged = tmp_path / "forged.jsonl"
    start = msgspec.structs.replace(rec.events[0], seed=rec.header.seed + 1)
    header = msgspec.structs.replace(rec.header, seed=rec.header.seed + 1)
    with RecordWriter(forged, header) as w:
        w.write_all([start, *rec.events[1:]])
    res = run("validate", "--no-exec", forged)
    assert res.exit_code != 0 and "commitment" in res.output + res.stderr


def test_an_end_that_reveals_another_seed_is_refused(tmp_path: Path) -> None:
    rec = read_record(finished_person_game(tmp_path))
    forged = tmp_path / "forged.jsonl"
    end = msgspec.structs.replace(rec.events[-1], seed=rec.header.seed + 1)
    with RecordWriter(forged, msgspec.structs.replace(rec.header, h="")) as w:
        w.write_all([*rec.events[:-1], end])
    res = run("validate", "--no-exec", forged)
    assert res.exit_code != 0 and "must reveal its seed" in res.output + res.stderr
    assert isinstance(rec.header, Header)
