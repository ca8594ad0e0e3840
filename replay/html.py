"""The replay page as one self-contained HTML file: data, viewer script and style inline.

The same page serves ``sgz html`` (a file to share: it needs no network to
open) and ``sgz serve`` (which adds its navigation and, for a game being
played, the decision form).
"""
from __future__ import annotations

import html
import re
from functools import cache
from importlib.resources import files
from typing import Any

from .page import encode


@cache
def asset(name: str) -> str:
    """A file of the viewer (``replay/viewer/``)."""
    return files(__package__).joinpath("viewer", name).read_text(encoding="utf-8")


def script_json(data: Any) -> str:
    """JSON safe inside a <script> element: no "<" at all (a string's "<" is written \\u003c)."""
    return encode(data).decode().replace("<", "\\u003c")


def render(data: dict[str, Any], title: str | None = None, nav: str = "", extra: str = "") -> str:
    """The page; ``nav`` and ``extra`` are trusted HTML (the web app's)."""
    if title is None:
        g = data["game"]
        seed = f" seed {g['seed']}" if g.get("seed") is not None else ""
        title = f"{data['title'][0]} {g['players']}p{seed} · {g['id'][:8]} · sanguozhi replay"
    parts = {
        "{{TITLE}}": html.escape(title),
        "{{CSS}}": asset("viewer.css"),
        "{{NAV}}": nav,
        "{{EXTRA}}": extra,
        "{{DATA}}": script_json(data),
        "{{JS}}": asset("viewer.js"),
    }
    # One pass, so that nothing inserted is read as a placeholder again.
    return re.sub(r"\{\{[A-Z]+\}\}", lambda m: parts[m.group(0)], asset("viewer.html"))
