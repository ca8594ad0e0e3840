"""The archive's pages: its games (each opened in the replay viewer), the named
queries, the statistics as charts.  All read through ``ArchiveGate`` (read-only,
locked down, a person's unfinished games left out), in the visitor's language."""
from __future__ import annotations

from collections import OrderedDict
from html import escape
from pathlib import Path

from starlette.responses import HTMLResponse

from sanguozhi.replay import html as viewer

from . import layout
from .gate import ArchiveGate

PAGE_CACHE = 8  # replay pages of archived games kept built
LIST_LIMIT = 200

GAMES_SQL = """
SELECT g.game, g.mode, g.players, g.turns, g.events, g.winner, g.finished, g.parent,
       (SELECT list(s.general ORDER BY s.seat) FROM seats s WHERE s.game = g.game) AS generals
FROM games g
WHERE ($mode::VARCHAR IS NULL OR g.mode = $mode)
  AND ($winner::VARCHAR IS NULL OR g.winner = $winner)
  AND ($general::VARCHAR IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.game = g.game AND s.general = $general))
ORDER BY g.ingested_at DESC, g.game
LIMIT $limit"""


class ArchivePages:
    def __init__(self, gate: ArchiveGate) -> None:
        self.gate = gate
        self.pages: OrderedDict[tuple[str, float], str] = OrderedDict()

    def fail(self, title: layout.Words, message: str, status: int, lang: str) -> HTMLResponse:
        return HTMLResponse(layout.page(title, layout.error(message), lang), status_code=status)

    def games(self, q: dict[str, str], lang: str) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.replay.narrate import display_name

        say = lambda k: layout.say(lang, k)  # noqa: E731
        mode, general, winner = (q.get(k) or None for k in ("mode", "general", "winner"))
        try:
            with self.gate.read() as con:
                modes = [r[0] for r in con.execute("SELECT DISTINCT mode FROM games ORDER BY 1").fetchall()]
                winners = [r[0] for r in con.execute("SELECT DISTINCT winner FROM games WHERE winner IS NOT NULL ORDER BY 1").fetchall()]
                generals = [r[0] for r in con.execute("SELECT DISTINCT general FROM seats WHERE coalesce(general, '') <> '' ORDER BY 1").fetchall()]
                rows = con.execute(GAMES_SQL, {"mode": mode, "winner": winner, "general": general, "limit": LIST_LIMIT}).fetchall()
        except ArchiveError as exc:
            hint = ("Play at a table (/tables), or start with --db ARCHIVE.", "去牌桌对局（/tables），或用 --db 指定存档。")
            return self.fail("games", f"{exc}. {layout.say(lang, hint)}", 200, lang)
        form = (
            '<form class="filters" method="get" action="/">'
            f"<label>{say('mode')} {layout.select('mode', [('', say('any')), *((m, m) for m in modes)], mode)}</label>"
            f"<label>{say('general')} {layout.select('general', [('', say('any')), *((g, display_name(g, lang)) for g in generals)], general)}</label>"
            f"<label>{say('winner')} {layout.select('winner', [('', say('any')), *((w, w) for w in winners)], winner)}</label>"
            f'<button type="submit">{say("filter")}</button></form>'
        )
        cols = ["game", "mode", "players", "turns", "events", "winner", "generals", "fork of"] if lang != "zh" else ["对局", "模式", "人数", "回合", "事件", "胜者", "武将", "分支自"]
        shown = [
            (g, m, p, t, e, w if fin else say("unfinished"), ", ".join(display_name(x, lang) for x in (gens or []) if x), (parent or "")[:8])
            for g, m, p, t, e, w, fin, parent, gens in rows
        ]
        more = f" (the first {LIST_LIMIT})" if len(rows) == LIST_LIMIT else ""
        note = f"<p>{len(rows)} {'局' if lang == 'zh' else 'game(s)'}{more}.</p>"
        return HTMLResponse(layout.page("games", form + note + layout.table(cols, shown, link=lambda r: f"/game/{r[0]}"), lang, "games"))

    def game(self, game: str, lang: str) -> HTMLResponse:
        from sanguozhi.records import RecordError, read_record
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.replay.page import PageError, build
        from sanguozhi.replay.tree import build as forest
        from sanguozhi.replay.tree import find, from_archive, shareable

        title = ("Game", "对局")
        try:
            with self.gate.read() as con:
                row = con.execute("SELECT path FROM games WHERE game = $g", {"g": game}).fetchone()
                # The fork tree it belongs to, linked (as sgz tree links it).
                root = find(forest(from_archive(self.gate.db, con)), game) if row is not None else None
        except ArchiveError as exc:
            return self.fail(title, str(exc), 503, lang)
        if row is None:
            return self.fail(title, f"no game {game} in the archive", 404, lang)
        path = Path(row[0])
        try:
            key = (str(path), path.stat().st_mtime)
        except OSError:
            return self.fail(title, f"the record of game {game} is no longer at {path}", 404, lang)
        text = self.pages.get(key)
        if text is None:
            try:
                record = read_record(path)
                text = viewer.render(build(record, tree=[shareable(root)] if root and (root.children or root.parent) else None), nav=layout.nav(lang))
            except (RecordError, PageError, ArchiveError) as exc:
                return self.fail(title, str(exc), 422, lang)
            self.pages[key] = text
            while len(self.pages) > PAGE_CACHE:
                self.pages.popitem(last=False)
        return HTMLResponse(text)

    def query(self, name: str | None, lang: str) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.queries import NAMED, QueryError, run_read_only

        title = ("Named queries", "预设查询")
        listing = "<ul>" + "".join(f'<li><a href="/queries/{escape(n)}">{escape(n)}</a>: {escape(about)}</li>' for n, (about, _) in NAMED.items()) + "</ul>"
        if name is None:
            return HTMLResponse(layout.page(title, listing, lang, "queries"))
        if name not in NAMED:
            return self.fail(title, f"no named query {name!r}", 404, lang)
        about, sql = NAMED[name]
        try:
            with self.gate.read() as con:
                cols, rows, _more = run_read_only(con, sql)
        except (ArchiveError, QueryError) as exc:
            return self.fail(title, str(exc), 200, lang)
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
        body = f"<p>{escape(about)}</p><pre>{escape(sql.strip())}</pre>" + layout.table(cols, rows, link) + f"<p>{len(rows)} {layout.say(lang, 'rows')}</p>"
        return HTMLResponse(layout.page(f"{'查询' if lang == 'zh' else 'Query'}: {name}", body, lang, "queries"))

    def stats(self, q: dict[str, str], lang: str) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.plot import charts
        from sanguozhi.records.stats import BY, lengths, run

        from ..cmd_stats import labeler

        say = lambda k: layout.say(lang, k)  # noqa: E731
        by = q.get("by") or "general"
        mode = q.get("mode") or None
        if by not in BY:
            return self.fail("stats", f"by={by}: choose one of {', '.join(BY)}", 400, lang)
        try:
            with self.gate.read() as con:
                modes = [r[0] for r in con.execute("SELECT DISTINCT mode FROM games ORDER BY 1").fetchall()]
                # Whole games only, as sgz stats counts them by default (a fork repeats a position).
                sections = run(con, by, mode, forks=False)
                # Both groupings people ask for are drawn, whichever the tables follow.
                drawn = {**run(con, "role", mode, forks=False), **run(con, "general", mode, forks=False), **sections}
                bins = lengths(con, mode, forks=False)
        except ArchiveError as exc:
            return self.fail("stats", str(exc), 200, lang)
        form = (
            '<form class="filters" method="get" action="/stats">'
            f"<label>{say('by')} {layout.select('by', [(b, b) for b in BY], by)}</label>"
            f"<label>{say('mode')} {layout.select('mode', [('', say('any')), *((m, m) for m in modes)], mode)}</label>"
            f'<button type="submit">{say("show")}</button></form>'
        )
        svgs = charts(drawn, bins, labeler(lang, mode), lang)
        tables = "".join(f"<h2>{escape(k.replace('_', ' '))}</h2>" + layout.table(cols, rows) for k, (cols, rows) in sections.items())
        return HTMLResponse(layout.page("stats", form + '<div class="charts">' + "".join(svgs) + "</div>" + tables, lang, "stats"))

