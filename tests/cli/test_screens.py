"""What a player reads, as golden text: the table, the narration and a whole
scripted `sgz play` session, in English and in Chinese, for fixed seeds.

A change to any screen shows up here as a diff of text.  After a deliberate
change, regenerate with ``SGZ_UPDATE_GOLDEN=1 python -m pytest tests/cli/test_screens.py``
and read the diff before committing it.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sanguozhi.cli.main import main
from sanguozhi.records import read_record
from sanguozhi.replay.narrate import Narrator
from tests.replay.games import recorded_game
from tests.replay.test_views import CardNames

GOLDEN = Path(__file__).parent / "golden"
# A session: choose a general, look things up, choose a card and go back, choose it and its
# target at once, take it back, read the log, mistype, quit.
SCRIPT = "1\ninfo 1\ncard f\nskill 反馈\nskill Raid\nhelp\nf\nb\nf 1\nundo\ntable\nlog 3\ng\n99\nabc\nq\n"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("SGZ_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden text {path.name}: run with SGZ_UPDATE_GOLDEN=1 once"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from the golden text"


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    return recorded_game(tmp_path_factory.mktemp("screens"), 5, 21, max_turns=12)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_from_a_seat_and_in_the_review(record: Path, lang: str) -> None:
    parts = []
    for seat in ("0", "3", None):
        args = ["replay", record, "--at", "300", "--lang", lang] + (["--as", seat] if seat else [])
        res = run(*args)
        assert res.exit_code == 0, res.output
        parts.append(res.output)
    golden(f"table-{lang}.txt", "\n".join(parts))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_narration_of_a_seat(record: Path, lang: str) -> None:
    res = run("replay", record, "--as", "2", "--lang", lang)
    assert res.exit_code == 0
    golden(f"narration-{lang}.txt", res.output)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scripted_play_session(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "me.jsonl"
    res = run("play", "--seat", "0", "--seed", "7", "--out", out, "--lang", lang, input=SCRIPT)
    assert res.exit_code == 0, res.output
    text = res.output.replace(str(tmp_path), "<tmp>")
    golden(f"play-{lang}.txt", text)
    # What the script did is in the files: the file named goes on, the line left is its fork.
    main_line, left = read_record(out), read_record(tmp_path / "me.undo1.jsonl")
    assert left.header.parent == main_line.header.game
    assert "undo" in text and ("Feedback" in text or "反馈" in text)


def test_screens_show_no_internal_id(record: Path) -> None:
    texts = [(GOLDEN / name).read_text(encoding="utf-8") for name in sorted(os.listdir(GOLDEN)) if name.endswith(".txt")]
    assert len(texts) == 6
    texts += [path.read_text(encoding="utf-8") for path in sorted((GOLDEN / "modes").glob("*.txt"))]
    for text in texts:
        assert not re.search(r"#\d|\[[♠♥♣♦][0-9AJQK]+\]|\b[a-z]+_[a-z_]+\b|\(respond:|\(grace:|triggers \(\)", text)
    names = CardNames(Narrator("en"))
    assert names.named(texts[0])  # the English screens do name cards


MODES = ["3v3-casual", "3v3-competitive", "duel", "hegemony", "hegemony-six", "herokill-identity", "identity", "jade-seal", "tiandiren", "tripod"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("mode", MODES)
def test_a_prompt_of_every_mode(mode: str, lang: str, tmp_path: Path) -> None:
    """The first answers of seat 0 by the steps' keys, then its table and question once more."""
    from sanguozhi.cli.common import checked_mode
    from tests.cli.keys import typed

    lines = typed(mode, checked_mode(mode, None)[1], 3, 0, decisions=6)
    out = tmp_path / "me.jsonl"
    res = run("play", "--mode", mode, "--seed", "3", "--seat", "0", "--out", out, "--lang", lang, input="\n".join(lines) + "\ninfo 0\ntable\nq\n")
    assert res.exit_code == 0, res.output
    text = res.output.replace(str(tmp_path), "<tmp>")
    golden(f"modes/{mode}-{lang}.txt", text)
