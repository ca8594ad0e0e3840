"""A live table's rules of play, without a server: seats and keys, questions and
their numbers, questions asked together, the minimum wait of a secret question,
the clock, a seat handed to a bot and taken back, a room back from its record."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from sanguozhi.cli.web.room import SPECTATOR, Room, RoomError, Settings
from sanguozhi.core import events as ev
from sanguozhi.records import read_record
from sanguozhi.records.check import check


def room_of(tmp_path: Path, players: int = 4, bots: dict[int, str] | None = None, **settings) -> tuple[Room, str]:
    settings.setdefault("secret_wait", 0.0)
    return Room.create(tmp_path, Settings(mode=settings.pop("mode", "identity"), players=players, **settings), bots if bots is not None else {}, now=0.0)


def settle(room: Room, now: float) -> None:
    while room.settle(now):
        pass


def started(tmp_path: Path, people: int = 2, players: int = 4, now: float = 0.0, **settings) -> tuple[Room, dict[int, str]]:
    room, _ = room_of(tmp_path, players, {s: "basic" for s in range(people, players)}, **settings)
    keys = {s: room.join(s, f"P{s}") for s in range(people)}
    room.start(now)
    settle(room, now)
    return room, keys


def answer_first(room: Room, seat: int, now: float) -> None:
    q = room.questions[seat]
    req = q.request
    room.decide(seat, q.id, 0 if req.choices else list(req.cards[: req.min]), now)
    settle(room, now)


def test_a_seat_is_taken_once_and_opened_only_by_its_key(tmp_path: Path) -> None:
    room, host = room_of(tmp_path, bots={3: "basic"})
    key = room.join(0, "  Liu   Bei ")
    assert room.file.seats[0].name == "Liu Bei" and room.seat_of(key) == 0 and room.seat_of("guess") is None
    assert room.is_creator(host) and not room.is_creator(key)
    for seat, name, why in [(0, "Cao Cao", "taken"), (3, "Cao Cao", "taken"), (1, "Liu Bei", "already sits"), (1, "x\u202ey", "right-to-left"), (9, "Cao Cao", "seats are 0-3")]:
        with pytest.raises(RoomError, match=why):
            room.join(seat, name)
    assert key not in (tmp_path / f"{room.id}.room.json").read_text()  # only its digest is kept


def test_an_answer_names_its_question_and_a_stale_one_changes_nothing(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=1)
    q = room.questions[0]
    before = len(room.game.events)
    with pytest.raises(RoomError, match="no longer asked"):
        room.decide(0, q.id + 1, 0, 0.0)
    with pytest.raises(RoomError, match="choose one of"):
        room.decide(0, q.id, 999, 0.0)
    room.decide(0, q.id, 0, 0.0)
    with pytest.raises(RoomError, match="answered this question already"):
        room.decide(0, q.id, 0, 0.0)
    settle(room, 0.0)
    assert len(room.game.events) > before
    with pytest.raises(RoomError, match="no longer asked"):
        room.decide(0, q.id, 0, 0.0)  # the same answer again: refused, not applied twice


def test_generals_chosen_together_are_asked_of_every_person_at_once(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=3)
    answer_first(room, 0, 0.0)  # the lord chooses and shows
    assert {1, 2} <= set(room.questions) and room.questions[2].preview and not room.questions[1].preview
    answer_first(room, 2, 0.0)  # seat 2 answers before seat 1: held until the game comes to it
    picks = [e for e in room.game.events if type(e) is ev.Decided and e.kind == "general"]
    assert [e.seat for e in picks] == [0]
    assert 2 in {w["seat"] for w in room.waiting()}  # still shown deciding: nothing told by how soon it answered
    answer_first(room, 1, 0.0)
    picks = [e for e in room.game.events if type(e) is ev.Decided and e.kind == "general"]
    assert [e.seat for e in picks] == [0, 1, 2, 3]  # and the bot at seat 3


def test_a_secret_question_takes_its_minimum_wait_answered_or_not(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=2, secret_wait=2.0)
    answer_first(room, 0, 0.0)
    q = room.questions[1]
    assert q.request.vis == (1,)
    room.decide(1, q.id, 0, 0.5)
    settle(room, 0.5)
    assert room.questions.get(1) is q and room.waiting() == [{"seat": 1, "kind": "secret"}] or 1 in {w["seat"] for w in room.waiting()}
    assert room.next_deadline() == pytest.approx(q.shown + 2.0)
    assert room.tick(2.0)
    settle(room, 2.0)
    assert room.questions.get(1) is not q


def test_a_clock_answers_for_a_person_who_runs_out_of_time(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=1, clock=5.0)
    q = room.questions[0]
    assert not room.tick(4.9)
    assert room.tick(5.0)
    settle(room, 5.0)
    decided = [e for e in room.game.events if type(e) is ev.Decided and e.seat == 0]
    assert decided and room.questions.get(0) is not q


def test_an_empty_seat_is_handed_to_a_bot_and_taken_back_in_the_record(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=2, handover=60.0)
    room.connect(1, 0.0)
    room.disconnect(1, 1.0)
    assert not room.tick(60.0)
    assert room.tick(61.0)
    settle(room, 61.0)
    assert room.file.seats[1].handed and room.bot_of(1) == "basic" and 1 not in room.questions
    room.connect(1, 70.0)
    settle(room, 70.0)
    handovers = [e for e in room.game.events if type(e) is ev.Handover]
    assert [(e.seat, e.bot, e.person) for e in handovers] == [(1, "basic", ""), (1, "", "P1")]
    assert not room.file.seats[1].handed


def test_a_room_comes_back_from_its_record_at_the_same_question(tmp_path: Path) -> None:
    room, keys = started(tmp_path, people=2)
    answer_first(room, 0, 0.0)
    answer_first(room, 1, 0.0)
    for _ in range(6):
        seat = next(iter(room.questions))
        answer_first(room, seat, 0.0)
    waiting = {s: q.request for s, q in room.questions.items()}
    os.close(room.writer._fd)  # the server is killed: nothing closes the record
    back = Room.load(room.path, 100.0)
    settle(back, 100.0)
    assert {s: q.request for s, q in back.questions.items()} == waiting
    assert back.seat_of(keys[1]) == 1 and back.game.events == room.game.events
    answer_first(back, next(iter(back.questions)), 100.0)
    # The record goes on where it was: every decision is written as it is made (what
    # follows the last one is written with the next).
    recorded = read_record(tmp_path / back.file.record).events
    assert recorded == back.game.events[: len(recorded)] and len(recorded) > len(room.game.events) - 8
    assert not [e for e in back.game.events[len(recorded) :] if type(e) is ev.Decided]
    assert check(tmp_path / back.file.record).error is None  # re-run from its start, it is the game played


def test_a_spectator_is_told_only_what_everyone_sees(tmp_path: Path) -> None:
    room, _ = started(tmp_path, people=2)
    public, mine = room.update(SPECTATOR), room.update(0)
    assert public["ask"] is None and all(s["hand"] is None for s in public["view"]["seats"])
    assert mine["view"]["seats"][0]["hand"] is not None and mine["ask"] is not None
    assert "seed" not in str(public) or room.game.state.commit
