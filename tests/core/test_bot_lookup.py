"""Bots by name: registered, entry points of ``sanguozhi.bots``, ``SGZ_BOTS``, and
``module:callable`` only where a user typed it (``core.bots.lookup``)."""
from __future__ import annotations

import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.core.bots import BOTS, BotError, load, well_formed
from sanguozhi.core.bots.lookup import BUILTIN, GROUP, BotTable
from sanguozhi.records.check import check
from sanguozhi.records.format import read_record

ROOT = Path(__file__).parents[2]


def test_sgz_declares_its_own_bots_as_entry_points_like_any_plug_in() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][GROUP]
    assert declared == BUILTIN
    assert {"basic", "random", "search"} <= set(BOTS)


def test_an_entry_point_is_found_by_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata as md

    points = [EntryPoint("firsty", "tests.core.external_bot:first", GROUP), EntryPoint("broken", "tests.core.external_bot:nowhere", GROUP)]
    monkeypatch.setattr(md, "entry_points", lambda group: points if group == GROUP else [])
    table = BotTable()
    from tests.core.external_bot import first

    assert "firsty" in table and table["firsty"] is first and "firsty" in list(table)
    assert "broken" not in table  # `in` never raises: a live table just does not offer it
    with pytest.raises(BotError, match="'broken': its entry point 'tests.core.external_bot:nowhere' fails to load"):
        table.load("broken")


def test_module_callable_loads_only_when_asked_for_by_name() -> None:
    table = BotTable()
    assert "tests.core.external_bot:first" not in table  # a web form's or a record's text imports nothing
    bot = table.load("tests.core.external_bot:Counting")
    assert type(bot).__name__ == "Counting" and table.load("tests.core.external_bot:Counting") is bot  # made once
    assert "tests.core.external_bot:Counting" in table
    for spec, why in (("tests.core.external_bot:not_a_bot", "is not callable"), ("tests.core.nowhere:x", "cannot import"), ("tests.core.external_bot:gone", "has no 'gone'")):
        with pytest.raises(BotError, match=why):
            table.load(spec)


def test_the_operator_offers_bots_at_live_tables_with_sgz_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SGZ_BOTS", "firsty=tests.core.external_bot:first, tests.core.external_bot:Counting")
    table = BotTable()
    assert "firsty" in table and "tests.core.external_bot:Counting" in table
    assert {"firsty", "tests.core.external_bot:Counting", "basic"} <= set(table)


@pytest.mark.parametrize(("name", "ok"), [("basic", True), ("my-bot_2.1", True), ("pkg.mod:Bot.play", True), ("agent@sgz-rl/1:factored", True), ("", False), ("a b", False), ("pkg:", False), ("x" * 200, False), ("-x", False)])
def test_a_header_may_name_any_well_formed_bot(name: str, ok: bool) -> None:
    assert well_formed(name) is ok


def test_sim_plays_a_module_callable_bot_and_its_records_validate(tmp_path: Path) -> None:
    spec = "tests.core.external_bot:first"
    res = CliRunner().invoke(main, ["sim", "--games", "2", "--seed", "3", "--jobs", "2", "--bots", f"basic,{spec},random,basic,basic", "--out", str(tmp_path), "-o", "max_turns=30"])
    assert res.exit_code == 0, res.output
    paths = sorted(tmp_path.glob("*.jsonl"))
    assert len(paths) == 2 and all(check(p).ok for p in paths)
    assert read_record(paths[0]).header.bots["1"] == spec
    res = CliRunner().invoke(main, ["sim", "--bots", "tests.core.external_bot:gone", "--out", str(tmp_path / "x")])
    assert res.exit_code == 2 and "has no 'gone'" in res.output


def test_load_names_the_known_bots() -> None:
    with pytest.raises(BotError, match=r"unknown bot 'nobody' \(bots: basic, random, search.*; or module:callable\)"):
        load("nobody")
    assert sys.modules.get("tests.core.nowhere") is None


def test_a_live_table_seats_a_bot_the_operator_offers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live tables ask ``BOTS`` (cli/web is unchanged): a bot ``SGZ_BOTS`` names sits and plays there."""
    from sanguozhi.cli.web.room import Room, RoomError, Settings
    monkeypatch.setenv("SGZ_BOTS", "firsty=tests.core.external_bot:first")
    monkeypatch.setattr(BOTS, "_env", None)  # read again, with the variable set
    monkeypatch.setattr(BOTS, "_bots", dict(BOTS._bots))  # and forgotten after the test
    room, _ = Room.create(tmp_path, Settings(mode="identity", players=4, options={"max_turns": 8}, secret_wait=0.0), {1: "firsty", 2: "firsty", 3: "basic"}, now=0.0)
    room.join(0, "P0")
    with pytest.raises(RoomError, match="unknown bot"):
        Room.create(tmp_path, Settings(mode="identity", players=4), {1: "tests.core.external_bot:Counting"}, now=0.0)  # typed in a form: never imported
    room.start(0.0, seed=5)
    while room.settle(0.0):
        pass
    assert read_record(tmp_path / room.file.record).header.bots == {"1": "firsty", "2": "firsty", "3": "basic"}

