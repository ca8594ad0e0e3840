"""records.workers: a pool started once for several runs, the calling thread taking its share."""
from __future__ import annotations

import os

import pytest

from sanguozhi.records.workers import in_order, local_pool


def where(i: int) -> tuple[int, int]:
    return i, os.getpid()


def fails(i: int) -> int:
    if i == 3:
        raise ValueError("task 3")
    return i


def test_a_kept_pool_runs_every_other_task_here_in_order_and_serves_again() -> None:
    with local_pool(1, fresh=True, warm=os.getpid) as pool:
        for _ in range(2):  # the same workers for a second run
            got = list(in_order(where, [(i,) for i in range(7)], pool=pool, every=2))
            assert [i for i, _ in got] == list(range(7))
            assert {pid == os.getpid() for i, pid in got if i % 2 == 0} == {True}
            assert {pid == os.getpid() for i, pid in got if i % 2} == {False}


def test_an_error_in_a_task_stops_the_pool_and_is_raised() -> None:
    with pytest.raises(ValueError, match="task 3"):
        with local_pool(1, fresh=True) as pool:
            list(in_order(fails, [(i,) for i in range(6)], pool=pool, every=2))


def test_no_workers_is_no_pool() -> None:
    with local_pool(0) as pool:
        assert pool is None
        assert list(in_order(where, [(1,), (2,)], pool=pool)) == [(1, os.getpid()), (2, os.getpid())]
