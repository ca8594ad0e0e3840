"""Interleaved A/B of sgz commands as whole processes against an older commit.

The older commit is unpacked (``git archive``) as an installed-style package
(``sanguozhi/`` with its ``core/``, ``records/``, ``replay/``, ``cli/`` inside)
and put first on ``PYTHONPATH``; this checkout runs as installed.  Rounds run
each side in turn and take the median of each:

- ``replay``: CPU time (user + system) of ``sgz replay FILE --at N``, beside
  ``python -c pass`` and ``python -c "import duckdb"`` as anchors;
- ``sim``: wall time of ``sgz sim --games G --jobs 1`` and ``--jobs 2``, and
  the speed-up of two workers over one for each side::

    python tests/bench/ab_process.py 2d9ee83 replay --rounds 15   # the benchmarks' long game, at its middle
    python tests/bench/ab_process.py 2d9ee83 sim --games 60 --rounds 5

Not a test (pytest does not collect it): the figures of docs/performance.md,
issue 34 items 5 and 7.  Run ``python -m compileall`` on both trees first
where ``PYTHONDONTWRITEBYTECODE`` is set, or each run compiles its sources.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # tests.replay.games, when run as a script
PACKAGES = ("core", "records", "replay", "cli")


def base_tree(commit: str, into: Path) -> Path:
    """``commit``'s sources laid out as an installed ``sanguozhi`` package under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for name in PACKAGES:
        shutil.move(str(into / name), str(into / "sanguozhi" / name))
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", str(into / "sanguozhi")], check=True, stdout=subprocess.DEVNULL)
    return into


def long_record(into: Path) -> Path:
    """The replay benchmarks' record (``test_bench_replay.record_22k``: a 10-seat stalemate of 22,000 events or more)."""
    from sanguozhi.records.format import FORMAT_VERSION, Header, RecordWriter
    from tests.replay.games import long_game

    events = long_game(22_000)
    start = events[0]
    path = into / "long.jsonl"
    header = Header(sgz="record", v=FORMAT_VERSION, game="bench22k", rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options)
    with RecordWriter(path, header, flush="close") as writer:
        writer.write_all(events)
    return path


def cpu_of(cmd: list[str], env: dict[str, str]) -> float:
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise SystemExit(f"{' '.join(cmd)} failed (status {status})")
    return usage.ru_utime + usage.ru_stime


def wall_of(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - started


def replay(sides: dict[str, dict[str, str]], record: str, at: int, rounds: int) -> None:
    py = sys.executable
    runs = {"python -c pass": ([py, "-P", "-c", "pass"], sides["new"]), "import duckdb": ([py, "-P", "-c", "import duckdb"], sides["new"])}
    for side, env in sides.items():
        runs[f"{side}: sgz replay --at {at}"] = ([py, "-P", "-m", "sanguozhi", "replay", record, "--at", str(at)], env)
    spent: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (cmd, env) in runs.items():
            spent[name].append(cpu_of(cmd, env))
    for name, xs in spent.items():
        print(f"{name:32s} CPU median {statistics.median(xs) * 1e3:7.1f} ms, best {min(xs) * 1e3:7.1f} ms")
    new, base = (statistics.median(spent[f"{s}: sgz replay --at {at}"]) for s in ("new", "base"))
    print(f"new / base: {new / base:.3f}")


def sim(sides: dict[str, dict[str, str]], games: int, rounds: int) -> None:
    spent: dict[tuple[str, int], list[float]] = {(s, j): [] for s in sides for j in (1, 2)}
    for _ in range(rounds):
        for side, env in sides.items():
            for jobs in (1, 2):
                out = tempfile.mkdtemp(prefix="ab-sim-")
                try:
                    cmd = [sys.executable, "-P", "-m", "sanguozhi", "sim", "--games", str(games), "--seed", "1", "--jobs", str(jobs), "--out", out]
                    spent[(side, jobs)].append(wall_of(cmd, env))
                finally:
                    shutil.rmtree(out)
    for side in sides:
        one, two = spent[(side, 1)], spent[(side, 2)]
        ratios = sorted(a / b for a, b in zip(one, two))
        print(f"{side}: --jobs 1 {statistics.median(one):.3f} s, --jobs 2 {statistics.median(two):.3f} s: {statistics.median(one) / statistics.median(two):.2f}× (a round {ratios[0]:.2f}–{ratios[-1]:.2f}×)")


def _check_sides(sides: dict[str, dict[str, str]], base: Path) -> None:
    """Each side imports its own sanguozhi.  Every command runs with ``-P``: ``python -m``
    would otherwise put the current folder first on the path, and this checkout's
    folder holds a ``sanguozhi/`` that shadows the base's tree (both sides would run
    this checkout)."""
    for side, env in sides.items():
        where = subprocess.run([sys.executable, "-P", "-c", "import sanguozhi.core; print(sanguozhi.core.__file__)"], env=env, capture_output=True, text=True, check=True).stdout.strip()
        if (side == "base") != where.startswith(str(base.resolve())):
            raise SystemExit(f"the {side} side imports {where}: not its own tree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("base", help="the older commit")
    parser.add_argument("what", choices=("replay", "sim"))
    parser.add_argument("--record", help="replay: the record to seek in  [default: the benchmarks' long game]")
    parser.add_argument("--at", type=int, default=None, help="replay: the event to show  [default: the record's middle]")
    parser.add_argument("--games", type=int, default=60, help="sim: games a run")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = base_tree(args.base, Path(tmp))
        sides = {"base": {**os.environ, "PYTHONPATH": str(base)}, "new": dict(os.environ)}
        _check_sides(sides, base)
        if args.what == "replay":
            record = Path(args.record) if args.record else long_record(Path(tmp))
            at = args.at if args.at is not None else sum(1 for _ in record.open("rb")) // 2
            replay(sides, str(record), at, args.rounds)
        else:
            sim(sides, args.games, args.rounds)


if __name__ == "__main__":
    main()
