"""A mode's policy sits beside its mode and teaches the `basic` bot on its first
decision there (``Ruleset.policy``): the bot plays every mode exactly as it did
when ``core/bots/basic.py`` imported every mode's policy, whichever modes a
process has played before (the policies used to write into shared tables).

The digests are the games' events as each mode plays alone in a fresh process (seeds 1 and 2
at each table; seed 4 of the 3v3 modes is a 拼点 that once borrowed
hegemony's answer); last regenerated after the seeds' readings of issue 27 and
Hero Kill's heroes changed the duel, hegemony, 天地人, Hero Kill identity and seed 000's
modes.  A change of the rules or of the bot changes them on
purpose: ``python -m tests.core.test_bot_policies`` prints the new ones.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.bots.basic import learn
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import RULESETS

BEFORE = {
    "3v3-casual/6/1": "863d31690cc2fef7",
    "3v3-casual/6/2": "a96d58316587622d",
    "3v3-casual/6/4": "b2274d986e40589b",
    "3v3-competitive/6/1": "b3b9d5276b847f2c",
    "3v3-competitive/6/2": "db04e6eec65fa738",
    "3v3-competitive/6/4": "2dfe67a96c5f0656",
    "duel/2/1": "7496dc1bd0c64bb5",
    "duel/2/2": "0b2d6531e28915bf",
    "hegemony-six/5/1": "28b8a364e9737b4f",
    "hegemony-six/5/2": "d5fa538aa38787e5",
    "hegemony-six/8/1": "8bb9f6ab19822635",
    "hegemony/5/1": "e04ea5a2d599d123",
    "hegemony/8/1": "42110fc963b14f7d",
    "herokill-identity/5/1": "a5aff7037887eb6a",
    "herokill-identity/5/2": "8ea60d2fe022b293",
    "identity-seed000/5/1": "ae06559b62683a8e",
    "identity-seed000/5/2": "fb68af69ef41fe39",
    "identity/5/1": "b82a8a9b69ad89cd",
    "identity/5/2": "41e36a4447dbba5c",
    "identity/8/1": "1bc916dcd1d7f044",
    "jade-seal/5/1": "6e2edff11cba3719",
    "jade-seal/5/2": "8730ca64e68c74bf",
    "tiandiren/5/1": "db6c44bd21c65349",
    "tiandiren/5/2": "37d9942069b206ff",
    "tripod/3/1": "3e9d79bb99b225d8",
    "tripod/3/2": "47c0199cf93cc721",
}
MODES = sorted({k.split("/")[0] for k in BEFORE})


def digest(key: str) -> str:
    mode, players, seed = key.split("/")
    game = new_game(mode, int(players), int(seed))
    while not game.over:
        game.submit(bot_choice("basic", game.state, game.request))
    return hashlib.sha256(b"\n".join(ev.encode(e) for e in game.events)).hexdigest()[:16]


def test_after_every_mode_taught_in_reverse_the_games_are_as_before() -> None:
    for mode in sorted(RULESETS, reverse=True):
        learn(mode)
    assert {k: digest(k) for k in BEFORE} == BEFORE


@pytest.mark.parametrize("mode", MODES)
def test_a_mode_alone_plays_as_before(mode: str) -> None:
    """In a fresh process only this mode's policy (and what it builds on) is taught."""
    keys = [k for k in BEFORE if k.split("/")[0] == mode]
    code = f"import json, sys; from tests.core.test_bot_policies import digest; print(json.dumps({{k: digest(k) for k in {keys!r}}}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2])
    assert json.loads(out.stdout) == {k: BEFORE[k] for k in keys}


def test_the_bots_import_no_mode() -> None:
    code = "import sys, sanguozhi.core.bots.basic; print(sorted(m for m in sys.modules if '.core.modes.' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == ["sanguozhi.core.modes.base"]


if __name__ == "__main__":
    print(json.dumps({k: digest(k) for k in BEFORE}, indent=4))
