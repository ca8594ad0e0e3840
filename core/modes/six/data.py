"""hegemony-six's stand-in content, read from the package's data files (``data/``),
which a user may replace: which force each hegemony general fights for
(``forces.tsv``), the rulers (``rulers.tsv``) and the 谋攻 cards (``plots.tsv``).

A malformed file raises ``SixDataError`` naming the file and line.
"""
from __future__ import annotations

import msgspec

from ...data import data_text

FORCES = ("han", "yi", "rong", "man", "di")


class SixDataError(ValueError):
    pass


class ForceRow(msgspec.Struct, frozen=True):
    id: str  # the hegemony reference id (caocao)
    force: str
    surname_zh: str
    surname_en: str


class RulerRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    name_en: str
    force: str
    gender: str
    hp: int
    skill: str
    surname_zh: str
    surname_en: str


class PlotRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    name_en: str
    copies: int
    effect: str
    text_zh: str
    text_en: str


def _rows(name: str, head: list[str]) -> list[tuple[int, dict[str, str]]]:
    """(line number, row) of a TSV's data lines; the first data line must be ``head``."""
    lines = data_text(__file__, name).splitlines()
    data = [(i + 1, line.split("\t")) for i, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    if not data or data[0][1] != head:
        raise SixDataError(f"{name}: the header must be {' '.join(head)}")
    out = []
    for lineno, cols in data[1:]:
        if len(cols) != len(head):
            raise SixDataError(f"{name}:{lineno}: {len(cols)} columns, not {len(head)}")
        row = dict(zip(head, cols))
        if "force" in row and row["force"] not in FORCES:
            raise SixDataError(f"{name}:{lineno}: unknown force {row['force']!r} (forces: {', '.join(FORCES)})")
        out.append((lineno, row))
    return out


def _int(name: str, lineno: int, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SixDataError(f"{name}:{lineno}: {text!r} is not a number") from None


def load_forces() -> tuple[ForceRow, ...]:
    return tuple(ForceRow(**r) for _, r in _rows("forces.tsv", ["id", "force", "surname_zh", "surname_en"]))


def load_rulers() -> tuple[RulerRow, ...]:
    head = ["id", "name_zh", "name_en", "force", "gender", "hp", "skill", "surname_zh", "surname_en"]
    return tuple(RulerRow(**{**r, "hp": _int("rulers.tsv", n, r["hp"])}) for n, r in _rows("rulers.tsv", head))


def load_plots() -> tuple[PlotRow, ...]:
    head = ["id", "name_zh", "name_en", "copies", "effect", "text_zh", "text_en"]
    return tuple(PlotRow(**{**r, "copies": _int("plots.tsv", n, r["copies"])}) for n, r in _rows("plots.tsv", head))


FORCE_DATA = load_forces()
RULER_DATA = load_rulers()
PLOT_DATA = load_plots()
