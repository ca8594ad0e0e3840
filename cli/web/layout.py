"""HTML pieces of the web app's own pages (the viewer is ``replay.html``), in English or Chinese.

A page is written in the visitor's language (the ``sgz_lang`` cookie, set by
the switch in the navigation); every word a page shows comes from ``WORDS``
or is passed in both languages, as ``(en, zh)``.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from sanguozhi.replay.html import asset

Words = tuple[str, str]
# The app's icon, inline (三 on the table's colour): no request for /favicon.ico.
ICON = '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 16 16%27%3E%3Crect width=%2716%27 height=%2716%27 rx=%273%27 fill=%27%233b2d20%27/%3E%3Ctext x=%278%27 y=%2712%27 font-size=%2710%27 text-anchor=%27middle%27 fill=%27%23f6e7c8%27%3E%E4%B8%89%3C/text%3E%3C/svg%3E">'

WORDS: dict[str, Words] = {
    "games": ("Games", "对局"),
    "queries": ("Queries", "查询"),
    "stats": ("Statistics", "统计"),
    "tables": ("Tables", "牌桌"),
    "any": ("any", "全部"),
    "mode": ("mode", "模式"),
    "general": ("general", "武将"),
    "winner": ("winner", "胜者"),
    "filter": ("Filter", "筛选"),
    "show": ("Show", "显示"),
    "by": ("by", "按"),
    "language": ("language", "语言"),
    "rows": ("row(s)", "行"),
    "unfinished": ("(unfinished)", "（未结束）"),
    "own_sql": ("Your own query", "自己的查询"),
    "run": ("Run", "运行"),
    "sql_help": (
        "Read-only SQL on the archive (games, seats, events, damage, deaths, decisions, generals, cards), as sgz query runs it; at most 10 s and 500 rows.",
        "对存档的只读 SQL（games、seats、events、damage、deaths、decisions、generals、cards），与 sgz query 相同；最多 10 秒、500 行。",
    ),
    "more_rows": ("Only the first rows are shown:", "只显示前几行："),
    "per_mode": ("each mode", "各模式分列"),
    "all_modes": ("all modes together", "所有模式合计"),
}


def say(lang: str, key: str | Words) -> str:
    en, zh = WORDS[key] if isinstance(key, str) else key
    return zh if lang == "zh" else en


def nav(lang: str, here: str = "") -> str:
    links = [("/tables", "tables"), ("/", "games"), ("/queries", "queries"), ("/stats", "stats")]
    mark = ' class="here"'
    items = "".join(f'<a href="{href}"{mark if here == key else ""}>{escape(say(lang, key))}</a>' for href, key in links)
    other = "zh" if lang == "en" else "en"
    switch = f'<a class="lang" href="?lang={other}" hreflang="{other}">{"中文" if other == "zh" else "English"}</a>'
    return f'<nav class="app">{items}{switch}</nav>'


def page(title: str | Words, body: str, lang: str = "en", here: str = "", head: str = "") -> str:
    text = say(lang, title) if not isinstance(title, str) or title in WORDS else title
    return (
        f'<!doctype html><html lang="{"zh" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(text)} · sanguozhi</title>{ICON}<style>{asset('viewer.css')}</style>{head}</head>"
        f'<body>{nav(lang, here)}<main class="page"><h1>{escape(text)}</h1>{body}</main></body></html>'
    )


def table(cols: Sequence[str], rows: Sequence[Sequence[Any]], link: Any = None, hrefs: Sequence[str | None] | None = None) -> str:
    """A table (scrolled sideways when wider than the screen); ``link(row)``, or
    ``hrefs`` (one per row), may give an href for the row's first cell."""
    head = "".join(f"<th>{escape(str(c))}</th>" for c in cols)
    body = []
    for k, r in enumerate(rows):
        cells = ["" if v is None else escape(str(v)) for v in r]
        href = hrefs[k] if hrefs is not None else link(r) if link else None
        if href and cells:
            cells[0] = f'<a href="{escape(href)}">{cells[0]}</a>'
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f'<div class="scroll"><table class="data"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'


def select(name: str, options: Sequence[tuple[str, str]], chosen: str | None) -> str:
    opts = "".join(f'<option value="{escape(v)}"{" selected" if v == (chosen or "") else ""}>{escape(label)}</option>' for v, label in options)
    return f'<select name="{escape(name)}">{opts}</select>'


def error(message: str) -> str:
    return f'<p class="error">{escape(message)}</p>'
