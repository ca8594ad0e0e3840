"""In --lang zh, no command prints English: any Latin word left in what a
command prints must be one the player typed or will type (a file path, an
option name, a command of the prompt, a hand card's letter, an id to pass to
an option)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.common import checked_mode
from sanguozhi.cli.main import main
from tests.cli.keys import typed
from tests.replay.games import recorded_game

# Words a Chinese reader types at sgz's prompts or on its command line.
TYPED = {"sgz", "help", "ok", "info", "card", "skill", "table", "log", "hint", "undo", "play", "from", "out", "jsonl", "json", "lang", "zh"}
MODES = ["3v3-casual", "3v3-competitive", "duel", "hegemony", "hegemony-six", "herokill-identity", "identity", "jade-seal", "tiandiren", "tripod"]


def english(text: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of ``text`` a Chinese reader did not type."""
    for word in typed:
        text = text.replace(word, " ")
    text = re.sub(r"\S*[/\\]\S*|\S+\.jsonl\b", " ", text)  # file paths
    text = re.sub(r"--?[a-z][a-z-]*", " ", text)  # option names
    text = re.sub(r"\b[0-9a-f]{8,}\b", " ", text)  # game ids
    text = re.sub(r"\([a-z0-9_]+, ", "(", text)  # sgz generals: the id that -o general= takes
    text = re.sub(r"\(([a-z0-9_]+)\)", " ", text)
    words = re.findall(r"[A-Za-z]{2,}", text)
    return sorted({w for w in words if w.lower() not in TYPED})


def run(*args, input: str | None = None) -> str:
    res = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    return res.output


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    return recorded_game(tmp_path_factory.mktemp("zh"), 4, 5, max_turns=8)


def test_reading_commands_print_no_english(record: Path, tmp_path: Path) -> None:
    fork = tmp_path / "f.jsonl"
    outputs = {
        "cards": run("cards", "--lang", "zh"),
        "generals": run("generals", "--lang", "zh") + run("generals", "--mode", "hegemony", "--lang", "zh") + run("generals", "--mode", "jade-seal", "--lang", "zh"),
        "replay": run("replay", record, "--lang", "zh"),
        "replay --at": run("replay", record, "--at", "60", "--lang", "zh", "--as", "1"),
        "replay --at error": run("replay", record, "--at", "99999", "--lang", "zh"),
        "replay --round error": run("replay", record, "--round", "999", "--lang", "zh"),
        "replay --step": run("replay", record, "--step", "--lang", "zh", input="n\nb\nj 99999\nt 999\nr 999\nxyz\nn abc\ns\nq\n"),
        "fork": run("fork", record, "--at", "50", "--out", fork, "--lang", "zh"),
        "fork error": run("fork", record, "--at", "99999", "--out", tmp_path / "g.jsonl", "--lang", "zh"),
        "analyze": run("analyze", record, "--at", "50", "-k", "1", "-j", "1", "--lang", "zh"),
        "analyze --blunders": run("analyze", record, "--seat", "1", "--blunders", "-k", "1", "-j", "1", "--lang", "zh"),
        "diff": run("diff", record, fork, "--lang", "zh"),
    }
    typed_words = ("xyz", "abc")
    left = {cmd: english(text, typed_words) for cmd, text in outputs.items()}
    assert all(text.strip() for text in outputs.values())
    assert left == {cmd: [] for cmd in outputs}


@pytest.mark.parametrize("mode", MODES)
def test_a_play_session_prints_no_english(mode: str, tmp_path: Path) -> None:
    lines = typed(mode, checked_mode(mode, None)[1], 3, 0, decisions=15)
    script = "\n".join(lines) + "\ninfo 0\ninfo 1\ncard 杀\nlog 3\ntable\nhelp\nxyz\nq\n"
    out = run("play", "--mode", mode, "--seed", "3", "--seat", "0", "--out", tmp_path / "me.jsonl", "--lang", "zh", input=script)
    assert "--" in out  # a question was asked
    assert english(out, ("xyz",)) == []
