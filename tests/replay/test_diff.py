"""Diff: a game against itself, against its forks, and the prefix function."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sanguozhi.core import events as ev
from sanguozhi.records.session import run_bots
from sanguozhi.replay.diff import common_prefix, diff, state_diff
from sanguozhi.replay.fork import resume_record

from .games import bot_game, bots_for

GAME = bot_game(5, 61, max_turns=40)


def branch(events: list[ev.Event], n: int, reseed: int) -> list[ev.Event]:
    game = resume_record(events, n + 1, reseed=reseed)
    run_bots(game, bots_for(5))
    return game.events


def test_a_game_against_itself_is_identical() -> None:
    d = diff(GAME, list(GAME))
    assert d["identical"] is True and d["common_prefix"] == len(GAME)
    assert d["first_difference"] is None and d["at_end"] == []


def test_two_branches_part_at_the_reseed() -> None:
    a, b = branch(GAME, 300, 1), branch(GAME, 300, 2)
    d = diff(a, b)
    p = d["common_prefix"]
    assert not d["identical"] and p > 300
    assert a[:p] == b[:p] and a[p] == ev.Reseeded(seed=1) and b[p] == ev.Reseeded(seed=2)
    assert d["first_difference"] == {"event": p, "a": {"t": "reseed", "seed": 1}, "b": {"t": "reseed", "seed": 2}}
    assert d["at_difference"] == [{"what": "seed", "a": 1, "b": 2}]
    assert d["at_end"]  # the futures differ


def test_a_prefix_against_the_whole_game() -> None:
    d = diff(GAME[:200], GAME)
    assert d["common_prefix"] == 200 and not d["identical"]
    assert d["first_difference"]["a"] is None and d["first_difference"]["b"] == {"t": type(GAME[200]).__struct_config__.tag, **_fields(GAME[200])}


def _fields(e: ev.Event) -> dict:
    import msgspec

    out = msgspec.to_builtins(e)
    out.pop("t")
    return out


def test_state_diff_names_hp_zones_roles_and_winner() -> None:
    from sanguozhi.core.evolve import fold

    a, b = fold(GAME[:150]), fold(GAME[:150])
    b.chars[2].hp -= 1
    b.seats[3].role = "rebel" if a.seats[3].role != "rebel" else "renegade"
    b.winners = (0,)
    b.seats[1].hand.append(999)
    whats = {row["what"] for row in state_diff(a, b)}
    assert whats == {"seat 2 hp", "seat 3 role", "winners", "seat 1 hand"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=700), st.lists(st.integers(0, 3), max_size=700))
def test_common_prefix_equals_the_naive_one(a: list[int], b: list[int]) -> None:
    naive = 0
    while naive < min(len(a), len(b)) and a[naive] == b[naive]:
        naive += 1
    assert common_prefix(a, b) == naive
    assert common_prefix(a, a + b) == len(a)
