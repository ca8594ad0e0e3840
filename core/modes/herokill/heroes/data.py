"""The Hero Kill heroes as data files a user can replace (``data/*.tsv``).

- ``heroes.tsv``: one hero a line (id, names, kingdom 君/臣/民, gender, hp, its
  skills in the card's order, the printed card number);
- ``skills.tsv``: one skill a line (names, the card's label, the Sanguosha
  skill whose rule it plays, the kingdom whose lord has it, texts).

A file that cannot be read fails naming the file and the line.  What a skill
*does* is code (this package's modules); a hero naming a skill without a rule
is left out of the pool (``NOT_BUILT``), never dealt.
"""
from __future__ import annotations

import msgspec

from ....data import data_text

KINGDOMS = ("jun", "chen", "min")
GENDERS = ("male", "female")
LABELS = ("active", "passive", "lord")


class HeroDataError(ValueError):
    """A data file of the Hero Kill heroes that cannot be read."""


class HeroRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    name_en: str
    kingdom: str
    gender: str
    hp: int
    skills: tuple[str, ...]
    card: str  # the printed card number (JUN0001)


class SkillRow(msgspec.Struct, frozen=True):
    id: str
    name_zh: str
    name_en: str
    label: str  # 主动技 active / 被动技 passive / lord
    same_as: str  # a Sanguosha skill whose rule it plays; "~id" or "": its own rule
    lord_of: str  # the kingdom whose lord has it ("" for a hero's own skill)
    text_zh: str
    text_en: str


def _rows(name: str, header: tuple[str, ...], text: str | None = None) -> list[tuple[int, dict[str, str]]]:
    """The data lines of ``name`` as (line number, column -> value), after its header."""
    if text is None:
        text = data_text(__file__, name)
    out: list[tuple[int, dict[str, str]]] = []
    head: list[str] | None = None
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if head is None:
            if tuple(cols) != header:
                raise HeroDataError(f"{name}:{lineno}: expected the header {' '.join(header)}, got {' '.join(cols)}")
            head = cols
            continue
        if len(cols) != len(header):
            raise HeroDataError(f"{name}:{lineno}: expected {len(header)} tab-separated columns, got {len(cols)}")
        if not cols[0]:
            raise HeroDataError(f"{name}:{lineno}: the first column (the id) is empty")
        out.append((lineno, dict(zip(head, cols))))
    if head is None:
        raise HeroDataError(f"{name}: no header line ({' '.join(header)})")
    return out


SKILL_HEADER = ("skill", "name_zh", "name_en", "label", "same_as", "lord_of", "text_zh", "text_en")
HERO_HEADER = ("id", "name_zh", "name_en", "kingdom", "gender", "hp", "skills", "card")


def load_skills(text: str | None = None, name: str = "skills.tsv") -> dict[str, SkillRow]:
    out: dict[str, SkillRow] = {}
    for lineno, r in _rows(name, SKILL_HEADER, text):
        sid = r["skill"]
        if sid in out:
            raise HeroDataError(f"{name}:{lineno}: skill {sid!r} is listed twice")
        if r["label"] not in LABELS:
            raise HeroDataError(f"{name}:{lineno}: label must be one of {', '.join(LABELS)}, not {r['label']!r}")
        if r["lord_of"] not in ("", *KINGDOMS):
            raise HeroDataError(f"{name}:{lineno}: lord_of must be empty or one of {', '.join(KINGDOMS)}, not {r['lord_of']!r}")
        if (r["label"] == "lord") != bool(r["lord_of"]):
            raise HeroDataError(f"{name}:{lineno}: a lord skill (label lord) names the kingdom of its lord in lord_of, and only it")
        if not (r["name_zh"] and r["name_en"] and r["text_zh"] and r["text_en"]):
            raise HeroDataError(f"{name}:{lineno}: skill {sid!r} needs both names and both texts")
        out[sid] = SkillRow(sid, r["name_zh"], r["name_en"], r["label"], r["same_as"], r["lord_of"], r["text_zh"], r["text_en"])
    return out


def load_heroes(skills: dict[str, SkillRow], text: str | None = None, name: str = "heroes.tsv") -> tuple[HeroRow, ...]:
    out: list[HeroRow] = []
    seen: set[str] = set()
    for lineno, r in _rows(name, HERO_HEADER, text):
        hid = r["id"]
        if hid in seen:
            raise HeroDataError(f"{name}:{lineno}: hero {hid!r} is listed twice")
        seen.add(hid)
        if r["kingdom"] not in KINGDOMS:
            raise HeroDataError(f"{name}:{lineno}: kingdom must be one of {', '.join(KINGDOMS)}, not {r['kingdom']!r}")
        if r["gender"] not in GENDERS:
            raise HeroDataError(f"{name}:{lineno}: gender must be one of {', '.join(GENDERS)}, not {r['gender']!r}")
        if not r["hp"].isdigit() or not 1 <= int(r["hp"]) <= 9:
            raise HeroDataError(f"{name}:{lineno}: hp must be a whole number 1-9, not {r['hp']!r}")
        ids = tuple(s for s in r["skills"].split("|") if s)
        for sid in ids:
            if sid not in skills:
                raise HeroDataError(f"{name}:{lineno}: hero {hid!r} names skill {sid!r}, which skills.tsv does not list")
            if skills[sid].lord_of:
                raise HeroDataError(f"{name}:{lineno}: {sid!r} is a lord skill: its kingdom's lords have it (skills.tsv lord_of)")
        if not (r["name_zh"] and r["name_en"]):
            raise HeroDataError(f"{name}:{lineno}: hero {hid!r} needs both names")
        out.append(HeroRow(hid, r["name_zh"], r["name_en"], r["kingdom"], r["gender"], int(r["hp"]), ids, r["card"]))
    return tuple(out)


SKILLS_DATA: dict[str, SkillRow] = load_skills()
HEROES_DATA: tuple[HeroRow, ...] = load_heroes(SKILLS_DATA)
