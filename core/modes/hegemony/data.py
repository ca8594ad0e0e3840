"""Hegemony's printed data, read from the package's own copies of the reference
files (``data/``): the 60 generals, their skills and the hegemony deck.

The primary columns are the original edition (seed 001's rules); the
``*_rev`` columns are the revised edition.  ``hp_halves`` counts half
yin-yang fish: a character's max hp is the sum of its two generals' halves,
halved and rounded down.
"""
from __future__ import annotations

import msgspec

from ...data import data_text

FILES = ("generals.tsv", "skills.tsv", "deck.tsv")


class GeneralRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    kingdom: str
    hp_halves: int
    companions: tuple[str, ...]
    skills: tuple[str, ...]  # skill ids, original edition
    gender: str
    hp_halves_rev: int
    skills_rev: tuple[str, ...]


class SkillRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    kind: str
    effect_en: str
    edition: str  # orig | rev
    identity: str  # same | close ... | differs | n/a


class CardRow(msgspec.Struct, frozen=True):
    pack: str
    id: str
    name_zh: str
    suit: str
    rank: int


def text(name: str) -> str:
    return data_text(__file__, name)


def _rows(name: str) -> list[list[str]]:
    """The data lines of a TSV (comments dropped), the header first."""
    return [line.split("\t") for line in text(name).splitlines() if line.strip() and not line.startswith("#")]


def _ids(col: str) -> tuple[str, ...]:
    """``jianxiong:奸雄;rev.guicai:鬼才`` -> the ids; ``-`` -> ()."""
    if col in ("", "-"):
        return ()
    return tuple(part.split(":")[0] for part in col.split(";"))


def load_generals() -> tuple[GeneralRow, ...]:
    rows = _rows("generals.tsv")
    head = rows[0]
    out = []
    for cols in rows[1:]:
        r = dict(zip(head, cols))
        out.append(
            GeneralRow(
                r["id"], r["name_zh"], r["kingdom"], int(r["hp_halves"]), _ids(r["companions"].replace(",", ";")),
                _ids(r["skills"]), r["gender"], int(r["hp_halves_rev"]), _ids(r["skills_rev"]),
            )
        )
    return tuple(out)


def load_skills() -> dict[str, SkillRow]:
    rows = _rows("skills.tsv")
    head = rows[0]
    out = {}
    for cols in rows[1:]:
        r = dict(zip(head, cols))
        out[r["skill_id"]] = SkillRow(r["skill_id"], r["name_zh"], r["kind"], r["effect_en"], r["edition"], r["identity"])
    return out


def load_deck(pack: str = "standard") -> tuple[CardRow, ...]:
    rows = _rows("deck.tsv")
    head = rows[0]
    out = []
    for cols in rows[1:]:
        r = dict(zip(head, cols))
        if r["pack"] == pack:
            out.append(CardRow(r["pack"], r["id"], r["name_zh"], r["suit"], int(r["rank"])))
    return tuple(out)


GENERALS_DATA: tuple[GeneralRow, ...] = load_generals()
SKILLS_DATA: dict[str, SkillRow] = load_skills()
DECK_DATA: tuple[CardRow, ...] = load_deck()
