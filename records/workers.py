"""Independent pieces of work on every core here, or as Ray tasks on a cluster.

``run_all(fn, tasks, jobs=, executor=, done=)`` calls ``fn(*task)`` for each
task and returns the results in task order, whichever worker finished first.

- ``local``: in this process when ``jobs`` is 1, else in ``jobs`` worker
  processes (forked where the system can, so they start without importing:
  ``records.forked``;
  ``fresh=True`` starts new interpreters instead, for work that uses a
  library with threads of its own, such as DuckDB: a fork copies such a
  library's locks but not its threads, and the worker may die on them).
- ``ray``: each task is a Ray task (``pip install 'sanguozhi[ray]'``), on the
  cluster ``RAY_ADDRESS`` names, or else on a Ray instance started here with
  ``jobs`` CPUs and stopped at the end.  Every node needs sanguozhi installed
  and the paths in the tasks (a shared folder) under the same names.

``fn`` is a module-level function (workers import it by name); tasks and
results are small: the workers write their own files and return summaries.

Ctrl-C is the parent's: local workers start with SIGINT ignored (inherited
from the parent while it starts them, so not even a worker still starting up
prints a traceback), a worker ends by itself once its parent is gone (killed:
a watchdog thread looks at its parent id), and after an error or a Ctrl-C the
parent cancels what has not begun and ends its workers (what they were
writing stays temporary, as a killed run's does).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

R = TypeVar("R")

EXECUTORS = ("local", "ray")


class WorkersError(RuntimeError):
    """The work could not be handed out (the message says why, in one line)."""


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def pieces(count: int, jobs: int, most: int = 64) -> list[tuple[int, int]]:
    """(first, n) pieces of ``count`` items, at most ``most`` each, in order.

    One worker takes ``most`` at a time.  Several take pieces that shrink as
    the work goes (a quarter of a worker's share of what is left), so the
    workers finish close together: the last pieces are single items.
    """
    if jobs <= 1:
        return [(k, min(most, count - k)) for k in range(0, count, most)]
    out: list[tuple[int, int]] = []
    k = 0
    while k < count:
        size = max(1, min(most, -(-(count - k) // (jobs * 4))))
        out.append((k, size))
        k += size
    return out


def run_all(fn: Callable[..., R], tasks: Sequence[tuple], *, jobs: int = 1, executor: str = "local", done: Callable[[int, R], None] | None = None, fresh: bool = False) -> list[R]:
    """``[fn(*t) for t in tasks]``, spread over ``jobs`` workers; ``done(i, result)`` as each ends.

    ``fresh``: local workers are new interpreters, not forks of this one.
    """
    if executor == "ray":
        return _ray(fn, tasks, jobs, done)
    if executor != "local":
        raise WorkersError(f"unknown executor {executor!r} (executors: {', '.join(EXECUTORS)})")
    if jobs <= 1 or len(tasks) <= 1:
        results = []
        for i, t in enumerate(tasks):
            results.append(fn(*t))
            if done is not None:
                done(i, results[-1])
        return results
    if _can_fork(fresh):
        from .forked import completed

        results: list[Any] = [None] * len(tasks)
        ready = completed(fn, tasks, jobs)
        try:
            for i, result in ready:
                results[i] = result
                if done is not None:
                    done(i, result)
        finally:
            ready.close()  # ``done`` failed (or Ctrl-C): the workers end now, not when the traceback goes
        return results
    return _pool(fn, tasks, jobs, done, fresh)


def _can_fork(fresh: bool) -> bool:
    """Whether local workers are forks of this process (``records.forked``), not new interpreters."""
    return not fresh and hasattr(os, "fork")


def in_order(fn: Callable[..., R], tasks: Sequence[tuple], *, jobs: int = 1, fresh: bool = False, pool: Any = None, every: int = 0) -> Iterator[R]:
    """``fn(*t)`` for each task on ``jobs`` local workers, yielded in task order,
    each as soon as it and those before it are done (a consumer works on
    while later tasks run).  ``pool``: workers of ``local_pool``, kept
    running after (``jobs`` and ``fresh`` are then theirs); with it,
    ``every``: the calling thread runs every ``every``-th task itself, when
    its turn comes (one interpreter fewer to start), the workers the others."""
    own = pool is None
    if own and (jobs <= 1 or len(tasks) <= 1):
        for t in tasks:
            yield fn(*t)
        return
    if own and _can_fork(fresh):
        from .forked import completed

        early: dict[int, R] = {}  # ended before a task ahead of them
        ready = completed(fn, tasks, jobs)
        try:
            for i in range(len(tasks)):
                while i not in early:
                    k, result = next(ready)
                    early[k] = result
                yield early.pop(i)
        finally:
            ready.close()  # the consumer stopped early: the workers end
        return
    if own:
        pool = _new_pool(jobs, len(tasks), fresh)
    try:
        here = (lambda i: i % every == 0) if not own and every > 1 else (lambda i: False)
        with _workers_starting():
            futures = {i: pool.submit(fn, *t) for i, t in enumerate(tasks) if not here(i)}
        for i, t in enumerate(tasks):
            yield fn(*t) if here(i) else futures[i].result()
    except BaseException:  # an error, Ctrl-C, or the consumer stopped early
        _stop(pool)
        raise
    if own:
        pool.shutdown(wait=True)


@contextmanager
def local_pool(jobs: int, *, fresh: bool = False, warm: Callable[[], Any] | None = None) -> Iterator[Any]:
    """``jobs`` local workers for several ``in_order(..., pool=)`` calls, started
    at once: ``warm()`` is handed out ``jobs`` times, so that each worker
    imports what the work needs while the caller gets ready.  None for
    ``jobs`` 0 (in_order then works in this process)."""
    if jobs < 1:
        yield None
        return
    pool = _new_pool(jobs, jobs, fresh)
    try:
        if warm is not None:
            with _workers_starting():
                for _ in range(jobs):
                    pool.submit(warm)
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)


def _new_pool(jobs: int, tasks: int, fresh: bool):  # -> ProcessPoolExecutor
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("spawn" if fresh else "fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=min(jobs, tasks), mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),))


@contextmanager
def _workers_starting() -> Iterator[None]:
    """While workers are started (the pool starts them as work is handed out):
    SIGINT ignored, so that each starts ignoring it (an interpreter started with
    SIGINT ignored keeps it so), and a Ctrl-C during a worker's start-up, before
    its initializer runs, is no traceback of a worker's.  Ctrl-C is the parent's."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _pool(fn: Callable[..., R], tasks: Sequence[tuple], jobs: int, done: Callable[[int, R], None] | None, fresh: bool) -> list[R]:
    from concurrent.futures import FIRST_COMPLETED, wait

    results: list[Any] = [None] * len(tasks)
    pool = _new_pool(jobs, len(tasks), fresh)
    try:
        with _workers_starting():
            index = {pool.submit(fn, *t): i for i, t in enumerate(tasks)}
        pending = set(index)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in sorted(finished, key=index.__getitem__):
                i = index[f]
                results[i] = f.result()
                if done is not None:
                    done(i, results[i])
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(wait=True)
    return results


def _stop(pool) -> None:  # pool: ProcessPoolExecutor
    """After an error or a Ctrl-C: the work not begun is cancelled and the workers
    end at once.  What they were writing stays a temporary file (``records.durable``;
    a shard's games file is written last), which the next run makes again.  The
    pool's own shutdown would wait for each worker to take a stop sign, which one
    still starting up (or interrupted a second time) may never do."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # the pool keeps no public list of them
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join()


def _worker_start(parent: int) -> None:
    """A worker's set-up: Ctrl-C is the parent's to handle (it lets the pieces in
    hand finish and stops), and a watchdog ends the worker once ``parent`` is
    gone (killed: nobody would take its results, and its pool would never
    tell it to stop)."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), name="sgz-parent-watch", daemon=True).start()


PARENT_POLL = 0.25  # seconds between a worker's looks at its parent


def _watch_parent(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)  # what the worker was writing stays a temporary file (records.durable sweeps it)


def _ray(fn: Callable[..., R], tasks: Sequence[tuple], jobs: int, done: Callable[[int, R], None] | None) -> list[R]:
    try:
        import ray
    except ImportError:
        raise WorkersError("--executor ray needs Ray: pip install 'sanguozhi[ray]'") from None
    started_here = False
    if not ray.is_initialized():
        import logging

        address = os.environ.get("RAY_ADDRESS") or None
        kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING, "log_to_driver": False}
        if address is None:
            kwargs["num_cpus"] = max(1, jobs)
        try:
            ray.init(address=address, **kwargs)
        except Exception as exc:  # noqa: BLE001 - any failure to reach Ray is one line
            raise WorkersError(f"cannot start Ray{f' at {address}' if address else ''}: {str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}") from None
        started_here = True
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(fn)
        refs = [remote.remote(*t) for t in tasks]
        index = {r: i for i, r in enumerate(refs)}
        results: list[Any] = [None] * len(tasks)
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                i = index[r]
                try:
                    results[i] = ray.get(r)
                except ray.exceptions.RayTaskError as exc:
                    cause = getattr(exc, "cause", None)
                    if isinstance(cause, BaseException):
                        raise cause from None
                    raise
                if done is not None:
                    done(i, results[i])
        return results
    finally:
        if started_here:
            ray.shutdown()
