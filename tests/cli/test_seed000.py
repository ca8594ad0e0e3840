"""Seed 000's modes through `sgz`: generals and cards marked by pack, sim, validate, replay."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sanguozhi.cli.main import main


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


def test_cards_of_jade_seal_list_the_seal_marked_by_its_pack() -> None:
    res = run("cards", "--mode", "jade-seal", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert len(rows) == 161
    seal = rows[-1]
    assert (seal["number"], seal["id"], seal["pack"], seal["subtype"], seal["suit"], seal["rank"]) == (600, "jade_seal", "jade-seal", "treasure", "", 0)
    assert "毁盟" in seal["text_zh"]
    zh = run("cards", "--mode", "jade-seal", "--lang", "zh").stdout.splitlines()
    assert zh[-1].startswith("600") and "【玉玺】" in zh[-1] and zh[-1].endswith("[jade-seal]")
    assert not any(line.endswith("]") and "[" in line.split("：")[-1] for line in zh[:-1])  # the standard cards are not marked


def test_sim_validate_and_replay_both_modes(tmp_path) -> None:
    for mode, players in (("jade-seal", 6), ("identity-seed000", 5)):
        out = tmp_path / mode
        res = run("sim", "--mode", mode, "--players", players, "--games", 2, "--seed", 4, "--out", out)
        assert res.exit_code == 0, res.output
        files = sorted(out.glob("*.jsonl"))
        assert len(files) == 2
        res = run("validate", "--complete", *files)
        assert res.exit_code == 0, res.output
        zh = run("replay", files[0], "--as", 1, "--lang", "zh")
        assert zh.exit_code == 0, zh.output
    assert "结盟" in run("replay", sorted((tmp_path / "jade-seal").glob("*.jsonl"))[0], "--lang", "zh").stdout
