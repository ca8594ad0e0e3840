"""Local workers forked from this process, each fed one task at a time through a pipe.

``records.workers`` runs its local work here where it may fork (not for
``fresh`` workers).  A worker is a fork, so it begins with every module this
process has imported; it reads a task from its pipe, runs it and writes the
result back.  Nothing here imports multiprocessing or concurrent.futures:
importing them and starting their pool's threads cost ~25 ms, which is 5% of
a 60-game ``sgz sim --jobs 2`` on two cores (docs/performance.md).

A message is the length of its pickle (8 bytes) and the pickle.  A worker
takes its next task as soon as it hands back the last one (the parent sends
it before it looks at the result).  It ends when its task pipe closes (the
parent done, or gone), ignores Ctrl-C, and a watchdog (``workers._worker_start``)
ends it mid-task once its parent is gone.
"""
from __future__ import annotations

import os
import pickle
import select
from collections.abc import Callable, Iterator, Sequence
from typing import Any

_LEN = 8


def completed(fn: Callable[..., Any], tasks: Sequence[tuple], jobs: int) -> Iterator[tuple[int, Any]]:
    """``(i, fn(*tasks[i]))`` as each task ends, on ``min(jobs, len(tasks))`` forked workers.

    A task's error is raised here (the workers are ended first); so is a
    Ctrl-C, and leaving the iteration early ends the workers too.
    """
    from .workers import WorkersError, _workers_starting

    workers: dict[int, tuple[int, int]] = {}  # result pipe -> (pid, task pipe)
    try:
        with _workers_starting():  # each worker starts with Ctrl-C ignored
            for _ in range(min(jobs, len(tasks))):
                pid, results, feed = _fork(fn, workers)
                workers[results] = (pid, feed)
        given = 0
        for _, feed in workers.values():
            _send(feed, (given, tasks[given]))
            given += 1
        left = len(tasks)
        while left:
            ready, _, _ = select.select(list(workers), [], [])
            for results in ready:
                message = _receive(results)
                pid, feed = workers[results]
                if message is None:
                    raise WorkersError(f"a worker process (pid {pid}) died before it finished its task")
                i, ok, value = message
                if not ok:
                    raise value
                left -= 1
                if given < len(tasks):
                    _send(feed, (given, tasks[given]))
                    given += 1
                yield i, value
    except BaseException:  # an error, Ctrl-C, or the consumer stopped early
        _end(workers, kill=True)
        raise
    _end(workers, kill=False)


def _fork(fn: Callable[..., Any], others: dict[int, tuple[int, int]]) -> tuple[int, int, int]:
    """A new worker: (its pid, the pipe its results come on, the pipe its tasks go on)."""
    task_r, task_w = os.pipe()
    result_r, result_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns
        code = 1
        try:
            os.close(task_w)
            os.close(result_r)
            for results, (_, feed) in others.items():  # the other workers' pipes: theirs to close
                os.close(results)
                os.close(feed)
            _serve(fn, task_r, result_w)
            code = 0
        finally:
            os._exit(code)  # never the parent's clean-up (atexit, buffered output)
    os.close(task_r)
    os.close(result_w)
    return pid, result_r, task_w


def _serve(fn: Callable[..., Any], tasks: int, results: int) -> None:
    from .workers import _worker_start

    _worker_start(os.getppid())
    while (message := _receive(tasks)) is not None:
        i, task = message
        try:
            out = (i, True, fn(*task))
        except BaseException as exc:  # noqa: BLE001 - every error goes back to the parent
            out = (i, False, exc)
        try:
            _send(results, out)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # a result or error pickle cannot carry
            _send(results, (i, False, RuntimeError(f"a worker's result could not be sent back: {type(exc).__name__}: {exc}")))


def _send(fd: int, obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(_LEN, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int) -> Any:
    """The next message on ``fd``, or None when the pipe closed (at a message's start or inside one)."""
    head = _read(fd, _LEN)
    if head is None:
        return None
    body = _read(fd, int.from_bytes(head, "little"))
    return None if body is None else pickle.loads(body)


def _read(fd: int, n: int) -> bytes | None:
    chunks, left = [], n
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _end(workers: dict[int, tuple[int, int]], *, kill: bool) -> None:
    """Close the workers' pipes (a worker ends when its task pipe closes) and wait for them;
    ``kill``: end them at once (what they were writing stays temporary: ``records.durable``)."""
    import signal

    for results, (pid, feed) in workers.items():
        os.close(feed)
        if kill:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    for results, (pid, _) in workers.items():
        os.waitpid(pid, 0)
        os.close(results)
    workers.clear()
