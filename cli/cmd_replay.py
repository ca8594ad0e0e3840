"""`sgz replay`: narrate a record, or show the state after one of its events."""
from __future__ import annotations

import click

from .common import fail, load


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--at", "at", type=int, default=None, help="Show the full state after event N (0 is the game's start).")
@click.option("--json", "as_json", is_flag=True, help="With --at: the state as JSON.")
@click.option("--as", "seat", type=int, default=None, help="See the game as this seat saw it (default: the full review).")
def replay(file: str, lang: str, at: int | None, as_json: bool, seat: int | None) -> None:
    """Narrate the game in FILE, or show the state after event N."""
    from core.evolve import fold
    from core.view import view

    from replay.narrate import Narrator
    from replay.table import render

    record = load(file)
    events = record.events
    if seat is not None and not 0 <= seat < record.header.players:
        fail(f"--as {seat}: the game has seats 0-{record.header.players - 1}")
    if at is not None:
        if not 0 <= at < len(events):
            fail(f"--at {at}: the record has events 0-{len(events) - 1}")
        state = fold(events[: at + 1])
        if as_json:
            import msgspec

            click.echo(msgspec.json.format(msgspec.json.encode(view(state, seat))).decode())
        else:
            click.echo(render(state, seat, lang))
        return
    if as_json:
        fail("--json goes with --at")
    narrator = Narrator(lang, seat)
    for i, e in enumerate(events):
        text = narrator.line(e)
        if text is not None:
            click.echo(f"{i:>5}  {text}")
