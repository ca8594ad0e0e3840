"""After every card scenario: the fold of the table's events is its live
state, and every card is in exactly one zone."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot
from tests import scenario


@pytest.fixture(autouse=True)
def every_table_folds_to_its_live_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    tables: list[scenario.Table] = []
    original = scenario.Table.__init__

    def init(self: scenario.Table, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        tables.append(self)

    monkeypatch.setattr(scenario.Table, "__init__", init)
    yield
    for t in tables:
        assert snapshot(fold(t.events)) == snapshot(t.state), "fold differs from the live state"
        cards = t.state.zone_cards()  # raises if a card is in two zones
        assert len(cards) == len(t.state.deck or range(160))
