"""Test-run order: the tests marked ``slow`` (soaks, fuzz runs and whole games,
each taking seconds) are handed out first, so that on every core (``-n auto``)
the run ends with short tests instead of one core finishing a long one alone."""
from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    from tests.soak import scale

    try:
        scale()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # a stable sort: the order within each part stays
