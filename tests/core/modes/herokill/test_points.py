"""Seed 004's post-game points, every cell of each table.

Each case is one cell: a final position in which that cell's quantity (base,
kills, the living) is what varies, and the expected points written as the
seed's arithmetic.  ``杀敌数`` counts kills of another side only.
"""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.game import new_game
from sanguozhi.records.session import run_bots

from .tables import casual, final, points

HK5 = ("lord", "loyalist", "rebel", "rebel", "renegade")
HK8 = ("lord", "loyalist", "loyalist", "rebel", "rebel", "rebel", "rebel", "renegade")

# (cell, roles, deaths victim -> killer, seat, won, expected)
IDENTITY_CELLS = [
    # -- 各阵营获胜时 (the seat's side won) --
    ("win/lord/base 6", HK5, {1: 2, 2: 4, 3: 4, 4: -1}, 0, True, 6),
    ("win/loyalist/base 6", HK5, {1: 2, 2: 4, 3: 4, 4: -1}, 1, True, 6),
    ("win/rebel/base 6", HK5, {2: 1, 3: 1, 0: 4}, 2, True, 6),
    ("win/renegade/base 18", HK5, {1: 2, 2: 3, 3: -1, 0: -1}, 4, True, 18 + (5 - 1) * 2),
    ("win/lord/kills x2", HK5, {1: 4, 2: 0, 3: 0, 4: -1}, 0, True, 6 + 2 * 2),
    ("win/loyalist/kills x2", HK5, {2: 1, 3: 1, 4: 1}, 1, True, 6 + 3 * 2 + 1 * 2),
    ("win/rebel/kills x2", HK5, {3: 1, 1: 2, 0: 2}, 2, True, 6 + 2 * 2 + 1),
    ("win/renegade/kills x3", HK5, {1: 2, 2: 4, 3: 4, 0: 4}, 4, True, 18 + 3 * 3 + (5 - 1) * 2),
    ("win/lord/living loyalists x2", HK8, {3: 7, 4: 7, 5: 7, 6: 7, 7: -1}, 0, True, 6 + 2 * 2),
    ("win/loyalist/living loyalists x2", HK8, {2: 3, 3: 7, 4: 7, 5: 7, 6: 7, 7: -1}, 1, True, 6 + 1 * 2),
    ("win/rebel/living rebels x1", HK8, {3: 1, 0: 7}, 4, True, 6 + 3 * 1),
    ("win/renegade/(players-1) x2", HK8, {s: -1 for s in range(7)}, 7, True, 18 + (8 - 1) * 2),
    # -- 各阵营失败时 (the seat's side lost) --
    ("loss/lord/base 3", HK5, {1: 2, 0: 2}, 0, False, 3),
    ("loss/loyalist/base 3", HK5, {1: 2, 0: 2}, 1, False, 3),
    ("loss/rebel/base 3", HK5, {2: 1, 3: 1, 1: 4, 0: 4}, 2, False, 3),
    ("loss/renegade/base 3", HK5, {4: 1, 2: 1, 3: 1}, 4, False, 3 + 1),
    ("loss/lord/kills x1", HK5, {4: 0, 1: 2, 0: 2}, 0, False, 3 + 1),
    ("loss/loyalist/kills x1", HK5, {4: 1, 1: 2, 0: 2}, 1, False, 3 + 1),
    ("loss/rebel/kills x1", HK5, {1: 2, 2: 0, 3: 0, 4: 0}, 2, False, 3 + 1),
    ("loss/renegade/kills x1", HK5, {2: 4, 3: 4, 4: 1}, 4, False, 3 + 2 * 1 + 1),
    ("loss/lord/living 0", HK5, {0: 2}, 0, False, 3 + 0),
    ("loss/loyalist/minus living loyalists", HK8, {3: 4, 0: 4}, 1, False, 3 - 2),
    ("loss/rebel/living 0", HK5, {2: 1, 3: 1, 1: 4, 0: 4}, 3, False, 3 + 0),
    ("loss/renegade/living +1", HK5, {2: 1, 3: 1, 4: 0}, 4, False, 3 + 1),
]


@pytest.mark.parametrize(("roles", "deaths", "seat", "won", "expected"), [c[1:] for c in IDENTITY_CELLS], ids=[c[0] for c in IDENTITY_CELLS])
def test_herokill_identity_points(roles: tuple[str, ...], deaths: dict[int, int], seat: int, won: bool, expected: int) -> None:
    assert points(final("herokill-identity", roles, deaths), seat, won) == expected


def test_every_identity_cell_is_covered() -> None:
    cells = {tuple(c[0].split("/")[:2]) + (c[0].split("/")[2].split()[0],) for c in IDENTITY_CELLS}
    for result in ("win", "loss"):
        for role in ("lord", "loyalist", "rebel", "renegade"):
            kinds = {k for r, ro, k in cells if r == result and ro == role}
            assert {"base", "kills"} <= kinds and kinds - {"base", "kills"}, (result, role, kinds)


def test_a_kill_of_ones_own_side_is_no_enemy_kill() -> None:
    # The lord kills its loyalist (and discards for it), then the rebels and the renegade: 3 enemies.
    state = final("herokill-identity", HK5, {1: 0, 2: 0, 3: 0, 4: 0})
    assert points(state, 0, True) == 6 + 3 * 2 + 0


CASUAL = ("loyalist", "rebel") * 3
CASUAL_CELLS = [
    ("win/base 6", {1: 2, 3: 4, 2: 5, 4: 5, 5: 2}, 0, True, 6),
    ("win/living teammates (not oneself) x2", {1: 0, 3: 0, 4: 5, 5: 0}, 2, True, 6 + 1 * 2),
    ("win/kills x2", {2: 1, 4: 1, 1: 0, 3: 0, 5: 0}, 0, True, 6 + 3 * 2),
    ("loss/base 2", {1: 0, 3: 2, 5: 4}, 1, False, 2),
    ("loss/kills x1", {2: 1, 4: 1, 1: 0, 3: 0, 5: 0}, 1, False, 2 + 2 * 1),
]


@pytest.mark.parametrize(("deaths", "seat", "won", "expected"), [c[1:] for c in CASUAL_CELLS], ids=[c[0] for c in CASUAL_CELLS])
def test_3v3_casual_points(deaths: dict[int, int], seat: int, won: bool, expected: int) -> None:
    assert points(final("3v3-casual", CASUAL, deaths), seat, won) == expected


COMPETITIVE = ("vice", "captain", "vice") * 2
COMPETITIVE_CELLS = [
    ("win/captain/base 12", {0: 3, 2: 5, 4: 1}, 1, True, 12 + (1 - 1) * 2),
    ("win/vice/base 10", {0: 3, 2: 5, 4: 1}, 0, True, 10 + (1 - 1) * 2),
    ("win/captain/(living at the win - 1) x2", {3: 0, 4: 0}, 1, True, 12 + (3 - 1) * 2),
    ("win/vice/(living at the win - 1) x2", {2: 3, 4: 0}, 2, True, 10 + (2 - 1) * 2),
    ("loss/captain/base 4", {4: 0}, 4, False, 4),
    ("loss/vice/base 2", {4: 0}, 3, False, 2),
    ("loss/captain/kills x1", {0: 4, 2: 4, 4: 1}, 4, False, 4 + 2 * 1),
    ("loss/vice/kills x1", {2: 3, 4: 0}, 3, False, 2 + 1 * 1),
]


@pytest.mark.parametrize(("deaths", "seat", "won", "expected"), [c[1:] for c in COMPETITIVE_CELLS], ids=[c[0] for c in COMPETITIVE_CELLS])
def test_3v3_competitive_points(deaths: dict[int, int], seat: int, won: bool, expected: int) -> None:
    assert points(final("3v3-competitive", COMPETITIVE, deaths), seat, won) == expected


def test_killing_ones_own_vice_scores_no_kill_in_competitive() -> None:
    state = final("3v3-competitive", COMPETITIVE, {0: 1, 5: 1, 4: 2})
    assert points(state, 1, False) == 4 + 1  # seat 5 counts, its own vice 0 does not


# -- the points reach the end event, the state and the archive ---------------------------------


def test_the_end_event_carries_every_seats_points() -> None:
    # The last rebel falls to seat 0: the loyalists win.
    t = casual(hands={0: ["slash"]}, hp={1: 1})
    for s in (3, 5):
        t.game.engine.emit(ev.Died(seat=s, role="rebel", killer=2))
    t.use("slash", 1)
    end = t.of_type(ev.GameEnded)[0]
    assert end.winners == (0, 2, 4) and end.reason == "loyalists"
    assert end.points == (6 + 2 * 2 + 2 * 1, 2, 6 + 2 * 2 + 2 * 2, 2, 6 + 2 * 2, 2)
    assert [s.points for s in t.state.seats] == list(end.points)


@pytest.mark.parametrize(("mode", "players"), [("herokill-identity", 5), ("3v3-casual", 6), ("3v3-competitive", 6)])
def test_a_game_without_a_winner_scores_nothing(mode: str, players: int) -> None:
    game = new_game(mode, players, 3, {"max_turns": 2})
    run_bots(game, {s: "basic" for s in range(players)})
    end = game.events[-1]
    assert type(end) is ev.GameEnded and end.winners == () and end.points == ()


@pytest.mark.parametrize(("mode", "players"), [("herokill-identity", 5), ("herokill-identity", 8), ("3v3-casual", 6), ("3v3-competitive", 6)])
def test_a_decided_bot_game_scores_every_seat_by_its_table(mode: str, players: int) -> None:
    for seed in range(1, 30):
        game = new_game(mode, players, seed, {"max_turns": 200})
        run_bots(game, {s: "basic" for s in range(players)})
        end = game.events[-1]
        if end.winners:
            break
    st = game.state
    assert len(end.points) == players
    assert list(end.points) == [st.rs.points(st, s, s in end.winners) for s in range(players)]
