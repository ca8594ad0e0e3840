"""HTML pieces of the web app's own pages (the viewer is ``replay.html``)."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from sanguozhi.replay.html import asset

NAV = '<nav class="app"><a href="/">Games</a><a href="/queries">Queries</a><a href="/stats">Statistics</a><a href="/play">Play</a></nav>'


def page(title: str, body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)} · sanguozhi</title><style>{asset('viewer.css')}</style></head>"
        f'<body>{NAV}<main class="page"><h1>{escape(title)}</h1>{body}</main></body></html>'
    )


def table(cols: Sequence[str], rows: Sequence[Sequence[Any]], link: Any = None) -> str:
    """A table; ``link(row)`` may give an href for the row's first cell."""
    head = "".join(f"<th>{escape(str(c))}</th>" for c in cols)
    body = []
    for r in rows:
        cells = ["" if v is None else escape(str(v)) for v in r]
        href = link(r) if link else None
        if href and cells:
            cells[0] = f'<a href="{escape(href)}">{cells[0]}</a>'
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f'<table class="data"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def select(name: str, options: Sequence[tuple[str, str]], chosen: str | None) -> str:
    opts = "".join(f'<option value="{escape(v)}"{" selected" if v == (chosen or "") else ""}>{escape(label)}</option>' for v, label in options)
    return f'<select name="{escape(name)}">{opts}</select>'


def error(message: str) -> str:
    return f'<p class="error">{escape(message)}</p>'
