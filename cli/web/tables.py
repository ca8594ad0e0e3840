"""The live tables of one ``sgz serve``: rooms, the connections to them, their timers.

Everything here runs on the server's event loop.  A room changes only under
its lock; after a change every connection to it is marked to be told, and
each connection's own sender builds what its viewer may see (``Room.update``)
when it is about to send, so a slow browser gets the latest table rather
than a queue of old ones.  Bots answer in slices of decisions, so one room's
bots never hold up the others.  Time is the loop's monotonic clock; a room
wakes itself at its next deadline (a clock, a secret question's minimum
wait, an empty seat to hand over).

Rooms share nothing but the records folder (and the archive a finished game
goes to), which is what lets several server processes behind a proxy serve
more rooms: pin each room to a process by its id; a room moves by moving
its two files.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from .room import ROOM_SUFFIX, SPECTATOR, Room, RoomError, Settings

MAX_ROOMS = 200  # rooms a server holds (open and playing; finished ones are freed)
KEEP_OVER = 20  # finished rooms kept in the lobby
MAX_WATCHERS = 64  # connections to one room
MAX_MESSAGE = 4096  # bytes in one message from a browser


class Answer(msgspec.Struct, forbid_unknown_fields=True, tag_field="t", tag="answer"):
    q: int
    a: int | list[int]


class Ping(msgspec.Struct, forbid_unknown_fields=True, tag_field="t", tag="ping"):
    pass


_incoming = msgspec.json.Decoder(Answer | Ping)
_outgoing = msgspec.json.Encoder()


class Connection:
    """One open page: whose view it gets, and what it has been told."""

    def __init__(self, send: Callable[[str], Any], viewer: int, client: str) -> None:
        self.send = send  # an awaitable-returning sender of one text message
        self.viewer = viewer
        self.client = client
        self.lines = 0  # narration lines sent
        self.wake = asyncio.Event()
        self.errors: list[str] = []
        self.closed = False


class Tables:
    def __init__(self, folder: Path, *, on_over: Callable[[Room], None] | None = None, max_rooms: int = MAX_ROOMS) -> None:
        self.folder = Path(folder)
        self.rooms: dict[str, Room] = {}
        self.conns: dict[str, set[Connection]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.on_over = on_over
        self.max_rooms = max_rooms
        self.broken: list[str] = []  # rooms that could not be restored, and why

    @staticmethod
    def now() -> float:
        return time.monotonic()

    # -- rooms -------------------------------------------------------------------

    def restore(self) -> None:
        """Every room in the records folder, as it was (unfinished games at their pending decision)."""
        now = self.now()
        for path in sorted(self.folder.glob(f"*{ROOM_SUFFIX}")):
            try:
                room = Room.load(path, now)
            except (RoomError, ValueError, OSError) as exc:
                self.broken.append(f"{path.name}: {exc}")
                continue
            self._add(room)
            if room.state == "playing":
                for seat in room.people():
                    room.empty_since[seat] = now  # nobody is connected yet: the hand-over clock runs
        self._free()

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.conns.setdefault(room.id, set())
        self.locks.setdefault(room.id, asyncio.Lock())

    def create(self, settings: Settings, bots: dict[int, str]) -> tuple[Room, str]:
        self._free()
        if sum(r.state != "over" for r in self.rooms.values()) >= self.max_rooms:
            raise RoomError(f"this server holds {self.max_rooms} rooms already; try again when one has finished")
        room, key = Room.create(self.folder, settings, bots, self.now())
        self._add(room)
        return room, key

    def _free(self) -> None:
        """Finished rooms beyond the last KEEP_OVER leave memory (their records stay)."""
        over = [r for r in self.rooms.values() if r.state == "over" and not self.conns.get(r.id)]
        for room in over[: max(0, len(over) - KEEP_OVER)]:
            del self.rooms[room.id]
            self.conns.pop(room.id, None)
            self.locks.pop(room.id, None)

    def get(self, room_id: str) -> Room | None:
        return self.rooms.get(room_id)

    async def change(self, room: Room, act: Callable[[float], Any]) -> Any:
        """Run ``act(now)`` on ``room`` under its lock, then play on and tell everyone."""
        async with self.locks[room.id]:
            result = act(self.now())
            await self._settle(room)
        return result

    async def _settle(self, room: Room) -> None:
        was_over = room.over
        while room.settle(self.now()):
            await asyncio.sleep(0)  # the other rooms run between slices of bot decisions
        self._tell(room)
        self._schedule(room)
        if room.over and not was_over and self.on_over is not None:
            self.on_over(room)

    def _schedule(self, room: Room) -> None:
        old = self.timers.pop(room.id, None)
        if old is not None:
            old.cancel()
        at = room.next_deadline()
        if at is None or room.over:
            return
        loop = asyncio.get_running_loop()
        self.timers[room.id] = loop.call_later(max(0.0, at - self.now()) + 0.001, lambda: asyncio.ensure_future(self._wake(room)))

    async def _wake(self, room: Room) -> None:
        async with self.locks[room.id]:
            if room.tick(self.now()):
                await self._settle(room)
            else:
                self._tell(room)
                self._schedule(room)

    def _tell(self, room: Room) -> None:
        for conn in self.conns.get(room.id, ()):
            conn.wake.set()

    # -- connections ----------------------------------------------------------------

    def watchers(self, room: Room) -> int:
        return len(self.conns.get(room.id, ()))

    async def attach(self, room: Room, conn: Connection) -> None:
        if self.watchers(room) >= MAX_WATCHERS:
            raise RoomError(f"this room has {MAX_WATCHERS} pages open already")
        self.conns[room.id].add(conn)
        if conn.viewer != SPECTATOR:
            await self.change(room, lambda now: room.connect(conn.viewer, now))
        conn.wake.set()

    async def detach(self, room: Room, conn: Connection) -> None:
        conn.closed = True
        conn.wake.set()
        self.conns.get(room.id, set()).discard(conn)
        if conn.viewer != SPECTATOR:
            await self.change(room, lambda now: room.disconnect(conn.viewer, now))

    async def receive(self, room: Room, conn: Connection, text: str) -> None:
        """One message from a page: an answer (its seat's), or a ping."""
        if len(text) > MAX_MESSAGE:
            raise RoomError(f"a message has at most {MAX_MESSAGE} bytes")
        try:
            msg = _incoming.decode(text)
        except msgspec.DecodeError as exc:
            raise RoomError(f"not a message this table understands ({exc})") from None
        if isinstance(msg, Ping):
            conn.wake.set()
            return
        if conn.viewer == SPECTATOR:
            raise RoomError("a spectator does not decide")
        await self.change(room, lambda now: room.decide(conn.viewer, msg.q, msg.a, now))

    async def sender(self, room: Room, conn: Connection, hello: dict[str, Any]) -> None:
        """Tell ``conn`` what its viewer may see, each time the room changes (the latest, not a queue)."""
        await conn.send(_outgoing.encode(hello).decode())
        while not conn.closed:
            await conn.wake.wait()
            conn.wake.clear()
            if conn.closed:
                return
            for message in conn.errors:
                await conn.send(_outgoing.encode({"t": "error", "message": message}).decode())
            conn.errors.clear()
            data = room.update(conn.viewer, conn.lines)
            conn.lines = data.get("line_count", conn.lines)
            await conn.send(_outgoing.encode(data).decode())
