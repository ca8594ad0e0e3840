"""Replay speed: seek and fork-and-resume latency in a long game, decode + fold rate.

Run with:  python -m pytest tests/bench/test_bench_replay.py --benchmark-enable -n 0
The figures (medians) are in each benchmark's extra_info (--benchmark-json).

The long game is a 10-seat basic-deck basic-bot game of >= 10,000 events
(``tests.replay.games.long_game``).  Seek and fork-and-resume are timed on a
Timeline whose snapshots exist (every 512 events; a first pass over the
record takes them): a seek is the nearest snapshot plus at most 511 events
folded, a fork-and-resume is a seek to the start of the turn in progress
plus re-running that turn's recorded decisions.  Neither grows with the
position in the record: the cost at event 5,000 is the cost at event 100,
give or take one snapshot interval of folding (~0.1 ms).  Targets: <= 5 ms
each; decode + fold >= 2.5M events/s per core.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.records.format import FORMAT_VERSION, Header, RecordWriter
from sanguozhi.replay.fork import resume_record
from sanguozhi.replay.seek import Timeline
from sanguozhi.replay.stream import fold_blob, split_record
from tests.replay.games import long_game

REPO = Path(__file__).resolve().parents[2]
POINTS = (100, 5000, 9999)  # 9,999: the last event of a 10,000-event game


@pytest.fixture(scope="module")
def events() -> list[ev.Event]:
    return long_game(10_000)


@pytest.fixture(scope="module")
def timeline(events: list[ev.Event]) -> Timeline:
    return Timeline(events, interval=512).build()


@pytest.fixture(scope="module")
def record_bytes(events: list[ev.Event], tmp_path_factory) -> bytes:
    start = events[0]
    path = tmp_path_factory.mktemp("bench") / "long.jsonl"
    header = Header(sgz="record", v=1, game="bench", rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options)
    with RecordWriter(path, header) as writer:
        writer.write_all(events)
    return path.read_bytes()


def _ms(benchmark) -> float | None:
    """The median (the mean is at the mercy of whatever else the machine runs)."""
    return benchmark.stats.stats.median * 1000 if benchmark.stats else None


def _rate(benchmark, n: int) -> None:
    stats = benchmark.stats.stats
    benchmark.extra_info["events_per_s"] = round(n / stats.median)
    benchmark.extra_info["events_per_s_best"] = round(n / stats.min)
    benchmark.extra_info["events"] = n


@pytest.mark.parametrize("at", POINTS)
def test_bench_seek(benchmark, timeline: Timeline, at: int) -> None:
    state = benchmark(timeline.after, at)
    assert state.seq == at + 1
    ms = _ms(benchmark)
    if ms is not None:
        benchmark.extra_info["ms"] = round(ms, 3)
        benchmark.extra_info["events_in_game"] = len(timeline)
        assert ms <= 5, f"seek at event {at}: {ms:.2f} ms"


@pytest.mark.parametrize("at", POINTS)
def test_bench_fork_and_resume(benchmark, timeline: Timeline, at: int) -> None:
    """A running game after event ``at``, its pending decision offered again."""
    events = timeline.events

    def fork_and_resume():
        return resume_record(events, at + 1, timeline=timeline)

    game = benchmark(fork_and_resume)
    assert game.events[: at + 1] == events[: at + 1] and game.request is not None
    ms = _ms(benchmark)
    if ms is not None:
        benchmark.extra_info["ms"] = round(ms, 3)
        assert ms <= 5, f"fork-and-resume at event {at}: {ms:.2f} ms"


def test_bench_seek_cold(benchmark, events: list[ev.Event]) -> None:
    """For comparison: a seek to event 5,000 with no snapshot yet (a fold from the start)."""
    state = benchmark(lambda: Timeline(events).after(5000))
    assert state.seq == 5001
    if benchmark.stats:
        benchmark.extra_info["ms"] = round(_ms(benchmark), 3)


def test_bench_replay_decode_and_fold(benchmark, record_bytes: bytes) -> None:
    """A record file's bytes to its final state: streaming decode + fold."""
    body = split_record(record_bytes)[1]
    n = body.count(b"\n")
    state = benchmark(fold_blob, body)
    assert state.seq == n
    if benchmark.stats:
        _rate(benchmark, n)


def test_bench_decode_alone(benchmark, record_bytes: bytes) -> None:
    body = split_record(record_bytes)[1]
    n = body.count(b"\n")
    benchmark(ev.decode_lines, body)
    if benchmark.stats:
        _rate(benchmark, n)


def test_bench_decode_and_fold_vs_untyped_decode(benchmark, record_bytes: bytes) -> None:
    """decode + fold of a record's lines against msgspec's untyped decode of the
    same lines (to dicts and lists, no schema, no state): rounds interleaved,
    CPU time, medians.  Target: >= 0.8x."""
    import statistics

    body = split_record(record_bytes)[1]
    untyped = msgspec.json.Decoder().decode_lines
    ours: list[float] = []
    anchor: list[float] = []

    def one_round() -> None:
        for times, fn in ((anchor, untyped), (ours, fold_blob)):
            t = time.process_time()
            fn(body)
            times.append(time.process_time() - t)

    benchmark.pedantic(one_round, rounds=1 if benchmark.disabled else 21, iterations=1)
    assert len(untyped(body)) == fold_blob(body).seq  # the same lines, one event each
    if benchmark.stats:
        n = body.count(b"\n")
        a, b = statistics.median(anchor), statistics.median(ours)
        benchmark.extra_info.update(events=n, untyped_decode_events_per_s=round(n / a), decode_and_fold_events_per_s=round(n / b), ratio_decode_and_fold_over_untyped=round(a / b, 3))


def test_bench_fold_alone(benchmark, events: list[ev.Event]) -> None:
    benchmark(fold, events)
    if benchmark.stats:
        _rate(benchmark, len(events))


@pytest.fixture(scope="module")
def record_22k(tmp_path_factory) -> tuple[Path, int]:
    """A record of a game of at least 22,000 events (a 10-seat stalemate), written as sgz writes."""
    events = long_game(22_000)
    start = events[0]
    path = tmp_path_factory.mktemp("bench") / "long22k.jsonl"
    header = Header(sgz="record", v=FORMAT_VERSION, game="bench22k", rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options)
    with RecordWriter(path, header, flush="close") as writer:
        writer.write_all(events)
    return path, len(events)


def test_bench_replay_at_as_a_process(benchmark, record_22k: tuple[Path, int]) -> None:
    """`sgz replay FILE --at N` as a user runs it: a new process (Python start-up,
    imports, reading and checking the whole record, folding to N, the table).
    Anchor: `python -c pass` in the same run.  Target: <= 120 ms."""
    path, n = record_22k
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: bytecode cached
    at = n // 2

    def replay() -> None:
        subprocess.run([sys.executable, "-m", "sanguozhi", "replay", str(path), "--at", str(at)], cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)

    def bare() -> None:
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)

    replay()  # writes the bytecode caches
    benchmark.pedantic(replay, rounds=1 if benchmark.disabled else 15, iterations=1, warmup_rounds=0 if benchmark.disabled else 2)
    if benchmark.stats:
        anchor = []
        for _ in range(15):
            t = time.perf_counter()
            bare()
            anchor.append(time.perf_counter() - t)
        benchmark.extra_info.update(
            events=n,
            at=at,
            replay_at_ms=round(_ms(benchmark), 1),
            replay_at_min_ms=round(benchmark.stats.stats.min * 1000, 1),
            python_start_ms=round(statistics.median(anchor) * 1000, 1),
        )
