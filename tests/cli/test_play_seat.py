"""`sgz play` deals a person a random seat (and so role) where the seeds deal the lord's place
at random — seed 004 "抽選身份的同時玩家自己與主公的位置也已隨機決定", seed 002 "主公仍旧随机选出" —
unless --seat asks for one."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.cmd_play import person_seat
from sanguozhi.cli.main import main
from sanguozhi.records import read_record


def play(tmp_path: Path, name: str, *args: str):
    out = tmp_path / name
    res = CliRunner().invoke(main, ["play", "--out", str(out), *args], input="1\nq\n")  # one decision, so the record is kept
    return res, out


@pytest.mark.parametrize(("mode", "players"), [("identity", 5), ("herokill-identity", 5), ("tiandiren", 5)])
def test_a_person_is_dealt_a_seat_at_random_by_the_seed(tmp_path: Path, mode: str, players: int) -> None:
    seats = {person_seat(mode, players, seed, None) for seed in range(40)}
    assert seats == set(range(players))  # every seat, the lord's included, comes up
    seed = next(s for s in range(40) if person_seat(mode, players, s, None) != 0)
    res, out = play(tmp_path, f"{mode}.jsonl", "--mode", mode, "--players", str(players), "--seed", str(seed))
    seat = person_seat(mode, players, seed, None)
    assert res.exit_code == 0, res.output
    assert f"you are dealt seat {seat} (at random)" in res.output
    assert str(seat) not in read_record(out).header.bots  # the person's seat has no bot


def test_without_a_seed_the_seat_is_drawn_by_chance() -> None:
    assert len({person_seat("identity", 5, None, None) for _ in range(60)}) > 1


def test_seat_asks_for_one_and_a_bots_list_names_it(tmp_path: Path) -> None:
    res, out = play(tmp_path, "a.jsonl", "--seat", "0", "--seed", "5")
    assert res.exit_code == 0 and "at random" not in res.output and "0" not in read_record(out).header.bots
    assert person_seat("identity", 5, 5, "basic,-,basic,basic,basic") == 1
    assert person_seat("identity", 5, 5, None) != 0  # seed 5 alone would deal another seat


def test_modes_with_public_seats_keep_seat_0() -> None:
    assert {person_seat(m, 4, seed, None) for m in ("hegemony", "tripod", "jade-seal", "duel") for seed in range(10)} == {0}
