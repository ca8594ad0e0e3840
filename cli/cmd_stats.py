"""`sgz stats`: games, win rates (95% CI), length, damage by card, deaths by cause, per mode."""
from __future__ import annotations

import click

from sanguozhi.records.queries import TIMEOUT

from .common import LANG_OPTION, Seconds, fail, format_option, output_file, output_format, usage

DB_HELP = "The archive (a DuckDB file made by sgz archive ingest).  [default: $SGZ_DB, else ./sgz.duckdb]"


@click.command(epilog="Example: sgz stats --by general --lang zh")
@click.option("--db", default=None, metavar="FILE", help=DB_HELP)
@click.option("--mode", default=None, help="Only games of this mode (e.g. identity).  [default: every mode, each on its own rows]")
@click.option("--all-modes", "pooled", is_flag=True, help="Pool every mode's games (a general of one name in two modes is one row) instead of a row per mode.")
@click.option("--by", "by", type=click.Choice(["role", "general", "kingdom", "seat", "players", "player"]), default="role", show_default=True, help="Group win rates by this.")
@click.option("--forks/--no-forks", default=False, show_default=True, help="Count forks too (games continued from another game's position); by default only whole games count.")
@format_option("table", "csv", "json", default="table", what="the statistics")
@LANG_OPTION
@click.option("--wait", default=0.0, show_default=True, type=Seconds(), metavar="SECONDS", help="Wait this long for an ingest that holds the archive.")
@click.option("--timeout", default=TIMEOUT, show_default=True, type=Seconds(positive=True), metavar="SECONDS", help="Stop statistics that take longer (a huge or a hostile archive).")
@click.option("--plot", "plot", default=None, type=click.Path(dir_okay=False), metavar="OUT.svg|OUT.png", help="Also draw the charts, in --lang: win rates with 95% intervals, game length, damage by card (a PNG is drawn by Chromium).")
@click.option("--shards", default=None, metavar="DIR", type=click.Path(file_okay=False), help="Read the Parquet shards in DIR (sgz archive shard) instead of an archive.")
def stats(db: str | None, mode: str | None, pooled: bool, by: str, forks: bool, fmt: str, as_json: bool, lang: str, wait: float, timeout: float, plot: str | None, shards: str | None) -> None:
    """Statistics of the archived games, computed in DuckDB.

    Win rates count the seats of finished games (a draw is no win), with a
    95% Wilson confidence interval.  Forks are left out unless --forks: a
    position explored many times would otherwise weigh many times.  Every
    section is per mode (its rows start with the mode) unless --mode or
    --all-modes.
    """
    if mode is not None:
        from sanguozhi.core.modes import RULESETS

        if mode not in RULESETS:
            usage(f"--mode {mode}: no such mode (modes: {', '.join(sorted(RULESETS))})")
    if mode is not None and pooled:
        usage("give --mode or --all-modes, not both")
    if plot is not None and not plot.lower().endswith((".svg", ".png")):
        usage(f"--plot {plot}: give a file ending in .svg or .png")
    if plot is not None:
        output_file(plot, force=True)  # replaced, unless it is a record
    sections, lengths = read(db, mode, by, wait, forks, lengths=plot is not None, shards=shards, timeout=timeout, per_mode=not pooled)
    click.echo(render(sections, output_format(fmt, as_json), lang, mode))
    if plot is not None:
        draw(sections, lengths, plot, lang, mode)


def compute(db: str | None, mode: str | None, by: str, wait: float = 0.0, forks: bool = False, shards: str | None = None, per_mode: bool = True) -> dict:
    """The statistics' sections (``records.stats.run``) of the archive ``db`` (or of Parquet ``shards``)."""
    return read(db, mode, by, wait, forks, shards=shards, per_mode=per_mode)[0]


def read(db: str | None, mode: str | None, by: str, wait: float = 0.0, forks: bool = False, lengths: bool = False, shards: str | None = None, timeout: float = TIMEOUT, per_mode: bool = True):  # -> (sections, length bins)
    from sanguozhi.records.queries import time_limit
    from sanguozhi.records.stats import run

    from .common import open_archive_read_only

    con = open_archive_read_only(db, wait, shards)
    try:
        with time_limit(con, timeout) as timed_out:
            try:
                sections = run(con, by, mode, forks, per_mode)
                return sections, (length_bins(con, sections, mode, forks) if lengths else [])
            except Exception as exc:  # duckdb.Error, without importing duckdb here
                if timed_out.is_set():
                    fail(f"stats: stopped after {timeout:g} s (--timeout SECONDS to allow longer)")
                fail(f"stats: {(str(exc).splitlines() or [type(exc).__name__])[0]}")
    finally:
        con.close()


def length_bins(con, sections: dict, mode: str | None, forks: bool):  # -> bins, or {mode: bins} where the sections are per mode
    from sanguozhi.records.stats import lengths

    cols, rows = sections.get("summary", ([], []))
    if mode is None and "mode" in cols:
        return {r[0]: lengths(con, r[0], forks) for r in rows}
    return lengths(con, mode, forks)


# Column and section names in Chinese; the names of roles, generals, cards and
# skills in the reader's language.
ZH = {
    "summary": "概况", "by_role": "按身份", "by_general": "按武将", "by_seat": "按座位", "by_players": "按人数",
    "damage_by_card": "伤害来源", "deaths_by_cause": "死因",
    "games": "局数", "finished": "完成", "draws": "和局", "mean_turns": "平均回合", "mean_rounds": "平均轮数",
    "mean_events": "平均事件", "mean_decisions": "平均决策", "role": "身份", "general": "武将", "seat": "座位",
    "players": "人数", "seats": "次数", "wins": "胜", "win_rate": "胜率", "ci_low": "区间下限", "ci_high": "区间上限",
    "card": "牌", "hits": "次数", "damage": "伤害", "share": "占比", "cause": "死因", "deaths": "死亡",
    "mode": "模式", "kingdom": "势力", "by_kingdom": "按势力", "mean_points": "平均积分",
    "by_player": "按玩家", "player": "玩家", "kind": "类别",
}
PERCENT = {"win_rate", "ci_low", "ci_high", "share"}


def _cell(col: str, v, lang: str, mode: str | None = None):
    from .names import cell

    if v is None:
        return v
    if col in PERCENT:
        return f"{v * 100:.1f}%"
    return cell(col, v, lang, mode)


def cells(cols: list[str], rows: list[tuple], lang: str, mode: str | None = None) -> list[tuple]:
    """Rows as a reader sees them: names, percentages (a row's own mode names its values)."""
    mi = cols.index("mode") if "mode" in cols else None
    return [tuple(_cell(c, v, lang, r[mi] if mi is not None else mode) for c, v in zip(cols, r)) for r in rows]


def heads(cols: list[str], lang: str) -> list[str]:
    return [ZH.get(c, c) for c in cols] if lang == "zh" else [c.replace("_", " ") for c in cols]


def render(sections: dict, fmt: str, lang: str = "en", mode: str | None = None) -> str:
    from sanguozhi.records import output

    if fmt == "json":
        return output.to_json({name: output.records(cols, rows) for name, (cols, rows) in sections.items()})
    parts = []
    for name, (cols, rows) in sections.items():
        if fmt == "csv":
            parts.append(f"# {name}\n" + output.to_csv(cols, rows))
            continue
        title = ZH.get(name, name) if lang == "zh" else name.replace("_", " ")
        parts.append(f"{title}:\n" + output.table(heads(cols, lang), cells(cols, rows, lang, mode)))
    return "\n\n".join(parts)


def labeler(lang: str, mode: str | None = None):  # -> (kind, value, mode=None) -> words
    """What the charts call a grouping, general, role, seat, table size, card or
    mode (the tables' words), in the words of the row's mode (or ``mode``)."""
    zh = lang == "zh"

    def name(kind: str, value: str, row_mode: str | None = None) -> str:
        if kind == "by":
            return ZH.get(value, value) if zh else value.replace("_", " ")
        if kind == "seat":
            return f"{value}号位" if zh else f"seat {value}"
        if kind == "players":
            return f"{value}人" if zh else f"{value}p"
        return str(_cell(kind, value, lang, row_mode or mode))

    return name


def draw(sections: dict, lengths: list, out: str, lang: str, mode: str | None) -> None:
    from pathlib import Path

    from sanguozhi.records.plot import PlotError, charts, stack, to_png

    svg = stack(charts(sections, lengths, labeler(lang, mode), lang))
    if out.lower().endswith(".svg"):
        Path(out).write_text(svg, encoding="utf-8")
    else:
        try:
            to_png(svg, out)
        except PlotError as exc:
            fail(str(exc))
    click.echo(f"charts: {out}", err=True)
