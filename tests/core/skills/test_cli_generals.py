"""`sgz generals`: the list, in both languages, and as JSON."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sanguozhi.cli.main import main


def test_generals_json_lists_the_25_with_skill_texts() -> None:
    out = CliRunner().invoke(main, ["generals", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert len(rows) == 25
    first = rows[0]
    assert set(first) >= {"id", "name_zh", "kingdom", "gender", "max_hp", "skills"}
    assert first["id"] == "caocao" and first["kingdom"] == "wei" and first["max_hp"] == 4
    for r in rows:
        for s in r["skills"]:
            assert set(s) >= {"id", "kind", "text_zh", "text_en"} and s["text_zh"] and s["text_en"]
    liubei = next(r for r in rows if r["id"] == "liubei")
    assert [s["id"] for s in liubei["skills"]] == ["rende", "jijiang"]
    assert liubei["skills"][1]["kind"] == "lord_skill"


def test_generals_text_in_chinese_and_english() -> None:
    zh = CliRunner().invoke(main, ["generals", "--lang", "zh"]).output
    assert "曹操 (caocao)" in zh and "奸雄" in zh and "主公技" in zh
    en = CliRunner().invoke(main, ["generals", "--lang", "en", "--kingdom", "qun"]).output
    assert "Lü Bu (lvbu)" in en and "Cao Cao" not in en
