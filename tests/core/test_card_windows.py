"""Seed 000's card-use windows ("卡牌使用順序"), all seventeen, opened in the seed's order.

"選擇使用牌時>即將使用牌時>即將使用牌選擇目標時>使用牌選擇目標時>即將使用牌指定目標時>使用牌指定目標時>
使用牌時>成為牌的目標時>使用牌指定目標後>成為牌的目標後>響應牌時（打出牌時）>牌被響應時>牌被響應後>
結算效果時，使用牌後>牌因結算/使用進入棄牌堆時>牌進入棄牌堆後"

A test mode hangs a probe on every window (a hook of no skill, so always in play)
and a 杀 answered by a 闪 passes them all.
"""
from __future__ import annotations

from typing import Any

from sanguozhi.core import events as ev
from sanguozhi.core.content import Pack
from sanguozhi.core.modes import RULESETS, register
from sanguozhi.core.modes.identity import Identity
from sanguozhi.core.windows import CARD_WINDOWS, Hook
from tests.scenario import Table

MODE = "identity-window-probes"
PROBES = Pack("test-window-probes", "测试时机探针", "Test window probes")


def _nothing(engine: Any, seat: int, ctx: Any):
    return
    yield  # pragma: no cover


for _w, _ in CARD_WINDOWS:
    PROBES.hook(Hook(_w, f"probe:{_w}", _nothing, lambda st, seat: seat == 0), owner=f"probe:{_w}")


class Probed(Identity):
    id = MODE
    playable = False  # a test's instrument, not a mode to play

    def packs(self, options: dict[str, Any]) -> tuple[Pack, ...]:
        return (*super().packs(options), PROBES)


if MODE not in RULESETS:
    register(Probed())


def windows_passed(rules: str = "") -> list[str]:
    t = Table(4, mode=MODE, hands={0: ["slash"], 1: ["dodge"]}, pile=["dodge"] * 8)
    if rules:
        t.restart(rules=rules)
    since = len(t.events)
    t.use("slash", 1)
    t.use("dodge")
    return [e.w for e in t.of_type(ev.Triggered, since)]


def test_a_card_use_opens_all_seventeen_windows_in_the_seeds_order() -> None:
    assert windows_passed() == [w for w, _ in CARD_WINDOWS]


def test_sgz_rules_1_records_keep_the_windows_they_opened() -> None:
    assert windows_passed("sgz-rules/1") == [
        "card_using", "target_specifying", "target_confirming", "target_specified", "target_confirmed",
        "card_responding", "card_responded", "card_used",
    ]  # fmt: skip


def test_an_empty_window_costs_no_generator() -> None:
    t = Table(4, hands={0: ["slash"]})
    assert t.game.engine.window("card_choosing", None) == ()
