"""The mode registry: each built-in mode's module is imported on first use,
so folding one game's record imports that mode's rules and no other's."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sanguozhi.core.modes import BUILTIN, BUILTIN_MODULES, RULESETS, ModeError, load_all, playable_modes, ruleset_of

REPO = Path(__file__).resolve().parents[3]


def test_every_builtin_module_registers_the_mode_it_is_named_for() -> None:
    rulesets = load_all()
    for mode_id, module in BUILTIN_MODULES.items():
        assert mode_id in rulesets, f"{module} does not register {mode_id!r}"
        assert ruleset_of(mode_id) is rulesets[mode_id]
    assert set(BUILTIN) == set(BUILTIN_MODULES)
    assert set(BUILTIN) <= set(RULESETS)  # RULESETS is every mode, imported


def test_an_unknown_mode_is_refused_naming_every_mode() -> None:
    with pytest.raises(ModeError) as exc:
        ruleset_of("no-such-mode")
    for mode_id in BUILTIN:
        assert mode_id in str(exc.value)


def test_playable_modes_lists_the_modes_not_yet_imported_too() -> None:
    playable = playable_modes()
    assert {"identity", "hegemony", "duel", "tiandiren", "jade-seal", "hegemony-six"} <= set(playable)


_READ_AND_FOLD = """
import sys
from sanguozhi.core.evolve import fold
from sanguozhi.records.format import read_record
fold(read_record(sys.argv[1]).events)
from sanguozhi.core import modes
prefix = modes.__name__ + "."
print(" ".join(sorted(m[len(prefix):] for m in sys.modules if m.startswith(prefix))))
"""


def test_reading_and_folding_an_identity_record_imports_no_other_modes_rules(tmp_path: Path) -> None:
    """What ``sgz replay --at`` does in a new process (this one has every mode imported)."""
    from sanguozhi.core.bots import bot_choice
    from sanguozhi.core.game import new_game
    from sanguozhi.records.format import FORMAT_VERSION, Header, RecordWriter

    game = new_game("identity", 5, 7)
    for _ in range(40):
        game.submit(bot_choice("random", game.state, game.request))
    start = game.events[0]
    header = Header(sgz="record", v=FORMAT_VERSION, game="registry", rules=start.rules, mode=start.mode, players=start.players, seed=start.seed, options=start.options)
    path = tmp_path / "g.jsonl"
    with RecordWriter(path, header, flush="close") as writer:
        writer.write_all(game.events)
    out = subprocess.run([sys.executable, "-c", _READ_AND_FOLD, str(path)], cwd=REPO, check=True, capture_output=True, text=True).stdout.split()
    assert "identity" in out  # modules under the modes package, by their names there
    assert [m for m in out if m.split(".")[0] in {"hegemony", "herokill", "duel", "tiandiren", "seed000", "planned"}] == []
