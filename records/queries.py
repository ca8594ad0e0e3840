"""Named queries for ``sgz query --named NAME``: common questions, as SQL.

A query whose result has ``game`` and ``seq`` columns gets, after each row,
the command that opens that moment (``sgz replay FILE --at SEQ``).
"""
from __future__ import annotations

NAMED: dict[str, tuple[str, str]] = {
    "tables": (
        "the archive's tables and their row counts",
        """SELECT table_name AS "table", estimated_size AS rows_estimate, column_count AS columns
           FROM duckdb_tables() WHERE NOT temporary ORDER BY table_name""",
    ),
    "recent": (
        "the 20 games ingested last",
        """SELECT game, mode, players, turns, winner, end_seq AS seq, path
           FROM games ORDER BY ingested_at DESC, game LIMIT 20""",
    ),
    "longest": (
        "the 10 longest finished games (by turns), at their end",
        """SELECT game, mode, players, turns, events, winner, end_seq AS seq
           FROM games WHERE finished ORDER BY turns DESC, game LIMIT 10""",
    ),
    "shortest": (
        "the 10 shortest finished games (by turns), at their end",
        """SELECT game, mode, players, turns, events, winner, end_seq AS seq
           FROM games WHERE finished ORDER BY turns, game LIMIT 10""",
    ),
    "lord-first-round": (
        "games where the lord died in the first round, at the death",
        """SELECT d.game, d.seq, d.killer, k.role AS killer_role, d.cause
           FROM deaths d
           JOIN decisions x ON x.game = d.game AND x.seq = (SELECT max(seq) FROM decisions WHERE game = d.game AND seq < d.seq)
           LEFT JOIN seats k ON k.game = d.game AND k.seat = d.killer
           WHERE d.role = 'lord' AND x.round = 1
           ORDER BY d.game LIMIT 50""",
    ),
    "big-hits": (
        "damage of 2 or more in one blow",
        """SELECT game, seq, src, dst, n, nature, card FROM damage WHERE n >= 2 ORDER BY n DESC, game, seq LIMIT 50""",
    ),
    "loyalist-killed-by-lord": (
        "a lord killing their own loyalist (and paying for it)",
        """SELECT game, seq, seat, cause FROM deaths d
           WHERE role = 'loyalist' AND killer = 0 AND (SELECT mode FROM games g WHERE g.game = d.game) = 'identity'
           ORDER BY game, seq LIMIT 50""",
    ),
    "renegade-wins": (
        "games the renegade won, at the end",
        """SELECT game, players, turns, end_seq AS seq FROM games WHERE winner = 'renegade' ORDER BY turns, game LIMIT 50""",
    ),
    "full-hand-passes": (
        "play-phase decisions to end the phase holding 5+ cards",
        """SELECT game, seq, seat, hand_size, hand FROM decisions
           WHERE kind = 'play' AND option = 'end' AND hand_size >= 5 ORDER BY hand_size DESC, game, seq LIMIT 50""",
    ),
    "unfinished": (
        "records whose game has no end (quit, or cut)",
        """SELECT game, mode, events, path FROM games WHERE NOT finished ORDER BY game LIMIT 100""",
    ),
    "forks": (
        "forked games with their parent and fork point",
        """SELECT game, parent, fork_at, events, winner FROM games WHERE parent IS NOT NULL ORDER BY parent, fork_at LIMIT 100""",
    ),
}
