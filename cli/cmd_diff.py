"""`sgz diff`: compare two recorded games."""
from __future__ import annotations

import click

from .common import load


@click.command()
@click.argument("a", type=click.Path(dir_okay=False))
@click.argument("b", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="The comparison as JSON (identical, common_prefix, first_difference, at_difference, at_end).")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
def diff(a: str, b: str, as_json: bool, lang: str) -> None:
    """Compare the games in records A and B.

    Prints the length of the common prefix of the event streams, the first
    event where they differ (both sides), and the differences of state just
    after it and at the end (hp, zones, roles, winner).  Headers are not
    compared: a fork continued on its parent's random stream is identical
    to its parent.  Exit status 0 either way (1 only for bad input).
    """
    from replay.diff import diff as compare
    from replay.narrate import Narrator

    ra, rb = load(a), load(b)
    result = compare(ra.events, rb.events)
    ha, hb = ra.header, rb.header
    result["a"] = {"path": a, "game": ha.game, "parent": ha.parent, "fork_at": ha.fork_at}
    result["b"] = {"path": b, "game": hb.game, "parent": hb.parent, "fork_at": hb.fork_at}
    result["relation"] = _relation(ha, hb)
    if as_json:
        import msgspec

        click.echo(msgspec.json.format(msgspec.json.encode(result)).decode())
        return
    na, nb = result["events"]
    click.echo(f"A: {a} (game {ha.game}, {na} events)")
    click.echo(f"B: {b} (game {hb.game}, {nb} events)")
    if result["relation"]:
        click.echo(result["relation"])
    p = result["common_prefix"]
    if result["identical"]:
        click.echo(f"identical: the same {p} events" + ("" if ha.game == hb.game else " (headers aside)"))
        return
    click.echo(f"common prefix: {p} events" + (f" (events 0-{p - 1})" if p else ""))
    narrator = Narrator(lang)
    click.echo(f"first difference at event {p}:")
    for side, events in (("A", ra.events), ("B", rb.events)):
        if p < len(events):
            text = narrator.line(events[p]) or _raw(events[p])
            click.echo(f"  {side}: {text}")
        else:
            click.echo(f"  {side}: (the record ends)")
    for title, rows in ((f"state after event {p}:", result["at_difference"]), ("at the end:", result["at_end"])):
        click.echo(title)
        if not rows:
            click.echo("  (no difference)")
        for row in rows:
            click.echo(f"  {row['what']}: {_show(row['a'])} | {_show(row['b'])}")


def _raw(e) -> str:
    from core import events as ev

    return ev.encode(e).decode()


def _show(v) -> str:
    if isinstance(v, list):
        return "[" + " ".join(map(str, v)) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {x}" for k, x in v.items()) + "}"
    return str(v)


def _relation(ha, hb) -> str:
    if hb.parent == ha.game and ha.game != hb.game:
        return f"B is a fork of A keeping {hb.fork_at} events"
    if ha.parent == hb.game and ha.game != hb.game:
        return f"A is a fork of B keeping {ha.fork_at} events"
    if ha.parent is not None and ha.parent == hb.parent and ha.game != hb.game:
        return f"A and B are forks of game {ha.parent} (keeping {ha.fork_at} and {hb.fork_at} events)"
    return ""
