"""The statistics of ``sgz stats`` as SQL: the same text runs on the archive or on
its Parquet export (``records.archive.attach_parquet``), so the two can be
compared.  Nothing here imports DuckDB.

Win rates count seats of finished games (a draw is not a win) and come with a
95% Wilson score interval.  Without a mode, every section is per mode (a
``mode`` column first): a hegemony seat has no role, a duel general is not an
identity one, and a table that mixed them would compare nothing.  Pooled
(``per_mode=False``), a general is grouped by its name (曹操 of two modes is
one row) and a seat without a role is ``(no role)``.  Where some game in scope has post-game points (a
mode that scores: Hero Kill's), the groups also show the mean points of
their seats (a game that ended without a winner scores none).
"""
from __future__ import annotations

ROLE = "coalesce(nullif(s.role, ''), '(no role)')"
BY = {
    "role": (ROLE,),
    "general": ("coalesce(nullif(s.general, ''), '(none)')",),
    "kingdom": ("coalesce(nullif(s.kingdom, ''), '(none)')",),
    "seat": ("s.seat",),
    "players": ("g.players", ROLE),
    # A person by the name the record gives, a bot by its name; the kind column keeps a
    # person who calls themself "basic" apart from the bot.
    "player": ("coalesce(s.player, s.bot, '(unnamed person)')", "CASE WHEN s.bot IS NULL THEN 'person' ELSE 'bot' END"),
}
POOLED_GENERAL = "coalesce(gd.name_zh, nullif(s.general, ''), '(none)')"  # one row per name across modes
KEY_NAMES = {"role": ("role",), "general": ("general",), "kingdom": ("kingdom",), "seat": ("seat",), "players": ("players", "role"), "player": ("player", "kind")}
Z = 1.959963984540054  # the 97.5% normal quantile


def _mode(mode: str | None, alias: str = "g", forks: bool = True) -> str:
    where = f"{alias}.mode = $mode" if mode else "true"
    return where if forks else f"{where} AND {alias}.parent IS NULL"


def queries(by: str = "role", mode: str | None = None, forks: bool = True, points: bool = False, per_mode: bool = True) -> dict[str, str]:
    """{section: SQL}; parameters: ``$mode`` when ``mode`` is given.  Without
    ``forks`` only games that are nobody's fork count (a fork repeats its
    parent's start, and a fork tree of one position would weigh it many times).
    ``points``: add the mean post-game points of each group.  Without ``mode``,
    ``per_mode`` splits every section by mode (else all modes are pooled)."""
    if by not in BY:
        raise ValueError(f"--by {by}: choose one of {', '.join(BY)}")
    split = per_mode and not mode
    keys = BY[by]
    names = KEY_NAMES[by]
    pooled_names = by == "general" and not mode and not per_mode
    if pooled_names:
        key_sel = "min(coalesce(nullif(s.general, ''), '(none)')) AS general"
        key_grp = POOLED_GENERAL
    else:
        key_sel = ", ".join(f"{k} AS {n}" for k, n in zip(keys, names))
        key_grp = ", ".join(keys)
    seats_from = "seats s JOIN games g ON g.game = s.game" + (" LEFT JOIN generals gd ON gd.general = s.general" if pooled_names else "")
    if split:
        key_sel, key_grp, names = f"g.mode AS mode, {key_sel}", f"g.mode, {key_grp}", ("mode", *names)
    z2 = Z * Z
    # Damage and deaths need the games table only to filter or split by mode.
    joined = mode or not forks or split
    dmg_from = "damage d JOIN games g ON g.game = d.game" if joined else "damage d"
    dth_from = "deaths d JOIN games g ON g.game = d.game" if joined else "deaths d"
    where = _mode(mode, forks=forks)
    mean_points = (", mean_points", ", round(avg(s.points), 2) AS mean_points") if points else ("", "")
    by_mode = ("g.mode AS mode, ", "GROUP BY g.mode ORDER BY mode") if split else ("", "")
    part = "PARTITION BY g.mode" if split else ""
    first = ("g.mode AS mode, ", "mode, ") if split else ("", "")
    n_key = 2 if split else 1
    return {
        "summary": f"""
            SELECT {by_mode[0]}count(*) AS games,
                   count(*) FILTER (WHERE g.finished) AS finished,
                   count(*) FILTER (WHERE g.finished AND len(g.winners) = 0) AS draws,
                   round(avg(g.turns) FILTER (WHERE g.finished), 2) AS mean_turns,
                   round(avg(g.rounds) FILTER (WHERE g.finished), 2) AS mean_rounds,
                   round(avg(g.events) FILTER (WHERE g.finished), 1) AS mean_events,
                   round(avg(g.decisions) FILTER (WHERE g.finished), 1) AS mean_decisions
            FROM games g WHERE {where} {by_mode[1]}""",
        f"by_{by}": f"""
            SELECT {", ".join(names)}, n::BIGINT AS seats, wins, round(wins / n, 4) AS win_rate,
                   round((p + {z2} / (2 * n) - {Z} * sqrt(p * (1 - p) / n + {z2} / (4 * n * n))) / (1 + {z2} / n), 4) AS ci_low,
                   round((p + {z2} / (2 * n) + {Z} * sqrt(p * (1 - p) / n + {z2} / (4 * n * n))) / (1 + {z2} / n), 4) AS ci_high,
                   mean_turns{mean_points[0]}
            FROM (SELECT {key_sel}, count(*)::DOUBLE AS n, count(*) FILTER (WHERE s.won) AS wins,
                         count(*) FILTER (WHERE s.won) / count(*)::DOUBLE AS p,
                         round(avg(g.turns), 2) AS mean_turns{mean_points[1]}
                  FROM {seats_from}
                  WHERE g.finished AND {where}
                  GROUP BY {key_grp})
            ORDER BY {", ".join(names)}""",
        "damage_by_card": f"""
            SELECT {first[0]}coalesce(nullif(d.card, ''), '(no card)') AS card, count(*) AS hits, sum(d.n) AS damage,
                   round(sum(d.n) / sum(sum(d.n)) OVER ({part}), 4) AS share
            FROM {dmg_from} WHERE {where if joined else "true"}
            GROUP BY {", ".join(map(str, range(1, n_key + 1)))} ORDER BY {first[1]}damage DESC, card""",
        "deaths_by_cause": f"""
            SELECT {first[0]}coalesce(nullif(d.cause, ''), '(no cause)') AS cause, count(*) AS deaths,
                   round(count(*) / sum(count(*)) OVER ({part}), 4) AS share
            FROM {dth_from} WHERE {where if joined else "true"}
            GROUP BY {", ".join(map(str, range(1, n_key + 1)))} ORDER BY {first[1]}deaths DESC, cause""",
    }


def run(con, by: str = "role", mode: str | None = None, forks: bool = True, per_mode: bool = True) -> dict[str, tuple[list[str], list[tuple]]]:
    """Run every section on ``con``: {section: (column names, rows)}; without
    ``mode``, per mode unless ``per_mode`` is False (the modes pooled)."""
    params = {"mode": mode} if mode else None
    if not forks and not con.execute("SELECT count(*) FROM games WHERE parent IS NOT NULL").fetchone()[0]:
        forks = True  # no fork in the archive: the same numbers without the extra joins
    scored = f"SELECT count(*) FROM seats s JOIN games g ON g.game = s.game WHERE s.points IS NOT NULL AND {_mode(mode)}"
    points = con.execute(scored, params).fetchone()[0] > 0
    out = {}
    for name, sql in queries(by, mode, forks, points, per_mode).items():
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
