"""Interleaved A/B of the engine's self-play speed against an older commit, in one process.

The older commit's ``core/`` (from ``git archive``) and this checkout's are imported side
by side as two packages (the engine imports itself relatively; 天地人's and seed 000's
modes import ``sanguozhi.core`` by name, so they cannot be measured this way: alternate
whole processes for them).  Rounds alternate the order (base first, then new first), play
the same seeds with the basic bots, and are timed in CPU time; the speed-ups are medians
with min-max of base time / new time, and each mode's events/s is also given as a ratio
of the first mode's in the same round::

    python tests/bench/ab_core.py 2d9ee83 --modes identity:5,duel:2,hegemony:5 --games 40 --rounds 7

Not a test (pytest does not collect it): the figures of docs/performance.md, issue 34.
"""
from __future__ import annotations

import argparse
import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load(root: Path, name: str, core: Path) -> tuple:
    (root / name).mkdir()
    (root / name / "__init__.py").touch()
    os.symlink(core, root / name / "core")
    game, bots = importlib.import_module(f"{name}.core.game"), importlib.import_module(f"{name}.core.bots")
    return game.new_game, bots.bot_choice


def _play(side: tuple, mode: str, players: int, seeds: range) -> tuple[int, int]:
    new_game, bot_choice = side
    events = decisions = 0
    for seed in seeds:
        g = new_game(mode, players, seed)
        while not g.over:
            g.submit(bot_choice("basic", g.state, g.request))
        events += len(g.events)
        decisions += g.state.decisions
    return events, decisions


def _spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base", help="the commit to compare with")
    ap.add_argument("--modes", default="identity:5,duel:2,hegemony:5,hegemony-six:5", help="mode:players,...; the first is the anchor")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    specs = [(m, int(p)) for m, p in (s.split(":") for s in args.modes.split(","))]
    tmp = Path(tempfile.mkdtemp(prefix="sgz-ab-"))
    (tmp / "base").mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "core"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp / "base")], input=archive, check=True)
    sys.path.insert(0, str(tmp))
    sides = {"base": _load(tmp, "sgz_base", tmp / "base" / "core"), "new": _load(tmp, "sgz_new", ROOT / "core")}
    seeds = range(1000, 1000 + args.games)
    for side in sides.values():
        for mode, players in specs:
            _play(side, mode, players, range(900, 902))  # a mode's rules load on its first game
    spent: dict[tuple[str, tuple[str, int]], list[float]] = {(s, sp): [] for s in sides for sp in specs}
    counts: dict[tuple[str, tuple[str, int]], tuple[int, int]] = {}
    for r in range(args.rounds):
        for sp in specs:
            for s in ("base", "new") if r % 2 == 0 else ("new", "base"):
                started = time.process_time()
                counts[(s, sp)] = _play(sides[s], *sp, seeds)
                spent[(s, sp)].append(time.process_time() - started)
    anchor = specs[0]
    for sp in specs:
        b, n = spent[("base", sp)], spent[("new", sp)]
        events, decisions = counts[("new", sp)]
        same = counts[("base", sp)] == counts[("new", sp)]
        print(f"{sp[0]}:{sp[1]}  speed-up {_spread([x / y for x, y in zip(b, n)])}  events/s base {events / statistics.median(b):,.0f}"
              f" new {events / statistics.median(n):,.0f}  ({events} events, {decisions} decisions; the same in both: {same})")
    for sp in specs[1:]:
        for s in sides:
            e, e0 = counts[(s, sp)][0], counts[(s, anchor)][0]
            ratio = [(e / x) / (e0 / y) for x, y in zip(spent[(s, sp)], spent[(s, anchor)])]
            print(f"  {sp[0]}:{sp[1]} events/s over {anchor[0]}:{anchor[1]}'s [{s}]: {_spread(ratio)}")


if __name__ == "__main__":
    main()
