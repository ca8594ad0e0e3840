"""Live tables driven from outside, as browsers drive them: HTTP forms to make a
room and take its seats, one WebSocket a seat, answers chosen by a small bot that
reads only the messages it is sent.  For the leak property, the restart test and
the load benchmark."""
from __future__ import annotations

import asyncio
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kw: Any) -> None:
        return None


def post(base: str, path: str, data: dict[str, Any], cookie: str = "") -> tuple[int, Any, str]:
    req = urllib.request.Request(base + path, data=urllib.parse.urlencode(data).encode(), method="POST")
    if cookie:
        req.add_header("Cookie", cookie)
    try:
        r = urllib.request.build_opener(_NoRedirect).open(req, timeout=30)
    except urllib.error.HTTPError as e:
        r = e
    return r.status, r.headers, r.read().decode()


def make_room(base: str, mode: str, players: int, people: list[int], options: str = "", **settings: Any) -> tuple[str, dict[int, str]]:
    """A room of ``mode`` whose seats ``people`` are taken (bots at the others), started: its id and the seats' keys."""
    form = {"mode": mode, "players": players, "bots": ",".join(str(s) for s in range(players) if s not in people), "options": options, "secret_wait": 0, **settings}
    status, headers, body = post(base, "/tables", form)
    assert status == 303, body[-400:]
    room = headers["location"].rsplit("/", 1)[1]
    host = headers["Set-Cookie"].split(";")[0]
    keys = {}
    for seat in people:
        status, _, body = post(base, f"/t/{room}/join", {"seat": seat, "name": f"P{seat}"})
        assert status == 200, body[-400:]
        keys[seat] = re.search(r"key=([\w-]+)", body).group(1)
    status, _, body = post(base, f"/t/{room}/start", {}, host)
    assert status == 303, body[-400:]
    return room, keys


@dataclass
class Seat:
    """One seat's connection: every message it was sent, and how long its answers took to come back."""

    seat: int
    messages: list[dict[str, Any]] = field(default_factory=list)
    trips: list[float] = field(default_factory=list)
    end: dict[str, Any] | None = None


async def play_seat(base: str, room: str, seat: int, key: str, rng: random.Random, *, stop_after: int | None = None, stop: asyncio.Event | None = None, keep: bool = True, think: tuple[float, float] | None = None) -> Seat:
    """Answer every question of ``seat`` at random until the game ends; or until it
    has answered ``stop_after`` (then it sets ``stop``), or another seat set ``stop``.
    ``think``: seconds (low, high) taken before each answer, as a person takes them."""
    import websockets

    out = Seat(seat)
    uri = base.replace("http", "ws", 1) + f"/t/{room}/ws?key={key}"
    answered: set[int] = set()
    sent_at: float | None = None
    async with websockets.connect(uri, origin=base, max_size=None) as ws:
        while True:
            if stop is not None:
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.1)
                except asyncio.TimeoutError:
                    if stop.is_set():
                        return out
                    continue
            else:
                text = await ws.recv()
            msg = json.loads(text)
            if keep:
                out.messages.append(msg)
            if msg.get("t") != "table":
                continue
            ask = msg.get("ask")
            if sent_at is not None and (ask is None or ask["id"] not in answered or ask["answered"]):
                out.trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg.get("end"):
                out.end = msg["end"]
                return out
            if ask and not ask["answered"] and ask["id"] not in answered:
                if (stop_after is not None and len(answered) >= stop_after) or (stop is not None and stop.is_set()):
                    if stop is not None:
                        stop.set()
                    return out
                answered.add(ask["id"])
                if "choices" in ask:
                    answer: Any = rng.randrange(len(ask["choices"]))
                else:
                    p = ask["pick"]
                    cards = [c["card"] for c in p["cards"]]
                    rng.shuffle(cards)
                    answer = cards[: rng.randint(p["min"], p["max"])]
                if think is not None:
                    await asyncio.sleep(rng.uniform(*think))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"t": "answer", "q": ask["id"], "a": answer}))


async def watch(base: str, room: str) -> Seat:
    """A spectator's connection, until the end."""
    import websockets

    out = Seat(-1)
    async with websockets.connect(base.replace("http", "ws", 1) + f"/t/{room}/ws", origin=base, max_size=None) as ws:
        while True:
            msg = json.loads(await ws.recv())
            out.messages.append(msg)
            if msg.get("end"):
                out.end = msg["end"]
                return out


def play_room(base: str, room: str, keys: dict[int, str], seed: int = 1, spectate: bool = True, timeout: float = 120) -> list[Seat]:
    async def all_seats() -> list[Seat]:
        tasks = [play_seat(base, room, s, k, random.Random(seed * 100 + s)) for s, k in keys.items()]
        if spectate:
            tasks.append(watch(base, room))
        return await asyncio.wait_for(asyncio.gather(*tasks), timeout)

    return asyncio.run(all_seats())
