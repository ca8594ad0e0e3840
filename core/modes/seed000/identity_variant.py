"""``identity-seed000``: identity, with the project's generals for seed 000's kinds.

Identity's rules (``core.modes.identity``) with seed 000's defaults where
identity's options follow another seed (``lord_kills_loyalist=hand``,
``candidates=5``); the mechanics of seed 000 are installed and the project's eleven generals (``core.mechanics.project``)
join the generals dealt, so bots play every kind: option ``pool=mixed`` (the
standard 25 and the project's 11, the default) or ``project`` (the project's
alone).
"""
from __future__ import annotations

from typing import Any, Literal

from sanguozhi.core.content import Content
from sanguozhi.core.generals import pool
from sanguozhi.core.mechanics.project import PACK_ID

from ..identity import Identity, IdentityOptions
from .mechanics import Seed000Mechanics


class IdentitySeed000Options(IdentityOptions, frozen=True, forbid_unknown_fields=True):
    # The generals dealt or offered: "mixed" (standard and the project's) or "project".
    pool: Literal["mixed", "project"] = "mixed"
    # Seed 000's own defaults where identity's options follow another seed: a lord
    # who kills a loyalist "必须立即弃掉全部手牌" (the hand only), and each player
    # chooses from "一般每人5-6张" generals (five; a large table gets fewer, as in
    # identity).  Records keep the values they were started with.
    lord_kills_loyalist: Literal["hand_and_equip", "hand"] = "hand"
    candidates: int = 5
    # Seed 000 注意事项 1: out of its owner's turn a card answering another's card (无懈可击)
    # and a 酒 drunk to recover are played (打出), not used ("seed000"); "standard": used
    # (what records from before the option did).
    play_or_use: Literal["seed000", "standard"] = "seed000"


class IdentitySeed000(Seed000Mechanics, Identity):
    id = "identity-seed000"
    policy = __package__ + ".policy"
    title_zh = "身份局（种子000技能类型）"
    title_en = "Identity with seed 000's kinds"
    seed = "000"
    Options = IdentitySeed000Options

    def general_pool(self, content: Content, options: dict[str, Any]) -> tuple[str, ...]:
        project = pool(content.generals, PACK_ID)
        if options.get("pool") == "project":
            return project
        return tuple(sorted((*pool(content.generals), *project)))
