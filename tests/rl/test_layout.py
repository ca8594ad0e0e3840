"""The layout's documentation is the code's, and a missing extra is one clear error."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .util import need_rl

ROOT = Path(__file__).parents[2]


def test_docs_rl_shows_the_layout_the_code_encodes() -> None:
    need_rl()
    from sanguozhi.rl.layout import markdown

    doc = (ROOT / "docs" / "RL.md").read_text()
    inside = doc.split("<!-- layout:", 1)[1].split("-->", 1)[1].split("<!-- /layout -->")[0]
    assert inside.strip() == markdown().strip(), "docs/RL.md is out of date: paste sanguozhi.rl.layout.markdown() between its layout markers"


def test_the_blocks_tile_the_observation() -> None:
    need_rl()
    from sanguozhi.rl.layout import blocks, observation_size, vocab

    v, _ = vocab("duel", 2, {})
    spans = blocks(v)
    assert spans[0][1] == 0 and all(a[1] + a[2] == b[1] for a, b in zip(spans, spans[1:]))
    assert spans[-1][1] + spans[-1][2] == observation_size(v) and v.characters == 14  # two places, two rows of six


def test_without_the_extra_aec_env_names_it() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None\nfrom sanguozhi.rl import aec_env\ntry:\n    aec_env()\nexcept ImportError as e:\n    print(e)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "sanguozhi.rl needs the rl extra: pip install 'sanguozhi[rl]' (pettingzoo, gymnasium, numpy); missing: pettingzoo"
