"""`sgz sim`: bot games, each recorded, with a summary."""
from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import click

from .common import OPTION_HELP, checked_mode, checked_seed, fail, format_option, out_folder, output_format, parse_bots, parse_options, print_json, recorded_bots, usage


@click.command(epilog="Example: sgz sim --players 5 --games 100 --seed 1 --out games -o deck=basic")
@click.option("--mode", default=None, help="Game mode (the table of modes: README, docs/modes/index.md).  [default: identity]")
@click.option("--players", "-n", default=None, type=int, help="Number of seats.  [default: 5, or the mode's smallest table]")
@click.option("--games", "-k", default=1, show_default=True, type=click.IntRange(min=1), help="How many games.")
@click.option("--seed", "-s", default=None, type=int, help="Seed of the first game (game i uses seed+i).  [default: 1]")
@click.option("--bots", default=None, help="Bot for every seat (basic, random, search, a plug-in's name or module:callable), or a comma list by seat.  [default: basic; with --from, the record's bots]")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@click.option("--out", "out", required=True, type=click.Path(), metavar="DIR", help="The folder the records go to (one *.jsonl file a game; made if missing).")
@format_option("text", "json", default="text", what="the summary")
@click.option("--from", "from_", type=click.Path(dir_okay=False), default=None, help="Continue the game in this record file (a fork, or an unfinished game) instead of starting new ones.")
@click.option("--reseed", type=int, default=None, help="With --from: a new random future from that position (game i reseeds S+i).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Games played at once (worker processes; with --executor ray, the CPUs of a Ray started here).  [default: all cores]")
@click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True, help="Where the games run: processes here, or Ray tasks (pip install 'sanguozhi[ray]'; the cluster of $RAY_ADDRESS, else a Ray started here). --out must be a folder every node sees.")
def sim(mode: str | None, players: int | None, games: int, seed: int | None, bots: str | None, options: tuple[str, ...], out: str, fmt: str, as_json: bool, from_: str | None, reseed: int | None, jobs: int | None, executor: str) -> None:
    """Run K bot games, write one record per game into the folder OUT, print a summary.

    The games run on all cores (--jobs); each record is the same, byte for
    byte, whatever --jobs or --executor: game i depends only on the seed.

    With --from FILE the games continue FILE's game from its last event: a
    decision pending there is offered again.  Without --reseed the
    continuation keeps FILE's random stream (the parent's bots then play the
    parent's game again, event for event); --reseed S gives a new future.
    The new records keep FILE's parent and fork point in their headers.
    """
    from sanguozhi.records.simulate import Run, SimError, check, run_games
    from sanguozhi.records.workers import WorkersError, default_jobs

    from .progress import Progress

    as_json = output_format(fmt, as_json) == "json"
    folder = out_folder(out)
    started = time.perf_counter()
    if from_ is not None:
        if mode is not None or players is not None or seed is not None or options:
            usage("--mode, --players, --seed and --option come from the record with --from")
        if games > 1 and reseed is None:
            usage("--games K with --from needs --reseed S (without it every continuation is the same game)")
        if reseed is not None:
            checked_seed(reseed, games, "--reseed")
        from .common import load

        h = load(from_).header
        mode, players = h.mode, h.players
        if bots is None:
            seats = recorded_bots({s: h.bots.get(str(s), "basic") for s in range(h.players)})
            bots = ",".join(seats[s] for s in range(h.players))
        else:
            seats = parse_bots(bots, h.players)
        run = Run(str(folder), mode, players, seats, source=from_, reseed=reseed)
    else:
        if reseed is not None:
            usage("--reseed goes with --from")
        mode, players = checked_mode(mode, players)  # before a list of seats is built
        seed, bots = checked_seed(1 if seed is None else seed, games), bots or "basic"
        run = Run(str(folder), mode, players, parse_bots(bots, players), parse_options(options), seed)
        try:
            check(run)  # here, before any worker starts: a bad option is a usage error
        except SimError as exc:
            usage(str(exc))
    jobs = min(jobs or default_jobs(), games)
    with Progress(games, "sim", unit="games") as bar:
        try:
            outcomes = run_games(run, games, jobs=jobs, executor=executor, done=bar.advance)
        except (SimError, WorkersError) as exc:
            fail(str(exc))
    elapsed = time.perf_counter() - started
    _summarise(outcomes, elapsed, as_json, from_, mode, players, bots, folder)


def _summarise(outcomes: list, elapsed: float, as_json: bool, from_: str | None, mode: str, players: int, bots: str, folder: Path) -> None:
    games = len(outcomes)
    wins: Counter[str] = Counter()
    roles_seen: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns = decisions = events = skipped = 0
    for o in outcomes:
        turns += o.turns
        decisions += o.decisions
        events += o.events
        skipped += o.skipped
        reasons[o.end_reason.split(":")[0]] += 1
        for seat, side in enumerate(o.roles):
            # A side of one seat or a few ("careerist:3", "alliance:0-1") is counted with its kind.
            role = side.partition(":")[0]
            roles_seen[role] += 1
            if seat in o.winners:
                wins[role] += 1
    draws = sum(1 for o in outcomes if not o.winners)  # a game that ended with no winner (逐鹿天下: nobody survived)
    summary = {
        "games": games,
        "already_recorded": skipped,
        "out": str(folder),
        "win_rate_by_role": {r: round(wins[r] / roles_seen[r], 4) for r in sorted(roles_seen)},
        "wins_by_role": {r: wins[r] for r in sorted(roles_seen)},
        "end_reasons": dict(reasons),
        "draws": draws,
        "mean_turns": round(turns / games, 2),
        "decisions_per_s": round(decisions / elapsed) if decisions else None,
    }
    written = [o.path for o in outcomes]
    if from_ is not None:
        summary["from"] = from_
        summary["records"] = written
    if as_json:
        print_json(summary)
        return
    what = f"continuation(s) of {from_}" if from_ else f"game(s) of {mode}"
    click.echo(f"{games} {what}, {players} players, bots {bots}; records in {folder}" + (f" ({skipped} already there)" if skipped else ""))
    click.echo("wins by role (seats of that role on the winning side / seats of that role):")
    for r in sorted(roles_seen):
        click.echo(f"  {r:<9} {wins[r]:>6} / {roles_seen[r]:<6} {wins[r] / roles_seen[r]:6.1%}")
    from sanguozhi.replay.words import ENDINGS, word

    click.echo("how the games ended: " + "; ".join(f"{word(ENDINGS, r, 'en')}: {n}" for r, n in sorted(reasons.items())))
    click.echo(f"draws (no winner): {draws}; mean turns: {turns / games:.1f}")
    if from_ is not None:
        click.echo("records: " + ", ".join(written))
    if decisions:
        click.echo(f"{decisions} decisions, {events} events in {elapsed:.2f}s ({decisions / elapsed:,.0f} decisions/s)")
