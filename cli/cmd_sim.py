"""`sgz sim`: bot games, each recorded, with a summary."""
from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import click

from .common import OPTION_HELP, default_players, fail, format_option, out_folder, output_format, parse_bots, parse_options, print_json, usage


@click.command(epilog="Example: sgz sim --players 5 --games 100 --seed 1 --out games -o deck=basic")
@click.option("--mode", default=None, help="Game mode (see the README's table of modes).  [default: identity]")
@click.option("--players", "-n", default=None, type=int, help="Number of seats.  [default: 5, or the mode's smallest table]")
@click.option("--games", "-k", default=1, show_default=True, type=click.IntRange(min=1), help="How many games.")
@click.option("--seed", "-s", default=None, type=int, help="Seed of the first game (game i uses seed+i).  [default: 1]")
@click.option("--bots", default=None, help="Bot for every seat (basic, random), or a comma list by seat.  [default: basic; with --from, the record's bots]")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@click.option("--out", "out", required=True, type=click.Path(), metavar="DIR", help="The folder the records go to (one *.jsonl file a game; made if missing).")
@format_option("text", "json", default="text", what="the summary")
@click.option("--from", "from_", type=click.Path(dir_okay=False), default=None, help="Continue the game in this record file (a fork, or an unfinished game) instead of starting new ones.")
@click.option("--reseed", type=int, default=None, help="With --from: a new random future from that position (game i reseeds S+i).")
def sim(mode: str | None, players: int | None, games: int, seed: int | None, bots: str | None, options: tuple[str, ...], out: str, fmt: str, as_json: bool, from_: str | None, reseed: int | None) -> None:
    """Run K bot games, write one record per game into the folder OUT, print a summary.

    With --from FILE the games continue FILE's game from its last event: a
    decision pending there is offered again.  Without --reseed the
    continuation keeps FILE's random stream (the parent's bots then play the
    parent's game again, event for event); --reseed S gives a new future.
    The new records keep FILE's parent and fork point in their headers.
    """
    from core.modes import ModeError
    from records.session import run_bots, sim_game_id, start_recorded

    as_json = output_format(fmt, as_json) == "json"
    folder = out_folder(out)
    finals: list = []  # the final State of every game
    decisions = events = skipped = 0
    written: list[str] = []
    started = time.perf_counter()
    if from_ is not None:
        if mode is not None or players is not None or seed is not None or options:
            usage("--mode, --players, --seed and --option come from the record with --from")
        if games > 1 and reseed is None:
            usage("--games K with --from needs --reseed S (without it every continuation is the same game)")
        finals, decisions, events, skipped, mode, players, bots, written = _continue(from_, games, bots, reseed, folder)
    else:
        if reseed is not None:
            usage("--reseed goes with --from")
        mode = mode or "identity"
        players, seed, bots = default_players(mode) if players is None else players, 1 if seed is None else seed, bots or "basic"
        opts = parse_options(options)
        seats = parse_bots(bots, players)
        for k in range(games):
            game_seed = seed + k
            try:
                from core.modes import ruleset_of

                full_opts = ruleset_of(mode).check(players, opts)
            except ModeError as exc:
                usage(str(exc))
            gid = sim_game_id(mode, players, game_seed, full_opts, {str(s): b for s, b in seats.items()})
            path = folder / f"{mode}-{players}p-s{game_seed}-{gid[:8]}.jsonl"
            if path.exists():
                # The same id means the same game: keep the record that is there.
                finals.append(_final_of_existing(path))
                skipped += 1
            else:
                game, writer = start_recorded(path, mode, players, game_seed, opts, seats, game_id=gid, atomic=True)
                with writer:
                    run_bots(game, seats)
                finals.append(game.state)
                decisions += game.state.decisions
                events += len(game.events)
    wins: Counter[str] = Counter()
    roles_seen: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns = 0
    for state in finals:
        turns += state.turn
        reasons[state.end_reason.split(":")[0]] += 1
        for s in state.seats:
            role = s.role or state.rs.side(state, s.seat)  # a mode without roles: its sides
            roles_seen[role] += 1
            if s.seat in state.winners:
                wins[role] += 1
    elapsed = time.perf_counter() - started
    draws = sum(n for r, n in reasons.items() if r in ("turn_limit", "no_cards_left"))
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
    from replay.words import ENDINGS, word

    click.echo("how the games ended: " + "; ".join(f"{word(ENDINGS, r, 'en')}: {n}" for r, n in sorted(reasons.items())))
    click.echo(f"draws (no winner): {draws}; mean turns: {turns / games:.1f}")
    if from_ is not None:
        click.echo("records: " + ", ".join(written))
    if decisions:
        click.echo(f"{decisions} decisions, {events} events in {elapsed:.2f}s ({decisions / elapsed:,.0f} decisions/s)")


def _continue(from_: str, games: int, bots: str | None, reseed: int | None, folder: Path):
    """Continue the record ``from_`` ``games`` times into ``folder``."""
    from records.session import run_bots
    from replay.fork import ForkError, derived_id, start_continuation

    from .common import load

    record = load(from_)
    h = record.header
    if bots is None:
        seats = {s: h.bots.get(str(s), "basic") for s in range(h.players)}
        bots = ",".join(seats[s] for s in range(h.players))
    else:
        seats = parse_bots(bots, h.players)
    finals = []
    written: list[str] = []
    decisions = events = skipped = 0
    for k in range(games):
        new_seed = None if reseed is None else reseed + k
        gid = derived_id("continue", h.game, len(record.events), new_seed, sorted(seats.items()))
        tag = "" if new_seed is None else f"-r{new_seed}"
        path = folder / f"{Path(from_).stem}-cont{tag}-{gid[:8]}.jsonl"
        written.append(str(path))
        if path.exists():
            finals.append(_final_of_existing(path))
            skipped += 1
            continue
        try:
            game, writer = start_continuation(path, record, game=gid, bots=seats, reseed=new_seed, atomic=True)
        except ForkError as exc:
            fail(str(exc))
        before = game.state.decisions
        with writer:
            run_bots(game, seats)
        finals.append(game.state)
        decisions += game.state.decisions - before
        events += len(game.events) - len(record.events)
    return finals, decisions, events, skipped, h.mode, h.players, bots, written


def _final_of_existing(path: Path):  # -> State
    """The final state of a whole record already in the output folder (a rerun keeps it)."""
    from core.evolve import fold
    from records.check import check

    c = check(path, execute=False, complete=True)
    if c.error is not None:
        # Records are named only when whole (RecordWriter atomic); this one
        # was cut (by an sgz from before that) or changed since.
        fail(f"{path} exists but is not a whole record ({c.error}); move it away first")
    return fold(c.events)
