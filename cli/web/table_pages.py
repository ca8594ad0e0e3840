"""The live tables' pages: the lobby, a room (its seats, then its table), and the
WebSocket each table page keeps open.

A person's seat is bound to a secret key: a cookie for the room (set when they
take the seat) or the personal link that carries it (``/t/ROOM?key=…``, to
come back from another browser); nobody acts for another's seat.  The room's
creator holds a key of its own, to give seats to bots and to start.
"""
from __future__ import annotations

import json
from html import escape
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from sanguozhi.replay.html import script_json

from . import layout
from .room import SPECTATOR, Room, RoomError, Settings
from .tables import Connection, Tables

LIMITS = {"clock": (0.0, 600.0), "handover": (0.0, 3600.0), "secret_wait": (0.0, 10.0)}
COOKIE = "sgz_{room}"
CREATOR = "sgz_{room}_host"

T = {
    "tables": ("Tables", "牌桌"),
    "new": ("New table", "新开一桌"),
    "create": ("Create", "创建"),
    "players": ("players", "人数"),
    "bots at": ("bot seats (e.g. 2,3)", "机器人座位（如 2,3）"),
    "bot": ("bot", "机器人"),
    "options": ("options", "选项"),
    "clock": ("seconds a decision (0: no clock)", "每次决定的秒数（0：不限时）"),
    "handover": ("seconds an empty seat waits for its person", "空座位等待玩家的秒数"),
    "wait": ("a secret question's least wait (s)", "暗中询问的最短等待（秒）"),
    "title": ("name of the table", "牌桌名称"),
    "room": ("table", "牌桌"),
    "state": ("state", "状态"),
    "seats": ("seats", "座位"),
    "open": ("waiting for players", "等待玩家"),
    "playing": ("playing", "对局中"),
    "over": ("over", "已结束"),
    "seat": ("seat", "座位"),
    "free": ("free", "空位"),
    "your name": ("your name", "你的名字"),
    "sit": ("Take this seat", "入座"),
    "give": ("Give to a bot", "交给机器人"),
    "start": ("Start the game", "开始对局"),
    "share": ("Share this table's address; each player takes a free seat:", "把本桌地址发给其他玩家，每人选一个空位入座："),
    "yours": ("Your seat's own link (keep it to come back, from any browser):", "你的座位专属链接（保存好，可从任何浏览器回到座位）："),
    "watch": ("watch", "观战"),
    "none yet": ("No tables yet.", "还没有牌桌。"),
    "replay": ("the replay", "回放"),
    "record": ("the record", "记录文件"),
    "host only": ("only the table's creator may do that", "只有开桌的人可以这样做"),
}


def say(lang: str, key: str) -> str:
    return layout.say(lang, T[key])


def lang_of(request: Request, default: str) -> str:
    asked = request.query_params.get("lang")
    if asked in ("en", "zh"):
        return asked
    kept = request.cookies.get("sgz_lang")
    return kept if kept in ("en", "zh") else default


async def form_of(request: Request) -> dict[str, str]:
    """A posted form (at most the guard's size), its last value for each name; UTF-8 or a 400."""
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RoomError("the form is not UTF-8 text") from None
    return {k: v[-1] for k, v in parse_qs(text, keep_blank_values=True).items()}


def _number(form: dict[str, str], key: str, default: float, lo: float, hi: float) -> float:
    raw = form.get(key, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise RoomError(f"{key}: {raw!r} is not a number") from None
    if not lo <= value <= hi:  # also refuses nan and inf
        raise RoomError(f"{key} must be {lo:g}-{hi:g}, not {raw}")
    return value


def settings_of(form: dict[str, str]) -> tuple[Settings, dict[int, str]]:
    """A new room's settings from the creation form, bounded by what the mode allows (RoomError)."""
    from sanguozhi.cli.common import parse_options
    from sanguozhi.core.bots import BOTS
    from sanguozhi.core.modes import ModeError, playable_modes, ruleset_of

    import click

    mode = form.get("mode", "identity").strip() or "identity"
    if mode not in playable_modes() or mode == "demo":
        raise RoomError(f"unknown mode {mode!r}")
    rs = ruleset_of(mode)
    raw = form.get("players", "").strip()
    players = min(rs.players) if not raw else int(_number(form, "players", 0, min(rs.players), max(rs.players)))
    if players not in rs.players:
        raise RoomError(f"{mode} plays at {min(rs.players)}-{max(rs.players)} seats")
    try:
        options = parse_options(tuple(form.get("options", "").replace(",", " ").split()))
    except click.ClickException as exc:
        raise RoomError(exc.format_message()) from None
    except ModeError as exc:
        raise RoomError(str(exc)) from None
    bot = form.get("bot", "basic")
    if bot not in BOTS:
        raise RoomError(f"unknown bot {bot!r}")
    bots: dict[int, str] = {}
    for part in form.get("bots", "").replace(" ", "").split(","):
        if part:
            if not part.isdigit() or not 0 <= int(part) < players:
                raise RoomError(f"bot seats: {part!r} is not a seat 0-{players - 1}")
            bots[int(part)] = bot
    title = " ".join(form.get("title", "").split())[:40]
    defaults = Settings(mode=mode, players=players)
    values = {k: (_number(form, k, getattr(defaults, k), lo, hi)) for k, (lo, hi) in LIMITS.items()}
    return Settings(mode=mode, players=players, options=options, title=title, **values), bots


class TablePages:
    def __init__(self, tables: Tables, lang: str) -> None:
        self.tables = tables
        self.lang = lang

    # -- the lobby ------------------------------------------------------------------

    def lobby(self, request: Request, message: str = "", status: int = 200) -> Response:
        from sanguozhi.core.bots import BOTS
        from sanguozhi.core.modes import playable_modes, ruleset_of

        lang = lang_of(request, self.lang)
        rows = []
        for room in sorted(self.tables.rooms.values(), key=lambda r: (r.state == "over", -r.file.created)):
            st = room.settings
            taken = sum(s.kind != "open" for s in room.file.seats)
            people = ", ".join(s.name for s in room.file.seats if s.kind == "person")
            rows.append(
                f'<tr><td><a href="/t/{room.id}">{escape(st.title or room.id)}</a></td><td>{escape(st.mode)}</td><td>{st.players}</td>'
                f"<td>{say(lang, room.state)}</td><td>{taken}/{st.players}</td><td>{escape(people)}</td></tr>"
            )
        head = f"<th>{say(lang, 'room')}</th><th>{layout.say(lang, 'mode')}</th><th>{say(lang, 'players')}</th><th>{say(lang, 'state')}</th><th>{say(lang, 'seats')}</th><th></th>"
        listing = f'<table class="data rooms"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>' if rows else f"<p>{say(lang, 'none yet')}</p>"
        modes = [m for m in playable_modes() if m != "demo"]
        sizes = {m: [min(ruleset_of(m).players), max(ruleset_of(m).players)] for m in modes}
        form = (
            f'<h2>{say(lang, "new")}</h2><form class="filters new-table" method="post" action="/tables">'
            f"<label>{layout.say(lang, 'mode')} {layout.select('mode', [(m, m) for m in modes], 'identity')}</label>"
            f'<label>{say(lang, "players")} <input name="players" type="number" min="2" max="12" value="5"></label>'
            f'<label>{say(lang, "bots at")} <input name="bots" placeholder="1,2,3,4"></label>'
            f"<label>{say(lang, 'bot')} {layout.select('bot', [(b, b) for b in sorted(BOTS)], 'basic')}</label>"
            f'<label>{say(lang, "options")} <input name="options" placeholder="max_turns=60"></label>'
            f'<label>{say(lang, "clock")} <input name="clock" type="number" min="0" max="600" value="0"></label>'
            f'<label>{say(lang, "handover")} <input name="handover" type="number" min="0" max="3600" value="60"></label>'
            f'<label>{say(lang, "wait")} <input name="secret_wait" type="number" min="0" max="10" step="0.1" value="0.8"></label>'
            f'<label>{say(lang, "title")} <input name="title" maxlength="40"></label>'
            f'<button type="submit" id="create">{say(lang, "create")}</button></form>'
            f"<script>var SIZES={script_json(sizes)};(function(){{var f=document.querySelector('.new-table'),m=f.mode,p=f.players;"
            "function fit(){var s=SIZES[m.value];p.min=s[0];p.max=s[1];if(+p.value<s[0]||+p.value>s[1])p.value=s[0];}m.addEventListener('change',fit);fit();})();</script>"
        )
        body = (layout.error(message) if message else "") + listing + form
        return self._lang_kept(request, HTMLResponse(layout.page(T["tables"], body, lang, "tables"), status_code=status), lang)

    async def create(self, request: Request) -> Response:
        try:
            settings, bots = settings_of(await form_of(request))
            room, key = self.tables.create(settings, bots)
        except (RoomError, ValueError) as exc:
            return self.lobby(request, str(exc), 400)
        resp = RedirectResponse(f"/t/{room.id}", status_code=303)
        self._cookie(resp, CREATOR.format(room=room.id), key, room.id)
        return resp

    # -- a room -----------------------------------------------------------------------

    def room_or_404(self, request: Request) -> Room | Response:
        room = self.tables.get(request.path_params["room"])
        if room is None:
            lang = lang_of(request, self.lang)
            return HTMLResponse(layout.page(T["tables"], layout.error("no such table here (it may have finished long ago: its record stays in the records folder)"), lang), status_code=404)
        return room

    def viewer_of(self, request: Request, room: Room) -> int:
        seat = room.seat_of(request.cookies.get(COOKIE.format(room=room.id)))
        return SPECTATOR if seat is None else seat

    async def room_page(self, request: Request) -> Response:
        room = self.room_or_404(request)
        if not isinstance(room, Room):
            return room
        key = request.query_params.get("key")
        if key is not None:  # a personal link: remember the seat in this browser, then drop the key from the address
            if room.seat_of(key) is None:
                return PlainTextResponse("this link opens no seat at this table", status_code=403)
            resp = RedirectResponse(f"/t/{room.id}", status_code=303)
            self._cookie(resp, COOKIE.format(room=room.id), key, room.id)
            return resp
        lang = lang_of(request, self.lang)
        if room.state == "open":
            return self._lang_kept(request, HTMLResponse(self.seats_page(request, room, lang)), lang)
        return self._lang_kept(request, HTMLResponse(self.table_page(room, self.viewer_of(request, room), lang)), lang)

    def seats_page(self, request: Request, room: Room, lang: str, message: str = "", link: str = "") -> str:
        from sanguozhi.core.bots import BOTS

        host = room.is_creator(request.cookies.get(CREATOR.format(room=room.id)))
        mine = room.seat_of(request.cookies.get(COOKIE.format(room=room.id)))
        address = f"{request.url.scheme}://{request.url.netloc}/t/{room.id}"
        parts = [layout.error(message) if message else "", f'<p>{say(lang, "share")} <code id="share">{escape(address)}</code></p>']
        if link:
            parts.append(f'<p class="yours">{say(lang, "yours")} <code id="personal">{escape(link)}</code></p>')
        rows = []
        for s, spec in enumerate(room.file.seats):
            if spec.kind == "open":
                cell = ""
                if mine is None:
                    cell += (
                        f'<form method="post" action="/t/{room.id}/join" class="sit"><input type="hidden" name="seat" value="{s}">'
                        f'<input name="name" required maxlength="24" placeholder="{say(lang, "your name")}"><button type="submit">{say(lang, "sit")}</button></form>'
                    )
                if host:
                    cell += (
                        f'<form method="post" action="/t/{room.id}/fill" class="fill"><input type="hidden" name="seat" value="{s}">'
                        f"{layout.select('bot', [(b, b) for b in sorted(BOTS)], 'basic')}<button type=\"submit\">{say(lang, 'give')}</button></form>"
                    )
                who = f"<em>{say(lang, 'free')}</em>"
            else:
                who = escape(spec.name) if spec.kind == "person" else f"{say(lang, 'bot')}: {escape(spec.bot)}"
                cell = "←" if s == mine else ""
            rows.append(f'<tr data-seat="{s}"><td>{s}</td><td>{who}</td><td>{cell}</td></tr>')
        parts.append(f'<table class="data seats"><tbody>{"".join(rows)}</tbody></table>')
        if host:
            parts.append(f'<form method="post" action="/t/{room.id}/start"><button type="submit" id="start">{say(lang, "start")}</button></form>')
        parts.append("<script>setTimeout(function(){location.reload();},4000);</script>" if not link else "")
        st = room.settings
        title = f"{st.title or st.mode} · {st.players} {say(lang, 'players')}"
        return layout.page(title, "".join(parts), lang, "tables")

    async def join(self, request: Request) -> Response:
        room = self.room_or_404(request)
        if not isinstance(room, Room):
            return room
        lang = lang_of(request, self.lang)
        try:
            form = await form_of(request)
            if not form.get("seat", "").isdigit():
                raise RoomError("choose a seat")
            key = await self.tables.change(room, lambda now: room.join(int(form["seat"]), form.get("name", "")))
        except RoomError as exc:
            return HTMLResponse(self.seats_page(request, room, lang, str(exc)), status_code=400)
        link = f"{request.url.scheme}://{request.url.netloc}/t/{room.id}?key={key}"
        resp = HTMLResponse(self.seats_page(request, room, lang, link=link))
        self._cookie(resp, COOKIE.format(room=room.id), key, room.id)
        return resp

    async def host_action(self, request: Request) -> Response:
        room = self.room_or_404(request)
        if not isinstance(room, Room):
            return room
        lang = lang_of(request, self.lang)
        if not room.is_creator(request.cookies.get(CREATOR.format(room=room.id))):
            return HTMLResponse(self.seats_page(request, room, lang, say(lang, "host only")), status_code=403)
        action = request.path_params["action"]
        if action not in ("start", "fill"):
            return PlainTextResponse("not found", status_code=404)
        try:
            form = await form_of(request)
            if action == "start":
                await self.tables.change(room, room.start)
            else:
                if not form.get("seat", "").isdigit():
                    raise RoomError("choose a seat")
                await self.tables.change(room, lambda now: room.fill(int(form["seat"]), form.get("bot", "basic")))
        except RoomError as exc:
            return HTMLResponse(self.seats_page(request, room, lang, str(exc)), status_code=400)
        return RedirectResponse(f"/t/{room.id}", status_code=303)

    def table_page(self, room: Room, viewer: int, lang: str) -> str:
        from sanguozhi.replay.page import labels

        assert room.game is not None
        st = room.game.state
        content = st.content
        cards, names = labels(st.rs, st.deck or range(160), content.generals, {g.kingdom for g in content.generals.values() if g.kingdom}, _roles(st))
        boot = {
            "room": room.id,
            "viewer": viewer,
            "lang": lang,
            "title": [st.rs.title_en or st.mode, st.rs.title_zh or st.mode],
            "cards": cards,
            "names": names,
            "players": len(st.seats),
        }
        html = _TABLE_HTML
        parts = {
            "{{TITLE}}": escape(f"{boot['title'][1 if lang == 'zh' else 0]} · {room.settings.title or room.id} · sanguozhi"),
            "{{LANG}}": lang,
            "{{ICON}}": layout.ICON,
            "{{CSS}}": table_asset("table.css"),
            "{{NAV}}": layout.nav(lang, "tables"),
            "{{DATA}}": script_json(boot),
            "{{JS}}": table_asset("table.js"),
        }
        for k, v in parts.items():
            html = html.replace(k, v)
        return html

    # -- after the game ----------------------------------------------------------------------

    def replay(self, request: Request) -> Response:
        from sanguozhi.records import read_record
        from sanguozhi.replay import html as viewer
        from sanguozhi.replay.page import build

        room = self.room_or_404(request)
        if not isinstance(room, Room):
            return room
        lang = lang_of(request, self.lang)
        if room.state != "over":
            return HTMLResponse(layout.page(T["replay"], layout.error("the replay opens once the game is over"), lang), status_code=409)
        data = build(read_record(room.folder / room.file.record))
        data["lang"] = lang
        return HTMLResponse(viewer.render(data, nav=layout.nav(lang, "tables")))

    def record(self, request: Request) -> Response:
        room = self.room_or_404(request)
        if not isinstance(room, Room):
            return room
        if room.state != "over":
            return PlainTextResponse("the record is given out once the game is over", status_code=409)
        return FileResponse(room.folder / room.file.record, media_type="application/x-ndjson", filename=room.file.record)

    # -- the table's connection ------------------------------------------------------------

    async def socket(self, ws: WebSocket) -> None:
        room = self.tables.get(ws.path_params["room"])
        if room is None:
            await ws.close(code=4404, reason="no such table")
            return
        key = ws.cookies.get(COOKIE.format(room=room.id)) or ws.query_params.get("key")
        seat = room.seat_of(key)
        if key and seat is None:
            await ws.close(code=4403, reason="this key opens no seat at this table")
            return
        viewer = SPECTATOR if seat is None else seat
        client = ws.client.host if ws.client else "?"
        await ws.accept()
        conn = Connection(ws.send_text, viewer, client)
        try:
            await self.tables.attach(room, conn)
        except RoomError as exc:
            await ws.send_text(json.dumps({"t": "error", "message": str(exc)}))
            await ws.close(code=4429)
            return
        import asyncio

        hello = {"t": "hello", "room": room.id, "viewer": viewer, "seats": len(room.file.seats)}
        sender = asyncio.ensure_future(self.tables.sender(room, conn, hello))
        try:
            while True:
                text = await ws.receive_text()
                try:
                    await self.tables.receive(room, conn, text)
                except RoomError as exc:
                    conn.errors.append(str(exc))
                    conn.wake.set()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            await self.tables.detach(room, conn)

    # -- helpers --------------------------------------------------------------------------------

    @staticmethod
    def _cookie(resp: Response, name: str, value: str, room: str) -> None:
        resp.set_cookie(name, value, max_age=30 * 86400, path=f"/t/{room}", httponly=True, samesite="strict")

    @staticmethod
    def _lang_kept(request: Request, resp: Response, lang: str) -> Response:
        if request.query_params.get("lang") in ("en", "zh"):
            resp.set_cookie("sgz_lang", lang, max_age=365 * 86400, samesite="lax")
        return resp


def _roles(state: Any) -> set[str]:
    from sanguozhi.replay.words import ROLES

    return set(ROLES) | {s.role for s in state.seats if s.role}


def table_asset(name: str) -> str:
    from importlib.resources import files

    return files(__package__).joinpath("static", name).read_text(encoding="utf-8")


_TABLE_HTML = """<!doctype html>
<html lang="{{LANG}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>{{ICON}}<style>{{CSS}}</style></head>
<body class="live">{{NAV}}
<div id="app"><header id="bar"></header><main id="table"></main><aside id="log" aria-live="polite"></aside><section id="decision"></section></div>
<script type="application/json" id="sgz-table">{{DATA}}</script>
<script>{{JS}}</script>
</body></html>"""
