"""The project's own generals for seed 000's skill kinds (pack ``sgz-seed000``).

Seed 000 defines its kinds of skills and its mechanics but names no general
that has them (its generals were to come in later articles).  These eleven
generals are *the project's*, not the seed's: written so that every kind and
mechanic is played in bot games — build (one building of each attribute),
legislate, party with impeachment, formation (siege and queue), covert,
staged, gambit, explosion, water and execute.  They belong to seed 000's
forces (汉 夷 戎 蛮 狄); their ids start with ``sgz_``.
"""
from __future__ import annotations

from ...content import Pack

PROJECT = Pack("sgz-seed000", "项目武将（种子000技能类型）", "The project's generals for seed 000's kinds")
PACK_ID = "sgz-seed000"  # General.pack of these generals

from . import skills as _skills  # noqa: E402,F401
from . import generals as _generals  # noqa: E402,F401

__all__ = ["PACK_ID", "PROJECT"]
