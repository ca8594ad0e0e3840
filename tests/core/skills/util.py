"""Helpers for skill scenarios: naming cards by suit, answering skill questions."""
from __future__ import annotations

from sanguozhi.core import events as ev
from sanguozhi.core.deck import CARDS
from sanguozhi.core.requests import Choice, Request
from tests.scenario import Table

SUIT_LETTER = {"s": "spade", "h": "heart", "c": "club", "d": "diamond"}


def card(name: str, suit: str | None = None, rank: int | None = None, nth: int = 0) -> str:
    """``#N`` for the ``nth`` card of ``name`` (with that suit letter s/h/c/d and rank, if given)."""
    found = [
        c.number
        for c in CARDS
        if c.name == name and (suit is None or c.suit == SUIT_LETTER[suit]) and (rank is None or c.rank == rank)
    ]
    return f"#{found[nth]}"


def num(ref: str) -> int:
    return int(ref[1:])


def triggered(t: Table, source: str, since: int = 0) -> list[ev.Triggered]:
    return [e for e in t.events[since:] if isinstance(e, ev.Triggered) and e.source == source]


def take(t: Table, option: str, targets: tuple[int, ...] | None = None) -> list[ev.Event]:
    """Answer the pending request with the choice whose option is ``option`` (and targets, if given)."""
    req = t.request
    for c in req.choices:
        if c.option == option and (targets is None or c.targets == targets):
            return t.choose(c)
    raise AssertionError(f"no {option!r} {targets} in {req}")


def accept(t: Table, source: str) -> list[ev.Event]:
    """Say yes to the trigger question for ``source``."""
    req = t.request
    assert req.kind == "trigger" and req.prompt.endswith(f":{source}"), req
    return take(t, source)


def decline(t: Table) -> list[ev.Event]:
    req = t.request
    assert any(c.is_pass for c in req.choices), req
    return t.pass_()


def pick(t: Table, *cards: int) -> list[ev.Event]:
    return t.choose(Choice(cards=tuple(cards)))


def until_kind(t: Table, kind: str, seat: int | None = None, prompt: str | None = None) -> Request:
    """Pass along (declining triggers, ending play phases) until a request of ``kind`` comes."""
    for _ in range(300):
        req = t.request
        if req.kind == kind and (seat is None or req.seat == seat) and (prompt is None or req.prompt.startswith(prompt)):
            return req
        if req.kind == "play":
            t.end()
        elif req.kind == "discard" and not req.choices:
            t.choose(Choice(cards=tuple(req.cards[: req.min])))
        elif any(c.is_pass for c in req.choices):
            t.pass_()
        elif req.choices:
            t.choose(req.choices[0])
        else:
            t.choose(Choice(cards=tuple(req.cards[: req.min])))
    raise AssertionError(f"no {kind} request")


def names(cards) -> list[str]:
    return [CARDS[c].name for c in cards]
