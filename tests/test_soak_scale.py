"""SGZ_SOAK: the soaks' size in a longer run."""
from __future__ import annotations

import pytest

from tests.soak import soak


def test_the_default_run_plays_the_bounded_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SGZ_SOAK", raising=False)
    assert soak(40) == 40


def test_sgz_soak_multiplies_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGZ_SOAK", "3")
    assert soak(40) == 120


@pytest.mark.parametrize("bad", ["0", "-2", "x", "1.5"])
def test_a_bad_sgz_soak_says_what_it_must_be(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    monkeypatch.setenv("SGZ_SOAK", bad)
    with pytest.raises(ValueError, match="SGZ_SOAK must be a whole number"):
        soak(40)
