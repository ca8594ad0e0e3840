"""The frozen format-v3 record of the demonstration ruleset: a mode's own
events and the v3 core events (concealed slots, reveals, max hp, turning over)
read back, fold and replay; with the v2 records, every event type is frozen."""
from __future__ import annotations

import hashlib

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import resume
from sanguozhi.records.format import read_record
from tests.core.modes.demo import Mourned

from .util import FIXTURES

V3_DEMO = FIXTURES / "v3-demo-6p-s7.jsonl"


def test_the_v3_fixture_is_still_what_v3_wrote() -> None:
    assert hashlib.sha256(V3_DEMO.read_bytes()).hexdigest()[:16] == "0cec6f71185ae35c"


def test_the_frozen_records_hold_every_event_type_and_a_mode_event() -> None:
    seen = {type(e) for p in sorted(FIXTURES.glob("v[23]-*.jsonl")) for e in read_record(p).events}
    assert seen == (set(ev.EVENT_TYPES) - {ev.Redealt, ev.Handover}) | {Mourned}  # the re-deal came with v4, the hand-over with sgz-rules/2


def test_a_mode_record_reads_folds_and_replays() -> None:
    rec = read_record(V3_DEMO)
    assert rec.header.mode == "demo" and isinstance(rec.events[-1], ev.GameEnded)
    mourned = [e for e in rec.events if type(e) is Mourned]
    state = fold(rec.events)
    assert state.ended and state.winners == rec.events[-1].winners
    points = [0] * len(state.seats)
    for e in mourned:
        for m in e.mourners:
            points[m] += 1
    assert [s.points for s in state.seats] == points and any(points)
    again = resume(rec.events, from_start=True)
    assert again.events == rec.events


def test_concealed_slots_are_recorded_with_their_vis() -> None:
    rec = read_record(V3_DEMO)
    deputies = [e for e in rec.events if type(e) is ev.GeneralChosen and e.slot == 1]
    assert len(deputies) == 6 and all(e.vis == (e.seat,) for e in deputies)
    revealed = [e for e in rec.events if type(e) is ev.GeneralRevealed]
    assert revealed and all(any(d.seat == r.seat and d.general == r.general for d in deputies) for r in revealed)


@pytest.mark.parametrize("name", ["v2-identity-5p-s2.jsonl"])
def test_v2_secret_picks_are_upcast_with_their_vis(name: str) -> None:
    picks = [e for e in read_record(FIXTURES / name).events if type(e) is ev.Decided and e.kind == "general"]
    assert picks[0].seat == 0 and picks[0].vis is None  # the lord's choice is shown
    assert len(picks) == 5 and all(e.vis == (e.seat,) for e in picks[1:])
