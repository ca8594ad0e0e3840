"""`sgz arena`: bots against each other over mirrored deals, recorded and rated."""
from __future__ import annotations

import time
from typing import Any

import click

from .common import OPTION_HELP, checked_mode, checked_seed, fail, format_option, out_folder, output_format, parse_options, print_json, usage


@click.command(epilog="Example: sgz arena --bots basic,random --mode identity --mode duel --deals 50 --out arena")
@click.option("--bots", required=True, help="Two or more bots, comma separated (basic, random, search, a plug-in's name or module:callable).")
@click.option("--mode", "modes", multiple=True, metavar="MODE", help="A mode to play (repeat for several).  [default: identity]")
@click.option("--players", "-n", default=None, type=int, help="Number of seats (with one --mode).  [default: each mode's usual table]")
@click.option("--deals", "-k", default=20, show_default=True, type=click.IntRange(min=1), help="Seeded deals per mode; each is played once per rotation of the bots' seats (so DEALS x bots games a mode).")
@click.option("--seed", "-s", default=1, show_default=True, type=int, help="Seed of the first deal (deal i uses seed+i).")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@click.option("--out", "out", required=True, type=click.Path(), metavar="DIR", help="The folder the records go to (one *.jsonl file a game, as sgz sim writes them; made if missing).")
@format_option("text", "json", default="text", what="the ratings")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Games played at once (worker processes; with --executor ray, the CPUs of a Ray started here).  [default: all cores]")
@click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True, help="Where the games run: processes here, or Ray tasks (pip install 'sanguozhi[ray]'). --out must be a folder every node sees.")
def arena(bots: str, modes: tuple[str, ...], players: int | None, deals: int, seed: int, options: tuple[str, ...], out: str, fmt: str, as_json: bool, jobs: int | None, executor: str) -> None:
    """Play the bots against each other and rate them.

    Every deal (a seed) is played once per rotation of the seats: rotation r
    seats bot (s + r) mod B at seat s, so on the same cards every bot sits
    at every seat, and holds every role or side, equally often.  Every game
    is recorded in OUT as `sgz sim` records it (validate, replay or archive
    them; `sgz stats --by bot` reads them back).  The bots are rated with
    openskill (each side a team; mu and its uncertainty sigma, sorted by
    mu - 3 sigma), with head-to-head win rates and 95% intervals.
    """
    from sanguozhi.records.arena import Table, balance, play
    from sanguozhi.records.simulate import SimError
    from sanguozhi.records.workers import WorkersError, default_jobs

    from .progress import Progress

    names = _bots(bots)
    try:
        import openskill  # noqa: F401
    except ImportError:
        fail("sgz arena rates bots with openskill: pip install 'sanguozhi[rl]'")
    if players is not None and len(modes) > 1:
        usage("--players goes with one --mode (each mode of several plays its usual table)")
    tables = [Table(*checked_mode(m, players)) for m in (modes or ("identity",))]
    if len({t.mode for t in tables}) != len(tables):
        usage("--mode: each mode once")
    checked_seed(seed, deals)
    as_json = output_format(fmt, as_json) == "json"
    folder = out_folder(out)
    opts = parse_options(options)
    total = deals * len(names) * len(tables)
    jobs = min(jobs or default_jobs(), total)
    started = time.perf_counter()
    with Progress(total, "arena", unit="games") as bar:
        try:
            games = play(str(folder), tables, names, deals, seed, opts, jobs=jobs, executor=executor, done=bar.advance)
        except SimError as exc:
            usage(str(exc))
        except WorkersError as exc:
            fail(str(exc))
    elapsed = time.perf_counter() - started
    report = _report(games, names, tables, deals, seed, str(folder), balance(games), elapsed)
    if as_json:
        print_json(report)
    else:
        _print(report)


def _bots(spec: str) -> list[str]:
    from sanguozhi.core.bots import BotError, load

    names = [b.strip() for b in spec.split(",")]
    if len(names) < 2 or any(not b for b in names):
        usage(f"--bots {spec}: name two or more bots, comma separated")
    if len(set(names)) != len(names):
        usage(f"--bots {spec}: each bot once (the arena seats them itself)")
    for name in names:
        try:
            load(name)
        except BotError as exc:
            usage(f"--bots: {exc}")
    return names


def _report(games: list, names: list[str], tables: list, deals: int, seed: int, folder: str, seats: dict, elapsed: float) -> dict[str, Any]:
    from sanguozhi.records.ratings import Played, head_to_head, rate, seat_wins

    played = [Played(g.bots, g.outcome.sides, g.outcome.winners) for g in games]

    def figures(subset: list[Played]) -> dict[str, Any]:
        return {
            "ratings": [{"bot": r.bot, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal, 3), "games": r.games} for r in rate(subset, names)],
            "win_rate": {b: _rounded(v) for b, v in seat_wins(subset, names).items()},
            "head_to_head": [_rounded(msgspec_dict(h)) for h in head_to_head(subset, names)],
        }

    per_mode = {t.mode: figures([p for p, g in zip(played, games) if g.mode == t.mode]) for t in tables}
    return {
        "bots": names,
        "modes": {t.mode: t.players for t in tables},
        "deals": deals,
        "seeds": [seed, seed + deals - 1],
        "games": len(games),
        "already_recorded": sum(g.outcome.skipped for g in games),
        "draws": sum(not g.outcome.winners for g in games),
        "out": folder,
        **figures(played),
        "seats_by_role": seats,
        "per_mode": per_mode,
        "seconds": round(elapsed, 2),
    }


def msgspec_dict(s: Any) -> dict[str, Any]:
    import msgspec

    return msgspec.structs.asdict(s)


def _rounded(d: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in d.items()}


def _print(r: dict[str, Any]) -> None:
    tables = ", ".join(f"{m} ({p} players)" for m, p in r["modes"].items())
    skipped = f", {r['already_recorded']} already there" if r["already_recorded"] else ""
    click.echo(f"{r['games']} games: {r['deals']} deals (seeds {r['seeds'][0]}-{r['seeds'][1]}) x {len(r['bots'])} seat rotations of {tables}; records in {r['out']}{skipped}")
    click.echo(f"draws (no winner): {r['draws']}; {r['seconds']:.1f}s")
    click.echo("ratings (openskill, each side a team; mu ± sigma, sorted by mu - 3 sigma):")
    width = max(len(b) for b in r["bots"])
    for x in r["ratings"]:
        w = r["win_rate"][x["bot"]]
        rate = f"seats won {w['win_rate']:6.1%} [{w['ci_low']:.1%}, {w['ci_high']:.1%}]" if w["seats"] else ""
        click.echo(f"  {x['bot']:<{width}}  mu {x['mu']:6.2f} ± {x['sigma']:5.2f}  (mu - 3 sigma {x['ordinal']:6.2f})  {rate}")
    click.echo("head to head (games where one bot's seats won a larger share than the other's; 95% interval):")
    for h in r["head_to_head"]:
        if h["bot"] > h["opponent"] and len(r["bots"]) == 2:
            continue  # two bots: one line says both
        if h["win_rate"] is None:
            click.echo(f"  {h['bot']:<{width}} vs {h['opponent']:<{width}}  no game decided between them ({h['ties']} ties)")
            continue
        click.echo(f"  {h['bot']:<{width}} vs {h['opponent']:<{width}}  {h['wins']:>4}-{h['losses']:<4} ({h['ties']} ties)  {h['win_rate']:6.1%} [{h['ci_low']:.1%}, {h['ci_high']:.1%}]")
    click.echo("seats held, by role or side at the end:")
    for mode, per in r["seats_by_role"].items():
        roles = sorted({role for c in per.values() for role in c})
        click.echo(f"  {_shown('mode', mode, mode)}: " + "; ".join(f"{b} " + ", ".join(f"{_shown('role', role, mode)} {per[b].get(role, 0)}" for role in roles) for b in r["bots"] if b in per))


def _shown(kind: str, value: str, mode: str) -> str:
    """A role, side or mode as the reader knows it (a side of hegemony is a kingdom)."""
    from .names import name

    shown = name(kind, value, "en", mode)
    return name("kingdom", value, "en", mode) if shown == value and kind == "role" else shown
