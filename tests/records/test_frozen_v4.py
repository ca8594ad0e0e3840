"""The frozen format-v4 records (lines sealed in groups): the identity game and
its fork of the v2 fixtures, the demonstration mode's game of the v3 one, as
v4 wrote them, and an analysis rollout (a fork with a re-deal and a reseed at
its fork point).  Together they hold every event type and a mode's own."""
from __future__ import annotations

import hashlib

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import resume
from sanguozhi.records import format as fmt
from sanguozhi.records.format import read_record
from tests.core.modes.demo import Mourned

from .util import FIXTURES, check_frozen_fork, lines

V4 = {
    "v4-demo-6p-s7.jsonl": "248c5631501420cc",
    "v4-fork-reseed-s2.jsonl": "cc0c9293367d4fe5",
    "v4-identity-5p-s2.jsonl": "27e4662532cb17ca",
    "v4-rollout-4p-s8.jsonl": "d4565468386be56b",
}
PATHS = [FIXTURES / name for name in sorted(V4)]


def test_the_v4_fixtures_are_still_what_v4_wrote() -> None:
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in PATHS} == V4


def test_together_they_hold_every_event_type_and_a_mode_event() -> None:
    # (but a person's quit, which the v2 quit fixture holds, and a seat handed
    # over at a live table, which came with sgz-rules/2: tests/records/test_frozen_rules2.py)
    seen = {type(e) for p in [*PATHS, FIXTURES / "v2-quit-4p-s3.jsonl"] for e in read_record(p).events}
    assert seen == (set(ev.EVENT_TYPES) - {ev.Handover}) | {Mourned}


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_a_frozen_v4_record_is_sealed_reads_folds_and_replays(path) -> None:
    rows = lines(path)
    assert fmt.check_lines(rows, 4) is None
    seals = [n for n, row in enumerate(rows) if row[-fmt.TAIL_LEN : -fmt.TAIL_LEN + 6] == b',"h":"']
    assert seals[0] == 0 and seals[-1] == len(rows) - 1 and max(b - a for a, b in zip(seals, seals[1:])) <= fmt.SEAL_EVERY
    rec = read_record(path)
    assert rec.header.v == 4 and isinstance(rec.events[-1], ev.GameEnded)
    state = fold(rec.events)
    assert state.ended and state.winners == rec.events[-1].winners
    again = resume(rec.events, from_start=True)
    assert again.events == rec.events


def test_the_same_game_in_v3_and_v4_is_the_same_events() -> None:
    v3, v4 = read_record(FIXTURES / "v3-demo-6p-s7.jsonl"), read_record(FIXTURES / "v4-demo-6p-s7.jsonl")
    assert v3.header.game == v4.header.game and v3.events == v4.events
    assert (FIXTURES / "v4-demo-6p-s7.jsonl").stat().st_size < 0.9 * (FIXTURES / "v3-demo-6p-s7.jsonl").stat().st_size


def test_the_fork_names_its_parent() -> None:
    check_frozen_fork(4)


def test_the_rollout_redeals_and_reseeds_at_its_fork_point() -> None:
    from sanguozhi.records.check import check

    path = FIXTURES / "v4-rollout-4p-s8.jsonl"
    result = check(path)
    assert result.ok, result.error
    rec = read_record(path)
    k = rec.header.fork_at
    assert [type(e) for e in rec.events[k : k + 2]] == [ev.Redealt, ev.Reseeded]
