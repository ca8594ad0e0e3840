"""The frozen sgz-rules/2 record: a live table's game (cli/web/room.py) of three
people and a bot, as the first server of the rules version wrote it: a committed
deal (the seed revealed at the end), the people's names, the secret decisions
the rules record by themselves, and a seat handed to a bot and taken back while
a person's secret question was pending."""
from __future__ import annotations

import hashlib

from sanguozhi.core import events as ev
from sanguozhi.core.commit import commitment
from sanguozhi.core.game import resume
from sanguozhi.records.check import check
from sanguozhi.records.format import read_record

from .util import FIXTURES

PATH = FIXTURES / "v4-rules2-table-4p.jsonl"


def test_the_fixture_is_still_what_it_was() -> None:
    assert hashlib.sha256(PATH.read_bytes()).hexdigest()[:16] == "0897d1d3fecd2d30"


def test_it_holds_the_rules_2_events_and_replays_as_recorded() -> None:
    rec = read_record(PATH)
    h, start, end = rec.header, rec.events[0], rec.events[-1]
    assert start.rules == "sgz-rules/2" and h.people == {"0": "Ann", "1": "Bo", "2": "Cy"}
    assert h.commit == start.commit == commitment(h.game, h.seed) and isinstance(end, ev.GameEnded) and end.seed == h.seed
    handed = [(e.seat, e.bot, e.person) for e in rec.events if type(e) is ev.Handover]
    assert handed == [(2, "basic", ""), (2, "", "Cy")]
    assert any(type(e) is ev.Decided and e.vis and e.option == "pass" for e in rec.events)
    assert resume(rec.events, from_start=True).events == rec.events
    assert check(PATH, complete=True).error is None
