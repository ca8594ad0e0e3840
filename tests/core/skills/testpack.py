"""A content pack of test-only skills and generals, and the identity ruleset
that installs it (``identity+test``): how a pack plugs into a game."""
from __future__ import annotations

from sanguozhi.core.content import Pack
from sanguozhi.core.generals import General, register
from sanguozhi.core.modes import RULESETS, register as register_mode
from sanguozhi.core.modes.identity import Identity
from sanguozhi.core.skills import SkillBook

TEST = Pack("test", "测试", "Test")
BOOK = SkillBook(TEST)


class IdentityWithTestPack(Identity):
    id = "identity+test"

    def packs(self, options: dict) -> tuple[Pack, ...]:
        return (*super().packs(options), TEST)


def add_general(general: General) -> General:
    """Print a test general (once per process)."""
    if general.id not in TEST.generals:
        register(general, TEST)
    return general


if IdentityWithTestPack.id not in RULESETS:
    register_mode(IdentityWithTestPack())
