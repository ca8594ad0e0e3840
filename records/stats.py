"""The statistics of ``sgz stats`` as SQL: the same text runs on the archive or on
its Parquet export (``records.archive.attach_parquet``), so the two can be
compared.  Nothing here imports DuckDB.

Win rates count seats of finished games (a draw is not a win) and come with a
95% Wilson score interval.  Where some game in scope has post-game points (a
mode that scores: Hero Kill's), the groups also show the mean points of
their seats (a game that ended without a winner scores none).
"""
from __future__ import annotations

BY = {
    "role": ("s.role",),
    "general": ("s.general",),
    "kingdom": ("s.kingdom",),
    "seat": ("s.seat",),
    "players": ("g.players", "s.role"),
}
KEY_NAMES = {"role": ("role",), "general": ("general",), "kingdom": ("kingdom",), "seat": ("seat",), "players": ("players", "role")}
Z = 1.959963984540054  # the 97.5% normal quantile


def _mode(mode: str | None, alias: str = "g", forks: bool = True) -> str:
    where = f"{alias}.mode = $mode" if mode else "true"
    return where if forks else f"{where} AND {alias}.parent IS NULL"


def queries(by: str = "role", mode: str | None = None, forks: bool = True, points: bool = False) -> dict[str, str]:
    """{section: SQL}; parameters: ``$mode`` when ``mode`` is given.  Without
    ``forks`` only games that are nobody's fork count (a fork repeats its
    parent's start, and a fork tree of one position would weigh it many times).
    ``points``: add the mean post-game points of each group."""
    if by not in BY:
        raise ValueError(f"--by {by}: choose one of {', '.join(BY)}")
    keys = BY[by]
    names = KEY_NAMES[by]
    key_sel = ", ".join(f"{k} AS {n}" for k, n in zip(keys, names))
    key_grp = ", ".join(keys)
    z2 = Z * Z
    # Damage and deaths need the games table only to filter by mode.
    joined = mode or not forks
    dmg_from = "damage d JOIN games g ON g.game = d.game" if joined else "damage d"
    dth_from = "deaths d JOIN games g ON g.game = d.game" if joined else "deaths d"
    where = _mode(mode, forks=forks)
    mean_points = (", mean_points", ", round(avg(s.points), 2) AS mean_points") if points else ("", "")
    return {
        "summary": f"""
            SELECT count(*) AS games,
                   count(*) FILTER (WHERE g.finished) AS finished,
                   count(*) FILTER (WHERE g.finished AND len(g.winners) = 0) AS draws,
                   round(avg(g.turns) FILTER (WHERE g.finished), 2) AS mean_turns,
                   round(avg(g.rounds) FILTER (WHERE g.finished), 2) AS mean_rounds,
                   round(avg(g.events) FILTER (WHERE g.finished), 1) AS mean_events,
                   round(avg(g.decisions) FILTER (WHERE g.finished), 1) AS mean_decisions
            FROM games g WHERE {where}""",
        f"by_{by}": f"""
            SELECT {", ".join(names)}, n::BIGINT AS seats, wins, round(wins / n, 4) AS win_rate,
                   round((p + {z2} / (2 * n) - {Z} * sqrt(p * (1 - p) / n + {z2} / (4 * n * n))) / (1 + {z2} / n), 4) AS ci_low,
                   round((p + {z2} / (2 * n) + {Z} * sqrt(p * (1 - p) / n + {z2} / (4 * n * n))) / (1 + {z2} / n), 4) AS ci_high,
                   mean_turns{mean_points[0]}
            FROM (SELECT {key_sel}, count(*)::DOUBLE AS n, count(*) FILTER (WHERE s.won) AS wins,
                         count(*) FILTER (WHERE s.won) / count(*)::DOUBLE AS p,
                         round(avg(g.turns), 2) AS mean_turns{mean_points[1]}
                  FROM seats s JOIN games g ON g.game = s.game
                  WHERE g.finished AND {where}
                  GROUP BY {key_grp})
            ORDER BY {", ".join(names)}""",
        "damage_by_card": f"""
            SELECT coalesce(nullif(d.card, ''), '(no card)') AS card, count(*) AS hits, sum(d.n) AS damage,
                   round(sum(d.n) / sum(sum(d.n)) OVER (), 4) AS share
            FROM {dmg_from} WHERE {where if joined else "true"}
            GROUP BY 1 ORDER BY damage DESC, card""",
        "deaths_by_cause": f"""
            SELECT coalesce(nullif(d.cause, ''), '(no cause)') AS cause, count(*) AS deaths,
                   round(count(*) / sum(count(*)) OVER (), 4) AS share
            FROM {dth_from} WHERE {where if joined else "true"}
            GROUP BY 1 ORDER BY deaths DESC, cause""",
    }


def run(con, by: str = "role", mode: str | None = None, forks: bool = True) -> dict[str, tuple[list[str], list[tuple]]]:
    """Run every section on ``con``: {section: (column names, rows)}."""
    params = {"mode": mode} if mode else None
    if not forks and not con.execute("SELECT count(*) FROM games WHERE parent IS NOT NULL").fetchone()[0]:
        forks = True  # no fork in the archive: the same numbers without the extra joins
    scored = f"SELECT count(*) FROM seats s JOIN games g ON g.game = s.game WHERE s.points IS NOT NULL AND {_mode(mode)}"
    points = con.execute(scored, params).fetchone()[0] > 0
    out = {}
    for name, sql in queries(by, mode, forks, points).items():
        cur = con.execute(sql, params)
        cols = [d[0] for d in cur.description]
        out[name] = (cols, cur.fetchall())
    return out


def lengths(con, mode: str | None = None, forks: bool = True, bins: int = 20) -> list[tuple[int, int, int]]:
    """The distribution of finished games' length in turns: (low, high, games) per bin, high exclusive."""
    params = {"mode": mode} if mode else None
    where = _mode(mode, forks=forks)
    most = con.execute(f"SELECT max(turns) FROM games g WHERE g.finished AND {where}", params).fetchone()[0]
    if most is None:
        return []
    width = max(1, -(-(most + 1) // bins))
    rows = dict(
        con.execute(
            f"SELECT (turns // {width})::BIGINT AS b, count(*) FROM games g WHERE g.finished AND {where} GROUP BY 1",
            params,
        ).fetchall()
    )
    return [(b * width, (b + 1) * width, rows.get(b, 0)) for b in range(most // width + 1)]
