"""The web app's routes.

    /                  archived games, filtered by mode, general and winner
    /game/{id}         one game in the replay viewer (the page `sgz html` writes)
    /queries[/{name}]  the named queries of `sgz query --named`, read-only
    /stats             win rates with 95% intervals, game length, damage by card, as charts
    /play              start a game against bots; /play/{id} plays it

The archive is opened for each request (so an ingest can run between two)
by ``records.db.open_reader``: read-only and locked down like `sgz query`'s.  Work that takes time (a
page, a query) runs in a worker thread.
"""
from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from sanguozhi.replay import html as viewer

from . import layout
from .live import Live, LiveError

PAGE_CACHE = 8  # replay pages of archived games kept built
LIST_LIMIT = 200


class Archive:
    """The archive at ``db``, opened read-only per use."""

    def __init__(self, db: str) -> None:
        self.db = db

    @contextmanager
    def connect(self) -> Iterator[Any]:
        from sanguozhi.records.db import open_reader

        con = open_reader(self.db)  # read-only, nothing outside the archive, a memory budget
        try:
            yield con
        finally:
            con.close()


GAMES_SQL = """
SELECT g.game, g.mode, g.players, g.turns, g.events, g.winner, g.finished, g.parent,
       (SELECT list(s.general ORDER BY s.seat) FROM seats s WHERE s.game = g.game) AS generals
FROM games g
WHERE ($mode::VARCHAR IS NULL OR g.mode = $mode)
  AND ($winner::VARCHAR IS NULL OR g.winner = $winner)
  AND ($general::VARCHAR IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.game = g.game AND s.general = $general))
ORDER BY g.ingested_at DESC, g.game
LIMIT $limit"""


def make_app(db: str, records: str | Path, lang: str = "en") -> Starlette:
    archive = Archive(db)
    records = Path(records)
    sessions: dict[str, Live] = {}
    pages: OrderedDict[tuple[str, float], str] = OrderedDict()

    def err_page(title: str, message: str, status: int) -> HTMLResponse:
        return HTMLResponse(layout.page(title, layout.error(message)), status_code=status)

    # -- the archive's games ---------------------------------------------------

    def games_page(q: dict[str, str]) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.replay.narrate import display_name

        mode, general, winner = (q.get(k) or None for k in ("mode", "general", "winner"))
        try:
            with archive.connect() as con:
                modes = [r[0] for r in con.execute("SELECT DISTINCT mode FROM games ORDER BY 1").fetchall()]
                winners = [r[0] for r in con.execute("SELECT DISTINCT winner FROM games WHERE winner IS NOT NULL ORDER BY 1").fetchall()]
                generals = [r[0] for r in con.execute("SELECT DISTINCT general FROM seats WHERE coalesce(general, '') <> '' ORDER BY 1").fetchall()]
                rows = con.execute(GAMES_SQL, {"mode": mode, "winner": winner, "general": general, "limit": LIST_LIMIT}).fetchall()
        except ArchiveError as exc:
            return err_page("Games", f"{exc}. Play a game at /play, or start with --db ARCHIVE.", 200)
        form = (
            '<form class="filters" method="get" action="/">'
            f"<label>mode {layout.select('mode', [('', 'any'), *((m, m) for m in modes)], mode)}</label>"
            f"<label>general {layout.select('general', [('', 'any'), *((g, display_name(g, 'en') + ' ' + display_name(g, 'zh')) for g in generals)], general)}</label>"
            f"<label>winner {layout.select('winner', [('', 'any'), *((w, w) for w in winners)], winner)}</label>"
            '<button type="submit">Filter</button></form>'
        )
        cols = ["game", "mode", "players", "turns", "events", "winner", "generals", "fork of"]
        shown = [
            (g, m, p, t, e, w if fin else "(unfinished)", ", ".join(display_name(x, lang) for x in (gens or []) if x), (parent or "")[:8])
            for g, m, p, t, e, w, fin, parent, gens in rows
        ]
        note = f"<p>{len(rows)} game(s){' (the first ' + str(LIST_LIMIT) + ')' if len(rows) == LIST_LIMIT else ''}.</p>"
        return HTMLResponse(layout.page("Games", form + note + layout.table(cols, shown, link=lambda r: f"/game/{r[0]}")))

    def game_page(game: str) -> HTMLResponse:
        from sanguozhi.records import RecordError, read_record
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.replay.page import PageError, build
        from sanguozhi.replay.tree import find, from_archive, shareable

        try:
            with archive.connect() as con:
                row = con.execute("SELECT path FROM games WHERE game = $g", {"g": game}).fetchone()
        except ArchiveError as exc:
            return err_page("Game", str(exc), 503)
        if row is None:
            return err_page("Game", f"no game {game} in the archive", 404)
        path = Path(row[0])
        try:
            key = (str(path), path.stat().st_mtime)
        except OSError:
            return err_page("Game", f"the record of game {game} is no longer at {path}", 404)
        text = pages.get(key)
        if text is None:
            try:
                record = read_record(path)
                root = find(from_archive(archive.db), game)
                text = viewer.render(build(record, tree=[shareable(root)] if root and (root.children or root.parent) else None), nav=layout.NAV)
            except (RecordError, PageError) as exc:
                return err_page("Game", str(exc), 422)
            pages[key] = text
            while len(pages) > PAGE_CACHE:
                pages.popitem(last=False)
        return HTMLResponse(text)

    async def index(request: Request) -> Response:
        return await run_in_threadpool(games_page, dict(request.query_params))

    async def game(request: Request) -> Response:
        return await run_in_threadpool(game_page, request.path_params["game"])

    # -- named queries ----------------------------------------------------------

    def query_page(name: str | None) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.queries import NAMED, QueryError, run_read_only

        listing = "<ul>" + "".join(f'<li><a href="/queries/{escape(n)}">{escape(n)}</a>: {escape(about)}</li>' for n, (about, _) in NAMED.items()) + "</ul>"
        if name is None:
            return HTMLResponse(layout.page("Named queries", listing))
        if name not in NAMED:
            return err_page("Named queries", f"no named query {name!r}", 404)
        about, sql = NAMED[name]
        try:
            with archive.connect() as con:
                cols, rows, _more = run_read_only(con, sql)
        except (ArchiveError, QueryError) as exc:
            return err_page(name, str(exc), 200)
        lower = [c.lower() for c in cols]
        link = None
        if "game" in lower:
            gi = lower.index("game")
            si = lower.index("seq") if "seq" in lower else None
            cols = ["game", *(c for i, c in enumerate(cols) if i != gi)]
            rows = [(r[gi], *(v for i, v in enumerate(r) if i != gi)) for r in rows]
            if si is not None:
                si = si + 1 if si < gi else si

            def to_game(r: tuple) -> str:
                at = f"#e={r[si]}" if si is not None and r[si] is not None else ""
                return f"/game/{r[0]}{at}"

            link = to_game

        body = f"<p>{escape(about)}</p><pre>{escape(sql.strip())}</pre>" + layout.table(cols, rows, link) + f"<p>{len(rows)} row(s)</p>"
        return HTMLResponse(layout.page(f"Query: {name}", body))

    async def queries(request: Request) -> Response:
        return await run_in_threadpool(query_page, request.path_params.get("name"))

    # -- statistics ---------------------------------------------------------------

    def stats_page(q: dict[str, str]) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.plot import charts
        from sanguozhi.records.stats import BY, lengths, run

        from ..cmd_stats import labeler

        by = q.get("by") or "general"
        mode = q.get("mode") or None
        words = q.get("lang") if q.get("lang") in ("en", "zh") else lang
        if by not in BY:
            return err_page("Statistics", f"by={by}: choose one of {', '.join(BY)}", 400)
        try:
            with archive.connect() as con:
                modes = [r[0] for r in con.execute("SELECT DISTINCT mode FROM games ORDER BY 1").fetchall()]
                # Whole games only, as sgz stats counts them by default (a fork repeats a position).
                sections = run(con, by, mode, forks=False)
                # Both groupings people ask for are drawn, whichever the tables follow.
                drawn = {**run(con, "role", mode, forks=False), **run(con, "general", mode, forks=False), **sections}
                bins = lengths(con, mode, forks=False)
        except ArchiveError as exc:
            return err_page("Statistics", str(exc), 200)
        form = (
            '<form class="filters" method="get" action="/stats">'
            f"<label>by {layout.select('by', [(b, b) for b in BY], by)}</label>"
            f"<label>mode {layout.select('mode', [('', 'any'), *((m, m) for m in modes)], mode)}</label>"
            f"<label>language {layout.select('lang', [('en', 'English'), ('zh', '中文')], words)}</label>"
            '<button type="submit">Show</button></form>'
        )
        svgs = charts(drawn, bins, labeler(words, mode), words)
        tables = "".join(f"<h2>{escape(k.replace('_', ' '))}</h2>" + layout.table(cols, rows) for k, (cols, rows) in sections.items())
        return HTMLResponse(layout.page("Statistics", form + '<div class="charts">' + "".join(svgs) + "</div>" + tables))

    async def stats(request: Request) -> Response:
        return await run_in_threadpool(stats_page, dict(request.query_params))

    # -- playing ----------------------------------------------------------------------

    def play_form(message: str = "", status: int = 200) -> HTMLResponse:
        from sanguozhi.core.bots import BOTS
        from sanguozhi.core.modes import playable_modes

        body = (layout.error(message) if message else "") + (
            '<form class="filters" method="post" action="/play">'
            f"<label>mode {layout.select('mode', [(m, m) for m in playable_modes() if m != 'demo'], 'identity')}</label>"
            '<label>players <input name="players" type="number" min="2" max="10" placeholder="5"></label>'
            '<label>your seat <input name="seat" type="number" min="0" value="0"></label>'
            '<label>seed <input name="seed" type="number" placeholder="secret"></label>'
            f"<label>bots {layout.select('bots', [(b, b) for b in sorted(BOTS)], 'basic')}</label>"
            '<label>options <input name="options" placeholder="deck=basic generals=vanilla"></label>'
            f"<label>language {layout.select('lang', [('en', 'English'), ('zh', '中文')], lang)}</label>"
            '<button type="submit" id="start">Start</button></form>'
            f"<p>Games are recorded in <code>{escape(str(records))}</code>, as <code>sgz play</code> records them.</p>"
        )
        return HTMLResponse(layout.page("Play against bots", body), status_code=status)

    def start(form: dict[str, list[str]]) -> Response:
        import click

        from sanguozhi.cli.common import mode_players, parse_bots, parse_options

        def one(key: str, default: str = "") -> str:
            return (form.get(key) or [default])[0].strip()

        try:
            mode = one("mode", "identity")
            players = int(one("players")) if one("players") else None
            seat = int(one("seat", "0"))
            seed = int(one("seed")) if one("seed") else None  # none given: a deal nobody chose, committed to
            if players is None:
                players = mode_players(mode)
            if not 0 <= seat < players:
                raise LiveError(f"seat {seat}: seats are 0-{players - 1}")
            bots = parse_bots(one("bots", "basic"), players, person=seat)
            options = parse_options(tuple(one("options").replace(",", " ").split()))
            records.mkdir(parents=True, exist_ok=True)
            path = records / f"{mode}-{players}p-{secrets.token_hex(4)}.jsonl"  # never the seed: it decides the hidden cards
            live = Live(path, mode, players, seat, seed, options, bots, one("lang", lang))
        except (ValueError, click.ClickException) as exc:
            msg = exc.format_message() if isinstance(exc, click.ClickException) else str(exc)
            return play_form(msg, 400)
        sessions[live.id] = live
        return RedirectResponse(f"/play/{live.id}", status_code=303)

    def live_page(live: Live, error: str = "", status: int = 200) -> HTMLResponse:
        with live.lock:
            data = live.data()
            panel = live.panel(error)
        return HTMLResponse(viewer.render(data, nav=layout.NAV, extra=panel), status_code=status)

    def decide(live: Live, form: dict[str, list[str]]) -> Response:
        with live.lock:
            try:
                live.submit(form)
            except LiveError as exc:
                error = str(exc)
            else:
                return RedirectResponse(f"/play/{live.id}", status_code=303)
        return live_page(live, error, 400)

    async def play(request: Request) -> Response:
        if request.method == "POST":
            form = parse_qs((await request.body()).decode(), keep_blank_values=True)
            return await run_in_threadpool(start, form)
        return play_form()

    async def play_game(request: Request) -> Response:
        live = sessions.get(request.path_params["sid"])
        if live is None:
            return err_page("Play", "no such game here (games live while the server runs; the record stays on disk)", 404)
        if request.method == "POST":
            form = parse_qs((await request.body()).decode(), keep_blank_values=True)
            return await run_in_threadpool(decide, live, form)
        return await run_in_threadpool(live_page, live)

    routes = [
        Route("/", index),
        Route("/game/{game}", game),
        Route("/queries", queries),
        Route("/queries/{name}", queries),
        Route("/stats", stats),
        Route("/play", play, methods=["GET", "POST"]),
        Route("/play/{sid}", play_game, methods=["GET", "POST"]),
    ]
    app = Starlette(routes=routes)
    app.state.sessions = sessions
    return app

