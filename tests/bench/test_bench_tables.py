"""Live tables under load: rooms of five people each, all at once, on loopback.

Run with:  python -m pytest tests/bench/test_bench_tables.py --benchmark-enable -n 0 -s

`sgz serve` runs as a process of its own; this process drives ROOMS identity
tables of five seats, every seat a WebSocket client answering at random (250
connections for 50 rooms).  Measured: the decision round trip (an answer sent
until the table that follows it arrives), p50 and p99 over every decision of
every room; the server's CPU time a decision (from /proc); and, as the anchor,
``sgz sim``'s CPU time a decision for the same number of games of the same
mode and size, played by bots in one process.  Goal: p99 <= 100 ms.

Without --benchmark-enable a few rooms play short games (a smoke test).
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from tests.cli.web.tables_util import make_room, play_seat
from tests.cli.web.test_restart import free_port, start_server

from .test_bench_sim import _sim

SUMMARY: dict[str, object] = {}


def _cpu(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load(rooms: int, turns: int, think: tuple[float, float] | None = None) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="sgz-bench-tables-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(folder, port, "--max-sockets", "1000")  # every client is on this machine
    try:
        tables = [make_room(base, "identity", 5, [0, 1, 2, 3, 4], options=f"max_turns={turns}") for _ in range(rooms)]
        cpu0 = _cpu(server.pid)
        started = time.perf_counter()

        async def everyone() -> list:
            return await asyncio.gather(*(play_seat(base, room, s, k, random.Random(r * 10 + s), keep=False, think=think) for r, (room, keys) in enumerate(tables) for s, k in keys.items()))

        seats = asyncio.run(everyone())
        wall = time.perf_counter() - started
        cpu = _cpu(server.pid) - cpu0
    finally:
        server.terminate()
        server.wait(20)
        shutil.rmtree(folder, ignore_errors=True)
    trips = sorted(t for s in seats for t in s.trips)
    p = lambda q: trips[min(len(trips) - 1, int(q * len(trips)))]  # noqa: E731
    return {"decisions": len(trips), "p50_ms": 1000 * p(0.5), "p99_ms": 1000 * p(0.99), "max_ms": 1000 * trips[-1], "wall_s": wall, "server_cpu_s": cpu}


@pytest.mark.parametrize("pace", ["instant", "people"])
def test_bench_fifty_rooms_of_five(benchmark, pace: str) -> None:
    """``instant``: every client answers the moment it is asked (the server saturated:
    a bound, not a table); ``people``: each answer after 0.3-1.5 s, as people take."""
    full = not benchmark.disabled
    if not full and pace == "people":
        pytest.skip("paced tables are the instant smoke test with waits: run them with --benchmark-enable")
    rooms, turns = (50, 12 if pace == "instant" else 6) if full else (4, 4)
    think = (0.3, 1.5) if pace == "people" and full else None
    result = benchmark.pedantic(lambda: _load(rooms, turns, think), rounds=1, iterations=1)
    # The anchor: the same number of games, bots in one process (sgz sim, one worker).
    seconds, decisions = _sim(rooms, 1, 1)
    sim_cpu_per_decision = seconds / max(decisions, 1)
    server_cpu_per_decision = result["server_cpu_s"] / max(result["decisions"], 1)
    benchmark.extra_info.update(
        pace=pace,
        rooms=rooms,
        clients=5 * rooms,
        decisions=result["decisions"],
        p50_ms=round(result["p50_ms"], 2),
        p99_ms=round(result["p99_ms"], 2),
        max_ms=round(result["max_ms"], 2),
        server_cpu_ms_per_decision=round(1000 * server_cpu_per_decision, 3),
        sim_ms_per_decision=round(1000 * sim_cpu_per_decision, 3),
        server_vs_sim=round(server_cpu_per_decision / sim_cpu_per_decision, 1),
    )
    SUMMARY.update(benchmark.extra_info)
    print(f"\n{rooms} rooms x 5 clients ({pace}): {result['decisions']} decisions, round trip p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms;"
          f" server {1000 * server_cpu_per_decision:.2f} ms CPU a decision against sgz sim's {1000 * sim_cpu_per_decision:.3f} ms")
    assert result["decisions"] > 10 * rooms
