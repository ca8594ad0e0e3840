"""Seed 000's modes through `sgz`: generals and cards marked by pack, sim, validate, replay."""
from __future__ import annotations

import json

from click.testing import CliRunner

from cli.main import main


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_generals_of_identity_seed000_list_the_projects_marked_by_pack() -> None:
    res = run("generals", "--mode", "identity-seed000", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    ours = [r for r in rows if r["pack"] == "sgz-seed000"]
    assert len(rows) == 36 and len(ours) == 11
    assert all(r["id"].startswith("sgz_") and "项目" in r["pack_zh"] for r in ours)
    kinds = {s["kind"] for r in ours for s in r["skills"]}
    assert kinds >= {"covert", "build", "legislate", "party", "formation", "staged", "limited", "active"}
    zh = run("generals", "--mode", "identity-seed000", "--lang", "zh", "--kingdom", "rong").stdout
    assert "阵将 (sgz_zhenjiang)  戎" in zh and "〔项目武将" in zh and "阵法技" in zh
    assert "〔" not in run("generals", "--lang", "zh").stdout  # the standard edition is not marked
