"""Hero Kill's own heroes (英雄杀的英雄): the 33 of the base set, the content pack
``herokill-heroes`` that every Hero Kill mode plays with option ``heroes=herokill``.

The heroes and their skills' names and texts are data (``data/heroes.tsv``,
``data/skills.tsv``, read by ``data``); the rules are code:

- ``same``: a skill that is a Sanguosha skill (``same_as``) plays that rule
  under the hero's name, and the faction lord skills 激将 (君, from 臣),
  护主 (臣, from 民) and 救援 (民, from 君);
- ``jun``, ``chen``, ``min``: the skills with a rule of their own (close
  variants and Hero Kill's new mechanics), by the hero's kingdom.

Heroes are generals of pack ``herokill`` with kingdoms ``jun``/``chen``/``min``;
a kingdom's lord skill is a hero's lord skill (held only by a lord).  A hero
naming a skill without a rule is printed into ``UNBUILT`` (never installed)
and listed in ``NOT_BUILT``.  ``events`` holds what the heroes add to the
table: places exchanged (迁都) and skills taken on (易装).
"""
from __future__ import annotations

from ....generals import General, register
from . import same as _same  # noqa: F401
from . import jun as _jun  # noqa: F401
from . import chen as _chen  # noqa: F401
from . import min as _min  # noqa: F401
from .book import HEROES, UNBUILT
from .data import HEROES_DATA, SKILLS_DATA

PACK = "herokill"  # General.pack of every hero

_lords = {k: tuple(s.id for s in SKILLS_DATA.values() if s.lord_of == k and s.id in HEROES.skills) for k in ("jun", "chen", "min")}
_not_built: list[str] = []
for _row in HEROES_DATA:
    _built = all(s in HEROES.skills for s in _row.skills)
    if not _built:
        _not_built.append(_row.id)
    register(
        General(_row.id, _row.name_zh, _row.kingdom, _row.gender, _row.hp, _row.skills, _lords[_row.kingdom], name_en=_row.name_en, pack=PACK),
        HEROES if _built else UNBUILT,
    )

# Heroes left out of the pool because a skill of theirs has no rule (docs/modes/herokill.md: none today; a test asserts it).
NOT_BUILT: tuple[str, ...] = tuple(_not_built)
# The printed card number of each hero (JUN0001 …), for tripod's hero cards and listings.
CARD_NUMBER: dict[str, str] = {r.id: r.card for r in HEROES_DATA}
HERO_IDS: tuple[str, ...] = tuple(r.id for r in HEROES_DATA)
