"""天地人's own events told in prose, and 勾玉 on the table."""
from __future__ import annotations

import pytest

from sanguozhi.core.modes.tiandiren.events import EndgameStarted, GouyuChanged
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.table import render

from .table import table


@pytest.mark.parametrize(
    ("event", "zh", "en"),
    [
        (GouyuChanged(seat=2, n=3, reason="reveal"), "2号位获得3枚勾玉（第3名亮将）", "seat 2 gains 3 gouyu (the 3rd to earn an identity)"),
        (GouyuChanged(seat=1, n=3, reason="kill"), "1号位获得3枚勾玉（击杀反贼）", "seat 1 gains 3 gouyu (killing a rebel)"),
        (GouyuChanged(seat=1, n=2, reason="chubao_anliang"), "1号位获得2枚勾玉（除暴安良）", "seat 1 gains 2 gouyu (Quell the Lawless)"),
        (GouyuChanged(seat=0, n=-2, reason="duihuan"), "0号位兑换2枚勾玉", "seat 0 cashes in 2 gouyu"),
    ],
)
def test_gouyu_are_told(event: GouyuChanged, zh: str, en: str) -> None:
    for seat in (None, 0, 3):
        assert Narrator("zh", seat, mode="tiandiren").line(event) == zh
        assert Narrator("en", seat, mode="tiandiren").line(event) == en


def test_the_endgame_is_told() -> None:
    e = EndgameStarted(deaths=2)
    assert Narrator("zh", 1, mode="tiandiren").line(e).startswith("终局：")
    assert "2 have died" in Narrator("en", 1, mode="tiandiren").line(e)


def test_the_table_shows_gouyu() -> None:
    t = table(4, gouyu={2: 3})

    def row(seat: int, lang: str, viewer: int) -> str:
        return next(ln for ln in render(t.state, viewer, lang).splitlines() if ln[1:].startswith((f"{seat}号位 ", f"{seat} ")))

    assert row(2, "zh", 0).endswith("勾玉 3") and row(2, "en", 1).endswith("gouyu 3")
    assert "勾玉" not in row(1, "zh", 0)  # none: nothing shown
