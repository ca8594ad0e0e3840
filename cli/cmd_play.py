"""`sgz play`: a person at the terminal against bots, recorded as played."""
from __future__ import annotations

import click

from .common import fail, parse_bots, parse_options


def describe(choice, lang: str) -> str:  # choice: core.requests.Choice
    from core.deck import CARDS

    parts = []
    if choice.option:
        parts.append({"end": "end the phase", "pass": "pass"}.get(choice.option, choice.option))
    if choice.cards:
        parts.append(" ".join(CARDS[c].label(lang) for c in choice.cards))
    if choice.targets:
        parts.append("-> " + ", ".join(f"seat {t}" for t in choice.targets))
    return " ".join(parts)


def ask_person(game, seat: int, lang: str, prompt_fn=click.prompt):  # -> Choice | None
    from core.deck import CARDS
    from core.requests import Choice

    from replay.table import render

    req = game.request
    click.echo("")
    click.echo(render(game.state, seat, lang))
    click.echo(f"-- your decision ({req.kind}: {req.prompt})")
    if req.choices:
        for i, choice in enumerate(req.choices, 1):
            click.echo(f"  {i:>2}. {describe(choice, lang)}")
        hint = f"number 1-{len(req.choices)}, or q to quit"
    else:
        for i, c in enumerate(req.cards, 1):
            click.echo(f"  {i:>2}. {CARDS[c].label(lang)}")
        want = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
        hint = f"pick {want} numbers separated by spaces, or q to quit"
    while True:
        answer = str(prompt_fn(hint, default="", show_default=False)).strip()
        if answer.lower() in ("q", "quit", "exit"):
            return None
        try:
            picks = [int(x) for x in answer.replace(",", " ").split()]
        except ValueError:
            click.echo(f"  not understood: {answer!r}")
            continue
        if req.choices:
            if len(picks) == 1 and 1 <= picks[0] <= len(req.choices):
                return req.choices[picks[0] - 1]
        elif all(1 <= p <= len(req.cards) for p in picks):
            choice = Choice(cards=tuple(req.cards[p - 1] for p in picks))
            why = req.check(choice)
            if why is None:
                return choice
            click.echo(f"  {why}")
            continue
        click.echo(f"  out of range: {answer!r}")


@click.command()
@click.option("--mode", default="identity", show_default=True)
@click.option("--players", "-n", default=5, show_default=True, type=int)
@click.option("--seat", default=0, show_default=True, type=int, help="Your seat (0 is the lord in identity).")
@click.option("--seed", "-s", default=1, show_default=True, type=int)
@click.option("--bots", default="basic", show_default=True, help="Bot for the other seats.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), help="Record file to write.")
def play(mode: str, players: int, seat: int, seed: int, bots: str, options: tuple[str, ...], lang: str, out: str) -> None:
    """Play one seat at the terminal; the other seats are bots."""
    from pathlib import Path

    from core.modes import ModeError

    from records.session import new_game_id, run_bots, start_recorded
    from replay.narrate import Narrator

    if not 0 <= seat < players:
        fail(f"--seat {seat}: seats are 0-{players - 1}")
    if Path(out).exists():
        fail(f"{out} exists; choose a new file (records are never overwritten)")
    seats = parse_bots(bots, players, person=seat)
    try:
        game, writer = start_recorded(out, mode, players, seed, parse_options(options), seats, game_id=new_game_id())
    except ModeError as exc:
        fail(str(exc))
    narrator = Narrator(lang, seat)
    shown = 0

    def person(g):
        nonlocal shown
        for e in g.events[shown:]:
            text = narrator.line(e)
            if text:
                click.echo(f"  {text}")
        shown = len(g.events)
        return ask_person(g, seat, lang)

    with writer:
        finished = run_bots(game, seats, person)
    for e in game.events[shown:]:
        text = narrator.line(e)
        if text:
            click.echo(f"  {text}")
    if finished:
        click.echo(f"game over; record: {out}")
    else:
        click.echo(f"quit; the record so far is in {out} ({len(game.events)} events)")
