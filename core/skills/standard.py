"""The skill book of the standard generals: the kingdom modules define their skills here."""
from __future__ import annotations

from ..generals import STANDARD_GENERALS
from .base import SkillBook

BOOK = SkillBook(STANDARD_GENERALS)
define = BOOK.define
trigger = BOOK.trigger
action = BOOK.action
form = BOOK.form
mod = BOOK.mod
ban = BOOK.ban
