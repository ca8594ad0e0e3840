"""Replay page: the time to build a page and its size, for an 8-seat game of ~2,000 events.

Run with:  python -m pytest tests/bench/test_bench_page.py --benchmark-enable -n 0 -s
The anchor is folding the same events once (``core.evolve.fold``), measured
in the same run: a page folds once too, then makes a view per seat and the
review at every event, diffs it against the one before and narrates the event
twice per view.  ``extra_info`` has the page's size in bytes and the ratio.
"""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.evolve import fold
from sanguozhi.replay import html
from sanguozhi.replay.page import KEYFRAME, PageBuilder
from tests.replay.games import bot_game

SEED = 15  # 8 seats, basic bots: 2,064 events at the time of writing


@pytest.fixture(scope="module")
def events() -> list[ev.Event]:
    return bot_game(8, SEED, max_turns=400)


def _page(events: list[ev.Event]) -> str:
    builder = PageBuilder(events[0], [None, *range(8)]).feed_all(events[1:])
    game = {"id": "bench" * 4, "mode": "identity", "players": 8, "seed": SEED, "bots": {}, "parent": None, "fork_at": None, "file": ""}
    return html.render(builder.data(game))


def test_bench_fold_anchor(benchmark, events) -> None:
    benchmark(fold, events)


def test_bench_page(benchmark, events) -> None:
    page = benchmark.pedantic(_page, args=(events,), rounds=3, iterations=1)
    size = len(page.encode())
    benchmark.extra_info.update(events=len(events), views=9, keyframe=KEYFRAME, bytes=size)
    assert size < 3_000_000  # "a few MB at most": docs/playing.md states the measured size
