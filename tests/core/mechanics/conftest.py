"""Every mechanics scenario folds to its live state, every card in one zone."""
from tests.core.cards.conftest import every_table_folds_to_its_live_state  # noqa: F401  (an autouse fixture)
