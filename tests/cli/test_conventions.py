"""One convention across every command: help, formats, output paths, exit statuses, errors.

Exit status 2 is a usage error (a wrong flag or value: nothing was done), 1
a failure (bad data, a path that cannot be used); an error is one line on
stderr starting ``sgz: error:`` and never a traceback.
"""
from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import COMMANDS, main
from tests.replay.games import recorded_game

INTERNAL = ("GameStarted", "TurnStarted", "CardsMoved", "Decided", "person seat", "PhaseStarted")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def commands() -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    ctx = click.Context(main)
    for name in COMMANDS:
        out.append((name,))
        cmd = main.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            out += [(name, sub) for sub in cmd.commands]
    return out


@pytest.mark.parametrize("path", commands(), ids=lambda p: " ".join(p) or "sgz")
def test_every_help_documents_every_option_and_ends_with_an_example(path: tuple[str, ...]) -> None:
    res = run(*path, "--help")
    assert res.exit_code == 0, res.output
    last = res.output.rstrip().split("\n\n")[-1].strip()
    assert last.startswith("Example: sgz "), last
    for term in INTERNAL:
        assert term not in res.output, term
    cmd: click.Command = main
    for name in path:
        cmd = cmd.get_command(click.Context(cmd), name)  # type: ignore[attr-defined]
    for p in cmd.params:
        if isinstance(p, click.Option) and p.name not in ("help", "version"):
            assert p.help, f"{' '.join(path)} {p.opts[0]} has no help"


@pytest.mark.parametrize("name", ["sim", "replay", "cards", "generals", "diff", "tree", "query", "stats"])
def test_output_formats_are_one_option_with_json_as_its_short_form(name: str) -> None:
    cmd = main.get_command(click.Context(main), name)
    opts = {o for p in cmd.params if isinstance(p, click.Option) for o in p.opts}
    assert {"--format", "--json"} <= opts


def test_out_says_file_or_folder_and_is_checked_before_anything_is_written(tmp_path: Path) -> None:
    a_file = tmp_path / "afile"
    a_file.write_text("x")
    for args, says in (
        (("sim", "--out", a_file), "is a file; --out names a folder"),
        (("sim", "--out", a_file / "sub"), "is a file, not a folder"),
        (("play", "--out", a_file / "me.jsonl"), "is a file, not a folder"),
        (("schema", "--out", a_file), "is a file; --out names a folder"),
        (("archive", "export", "--parquet", a_file), "is a file; --out names a folder"),
    ):
        res = run(*args, input="q\n")
        assert res.exit_code == 1 and says in res.output and len(res.output.strip().splitlines()) == 1, (args, res.output)
    kinds = {"sim": "DIR", "schema": "DIR", "play": "FILE", "fork": "FILE", "salvage": "FILE"}
    for name, kind in kinds.items():
        cmd = main.get_command(click.Context(main), name)
        out = next(p for p in cmd.params if isinstance(p, click.Option) and "--out" in p.opts)
        assert out.metavar == kind and out.help.startswith("The folder" if kind == "DIR" else ("The record file", "The new record file")), name


def test_a_path_the_system_refuses_is_one_line(tmp_path: Path) -> None:
    res = run("sim", "--out", "/proc/sgz-test", "--games", "1")
    assert res.exit_code == 1 and res.output.startswith("sgz: error:") and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    return recorded_game(tmp_path_factory.mktemp("conv"), 5, 7, max_turns=10)


def test_a_record_given_as_an_archive_is_named_as_such(record: Path) -> None:
    for args in (("stats", "--db", record), ("query", "--db", record, "SELECT 1"), ("archive", "ingest", record.parent, "--db", record)):
        res = run(*args)
        assert res.exit_code == 1 and "is a record, not an archive" in res.output, (args, res.output)


def test_query_names_the_statement_it_refuses(record: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", record, "--db", db, "-q").exit_code == 0
    res = run("query", "--db", db, "INSTALL httpfs")
    assert res.exit_code == 1 and "INSTALL is not allowed" in res.output


def test_ingest_of_a_folder_without_records_says_so_and_makes_nothing(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    db = tmp_path / "a.duckdb"
    res = run("archive", "ingest", tmp_path / "empty", "--db", db)
    assert res.exit_code == 1 and "no records" in res.output and not db.exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("-o", "deck=nonsense"), "bad option deck=nonsense; options: deck: basic|full"),
        (("-o", "colour=red"), "unknown option 'colour'; options: deck: basic|full"),
        (("-o", "max_turns=0"), "max_turns must be at least 1"),
        (("-n", "10", "-o", "generals=choose", "-o", "candidates=9"), "candidates must be 1-2 with 10 players"),
        (("--bots", "basic,random"), "give one bot, or 5"),
        (("--players", "0"), "takes 4-10 players"),
    ],
)
def test_bad_options_are_usage_errors_that_say_what_is_allowed(args: tuple[str, ...], says: str, tmp_path: Path) -> None:
    res = run("sim", "--out", tmp_path / "g", *args)
    assert res.exit_code == 2 and says in res.output and len(res.output.strip().splitlines()) == 1, res.output
    assert not (tmp_path / "g").exists() or not list((tmp_path / "g").iterdir())


def test_play_refuses_a_bot_for_the_seat_the_person_plays(tmp_path: Path) -> None:
    res = run("play", "--seat", "0", "--out", tmp_path / "me.jsonl", "--bots", "basic,basic,basic,basic,basic")
    assert res.exit_code == 2 and "seat 0 is yours" in res.output
    res = run("play", "--out", tmp_path / "me.jsonl", "--bots", "-,random,basic,basic,basic", input="q\n")
    assert res.exit_code == 0


def test_stats_of_an_unknown_mode_is_an_error(record: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    assert run("archive", "ingest", record, "--db", db, "-q").exit_code == 0
    res = run("stats", "--db", db, "--mode", "nonsense")
    assert res.exit_code == 2 and "no such mode" in res.output and "identity" in res.output


def test_a_crlf_record_is_refused_with_the_reason(record: Path, tmp_path: Path) -> None:
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(record.read_bytes().replace(b"\n", b"\r\n"))
    for args in (("replay", crlf), ("validate", crlf), ("tree", crlf)):
        res = run(*args)
        assert res.exit_code == 1 and "CRLF" in res.output and "dos2unix" in res.output, (args, res.output)


def test_the_repository_keeps_records_out_of_line_ending_conversion() -> None:
    attrs = Path(__file__).resolve().parents[2] / ".gitattributes"
    assert "*.jsonl -text" in attrs.read_text()
