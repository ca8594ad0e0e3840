"""`sgz replay`: narrate a record, show the state at a point, or step through it."""
from __future__ import annotations

import click

from .common import LANG_OPTION, format_option, load, output_format, print_json, reading, usage


@click.command(epilog="Example: sgz replay me.jsonl --as 2 --lang zh   (the game as seat 2 saw it, in Chinese)")
@click.argument("file", type=click.Path(dir_okay=False))
@LANG_OPTION
@click.option("--at", "at", type=int, default=None, help="Show the table after event N (0 is the start of the game).")
@click.option("--turn", "turn", type=int, default=None, help="Show the table at the start of turn T.")
@click.option("--round", "round_", type=int, default=None, help="Show the table at the start of round R.")
@click.option("--step", is_flag=True, help="Step through the game at the terminal (from --at/--turn/--round, or the start).")
@format_option("text", "json", default="text", what="the table with --at/--turn/--round (json: the state as data)")
@click.option("--as", "seat", type=int, default=None, help="See the game as this seat saw it: no card, role or general hidden from it.  [default: everything]")
def replay(file: str, lang: str, at: int | None, turn: int | None, round_: int | None, step: bool, fmt: str, as_json: bool, seat: int | None) -> None:
    """Narrate the game in FILE, show the table at a point, or step through it.

    Positions count events: event 0 starts the game, and --at N shows the
    table after event N (the numbers the narration prints).  A seek starts
    from the nearest snapshot, so it is as fast at the end of a long game as
    at its start.
    """
    fmt = output_format(fmt, as_json)
    record = load(file, ending=at is None and turn is None and round_ is None and not step)  # the whole game: its end too
    with reading(file):
        _replay(record, lang, at, turn, round_, step, fmt, seat)


def _replay(record, lang: str, at: int | None, turn: int | None, round_: int | None, step: bool, fmt: str, seat: int | None) -> None:
    from sanguozhi.replay.seek import SeekError, Timeline

    events = record.events
    if seat is not None and not 0 <= seat < record.header.players:
        usage(f"--as {seat}：本局的座位是0-{record.header.players - 1}" if lang == "zh" else f"--as {seat}: the game has seats 0-{record.header.players - 1}", lang)
    seat = _allowed_view(record, seat)
    given = [name for name, v in (("--at", at), ("--turn", turn), ("--round", round_)) if v is not None]
    if len(given) > 1:
        usage(f"--at、--turn、--round 只能给一个（不能同时给 {' 和 '.join(given)}）" if lang == "zh" else f"give one of --at, --turn, --round (not {' and '.join(given)})", lang)
    if fmt == "json" and (step or not given):
        usage("--format json 要与 --at、--turn 或 --round 一起用" if lang == "zh" else "--format json goes with --at, --turn or --round", lang)
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
        usage(f"{given[0]} {at if at is not None else turn if turn is not None else round_}{'：' if lang == 'zh' else ': '}{exc.say(lang)}", lang)
    if step:
        _step(tl, seat, lang, pos or 0)
        return
    if pos is not None:
        _show(tl, pos, seat, lang, fmt)
        return
    _narrate(tl, seat, lang)


def _allowed_view(record, seat: int | None) -> int | None:
    """The view a replay may take: the rule of a replay page (``replay.page.perspectives``).
    A person's unfinished game is seen only from a person's seat (by default
    the one person's), so that it shows nobody what they have not seen."""
    from sanguozhi.core import events as ev
    from sanguozhi.replay.perspectives import PageError, perspectives

    h = record.header
    finished = bool(record.events) and type(record.events[-1]) is ev.GameEnded
    try:
        allowed = perspectives(h.players, h.bots, finished)
        if seat is None and None not in allowed and len(allowed) == 1:
            return allowed[0]
        perspectives(h.players, h.bots, finished, ["review" if seat is None else str(seat)])
    except PageError as exc:
        usage(str(exc))
    return seat


def _show(tl, pos: int, seat: int | None, lang: str, fmt: str) -> None:
    from sanguozhi.replay.step import Stepper
    from sanguozhi.replay.table import render

    state = tl.after(pos)
    unseen = tl.unseen(state, seat) if seat is not None else ()
    if fmt == "json":
        from sanguozhi.core.view import view

        print_json(view(state, seat, unseen))
        return
    text = Stepper(tl, seat, lang, pos).text(pos)
    click.echo(f"第{pos}个事件之后（共{len(tl) - 1}个）：{text}" if lang == "zh" else f"after event {pos} of {len(tl) - 1}: {text}")
    click.echo(render(state, seat, lang, unseen=unseen))


def _narrate(tl, seat: int | None, lang: str) -> None:
    from sanguozhi.replay.narrate import Narrator
    from sanguozhi.replay.table import render

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
    from sanguozhi.replay.step import Stepper

    stepper = Stepper(tl, seat, lang, start)
    for line in stepper.start():
        click.echo(line)
    while not stepper.done:
        try:
            text = click.prompt("步进" if lang == "zh" else "step", default="", show_default=False, prompt_suffix="> ")
        except click.exceptions.Abort:  # end of input
            click.echo("")
            break
        for line in stepper.command(str(text)):
            click.echo(line)
