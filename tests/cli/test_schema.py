"""`sgz schema`, and schemas/ in the repository is exactly its output."""
from __future__ import annotations

import json
from pathlib import Path

import msgspec

from sanguozhi.records.format import read_record
from tests.records.util import V1_FIXTURES

from .records_util import REPO, run


def test_schemas_folder_is_a_fresh_run(tmp_path: Path) -> None:
    res = run("schema", "--out", tmp_path)
    assert res.exit_code == 0, res.output
    fresh = {p.name: p.read_text() for p in tmp_path.iterdir()}
    committed = {p.name: p.read_text() for p in (REPO / "schemas").iterdir()}
    assert committed == fresh, "schemas/ is stale: run `sgz schema --out schemas` and commit it"


def test_the_event_schema_names_every_event_type(tmp_path: Path) -> None:
    from sanguozhi.core import events as ev
    from sanguozhi.core.modes import BUILTIN, ruleset_of

    run("schema", "--out", tmp_path)
    schema = json.loads((tmp_path / "event.schema.json").read_text())
    tags = {d["properties"]["t"]["enum"][0] for d in schema["$defs"].values() if "t" in d.get("properties", {})}
    modes = {t.__struct_config__.tag for m in BUILTIN for t in ruleset_of(m).events}
    assert tags == set(ev.TAGS.values()) | modes


def test_recorded_events_fit_the_schema_types() -> None:
    # The schema comes from the same msgspec types that decode records.
    rec = read_record(V1_FIXTURES[0])
    header = json.loads((REPO / "schemas" / "header.schema.json").read_text())
    required = set(header["$defs"]["Header"]["required"])
    assert required <= set(msgspec.structs.asdict(rec.header))
