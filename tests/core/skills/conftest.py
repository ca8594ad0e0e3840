"""After every skill scenario: the fold of the table's events is its live
state, and every card is in exactly one zone (as for the card scenarios)."""
from __future__ import annotations

from tests.core.cards.conftest import every_table_folds_to_its_live_state  # noqa: F401
