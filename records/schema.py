"""JSON Schema for records, generated from the msgspec types.

``schemas()`` gives {file name: schema}: the header line, one event, and a
record's event line (an event plus its ``i`` and ``h``).  Each file is
self-contained (its own ``$defs``), written with sorted keys so that the
output is stable and ``schemas/`` in the repository can be compared with a
fresh run.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _closure(node: Any, defs: dict[str, Any], out: dict[str, Any]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref[len("#/$defs/") :]
            if name not in out:
                out[name] = defs[name]
                _closure(defs[name], defs, out)
        for v in node.values():
            _closure(v, defs, out)
    elif isinstance(node, list):
        for v in node:
            _closure(v, defs, out)


def schemas() -> dict[str, dict[str, Any]]:
    from sanguozhi.core import events as ev

    from .format import FORMAT_VERSION, Header

    from sanguozhi.core.modes import BUILTIN, ruleset_of

    # Every event a mode of sgz writes: the core ones and each ruleset's own
    # (modes may share an event type: each is listed once).
    extra = tuple(dict.fromkeys(t for mode in BUILTIN for t in ruleset_of(mode).events))
    (header, event), defs = msgspec.json.schema_components([Header, ev.union(extra)], ref_template="#/$defs/{name}")

    def doc(root: dict[str, Any], title: str, description: str) -> dict[str, Any]:
        used: dict[str, Any] = {}
        _closure(root, defs, used)
        out = {"$schema": DIALECT, "title": title, "description": description, **root}
        if used:
            out["$defs"] = dict(sorted(used.items()))
        return out

    # Unknown fields are refused (records.format reads strictly): the union
    # says so with unevaluatedProperties, which sees the fields of the branch
    # that matched.  A record line is the same union plus its i and h.
    event = {**event, "unevaluatedProperties": False}
    line = {
        "anyOf": [{"$ref": "event.schema.json" + branch["$ref"]} for branch in event["anyOf"]],
        "properties": {
            "i": {"type": "integer", "minimum": 0, "description": "the event's sequence number (GameStarted is 0)"},
            "h": {
                "type": "string",
                "pattern": "^[A-Za-z0-9+/]{6}$",
                "description": "on the last line of a sealed group only: the first 6 characters of Base64(MD5(the previous seal's h + the group's bytes up to this line's ,\"h\":)); see records/format.py",
            },
        },
        "required": ["i"],
        "unevaluatedProperties": False,
    }
    return {
        "header.schema.json": doc(header, "sgz record header", f"Line 1 of a record file (format v{FORMAT_VERSION})."),
        "event.schema.json": doc(event, "sgz event", "One game event, tagged by \"t\": the core events (core.events.AnyEvent) and every mode's own."),
        "record-line.schema.json": {"$schema": DIALECT, "title": "sgz record event line", "description": "Lines 2... of a record file: an event with its sequence number, and on the last line of a sealed group the chain link.", **line},
    }


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(out: str | Path) -> list[Path]:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / name
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written
