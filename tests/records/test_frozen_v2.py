"""The frozen format-v2 records: full deck, generals chosen, skills, a fork with a reseed.

They hold every event type of rules version sgz-rules/1 (the fork adds
``reseed``, the played game cut short ``quit``), so a change to an event type that forgets its upcast fails here.
"""
from __future__ import annotations

import hashlib

import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.core.game import resume
from sanguozhi.records.format import read_record

from .util import FIXTURES, check_frozen_fork

V2_FIXTURES = sorted(FIXTURES.glob("v2-*.jsonl"))


def test_the_v2_fixtures_are_still_what_v2_wrote() -> None:
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in V2_FIXTURES}
    assert digests == {"v2-fork-reseed-s2.jsonl": "1e25d8675902786f", "v2-identity-5p-s2.jsonl": "5fb1c14689526c22", "v2-quit-4p-s3.jsonl": "6087c7bd6e5c5dff"}


# Event types that came with format v3 (the ruleset seam); the v3 fixture holds them.
V3_TYPES = {ev.GeneralRevealed, ev.MaxHpChanged, ev.TurnedOver, ev.Redealt, ev.Handover}  # (and the v4 re-deal, the sgz-rules/2 hand-over)


def test_together_they_hold_every_event_type_of_v2() -> None:
    seen = {type(e) for p in V2_FIXTURES for e in read_record(p).events}
    assert seen == set(ev.EVENT_TYPES) - V3_TYPES


@pytest.mark.parametrize("path", V2_FIXTURES, ids=lambda p: p.name)
def test_a_frozen_v2_record_reads_folds_and_replays(path) -> None:
    rec = read_record(path)
    assert rec.header.v == 2 and isinstance(rec.events[-1], (ev.GameEnded, ev.GameQuit))
    state = fold(rec.events)
    if isinstance(rec.events[-1], ev.GameEnded):
        assert state.ended and state.winners == rec.events[-1].winners
    else:
        assert not state.ended
    if rec.header.rules != ev.RULES_VERSION:
        pytest.skip(f"recorded under {rec.header.rules}; re-running needs those rules")
    # The same rules re-run every recorded decision to the same events.
    again = resume(rec.events, from_start=True)
    assert msgspec.to_builtins(again.events) == msgspec.to_builtins(rec.events)


def test_the_fork_names_its_parent() -> None:
    check_frozen_fork(2)
