"""`sgz arena` from the outside: rotated seats, records like sim's, ratings, the archive."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sanguozhi.records import read_record

from .records_util import one_line_error, run

pytest.importorskip("openskill", reason="sgz arena rates with openskill (the rl extra)")


def arena(*args: object):
    res = run("arena", *map(str, args), "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.fixture(scope="module")
def identity(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("arena") / "games"
    return out, arena("--bots", "basic,random", "--mode", "identity", "--deals", 3, "--seed", 5, "--out", out, "-j", 1)


def test_every_bot_holds_every_seat_and_role_equally_often_on_the_same_deals(identity) -> None:
    out, r = identity
    assert r["games"] == 3 * 2 and r["modes"] == {"identity": 5}
    held = r["seats_by_role"]["identity"]
    assert held["basic"] == held["random"] and sum(held["basic"].values()) == 3 * 5
    seats: Counter[tuple[int, int, str]] = Counter()
    for path in out.glob("*.jsonl"):
        h = read_record(path).header
        for seat, bot in h.bots.items():
            seats[(h.seed, int(seat), bot)] += 1
    # Each deal (seed) once per rotation: at every seat, each bot exactly once.
    assert set(seats.values()) == {1} and len(seats) == 3 * 5 * 2
    assert {seed for seed, _, _ in seats} == {5, 6, 7}


def test_the_records_validate_and_the_archive_shows_win_rates_by_bot(identity, tmp_path: Path) -> None:
    out, r = identity
    res = run("validate", str(out))
    assert res.exit_code == 0, res.output
    assert res.output.count(": ok:") == r["games"]
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", str(out), "--db", str(db)).exit_code == 0
    res = run("stats", "--db", str(db), "--by", "bot", "--format", "json")
    assert res.exit_code == 0, res.output
    rows = {row["bot"]: row for row in json.loads(res.stdout)["by_bot"]}
    assert set(rows) == {"basic", "random"}
    for bot, row in rows.items():
        assert row["mode"] == "identity" and row["seats"] == r["win_rate"][bot]["seats"] == 15
        assert row["wins"] == r["win_rate"][bot]["wins"]
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]


def test_ratings_put_basic_above_random_with_their_uncertainty(tmp_path: Path) -> None:
    r = arena("--bots", "random,basic", "--mode", "duel", "--deals", 10, "--out", tmp_path / "g", "-j", 1)
    assert r["games"] == 20
    best, worst = r["ratings"]
    assert (best["bot"], worst["bot"]) == ("basic", "random")
    assert best["mu"] - worst["mu"] > best["sigma"] + worst["sigma"]  # apart by more than their uncertainty
    assert all(0 < x["sigma"] < 25 / 3 and x["games"] == 20 for x in r["ratings"])
    h2h = {(h["bot"], h["opponent"]): h for h in r["head_to_head"]}
    h = h2h[("basic", "random")]
    assert h["games"] == 20 and h["wins"] + h["losses"] + h["ties"] == 20
    assert 0.5 < h["ci_low"] <= h["win_rate"] <= h["ci_high"] <= 1
    assert h2h[("random", "basic")]["wins"] == h["losses"]


def test_three_bots_at_two_seats_rotate_through_every_seat(tmp_path: Path) -> None:
    out = tmp_path / "g"
    r = arena("--bots", "basic,random,tests.core.external_bot:first", "--mode", "duel", "--deals", 2, "--out", out, "-j", 1)
    assert r["games"] == 2 * 3
    seats = Counter((int(s), b) for p in out.glob("*.jsonl") for s, b in read_record(p).header.bots.items())
    assert seats == {(s, b): 2 for s in (0, 1) for b in r["bots"]}
    assert len(r["head_to_head"]) == 6


def test_a_rerun_keeps_the_records_and_jobs_do_not_change_the_result(tmp_path: Path) -> None:
    args = ("--bots", "basic,random", "--mode", "duel", "--mode", "tripod", "--deals", 2, "--seed", 3)
    one = arena(*args, "--out", tmp_path / "a", "-j", 1)
    two = arena(*args, "--out", tmp_path / "b", "-j", 2)
    names = lambda d: sorted(p.name for p in (tmp_path / d).glob("*.jsonl"))  # noqa: E731
    assert names("a") == names("b") and len(names("a")) == one["games"] == 2 * 2 * 2
    assert [one[k] for k in ("ratings", "head_to_head", "seats_by_role")] == [two[k] for k in ("ratings", "head_to_head", "seats_by_role")]
    again = arena(*args, "--out", tmp_path / "a", "-j", 1)
    assert again["already_recorded"] == again["games"] and again["ratings"] == one["ratings"]


def test_the_text_report_names_ratings_intervals_and_roles(tmp_path: Path) -> None:
    res = run("arena", "--bots", "basic,random", "--mode", "duel", "--deals", 2, "--out", str(tmp_path / "g"), "-j", 1)
    assert res.exit_code == 0, res.output
    assert "mu" in res.output and "±" in res.output and "mu - 3 sigma" in res.output
    assert "basic  vs random" in res.output and "%" in res.output and "Duel:" in res.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--bots", "basic"), "name two or more bots"),
        (("--bots", "basic,basic"), "each bot once"),
        (("--bots", "basic,nobody"), "unknown bot 'nobody'"),
        (("--bots", "basic,random", "--mode", "nomode"), "unknown mode 'nomode'"),
        (("--bots", "basic,random", "--mode", "duel", "-n", "5"), "takes 2 players"),
        (("--bots", "basic,random", "--mode", "duel", "--mode", "identity", "-n", "5"), "--players goes with one --mode"),
        (("--bots", "basic,random", "-o", "colour=1"), "unknown option 'colour'"),
        (("--bots", "basic,random", "--deals", "0"), "0 is not in the range"),
        (("--bots", "basic,random", "--seed", str(1 << 64)), "a seed is a 64-bit integer"),
    ],
)
def test_bad_flags_are_one_line_errors(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    res = run("arena", *args, "--out", str(tmp_path / "g"))
    assert res.exit_code == 2 and says in one_line_error(res)
    assert not list(tmp_path.glob("g/*.jsonl"))
