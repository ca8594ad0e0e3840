"""Nothing is lost when the server dies.

`sgz serve` runs as a process; several tables are played part of the way by
people behind WebSocket clients; the server is killed (SIGKILL: nothing closes
its records) and started again on the same records folder.  Every unfinished
table is back, waiting for the same question, its people come back with their
keys, and the games play to their end as whole, valid records.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from sanguozhi.records.check import check

from .tables_util import make_room, play_room, play_seat


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(folder: Path, port: int, *args: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sanguozhi", "serve", "--port", str(port), "--records", str(folder), "--db", str(folder / "a.duckdb"), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"sgz serve did not start: {proc.stderr.read().decode()[-800:]}")


def question(base: str, room: str, key: str) -> dict | None:
    """The question a seat is shown now (its words and answers), from a fresh connection."""
    import websockets

    async def look() -> dict | None:
        async with websockets.connect(base.replace("http", "ws", 1) + f"/t/{room}/ws?key={key}", origin=base) as ws:
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if m.get("t") == "table":
                    ask = m.get("ask")
                    return None if ask is None else {k: ask[k] for k in ("kind", "title", "choices", "pick") if k in ask}

    return asyncio.run(look())


def test_a_killed_server_brings_every_table_back_at_its_pending_question(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = tmp_path / "rec"
    server = start_server(folder, port)
    tables = []
    try:
        for i, (mode, players, people) in enumerate([("identity", 5, [0, 2]), ("hegemony", 4, [1]), ("duel", 2, [0, 1])]):
            room, keys = make_room(base, mode, players, people, options="max_turns=30", handover=0)

            async def part(room: str = room, keys: dict[int, str] = keys, i: int = i) -> None:
                stop = asyncio.Event()  # the first seat to have answered its share stops them all
                await asyncio.gather(*(play_seat(base, room, s, k, random.Random(i * 10 + s), stop_after=5 + 4 * s, stop=stop, keep=False) for s, k in keys.items()))

            asyncio.run(part())
            time.sleep(0.3)  # the last answers are played on and written
            tables.append((room, keys, {s: question(base, room, k) for s, k in keys.items()}))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    assert any(q for _, _, qs in tables for q in qs.values())
    server = start_server(folder, port)
    try:
        for room, keys, before in tables:
            after = {s: question(base, room, k) for s, k in keys.items()}
            assert after == before, room  # the same seat, the same question, after the restart
            seats = play_room(base, room, keys, seed=7, spectate=False)
            assert all(s.end is not None for s in seats)
            record = folder / f"{room}.jsonl"
            c = check(record, complete=True)
            assert c.error is None and c.finished, c.error
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(server.pid, signal.SIGKILL)
