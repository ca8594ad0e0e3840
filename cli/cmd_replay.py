"""`sgz replay`: narrate a record, show the state at a point, or step through it."""
from __future__ import annotations

import click

from .common import fail, load


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--at", "at", type=int, default=None, help="Show the state after event N (0 is the game's start).")
@click.option("--turn", "turn", type=int, default=None, help="Show the state at the start of turn T (just after its TurnStarted event).")
@click.option("--round", "round_", type=int, default=None, help="Show the state at the start of round R.")
@click.option("--step", is_flag=True, help="Step through the game at the terminal (from --at/--turn/--round, or the start).")
@click.option("--json", "as_json", is_flag=True, help="With --at/--turn/--round: the state as JSON.")
@click.option("--as", "seat", type=int, default=None, help="See the game as this seat saw it (default: the full review).")
def replay(file: str, lang: str, at: int | None, turn: int | None, round_: int | None, step: bool, as_json: bool, seat: int | None) -> None:
    """Narrate the game in FILE, show the state at a point, or step through it.

    Positions count events: GameStarted is event 0, and --at N shows the state
    after event N.  A seek folds from the nearest snapshot, so it is as fast at
    the end of a long game as at its start.
    """
    from replay.seek import SeekError, Timeline

    record = load(file)
    events = record.events
    if seat is not None and not 0 <= seat < record.header.players:
        fail(f"--as {seat}: the game has seats 0-{record.header.players - 1}")
    given = [name for name, v in (("--at", at), ("--turn", turn), ("--round", round_)) if v is not None]
    if len(given) > 1:
        fail(f"give one of --at, --turn, --round (not {' and '.join(given)})")
    if as_json and (step or not given):
        fail("--json goes with --at, --turn or --round")
    tl = Timeline(events)
    pos: int | None = None
    try:
        if at is not None:
            tl.check_event(at)
            pos = at
        elif turn is not None:
            pos = tl.turn_event(turn)
        elif round_ is not None:
            pos = tl.round_event(round_)
    except SeekError as exc:
        fail(f"{given[0]} {at if at is not None else turn if turn is not None else round_}: {exc}")
    if step:
        _step(tl, seat, lang, pos or 0)
        return
    if pos is not None:
        _show(tl, pos, seat, lang, as_json)
        return
    _narrate(tl, seat, lang)


def _show(tl, pos: int, seat: int | None, lang: str, as_json: bool) -> None:
    from replay.narrate import Narrator
    from replay.table import render

    state = tl.after(pos)
    unseen = tl.unseen(state, seat) if seat is not None else ()
    if as_json:
        import msgspec

        from core.view import view

        click.echo(msgspec.json.format(msgspec.json.encode(view(state, seat, unseen))).decode())
        return
    text = Narrator(lang, seat).line(tl.events[pos])
    click.echo(f"after event {pos} of {len(tl) - 1}" + (f": {text}" if text else ""))
    click.echo(render(state, seat, lang, unseen=unseen))


def _narrate(tl, seat: int | None, lang: str) -> None:
    from replay.narrate import Narrator
    from replay.table import render

    narrator = Narrator(lang, seat)
    for i, e in enumerate(tl.events):
        text = narrator.line(e)
        if text is not None:
            click.echo(f"{i:>5}  {text}")
    if seat is not None:
        # The table at the end, as this seat saw it.
        state = tl.state_at(len(tl))
        click.echo(render(state, seat, lang, unseen=tl.unseen(state, seat)))


def _step(tl, seat: int | None, lang: str, start: int) -> None:
    from replay.step import Stepper

    stepper = Stepper(tl, seat, lang, start)
    for line in stepper.start():
        click.echo(line)
    while not stepper.done:
        try:
            text = click.prompt("step", default="", show_default=False, prompt_suffix="> ")
        except click.exceptions.Abort:  # end of input
            click.echo("")
            break
        for line in stepper.command(str(text)):
            click.echo(line)
