"""Staged skills ("[y]段", term 90): the x-th stage by the uses so far."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.mechanics.project.skills import LIANZHAN
from sanguozhi.core.mechanics.staged import next_stage, stage_of
from sanguozhi.core.requests import Choice
from tests.core.skills.util import take

from .table import table


def test_the_stage_is_the_uses_modulo_y_and_y_for_zero() -> None:
    assert [stage_of(k, 3) for k in range(1, 8)] == [1, 2, 3, 1, 2, 3, 1]
    assert [stage_of(k, 2) for k in range(1, 5)] == [1, 2, 1, 2]


def lianzhan(uses: int, **kwargs) -> object:
    extra = [ev.SkillStateChanged(seat=0, skill=LIANZHAN, key="uses", value=uses)] if uses else []
    t = table(4, generals={0: "sgz_zhanjiang"}, hands={0: ["dodge"]}, extra=extra, pile=["peach"] * 6, **kwargs)
    assert next_stage(t.state, 0, LIANZHAN) == stage_of(uses + 1, 3)
    take(t, LIANZHAN)
    t.choose(Choice(cards=(t.in_hand(0, "dodge"),)))
    assert t.state.chars[0].marks[f"{LIANZHAN}.uses"] == uses + 1
    return t


@pytest.mark.parametrize("uses", [0, 3])
def test_stage_one_draws_two(uses: int) -> None:
    t = lianzhan(uses)
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == LIANZHAN and e.src == "pile"] == [2]


def test_stage_two_hurts_one_in_range() -> None:
    t = lianzhan(1)
    assert [c.targets for c in t.request.choices] == [(1,), (3,)]
    take(t, "", (3,))
    (d,) = t.of_type(ev.Damaged)
    assert (d.src, d.dst, d.n) == (0, 3, 1)


def test_stage_three_recovers_or_draws_one_when_unhurt() -> None:
    t = lianzhan(2, hp={0: 2})
    assert t.hp(0) == 3
    t = lianzhan(5)
    assert [len(e.cards) for e in t.of_type(ev.CardsMoved) if e.reason == LIANZHAN and e.src == "pile"] == [1]
    assert all(c.option != LIANZHAN for c in t.request.choices)  # once per play phase
