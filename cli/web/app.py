"""The web app's routes.

    /tables                  the live tables: open and running rooms, a new one
    /t/{room}                a room: its seats, then its table (the page keeps a WebSocket, /t/{room}/ws)
    /t/{room}/join|fill|start  take a seat; the creator gives one to a bot, or starts
    /t/{room}/replay|record  once over: the replay page, the record file
    /                        archived games, filtered by mode, general and winner
    /game/{id}               one game in the replay viewer (the page `sgz html` writes)
    /game/{id}/record        its record file
    /queries[/{name}]        the named queries of `sgz query --named`, read-only; POST: one's own SQL
    /stats                   win rates with 95% intervals, game length, damage by card, as charts

Every request first passes ``guard.Guard`` (host, origin, body size and
time).  The archive is read through ``gate.ArchiveGate``; a finished table's
game is added to it at once, in a worker thread.  Work that takes time (a
page, a query) runs in a worker thread too.
"""
from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute

from .archive_pages import ArchivePages
from .gate import ArchiveGate
from .guard import Guard, host_names
from .room import Room
from .table_pages import TablePages, lang_of
from .tables import Tables

log = logging.getLogger("sgz.serve")


def make_app(
    db: str, records: str | Path, lang: str = "en", *, listen: str = "127.0.0.1", allow_hosts: tuple[str, ...] = (), max_rooms: int | None = None, max_sockets: int = 32
) -> Any:
    gate = ArchiveGate(db)
    archive = ArchivePages(gate)
    folder = Path(records)
    archiver = Archiver(db)

    def archived(room: Room) -> None:
        archiver.add(folder / room.file.record)

    tables = Tables(folder, on_over=archived, **({"max_rooms": max_rooms} if max_rooms else {}))
    pages = TablePages(tables, lang)

    async def index(request: Request) -> Response:
        return await run_in_threadpool(archive.games, dict(request.query_params), lang_of(request, lang))

    async def game(request: Request) -> Response:
        return await run_in_threadpool(archive.game, request.path_params["game"], lang_of(request, lang))

    async def game_record(request: Request) -> Response:
        return await run_in_threadpool(archive.record, request.path_params["game"], lang_of(request, lang))

    async def queries(request: Request) -> Response:
        sql = None
        if request.method == "POST":
            from .table_pages import form_of

            try:
                sql = (await form_of(request)).get("sql", "")
            except ValueError as exc:  # not UTF-8
                return Response(str(exc), status_code=400, media_type="text/plain")
        return await run_in_threadpool(archive.query, request.path_params.get("name"), lang_of(request, lang), sql)

    async def stats(request: Request) -> Response:
        return await run_in_threadpool(archive.stats, dict(request.query_params), lang_of(request, lang))

    async def lobby(request: Request) -> Response:
        if request.method == "POST":
            return await pages.create(request)
        return pages.lobby(request)

    async def replay(request: Request) -> Response:
        return await run_in_threadpool(pages.replay, request)

    async def record(request: Request) -> Response:
        return pages.record(request)

    async def play(request: Request) -> Response:
        return RedirectResponse("/tables", status_code=303)  # one person against bots is a table with bots in the other seats

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Every room of the records folder comes back, unfinished games at their pending decision.
        folder.mkdir(parents=True, exist_ok=True)
        tables.restore()
        for room in list(tables.rooms.values()):
            if room.state == "playing":
                await tables.change(room, lambda now: None)
        for why in tables.broken:
            log.warning("sgz serve: a room could not be restored: %s", why)
        yield

    routes = [
        Route("/", index),
        Route("/game/{game}", game),
        Route("/game/{game}/record", game_record),
        Route("/queries", queries, methods=["GET", "POST"]),
        Route("/queries/{name}", queries),
        Route("/stats", stats),
        Route("/tables", lobby, methods=["GET", "POST"]),
        Route("/t/{room}", pages.room_page),
        Route("/t/{room}/join", pages.join, methods=["POST"]),
        Route("/t/{room}/{action:str}", pages.host_action, methods=["POST"]),
        Route("/t/{room}/replay", replay),
        Route("/t/{room}/record", record),
        WebSocketRoute("/t/{room}/ws", pages.socket),
        Route("/play", play, methods=["GET", "POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    app.state.gate = gate
    app.state.archiver = archiver
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(Guard, hosts=host_names(listen, allow_hosts), max_sockets=max_sockets)  # added last: the outermost
    return app


def _behind_the_tables() -> None:
    """In the ingest process, before it runs: a lower CPU priority, so that the archive
    waits for the tables rather than the tables for the archive (games end together)."""
    import os

    os.nice(10)


class Archiver:
    """A finished table's game goes to the archive at once: ``sgz archive ingest``
    in a process of its own (its checks and loading would hold up every table
    of this one), one at a time, the games finished meanwhile in one batch."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.pending: list[Path] = []
        self.task: Any = None
        self.added = 0

    def add(self, path: Path) -> None:
        import asyncio

        self.pending.append(path)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        import asyncio
        import sys

        while self.pending:
            batch, self.pending = self.pending, []
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "sanguozhi", "archive", "ingest", *map(str, batch), "--db", self.db, "--wait", "60", "-q",
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, preexec_fn=_behind_the_tables,
            )  # fmt: skip
            _, err = await proc.communicate()
            if proc.returncode:
                log.warning("sgz serve: %s not added to the archive: %s", ", ".join(p.name for p in batch), err.decode(errors="replace").strip()[-300:])
            else:
                self.added += len(batch)
