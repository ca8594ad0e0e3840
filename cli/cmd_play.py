"""`sgz play`: a person at the terminal against bots, recorded as played."""
from __future__ import annotations

import click

from .common import default_players, fail, parse_bots, parse_options


UNDO = "undo"  # what ask_person returns when the person types undo


def describe(choice, lang: str, rs=None) -> str:  # choice: core.requests.Choice; rs: the game's ruleset (its names)
    from core.generals import GENERALS

    from replay.narrate import card_label, display_name

    parts = []
    if choice.option in GENERALS:
        g = GENERALS[choice.option]
        skills = ", ".join(display_name(sk, lang, rs) for sk in (*g.skills, *g.lord_skills))
        parts.append(f"{display_name(g.id, lang, rs)} ({g.kingdom}, {g.max_hp} hp, {g.gender}): {skills}")
    elif choice.option:
        parts.append({"end": "end the phase", "pass": "pass"}.get(choice.option, display_name(choice.option, lang, rs)))
    if choice.cards:
        parts.append(" ".join(card_label(c, lang, rs) for c in choice.cards))
    if choice.targets:
        parts.append("-> " + ", ".join(f"seat {t}" for t in choice.targets))
    return " ".join(parts)


def ask_person(game, seat: int, lang: str, prompt_fn=click.prompt, unseen=()):  # -> Choice | None
    from core.requests import Choice

    from replay.narrate import card_label
    from replay.table import render

    req = game.request
    click.echo("")
    click.echo(render(game.state, seat, lang, unseen=unseen))
    click.echo(f"-- your decision ({req.kind}: {req.prompt})")
    if req.choices:
        for i, choice in enumerate(req.choices, 1):
            click.echo(f"  {i:>2}. {describe(choice, lang, game.state.rs)}")
        hint = f"number 1-{len(req.choices)}, undo, or q to quit"
    else:
        for i, c in enumerate(req.cards, 1):
            click.echo(f"  {i:>2}. {card_label(c, lang, game.state.rs)}")
        want = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
        hint = f"pick {want} numbers separated by spaces, undo, or q to quit"
    while True:
        answer = str(prompt_fn(hint, default="", show_default=False)).strip()
        if answer.lower() in ("q", "quit", "exit"):
            return None
        if answer.lower() in ("u", "undo"):
            return UNDO
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
@click.option("--mode", default=None, help="Game mode id.  [default: identity]")
@click.option("--players", "-n", default=None, type=int, help="Number of seats.  [default: 5, or the mode's smallest table]")
@click.option("--seat", default=None, type=int, help="Your seat (0 is the lord in identity).  [default: 0; with --from, the record's person seat]")
@click.option("--seed", "-s", default=None, type=int, help="Game seed.  [default: 1]")
@click.option("--bots", default=None, help="Bot for the other seats, or a comma list by seat.  [default: basic; with --from, the record's bots]")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), help="Record file to write.")
@click.option("--from", "from_", type=click.Path(dir_okay=False), default=None, help="Continue the game in this record (a fork, or an unfinished game).")
@click.option("--reseed", type=int, default=None, help="With --from: a new random future from that position.")
def play(mode: str | None, players: int | None, seat: int | None, seed: int | None, bots: str | None, options: tuple[str, ...], lang: str, out: str, from_: str | None, reseed: int | None) -> None:
    """Play one seat at the terminal; the other seats are bots.

    Type `undo` at a decision to go back to your previous decision: the game
    so far is forked there into a new record (its parent is the game you
    were playing, which stays as it was), and play goes on in the new one.
    With --from FILE you continue FILE's game; a decision pending at its end
    is offered again.
    """
    from pathlib import Path

    from core.modes import ModeError

    from records.session import new_game_id, run_bots, start_recorded
    from replay.fork import ForkError, start_continuation, undo_point
    from replay.narrate import Narrator
    from replay.visibility import Visibility, open_cards

    from .common import load

    if Path(out).exists():
        fail(f"{out} exists; choose a new file (records are never overwritten)")
    if from_ is not None:
        if mode is not None or players is not None or seed is not None or options:
            fail("--mode, --players, --seed and --option come from the record with --from")
        record = load(from_)
        h = record.header
        players = h.players
        if seat is None:
            people = [s for s in range(players) if str(s) not in h.bots]
            seat = people[0] if len(people) == 1 else 0
        if not 0 <= seat < players:
            fail(f"--seat {seat}: seats are 0-{players - 1}")
        if bots is None:
            seats = {s: h.bots.get(str(s), "basic") for s in range(players) if s != seat}
        else:
            seats = parse_bots(bots, players, person=seat)
        try:
            game, writer = start_continuation(out, record, game=new_game_id(), bots=seats, reseed=reseed)
        except ForkError as exc:
            fail(str(exc))
        header = writer.header
        click.echo(f"continuing {from_} at event {len(record.events) - 1}" + (f" with a new seed {reseed}" if reseed is not None else "") + f"; recording to {out}")
    else:
        if reseed is not None:
            fail("--reseed goes with --from")
        mode = mode or "identity"
        players, seed, seat = default_players(mode) if players is None else players, 1 if seed is None else seed, 0 if seat is None else seat
        if not 0 <= seat < players:
            fail(f"--seat {seat}: seats are 0-{players - 1}")
        seats = parse_bots(bots or "basic", players, person=seat)
        try:
            from core.modes import ruleset_of

            # What a person expects where bots would not (identity: choosing a general).
            opts = {**ruleset_of(mode).person_options, **parse_options(options)}
            game, writer = start_recorded(out, mode, players, seed, opts, seats, game_id=new_game_id())
        except ModeError as exc:
            fail(str(exc))
        header = writer.header
    narrator = Narrator(lang, seat)
    shown = 0
    undo = False
    path = Path(out)

    def tell(g) -> None:
        nonlocal shown
        for e in g.events[shown:]:
            text = narrator.line(e)
            if text:
                click.echo(f"  {text}")
        shown = len(g.events)

    seen = Visibility(game.events)  # which cards lie face down for the person

    def person(g):
        nonlocal undo
        tell(g)
        while True:
            choice = ask_person(g, seat, lang, unseen=seen.unseen(seat, len(g.events), open_cards(g.state)))
            if choice is not UNDO:
                return choice
            if undo_point(g.events, seat) is not None:
                undo = True
                return None
            click.echo("  nothing to undo: you have not decided anything yet")

    from core.events import GameQuit

    while True:
        with writer:
            try:
                finished = run_bots(game, seats, person)
            except click.Abort:  # Ctrl-C or end of input at a prompt: a quit too
                finished = False
                game.add_external(GameQuit(seat=seat))
                raise
            if not finished:
                # The person left this line of play (q, or undo to a fork of it): say so in the record.
                game.add_external(GameQuit(seat=seat))
        if not undo:
            break
        undo = False
        game, writer, path, header = _undo(game, header, path, seat, seats)
        shown = len(game.events)
        seen = Visibility(game.events)
    tell(game)
    if finished:
        click.echo(f"game over; record: {path}")
    else:
        click.echo(f"quit; the record so far is in {path} ({len(game.events)} events)")


def _undo(game, header, path, seat: int, seats: dict[int, str]):
    """Fork the game before ``seat``'s latest decision into a new record; play on there."""
    from records.format import RecordWriter
    from records.session import new_game_id
    from replay.fork import fork_header, free_path, resume_record, undo_point

    k = undo_point(game.events, seat)
    assert k is not None
    new = resume_record(game.events, k)
    new_path = free_path(path, "undo")
    new_header = fork_header(header, game=new_game_id(), parent=header.game, fork_at=k, bots={str(s): b for s, b in sorted(seats.items())})
    writer = RecordWriter(new_path, new_header)
    writer.write_all(new.events)
    new.on_event = writer.write
    click.echo(f"undo: back to your decision after event {k - 1}; {path} stays as it was, play goes on in {new_path} (a fork of it)")
    return new, writer, new_path, new_header
