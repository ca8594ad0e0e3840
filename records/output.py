"""Tables of rows as text, CSV or JSON (for sgz stats and sgz query)."""
from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from .bounds import printable


def width(text: str) -> int:
    """Columns ``text`` takes at a terminal: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1 for ch in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (never cut)."""
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.4g}" if abs(v) < 1e6 else f"{v:.0f}"
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_cell(x) for x in v) + "]"
    return printable(str(v), one_line=True)  # a cell is one line, and nothing in it moves the terminal's text


def table(cols: Sequence[str], rows: Sequence[Sequence[Any]], notes: Sequence[str | None] | None = None) -> str:
    """Aligned columns; ``notes[i]`` (if any) goes on its own line after row i."""
    cells = [[_cell(v) for v in r] for r in rows]
    widths = [max([width(c)] + [width(r[i]) for r in cells]) for i, c in enumerate(cols)]
    numeric = [all(isinstance(r[i], (int, float)) or r[i] is None or _is_percent(r[i]) for r in rows) and bool(rows) for i in range(len(cols))]

    def line(vals: Sequence[str]) -> str:
        return "  ".join(pad(v, w, right=num) for v, w, num in zip(vals, widths, numeric)).rstrip()

    out = [line(list(cols)), line(["-" * w for w in widths])]
    for i, r in enumerate(cells):
        out.append(line(r))
        if notes and notes[i]:
            out.append(f"    -> {notes[i]}")
    return "\n".join(out)


def _is_percent(v: Any) -> bool:
    return isinstance(v, str) and v.endswith("%") and v[:-1].replace(".", "", 1).isdigit()


def to_csv(cols: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    import csv  # csv and json only where a table or a value is written as one (not on replay's path)

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([printable(str(c)) for c in cols])
    for r in rows:
        w.writerow([_json_cell(v) if isinstance(v, (list, dict)) else "" if v is None else printable(v) if isinstance(v, str) else v for v in r])
    return printable(buf.getvalue().rstrip("\n"))


def _json_cell(v: Any) -> str:
    import json

    return _escaped(json.dumps(v, default=str, ensure_ascii=False))


def records(cols: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    return [dict(zip(cols, r)) for r in rows]


def to_json(value: Any) -> str:
    import json

    return _escaped(json.dumps(value, default=str, ensure_ascii=False, indent=2))


def _escaped(text: str) -> str:
    """JSON text with what ``printable`` escapes written as JSON escapes (the same data;
    json.dumps already escapes the C0 controls, not the others)."""
    return _UNSAFE_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_UNSAFE_JSON = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
