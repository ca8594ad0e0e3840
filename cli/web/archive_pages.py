"""The archive's pages: its games (each opened in the replay viewer, its record
to download), the named queries and one's own read-only SQL, the statistics as
charts.  All read through ``ArchiveGate`` (read-only, locked down, a person's
unfinished games left out), in the visitor's language, every value by its name."""
from __future__ import annotations

import logging
from collections import OrderedDict
from html import escape
from pathlib import Path

from starlette.responses import FileResponse, HTMLResponse, Response

from sanguozhi.replay import html as viewer

from . import layout
from .gate import ArchiveGate, check_own_sql

log = logging.getLogger("sgz.serve")
SQL_TIMEOUT = 10.0  # seconds one's own query may run
SQL_ROWS = 500  # rows it shows

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


def named_cells(cols: list[str], rows: list[tuple], lang: str) -> list[tuple]:
    """Query rows with names for ids (a row's ``mode`` names its values in that mode's words)."""
    from ..names import cell

    lower = [c.lower() for c in cols]
    mi = lower.index("mode") if "mode" in lower else None
    return [tuple(cell(c, v, lang, r[mi] if mi is not None else None) for c, v in zip(lower, r)) for r in rows]


class ArchivePages:
    def __init__(self, gate: ArchiveGate) -> None:
        self.gate = gate
        self.pages: OrderedDict[tuple, str] = OrderedDict()

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
        from ..names import cell, ruleset

        form = (
            '<form class="filters" method="get" action="/">'
            f"<label>{say('mode')} {layout.select('mode', [('', say('any')), *((m, cell('mode', m, lang)) for m in modes)], mode)}</label>"
            f"<label>{say('general')} {layout.select('general', [('', say('any')), *((g, display_name(g, lang)) for g in generals)], general)}</label>"
            f"<label>{say('winner')} {layout.select('winner', [('', say('any')), *((w, cell('winner', w, lang)) for w in winners)], winner)}</label>"
            f'<button type="submit">{say("filter")}</button></form>'
        )
        cols = ["game", "mode", "players", "turns", "events", "winner", "generals", "fork of"] if lang != "zh" else ["对局", "模式", "人数", "回合", "事件", "胜者", "武将", "分支自"]
        shown = [
            (g, cell("mode", m, lang), p, t, e, cell("winner", w, lang, m) if fin else say("unfinished"),
             ", ".join(display_name(x, lang, ruleset(m)) for x in (gens or []) if x), (parent or "")[:8])
            for g, m, p, t, e, w, fin, parent, gens in rows
        ]
        more = f" (the first {LIST_LIMIT})" if len(rows) == LIST_LIMIT else ""
        note = f"<p>{len(rows)} {'局' if lang == 'zh' else 'game(s)'}{more}.</p>"
        return HTMLResponse(layout.page("games", form + note + layout.table(cols, shown, link=lambda r: f"/game/{r[0]}"), lang, "games"))

    def record_path(self, game: str) -> Path | None:
        from sanguozhi.records.db import ArchiveError

        try:
            with self.gate.read() as con:
                row = con.execute("SELECT path FROM games WHERE game = $g", {"g": game}).fetchone()
        except ArchiveError:
            return None
        return Path(row[0]) if row is not None else None

    def record(self, game: str, lang: str) -> Response:
        """The record file of an archived game (the gate shows no person's unfinished one)."""
        path = self.record_path(game)
        if path is None or not path.is_file():
            return self.fail(("Record", "记录"), f"no record of game {game} in the archive", 404, lang)
        return FileResponse(path, media_type="application/jsonl", filename=path.name if path.name.endswith(".jsonl") else f"{game}.jsonl")

    def game(self, game: str, lang: str) -> HTMLResponse:
        from sanguozhi.records import RecordError, read_record
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.replay.page import PageError, build
        from sanguozhi.replay.review import ReviewError, path_of
        from sanguozhi.replay.review import load as load_reviews
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
        tree = [shareable(root)] if root and (root.children or root.parent) else None
        try:
            review = path_of(path)
            key = (str(path), path.stat().st_mtime, review.stat().st_mtime if review.exists() else None, lang, msgspec_key(tree))
        except OSError:
            return self.fail(title, f"the record of game {game} is no longer at {path}", 404, lang)
        text = self.pages.get(key)
        if text is None:
            try:
                record = read_record(path)
                try:
                    reviews = load_reviews(path, record.header.game)
                except ReviewError as exc:
                    log.warning("sgz serve: %s", exc)
                    reviews = []
                data = build(record, tree=tree, reviews=reviews)
                # Tree nodes are links, and the record can be downloaded (this server's own URLs).
                data["links"] = {"game": "/game/", "record": f"/game/{game}/record"}
                data["lang"] = lang
                text = viewer.render(data, nav=layout.nav(lang))
            except (RecordError, PageError, ArchiveError) as exc:
                return self.fail(title, str(exc), 422, lang)
            self.pages[key] = text
            while len(self.pages) > PAGE_CACHE:
                self.pages.popitem(last=False)
        return HTMLResponse(text)

    def query(self, name: str | None, lang: str, sql: str | None = None) -> HTMLResponse:
        """A named query, the list of them with the box for one's own SQL, or (``sql``) that SQL's result."""
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.queries import NAMED, QueryError, run_read_only

        title = ("Queries", "查询")
        listing = "<ul>" + "".join(f'<li><a href="/queries/{escape(n)}">{escape(n)}</a>: {escape(about)}</li>' for n, (about, _) in NAMED.items()) + "</ul>"
        box = (
            f'<h2>{layout.say(lang, "own_sql")}</h2><form class="sql" method="post" action="/queries">'
            f'<textarea name="sql" spellcheck="false" aria-label="SQL">{escape(sql or "SELECT mode, count(*) AS games FROM games GROUP BY mode")}</textarea>'
            f'<p><button type="submit">{layout.say(lang, "run")}</button> <span class="muted">{escape(layout.say(lang, "sql_help"))}</span></p></form>'
        )
        if name is None and sql is None:
            return HTMLResponse(layout.page(title, listing + box, lang, "queries"))
        if name is not None and name not in NAMED:
            return self.fail(title, f"no named query {name!r}", 404, lang)
        about, text = NAMED[name] if name is not None else ("", sql or "")
        try:
            with self.gate.read() as con:
                if name is None:
                    check_own_sql(con, text)
                    cols, rows, more = run_read_only(con, text, timeout=SQL_TIMEOUT, max_rows=SQL_ROWS)
                else:
                    cols, rows, more = run_read_only(con, text)
        except (ArchiveError, QueryError) as exc:
            if name is None:
                return HTMLResponse(layout.page(title, layout.error(str(exc)) + box + listing, lang, "queries"))
            return self.fail(title, str(exc), 200, lang)
        body = self.result(cols, rows, lang)
        if name is None:
            more_note = f"<p>{escape(layout.say(lang, 'more_rows'))} {SQL_ROWS}</p>" if more else ""
            return HTMLResponse(layout.page(title, box + body + more_note, lang, "queries"))
        body = f"<p>{escape(about)}</p><pre>{escape(text.strip())}</pre>" + body
        return HTMLResponse(layout.page(f"{'查询' if lang == 'zh' else 'Query'}: {name}", body, lang, "queries"))

    def result(self, cols: list[str], rows: list[tuple], lang: str) -> str:
        """A query's rows with names for ids, each game a link (to its moment when there is a seq)."""
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
        # The links follow the ids, the cells show names.
        hrefs = [link(r) for r in rows] if link is not None else None
        return layout.table(cols, named_cells(cols, rows, lang), hrefs=hrefs) + f"<p>{len(rows)} {layout.say(lang, 'rows')}</p>"

    def stats(self, q: dict[str, str], lang: str) -> HTMLResponse:
        from sanguozhi.records.db import ArchiveError
        from sanguozhi.records.plot import charts
        from sanguozhi.records.stats import BY, lengths, run

        from ..cmd_stats import ZH, cells, heads, labeler
        from ..names import cell

        say = lambda k: layout.say(lang, k)  # noqa: E731
        by = q.get("by") or "general"
        asked = q.get("mode") or None
        pooled = asked == "all"  # every mode together; by default each mode on its own rows
        mode = None if pooled else asked
        if by not in BY:
            return self.fail("stats", f"by={by}: choose one of {', '.join(BY)}", 400, lang)
        try:
            with self.gate.read() as con:
                modes = [r[0] for r in con.execute("SELECT DISTINCT mode FROM games ORDER BY 1").fetchall()]
                # Whole games only, as sgz stats counts them by default (a fork repeats a position).
                sections = run(con, by, mode, forks=False, per_mode=not pooled)
                # Both groupings people ask for are drawn, whichever the tables follow.
                drawn = {**run(con, "role", mode, forks=False, per_mode=not pooled), **run(con, "general", mode, forks=False, per_mode=not pooled), **sections}
                if mode is None and not pooled:
                    bins: object = {m: lengths(con, m, forks=False) for m in modes}
                else:
                    bins = lengths(con, mode, forks=False)
        except ArchiveError as exc:
            return self.fail("stats", str(exc), 200, lang)
        name = labeler(lang, mode)
        form = (
            '<form class="filters" method="get" action="/stats">'
            f"<label>{say('by')} {layout.select('by', [(b, name('by', b)) for b in BY], by)}</label>"
            f"<label>{say('mode')} {layout.select('mode', [('', say('per_mode')), ('all', say('all_modes')), *((m, cell('mode', m, lang)) for m in modes)], asked)}</label>"
            f'<button type="submit">{say("show")}</button></form>'
        )
        svgs = charts(drawn, bins, name, lang)  # type: ignore[arg-type]
        tables = "".join(
            f"<h2>{escape(ZH.get(k, k) if lang == 'zh' else k.replace('_', ' '))}</h2>" + layout.table(heads(cols, lang), cells(cols, rows, lang, mode)) for k, (cols, rows) in sections.items()
        )
        return HTMLResponse(layout.page("stats", form + '<div class="charts">' + "".join(svgs) + "</div>" + tables, lang, "stats"))



def msgspec_key(tree: object) -> bytes:
    """A cache key for a fork tree (a new fork archived changes the page)."""
    import msgspec

    return msgspec.json.encode(tree)
