"""`sgz stats --plot`: the charts as SVG (checked as drawn) and as PNG (drawn by Chromium)."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import duckdb
import pytest

from sanguozhi.records.plot import charts, histogram, win_rates
from sanguozhi.records.stats import lengths
from sanguozhi.replay.narrate import display_name

from .records_util import archive_of, one_line_error, run

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    return archive_of(tmp_path_factory.mktemp("plot"), 8, players=5, max_turns=60)


def whiskers(svg: str) -> list[tuple[float, float]]:
    """(x1, x2) of each interval line of a forest plot (the stroke-width 2 horizontals)."""
    root = ET.fromstring(svg)
    out = []
    for line in root.iter(f"{SVG}line"):
        if line.get("stroke-width") == "2" and line.get("y1") == line.get("y2"):
            out.append((float(line.get("x1")), float(line.get("x2"))))
    return out


def test_the_svg_draws_each_group_where_its_numbers_say(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.svg"
    res = run("stats", "--db", db, "--by", "general", "--plot", out, "--format", "json")
    assert res.exit_code == 0, res.output
    table = json.loads(res.stdout)
    root = ET.fromstring(out.read_text(encoding="utf-8"))  # well-formed
    charts_ = root.findall(f"{SVG}svg")
    assert len(charts_) == 3  # win rates, lengths, damage by card
    forest = ET.tostring(charts_[0], encoding="unicode")
    rows = table["by_general"]
    spans = whiskers(forest)
    assert len(spans) == len(rows)
    left, span = 150, 760 - 150 - 190
    for (x1, x2), row in zip(spans, rows):
        assert x1 == pytest.approx(left + span * row["ci_low"], abs=0.06)
        assert x2 == pytest.approx(left + span * row["ci_high"], abs=0.06)
    labels = [t.text for t in charts_[0].iter(f"{SVG}text")]
    names = [display_name(row["general"], "en") for row in rows]
    assert [x for x in labels if x in names] == names  # in the table's order, by the names people read
    # The histogram's bars hold every finished game once.
    bars = [r for r in charts_[1].iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    counts = [int(r.find(f"{SVG}title").text.rsplit(": ", 1)[1]) for r in bars]
    assert sum(counts) == table["summary"][0]["finished"]


def test_lengths_bins_cover_every_finished_game(db: Path) -> None:
    con = duckdb.connect(str(db), read_only=True)
    try:
        bins = lengths(con)
        turns = [r[0] for r in con.execute("SELECT turns FROM games WHERE finished").fetchall()]
    finally:
        con.close()
    assert sum(c for _, _, c in bins) == len(turns)
    for t in turns:
        assert sum(c for lo, hi, c in bins if lo <= t < hi) >= 1
    assert all(hi - lo == bins[0][1] - bins[0][0] for lo, hi, _ in bins)


def test_chinese_labels_and_empty_charts() -> None:
    sections = {"by_role": (["role", "seats", "wins", "win_rate", "ci_low", "ci_high", "mean_turns"], [("lord", 10, 4, 0.4, 0.17, 0.69, 30.0)]),
                "damage_by_card": (["card", "hits", "damage", "share"], [("slash", 3, 4, 1.0)])}
    from sanguozhi.cli.cmd_stats import labeler

    svgs = charts(sections, [], labeler("zh"), "zh")
    text = "".join(svgs)
    assert "主公" in text and "杀" in text and "胜率" in text
    for s in svgs:
        ET.fromstring(s)
    assert "no finished games" in win_rates([], "x") and "no finished games" in histogram([], "x", "turns")


def test_png_is_drawn_by_chromium(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.png"
    res = run("stats", "--db", db, "--plot", out)
    assert res.exit_code == 0, res.output
    blob = out.read_bytes()
    assert blob[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(blob[16:20], "big"), int.from_bytes(blob[20:24], "big")
    assert width == 760 and height > 500


def test_a_plot_file_of_another_kind_is_refused(db: Path, tmp_path: Path) -> None:
    err = one_line_error(run("stats", "--db", db, "--plot", tmp_path / "s.pdf"))
    assert ".svg or .png" in err and not (tmp_path / "s.pdf").exists()
