"""A committed deal: the game's seed decides every hidden fact, so nobody at
the table may know it, and afterwards everyone may check it was not chosen.

At the start everyone is shown ``commitment(game, seed)`` (a SHA-256 of the
game id and the seed, in the header and the GameStarted event); at the end
the GameEnded event reveals the seed, and ``sgz validate`` checks that it
gives the commitment.  The seed itself comes from outside the pure core
(``records.session.fresh_seed``: the operating system's entropy, 63 bits,
out of reach of a guess from the commitment or from the cards one holds, and
within the archive's 64-bit integers).
"""
from __future__ import annotations

SCHEME = "sgz-deal/1"
SEED_BITS = 63


def commitment(game: str, seed: int) -> str:
    import hashlib

    return hashlib.sha256(f"{SCHEME}|{game}|{seed}".encode()).hexdigest()

