"""Every duel table of a test folds to its live state and holds every card exactly once."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from sanguozhi.core.deck import deck_numbers
from sanguozhi.core.evolve import fold
from sanguozhi.core.state import snapshot

from . import scenario


@pytest.fixture(autouse=True)
def every_table_folds_to_its_live_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    tables: list[scenario.DuelTable] = []
    original = scenario.DuelTable.__init__

    def init(self: scenario.DuelTable, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        tables.append(self)

    monkeypatch.setattr(scenario.DuelTable, "__init__", init)
    yield
    for t in tables:
        assert snapshot(fold(t.events)) == snapshot(t.state), "fold differs from the live state"
        assert len(t.state.zone_cards()) == len(deck_numbers(t.state.deck))  # raises if a card is in two zones
