"""Tables of rows as text, CSV or JSON (for sgz stats and sgz query)."""
from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Sequence
from typing import Any


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
    return str(v)


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
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow([_json_cell(v) if isinstance(v, (list, dict)) else ("" if v is None else v) for v in r])
    return buf.getvalue().rstrip("\n")


def _json_cell(v: Any) -> str:
    return json.dumps(v, default=str, ensure_ascii=False)


def records(cols: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    return [dict(zip(cols, r)) for r in rows]


def to_json(value: Any) -> str:
    return json.dumps(value, default=str, ensure_ascii=False, indent=2)
