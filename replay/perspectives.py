"""Which views of a record a reader may take: the rule of a replay page,
``sgz replay --as`` and the archive's pages alike (its own module, so that a
reader checking it imports nothing of the page).

While a person's game is unfinished, only the people's own seats may be
seen: any other view would show them what they have not seen.
"""
from __future__ import annotations

from collections.abc import Sequence


class PageError(ValueError):
    """A page the record does not allow (the message says why)."""


def perspectives(players: int, bots: dict[str, str], finished: bool, asked: Sequence[str] = ()) -> list[int | None]:
    """The views a page of this record may hold: ``asked`` ("review" or seat numbers), checked.

    By default every seat and the full review.  While a person's game is
    unfinished, only the people's own seats: any other view would show them
    what they have not seen.
    """
    people = [s for s in range(players) if str(s) not in bots]
    open_game = finished or not people
    wanted: list[int | None] = []
    for a in asked:
        if a == "review":
            p: int | None = None
        elif a.isdigit() and int(a) < players:
            p = int(a)
        else:
            raise PageError(f"--as {a}: give a seat 0-{players - 1} or 'review'")
        if p not in wanted:
            wanted.append(p)
    if not wanted:
        wanted = [None, *range(players)] if open_game else list(people)
    if not open_game:
        for p in wanted:
            if p not in people:
                who = "the full review" if p is None else f"seat {p}'s view"
                mine = ", ".join(map(str, people))
                raise PageError(f"{who} would show what seat {mine} (a person) has not seen in a game still unfinished; give --as {people[0]}")
    return wanted
