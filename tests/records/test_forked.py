"""records.forked: tasks on forked workers, results as they end, errors raised, no worker left behind."""
from __future__ import annotations

import os
import threading
import time

import pytest

from sanguozhi.records.forked import completed
from sanguozhi.records.workers import WorkersError, in_order, run_all

from .util import children

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")


def slow_where(i: int, pause: float) -> tuple[int, int]:
    time.sleep(pause)
    return i, os.getpid()


def fails_at(i: int, bad: int) -> int:
    if i == bad:
        raise ValueError(f"task {i} failed")
    return i


def dies_at(i: int, bad: int) -> int:
    if i == bad:
        os._exit(3)
    return i


def unpicklable(i: int) -> object:
    return threading.Lock()


def _children() -> set[int]:
    """This process's living children."""
    return set(children(os.getpid()))


needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc")


def test_every_task_runs_once_on_the_workers_and_comes_back_as_it_ends() -> None:
    # Task 0 is slow: the others come back before it, each on a worker, not here.
    tasks = [(0, 0.3)] + [(i, 0.0) for i in range(1, 8)]
    got = list(completed(slow_where, tasks, 2))
    assert sorted(i for i, _ in got) == list(range(8))
    assert got[-1][0] == 0
    assert all(r == (i, r[1]) and r[1] != os.getpid() for i, r in got)
    assert len({pid for _, (_, pid) in got}) == 2


def test_run_all_and_in_order_keep_task_order() -> None:
    tasks = [(i, 0.05 if i % 3 == 0 else 0.0) for i in range(9)]
    seen: list[int] = []
    results = run_all(slow_where, tasks, jobs=2, done=lambda i, _: seen.append(i))
    assert [i for i, _ in results] == list(range(9)) and sorted(seen) == list(range(9))
    assert [i for i, _ in in_order(slow_where, tasks, jobs=2)] == list(range(9))


@needs_proc
def test_a_task_error_is_raised_and_no_worker_is_left() -> None:
    before = _children()  # another test's server may be running
    with pytest.raises(ValueError, match="task 2 failed"):
        run_all(fails_at, [(i, 2) for i in range(6)], jobs=2)
    assert _children() <= before


@needs_proc
def test_a_worker_that_dies_is_a_one_line_error() -> None:
    before = _children()
    with pytest.raises(WorkersError, match=r"a worker process \(pid \d+\) died before it finished its task"):
        run_all(dies_at, [(i, 1) for i in range(4)], jobs=2)
    assert _children() <= before


def test_a_result_pickle_cannot_carry_is_an_error_not_a_hang() -> None:
    with pytest.raises(RuntimeError, match="could not be sent back"):
        run_all(unpicklable, [(i,) for i in range(3)], jobs=2)


@needs_proc
def test_stopping_early_ends_the_workers() -> None:
    before = _children()
    results = in_order(slow_where, [(i, 0.2) for i in range(6)], jobs=2)
    assert next(results)[0] == 0
    assert len(_children() - before) == 2
    results.close()
    assert _children() <= before
