"""Hegemony's data files: the package's copies still match the shared reference
files (when those are present), and what the engine builds from them."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.core.deck import CARDS
from sanguozhi.core.generals import GENERALS
from sanguozhi.core.modes import ruleset_of
from sanguozhi.core.modes.hegemony.cards import HEGEMONY_DECK
from sanguozhi.core.modes.hegemony.data import FILES, GENERALS_DATA, SKILLS_DATA, text
from sanguozhi.core.modes.hegemony.generals import COMPANIONS, NOT_BUILT, REUSED, companions, general_id, max_hp, skill_id
from sanguozhi.core.modes.hegemony.ruleset import revised_missing

REFERENCE = Path(__file__).resolve().parents[5] / "shared" / "reference"


@pytest.mark.skipif(not (REFERENCE / "hegemony-generals.tsv").exists(), reason=f"the shared reference files are not at {REFERENCE}")
@pytest.mark.parametrize("name", FILES)
def test_the_packaged_data_matches_the_reference_file(name: str) -> None:
    assert text(name) == (REFERENCE / f"hegemony-{name}").read_text(encoding="utf-8")


def test_sixty_generals_fifteen_per_kingdom_all_in_the_pool() -> None:
    assert len(GENERALS_DATA) == 60
    for k in ("wei", "shu", "wu", "qun"):
        assert sum(1 for g in GENERALS_DATA if g.kingdom == k) == 15
    rs = ruleset_of("hegemony")
    pool = rs.pool(rs.check(4, {}))
    assert NOT_BUILT == () and len(pool) == 60  # every general is built: nothing left out of the pool
    assert GENERALS["hg_caocao"].max_hp == 4 and GENERALS["hg_guanyu"].max_hp == 5  # half fish


def test_every_original_edition_skill_has_its_rule() -> None:
    orig = [s for s, row in SKILLS_DATA.items() if row.edition == "orig"]
    assert len(orig) == 92 and len(SKILLS_DATA) == 132
    content = ruleset_of("hegemony").content(ruleset_of("hegemony").check(4, {}))
    for s in orig:
        assert skill_id(s) in content.skills, s
    same = {s for s, row in SKILLS_DATA.items() if row.edition == "orig" and row.identity == "same"}
    assert same == set(REUSED) - {"jizhi"} and {skill_id(s) for s in same} <= set(content.skills)


def test_the_revised_edition_is_refused_with_the_list_of_what_is_missing() -> None:
    missing = revised_missing()
    assert len(missing) == 40 and "rev.guicai" in missing and "chuli" in missing


def test_companions_are_symmetric_and_twenty_pairs() -> None:
    pairs = {frozenset((a, b)) for a, cs in COMPANIONS.items() for b in cs}
    assert len(pairs) == 20
    assert companions("hg_caocao", "hg_dianwei") and companions("hg_dianwei", "hg_caocao") and companions("hg_guanyu", "hg_zhangfei")
    assert not companions("hg_caocao", "hg_zhangliao")
    assert max_hp("hg_caocao", "hg_simayi") == 3 and max_hp("hg_guanyu", "hg_zhangfei") == 4


def test_the_hegemony_deck_is_printed_at_its_own_numbers() -> None:
    assert HEGEMONY_DECK == tuple(range(200, 308))
    names = [CARDS[n].name for n in HEGEMONY_DECK]
    assert names.count("known_both") == 2 and names.count("heg_nullification") == 2 and names.count("six_swords") == 1
    assert {CARDS[n].pack for n in HEGEMONY_DECK} == {"hegemony"}
    content = ruleset_of("hegemony").content(ruleset_of("hegemony").check(4, {}))
    assert all(n in content.rules for n in set(names))
    assert general_id("caocao") in GENERALS
