"""After every hegemony scenario: the fold of the table's events is its live
state, and every card is in exactly one zone."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot

from . import table


@pytest.fixture(autouse=True)
def every_table_folds_to_its_live_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    tables: list[table.HgTable] = []
    original = table.HgTable.__init__

    def init(self: table.HgTable, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        tables.append(self)

    monkeypatch.setattr(table.HgTable, "__init__", init)
    yield
    for t in tables:
        assert snapshot(fold(t.events)) == snapshot(t.state), "fold differs from the live state"
        assert len(t.state.zone_cards()) == len(deck_numbers(t.state.deck))
