"""Scenario tables for seed 000's mechanics: identity with the project's generals."""
from __future__ import annotations

from typing import Any

from tests.scenario import Table

MODE = "identity-seed000"


def table(players: int = 4, **kwargs: Any) -> Table:
    return Table(players, mode=MODE, **kwargs)
