"""`sgz sim`: bot games, each recorded, with a summary."""
from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import click

from .common import fail, parse_bots, parse_options


@click.command()
@click.option("--mode", default="identity", show_default=True, help="Game mode id.")
@click.option("--players", "-n", default=5, show_default=True, type=int, help="Number of seats.")
@click.option("--games", "-k", default=1, show_default=True, type=click.IntRange(min=1), help="How many games.")
@click.option("--seed", "-s", default=1, show_default=True, type=int, help="Seed of the first game (game i uses seed+i).")
@click.option("--bots", default="basic", show_default=True, help="Bot for every seat, or a comma list by seat.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Mode option (repeatable), e.g. deck=basic.")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False), help="Folder for the records (*.jsonl).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def sim(mode: str, players: int, games: int, seed: int, bots: str, options: tuple[str, ...], out: str, as_json: bool) -> None:
    """Run K bot games, write one record per game into OUT, print a summary."""
    from core.modes import ModeError
    from records import RecordError, read_record
    from records.session import run_bots, sim_game_id, start_recorded

    opts = parse_options(options)
    seats = parse_bots(bots, players)
    folder = Path(out)
    wins: Counter[str] = Counter()
    roles_seen: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns = decisions = events = skipped = 0
    started = time.perf_counter()
    for k in range(games):
        game_seed = seed + k
        try:
            from core.modes import mode_of

            full_opts = mode_of(mode).check(players, opts)
        except ModeError as exc:
            fail(str(exc))
        gid = sim_game_id(mode, players, game_seed, full_opts, {str(s): b for s, b in seats.items()})
        path = folder / f"{mode}-{players}p-s{game_seed}-{gid[:8]}.jsonl"
        if path.exists():
            # The same id means the same game: keep the record that is there.
            try:
                rec = read_record(path)
            except RecordError as exc:
                fail(f"{path} exists and is damaged ({exc}); move it away first")
            state = _final(rec.events)
            skipped += 1
        else:
            game, writer = start_recorded(path, mode, players, game_seed, opts, seats, game_id=gid)
            with writer:
                run_bots(game, seats)
            state = game.state
            decisions += state.decisions
            events += len(game.events)
        turns += state.turn
        reasons[state.end_reason.split(":")[0]] += 1
        for p in state.players:
            roles_seen[p.role] += 1
            if p.seat in state.winners:
                wins[p.role] += 1
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
    if as_json:
        import msgspec

        click.echo(msgspec.json.format(msgspec.json.encode(summary)).decode())
        return
    click.echo(f"{games} game(s) of {mode}, {players} players, bots {bots}; records in {folder}" + (f" ({skipped} already there)" if skipped else ""))
    click.echo("wins by role (seats of that role on the winning side / seats of that role):")
    for r in sorted(roles_seen):
        click.echo(f"  {r:<9} {wins[r]:>6} / {roles_seen[r]:<6} {wins[r] / roles_seen[r]:6.1%}")
    click.echo("game ends: " + ", ".join(f"{r} {n}" for r, n in sorted(reasons.items())))
    click.echo(f"draws (no winner): {draws}; mean turns: {turns / games:.1f}")
    if decisions:
        click.echo(f"{decisions} decisions, {events} events in {elapsed:.2f}s ({decisions / elapsed:,.0f} decisions/s)")


def _final(events):  # -> State
    from core.evolve import fold

    return fold(events)
