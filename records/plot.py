"""Charts of the archive's statistics as SVG, written by hand (no plotting library).

``charts(sections, lengths, ...)`` draws what ``sgz stats`` computes: win
rates with their 95% intervals (a forest plot), the distribution of game
lengths, and damage by card.  ``sgz stats --plot`` writes them as one SVG (or
a PNG of it, see ``to_png``); ``sgz serve`` puts the same SVG in its page.
"""
from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

WIDTH = 760
FONT = 'font-family="system-ui, \'Noto Sans CJK SC\', \'PingFang SC\', \'Microsoft YaHei\', sans-serif"'
INK, MUTED, BAR, LINE = "#2a2118", "#7a6c5c", "#d9b46a", "#7b3f00"


class PlotError(Exception):
    """A chart that cannot be written (said in one line)."""


def _text(x: float, y: float, s: Any, size: int = 12, anchor: str = "start", fill: str = INK, weight: str = "normal") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" font-weight="{weight}">{escape(str(s))}</text>'


def _svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" {FONT}>'
        f'<rect width="100%" height="100%" fill="#fff"/>' + "".join(body) + "</svg>"
    )


def win_rates(rows: Sequence[tuple[str, int, int, float, float, float]], title: str) -> str:
    """A forest plot: (label, seats, wins, rate, ci_low, ci_high) per row."""
    left, right, top, step = 150, 190, 48, 22
    width = WIDTH
    span = width - left - right
    height = top + step * max(len(rows), 1) + 34
    out = [_text(12, 22, title, 15, weight="bold")]
    x = lambda v: left + span * v  # noqa: E731
    for tick in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{x(tick):.1f}" y1="{top - 8}" x2="{x(tick):.1f}" y2="{height - 28}" stroke="#e6dcc8"/>')
        out.append(_text(x(tick), height - 12, f"{tick:g}", 11, "middle", MUTED))
    if not rows:
        out.append(_text(left, top + 12, "no finished games", 12, fill=MUTED))
    for i, (label, n, wins, rate, lo, hi) in enumerate(rows):
        y = top + i * step
        out.append(_text(left - 8, y + 4, label, 12, "end"))
        out.append(f'<rect x="{left}" y="{y - 6}" width="{span * rate:.1f}" height="12" fill="{BAR}" opacity="0.55"/>')
        out.append(f'<line x1="{x(lo):.1f}" y1="{y}" x2="{x(hi):.1f}" y2="{y}" stroke="{LINE}" stroke-width="2"/>')
        for v in (lo, hi):
            out.append(f'<line x1="{x(v):.1f}" y1="{y - 5}" x2="{x(v):.1f}" y2="{y + 5}" stroke="{LINE}" stroke-width="2"/>')
        out.append(f'<circle cx="{x(rate):.1f}" cy="{y}" r="3.5" fill="{LINE}"/>')
        out.append(_text(width - right + 10, y + 4, f"{rate:.2f} [{lo:.2f}, {hi:.2f}]  {wins}/{n}", 11, fill=MUTED))
    return _svg(width, height, out)


def histogram(bins: Sequence[tuple[int, int, int]], title: str, xlabel: str) -> str:
    """Vertical bars: (low, high, count) per bin, high exclusive."""
    left, top, plot_h = 50, 40, 180
    width = WIDTH
    height = top + plot_h + 50
    out = [_text(12, 22, title, 15, weight="bold")]
    if not bins:
        out.append(_text(left, top + 20, "no finished games", 12, fill=MUTED))
        return _svg(width, height, out)
    most = max(c for _, _, c in bins) or 1
    span = width - left - 20
    w = span / len(bins)
    for tick in _ticks(most):
        y = top + plot_h - plot_h * tick / most
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 20}" y2="{y:.1f}" stroke="#eee4d2"/>')
        out.append(_text(left - 6, y + 4, tick, 10, "end", MUTED))
    for i, (lo, hi, count) in enumerate(bins):
        h = plot_h * count / most
        x = left + i * w
        out.append(f'<rect x="{x + 1:.1f}" y="{top + plot_h - h:.1f}" width="{max(w - 2, 1):.1f}" height="{h:.1f}" fill="{BAR}"><title>{lo}-{hi - 1}: {count}</title></rect>')
        if len(bins) <= 12 or i % max(1, len(bins) // 10) == 0:
            out.append(_text(x + 1, top + plot_h + 14, lo, 10, "start", MUTED))
    out.append(_text(left + span / 2, height - 10, xlabel, 11, "middle", MUTED))
    return _svg(width, height, out)


def bars(rows: Sequence[tuple[str, float]], title: str, unit: str = "") -> str:
    """Horizontal bars: (label, value) per row."""
    left, top, step = 150, 42, 20
    width = WIDTH
    height = top + step * max(len(rows), 1) + 12
    out = [_text(12, 22, title, 15, weight="bold")]
    most = max((v for _, v in rows), default=0) or 1
    span = width - left - 90
    if not rows:
        out.append(_text(left, top + 8, "nothing recorded", 12, fill=MUTED))
    for i, (label, value) in enumerate(rows):
        y = top + i * step
        out.append(_text(left - 8, y + 4, label, 12, "end"))
        out.append(f'<rect x="{left}" y="{y - 7}" width="{span * value / most:.1f}" height="14" fill="{BAR}"/>')
        out.append(_text(left + span * value / most + 6, y + 4, f"{value:g}{unit}", 11, fill=MUTED))
    return _svg(width, height, out)


def _ticks(most: int) -> list[int]:
    step = max(1, 10 ** int(math.log10(most)) if most >= 10 else 1)
    while most / step > 6:
        step *= 2
    return list(range(0, most + 1, step))


def stack(svgs: Sequence[str], gap: int = 12) -> str:
    """Several charts one under another, as one SVG."""
    parts, y, width = [], 0, 0
    for s in svgs:
        w, h = _size(s)
        parts.append(s.replace("<svg ", f'<svg x="0" y="{y}" ', 1))
        y += h + gap
        width = max(width, w)
    return _svg(width, max(y - gap, 0), parts)


def _size(svg: str) -> tuple[int, int]:
    head = svg[: svg.index(">")]
    w = head.split('width="', 1)[1].split('"', 1)[0]
    h = head.split('height="', 1)[1].split('"', 1)[0]
    return int(float(w)), int(float(h))


def charts(
    sections: dict[str, tuple[list[str], list[tuple]]],
    lengths: Sequence[tuple[int, int, int]] | dict[str, Sequence[tuple[int, int, int]]],
    name: Callable[..., str],
    lang: str = "en",
    top_cards: int = 20,
) -> list[str]:
    """The charts of ``sgz stats`` sections (``records.stats.run``): win rates, lengths, damage.

    ``name(kind, value, mode)`` turns a key (kind ``general``, ``role``,
    ``card``, ``mode`` …) into the words the reader sees.  Sections per mode
    (a ``mode`` column; ``lengths`` a dict by mode) give each mode its own
    charts, one after another.
    """
    zh = lang == "zh"
    out = []
    by_mode = isinstance(lengths, dict)
    modes: list[str | None] = []
    for cols, rows in sections.values():
        if "mode" in cols:
            by_mode = True
            mi = cols.index("mode")
            modes += [r[mi] for r in rows if r[mi] not in modes]
    if isinstance(lengths, dict):
        modes += [m for m in lengths if m not in modes]
    if not by_mode:
        modes = [None]

    def rows_of(cols: list[str], rows: list[tuple], mode: str | None) -> list[tuple]:
        if mode is None or "mode" not in cols:
            return rows
        mi = cols.index("mode")
        return [r for r in rows if r[mi] == mode]

    for mode in modes:
        suffix = f" · {name('mode', mode)}" if mode is not None else ""
        for key, (cols, rows) in sections.items():
            if not key.startswith("by_"):
                continue
            by = key[3:]
            names = [c for c in cols[: cols.index("seats")] if c != "mode"]
            idx = {c: i for i, c in enumerate(cols)}
            data = []
            for r in rows_of(cols, rows, mode):
                label = " ".join(name(k, str(r[idx[k]]), mode) for k in names)
                data.append((label, int(r[idx["seats"]]), int(r[idx["wins"]]), float(r[idx["win_rate"]]), float(r[idx["ci_low"]]), float(r[idx["ci_high"]])))
            title = f"胜率（按{name('by', by)}，95%置信区间）" if zh else f"Win rate by {by} (95% interval)"
            out.append(win_rates(data, title + suffix))
        bins = lengths.get(mode, []) if isinstance(lengths, dict) else lengths
        out.append(histogram(bins, ("对局长度分布（已结束）" if zh else "Game length (finished games)") + suffix, "回合数" if zh else "turns"))
        cols, rows = sections.get("damage_by_card", ([], []))
        if cols:
            ci, di = cols.index("card"), cols.index("damage")
            data = [(name("card", r[ci], mode), float(r[di])) for r in rows_of(cols, rows, mode)[:top_cards]]
            out.append(bars(data, ("按牌统计的伤害" if zh else "Damage by card") + suffix))
    return out


def to_png(svg: str, out: str | Path, browser: str | None = None) -> None:
    """Render ``svg`` to a PNG with headless Chromium (PlotError if there is none or it fails).

    The same engine that shows the SVG in a browser draws the PNG, so the
    two agree, and no imaging library is needed for one output format.
    """
    exe = browser or next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome", "chrome")) if p), None)
    if exe is None:
        raise PlotError("a PNG is drawn by Chromium, which is not installed (apt-get install chromium), or write an .svg")
    w, h = _size(svg)
    with tempfile.TemporaryDirectory(prefix="sgz-plot-") as tmp:
        page = Path(tmp) / "chart.html"
        page.write_text(f'<!doctype html><html><head><meta charset="utf-8"><style>html,body{{margin:0;overflow:hidden}}</style></head><body>{svg}</body></html>', encoding="utf-8")
        shot = Path(tmp) / "chart.png"
        cmd = [
            exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
            f"--user-data-dir={tmp}/profile", f"--window-size={w},{h}", f"--screenshot={shot}", page.as_uri(),
        ]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PlotError(f"Chromium ({exe}) could not draw the PNG: {exc}") from None
        if done.returncode != 0 or not shot.exists():
            why = (done.stderr.decode(errors="replace").strip().splitlines() or [f"exit {done.returncode}"])[-1]
            raise PlotError(f"Chromium ({exe}) could not draw the PNG: {why}")
        Path(out).write_bytes(shot.read_bytes())
