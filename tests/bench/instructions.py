"""Instructions an event of bot self-play, by mode: a measure other loads on the machine do not move.

Wall and CPU times on a shared 2-core machine move by a third between runs;
the count of instructions a game takes moves by well under 1%.  Each mode
plays seeds 1000–1009 (basic bots) after two warm-up games, under valgrind's
callgrind with ``PYTHONHASHSEED=0``; the warm-up alone is counted too and
taken off, so imports and first-game set-up are left out.  Identity at 5 seats
is the anchor: a mode's ratio is identity's instructions an event over its own
(the brief's "events/s against identity's")::

    python tests/bench/instructions.py                      # every mode at its smallest table
    python tests/bench/instructions.py duel:2 hegemony:5    # these only (identity:5 is always measured)
    python tests/bench/instructions.py --tree /tmp/base duel:2   # an older tree first on PYTHONPATH

``--tree`` is a folder holding an installed-style ``sanguozhi`` package (as
``tests/bench/ab_process.py`` lays out a commit).  Needs valgrind
(``apt-get install -y valgrind``); each mode takes a minute or two.  Not a
test (pytest does not collect it): the figures of docs/performance.md.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEEDS, WARMUP = (1000, 1010), (900, 902)
ANCHOR = "identity:5"


def _program(mode: str, seats: int, seeds: tuple[int, int] | None) -> str:
    play = f"self_play(range(*{WARMUP}), {seats}, 'basic', {mode!r})"
    if seeds is not None:
        play += f"; print(self_play(range(*{seeds}), {seats}, 'basic', {mode!r})[1])"
    # sanguozhi first (from --tree when given: ``-P`` keeps this checkout's folder, which
    # holds a sanguozhi/ too, off the front of the path), then this checkout's tests.
    return f"import sys, sanguozhi.core; sys.path.append({str(ROOT)!r}); print(sanguozhi.core.__file__); from tests.bench.test_bench_core import self_play; {play}"


def _count(code: str, env: dict[str, str]) -> tuple[int, str]:
    """(instructions, stdout) of ``python -c code`` under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P", "-c", code], env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count: {out.stderr.strip().splitlines()[-1:]}")
    return int(found[1]), out.stdout


def per_event(spec: str, env: dict[str, str]) -> tuple[int, int]:
    """(instructions, events) of ``spec``'s ten games, the warm-up taken off."""
    mode, _, seats = spec.partition(":")
    total, printed = _count(_program(mode, int(seats), SEEDS), env)
    warmup, _ = _count(_program(mode, int(seats), None), env)
    words = printed.split()
    where, events = words[0], words[-1]
    tree = env.get("PYTHONPATH")
    if tree and not where.startswith(str(Path(tree).resolve())):
        raise SystemExit(f"the games ran {where}, not the tree {tree}")
    return total - warmup, int(events)


def main() -> None:
    from sanguozhi.core.modes import playable_modes, ruleset_of

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("modes", nargs="*", help="MODE:SEATS  [default: every mode at its smallest table]")
    parser.add_argument("--tree", help="a folder with an installed-style sanguozhi package, put first on PYTHONPATH")
    args = parser.parse_args()
    specs = args.modes or [f"{m}:{min(ruleset_of(m).players)}" for m in playable_modes() if m != "demo"]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if args.tree:
        env["PYTHONPATH"] = args.tree
    anchor = None
    for spec in [ANCHOR, *(s for s in specs if s != ANCHOR)]:
        instructions, events = per_event(spec, env)
        each = instructions / events
        anchor = anchor or each
        print(f"{spec:24s} {instructions / 1e6:8.0f} M instructions {events:7d} events {each:8.0f} an event   {anchor / each:.2f}× identity's events/s", flush=True)


if __name__ == "__main__":
    main()
