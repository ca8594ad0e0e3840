"""The duel's content as data files a user can replace (``data/*.tsv``).

Seed 003 gives the rules but not the printed content: the generals' point
values, the 19 kinds of game cards, the 10 奇兵 cards and the ambush skills.
These files are the project's stand-ins (docs/modes/duel.md):

- ``generals.tsv``: the generals a duel deals from, each with its points and
  its 奇兵 mark (``-``: none); ``source`` says whether it is a standard
  general with its standard skills or the project's own duel general;
  ``roster`` in which of the option ``roster``'s lists it is dealt (``both``,
  ``seed003``: the default, read from the seed's FAQ; ``first``: the first
  list, which records from before the option play);
- ``deck.tsv``: the game deck, standard cards by number;
- ``qibing.tsv``: the 奇兵 kinds and how many copies of each are printed.

The 奇兵 cards are printed (``core.deck.add_cards``) at numbers 500 on, in
the file's order, when this module is imported: a record names them by
number, so changing ``qibing.tsv`` changes what older duel records mean.
"""
from __future__ import annotations

import msgspec

from ...data import data_text
from ...deck import CARDS, Kind, add_cards, add_kind

QIBING_FIRST = 500  # the duel's card numbers are 500-599
QIBING_LAST = 599
QIBING_PACK = "duel-qibing"


class DuelDataError(ValueError):
    """A data file of the duel that cannot be read."""


ROSTERS = ("seed003", "first")  # option ``roster``: the default first


class DuelGeneral(msgspec.Struct, frozen=True):
    id: str
    points: int
    qibing: str  # the 奇兵 kind a reveal gains, "" for none
    source: str  # standard | stand-in
    roster: str = "both"  # both, or one of ROSTERS
    note: str = ""


class QibingKind(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    name_en: str
    copies: int


def _rows(name: str, header: list[str]) -> list[tuple[int, list[str]]]:
    text = data_text(__file__, name)
    rows: list[tuple[int, list[str]]] = []
    seen_header = False
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if not seen_header:
            if cols[: len(header)] != header:
                raise DuelDataError(f"{name}:{lineno}: expected the header {' '.join(header)}, got {' '.join(cols)}")
            seen_header = True
            continue
        if len(cols) < len(header) - (1 if header[-1] == "note" else 0):
            raise DuelDataError(f"{name}:{lineno}: expected {len(header)} tab-separated columns, got {len(cols)}")
        rows.append((lineno, cols))
    return rows


def _int(name: str, lineno: int, text: str, what: str) -> int:
    if not text.lstrip("-").isdigit():
        raise DuelDataError(f"{name}:{lineno}: {what} must be a whole number, not {text!r}")
    return int(text)


def load_qibing() -> dict[str, QibingKind]:
    kinds: dict[str, QibingKind] = {}
    for lineno, (kid, zh, en, copies) in ((n, cols[:4]) for n, cols in _rows("qibing.tsv", ["id", "name_zh", "name_en", "copies"])):
        if kid in kinds:
            raise DuelDataError(f"qibing.tsv:{lineno}: {kid!r} is listed twice")
        n = _int("qibing.tsv", lineno, copies, "copies")
        if n < 1:
            raise DuelDataError(f"qibing.tsv:{lineno}: {kid!r} needs at least one copy")
        kinds[kid] = QibingKind(kid, zh, en, n)
    return kinds


def load_generals(qibing: dict[str, QibingKind]) -> dict[str, DuelGeneral]:
    out: dict[str, DuelGeneral] = {}
    for lineno, cols in _rows("generals.tsv", ["id", "points", "qibing", "source", "roster", "note"]):
        gid, points, mark, source, roster = cols[:5]
        note = cols[5] if len(cols) > 5 else ""
        if gid in out:
            raise DuelDataError(f"generals.tsv:{lineno}: {gid!r} is listed twice")
        mark = "" if mark == "-" else mark
        if mark and mark not in qibing:
            raise DuelDataError(f"generals.tsv:{lineno}: {gid!r} names the 奇兵 {mark!r}, which qibing.tsv does not list")
        if source not in ("standard", "stand-in"):
            raise DuelDataError(f"generals.tsv:{lineno}: source must be standard or stand-in, not {source!r}")
        if roster not in ("both", *ROSTERS):
            raise DuelDataError(f"generals.tsv:{lineno}: roster must be both, {' or '.join(ROSTERS)}, not {roster!r}")
        pts = _int("generals.tsv", lineno, points, "points")
        if not 1 <= pts <= 12:
            raise DuelDataError(f"generals.tsv:{lineno}: {gid!r} has {pts} points (1-12)")
        out[gid] = DuelGeneral(gid, pts, mark, source, roster, note)
    return out


def load_deck() -> tuple[int, ...]:
    numbers: list[int] = []
    for lineno, (number, name, suit, rank) in ((n, cols[:4]) for n, cols in _rows("deck.tsv", ["number", "name", "suit", "rank"])):
        k = _int("deck.tsv", lineno, number, "number")
        if not 0 <= k < len(CARDS) or not CARDS[k].name:
            raise DuelDataError(f"deck.tsv:{lineno}: there is no card {k}")
        c = CARDS[k]
        if (c.name, c.suit, str(c.rank)) != (name, suit, rank):
            raise DuelDataError(f"deck.tsv:{lineno}: card {k} is {c.name} {c.suit} {c.rank}, not {name} {suit} {rank}")
        if k in numbers:
            raise DuelDataError(f"deck.tsv:{lineno}: card {k} is listed twice")
        numbers.append(k)
    return tuple(numbers)


def print_qibing(kinds: dict[str, QibingKind]) -> dict[int, str]:
    """Print the 奇兵 cards (kind ``qibing``, no suit or rank); card number -> kind."""
    printed: list[tuple[str, str, int, str]] = []
    for k in kinds.values():
        add_kind(Kind(k.id, k.name_zh, "qibing"))
        printed += [(k.id, "", 0, QIBING_PACK)] * k.copies
    if QIBING_FIRST + len(printed) - 1 > QIBING_LAST:
        raise DuelDataError(f"qibing.tsv: {len(printed)} copies do not fit the duel's card numbers {QIBING_FIRST}-{QIBING_LAST}")
    return {n: CARDS[n].name for n in add_cards(QIBING_FIRST, printed)}


QIBING = load_qibing()
QIBING_CARDS = print_qibing(QIBING)  # card number -> 奇兵 kind
DUEL_GENERALS_DATA = load_generals(QIBING)
GAME_DECK = load_deck()


def roster_ids(options: dict) -> list[str]:
    """The generals of ``generals.tsv`` a game with these options deals (by id).  A record
    from before the option played the first roster."""
    roster = options.get("roster", "first")
    return sorted(g for g, d in DUEL_GENERALS_DATA.items() if d.roster in ("both", roster))
