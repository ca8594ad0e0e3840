"""Fuzz: tampered records, and validate and ingest must agree on every one.

Each mutation is applied to a copy of a sound record given a game id of its
own (so that ingest judges each copy alone).  Most mutations recompute the
chain afterwards (a careful forger); some do not (damage).  For every
mutated record:

- ``records.check`` (sgz validate --complete) accepts it exactly when ingest
  (default: closed records only, with --verify) adds it; and the same for
  validate --no-exec against ingest --partial without --verify;
- when both accept it, the archive says what the record says: its events,
  its winners, its damage.

Bounded (a fixed seed and count) so that it runs in the default test run;
the figures are printed (run with -s) and kept in ``FIGURES``.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.records.archive import ingest, open_db
from sanguozhi.records.check import check

from .util import FIXTURES, objects, rechained, record

SEED = 15
PER_SOURCE = 45  # mutations of each short source record
FIGURES: dict[str, object] = {}

Mutation = Callable[[random.Random, bytes, list[bytes]], tuple[bytes, list[bytes]] | bytes]


def _pick_event(rng: random.Random, objs: list[bytes], prefix: bytes = b"") -> int:
    ks = [k for k, o in enumerate(objs) if o.startswith(prefix)] or list(range(len(objs)))
    return rng.choice(ks)


def _keys(obj: bytes) -> list[str]:
    return list(json.loads(obj))


def dup_key(rng, head, objs):
    k = _pick_event(rng, objs, rng.choice([b'{"t":"end"', b'{"t":"damage"', b'{"t":"dec"', b'{"t":"move"']))
    key = rng.choice([x for x in _keys(objs[k]) if x != "t"] or ["t"])
    value = rng.choice([b"[0,4]", b"3", b'"x"', b"true"])
    obj = objs[k]
    at = rng.choice([1, len(obj) - 1])
    extra = b'"%s":%s' % (key.encode(), value)
    objs[k] = obj[:at] + extra + b"," + obj[at:] if at == 1 else obj[:at] + b"," + extra + obj[at:]
    return head, objs


def unknown_field(rng, head, objs):
    if rng.random() < 0.2:
        return head[:-1] + b',"note":"hi"}', objs
    k = _pick_event(rng, objs)
    objs[k] = objs[k][:-1] + b',"zz":%d}' % rng.randint(0, 9)
    return head, objs


def number_form(rng, head, objs):
    k = _pick_event(rng, objs, rng.choice([b'{"t":"damage"', b'{"t":"move"', b'{"t":"turn"']))
    import re

    nums = list(re.finditer(rb":(\d+)([,}\]])", objs[k]))
    if not nums:
        return None
    m = rng.choice(nums)
    form = rng.choice([b"%s.0", b"%se0", b"0%s", b"%s "])
    objs[k] = objs[k][: m.start(1)] + form % m.group(1) + objs[k][m.end(1) :]
    return head, objs


def spacing(rng, head, objs):
    k = _pick_event(rng, objs)
    at = objs[k].index(b",") if b"," in objs[k] else 1
    objs[k] = objs[k][: at + 1] + b" " + objs[k][at + 1 :]
    return head, objs


def header_field(rng, head, objs):
    h = json.loads(head)
    what = rng.choice(["seed", "players", "max_turns", "deck", "bot_seat", "bot_name", "rules", "mode"])
    if what == "seed":
        h["seed"] += rng.randint(1, 99)
    elif what == "players":
        h["players"] += 1
    elif what == "max_turns":
        h["options"] = {**h["options"], "max_turns": h["options"]["max_turns"] + 1}
    elif what == "deck":
        h["options"] = {**h["options"], "deck": "basic" if h["options"]["deck"] == "full" else "full"}
    elif what == "bot_seat":
        h["bots"] = {**h["bots"], "9": "basic"}
    elif what == "bot_name":
        h["bots"] = {**h["bots"], "0": "no bot!"}  # not a bot's name (any well-formed name may be an outside bot)
    elif what == "rules":
        h["rules"] = "sgz-rules/0"
    else:
        h["mode"] = "duel"
    return json.dumps(h, separators=(",", ":"), ensure_ascii=False).encode(), objs


def claim_parent(rng, head, objs):
    """A header that says the record is a fork (of a parent not at hand): it can
    pass, as a real fork does, unless its fork point does not fit its events."""
    h = json.loads(head)
    h["parent"], h["fork_at"] = "0" * 16, rng.choice([0, rng.randint(1, len(objs))])
    return json.dumps(h, separators=(",", ":"), ensure_ascii=False).encode(), objs


def reseed(rng, head, objs):
    objs.insert(rng.randint(1, len(objs)), ev.encode(ev.Reseeded(seed=rng.randint(0, 99))))
    return head, objs


def quit_(rng, head, objs):
    objs.insert(rng.randint(1, len(objs)), ev.encode(ev.GameQuit(seat=rng.randint(0, 3))))
    return head, objs


def decision(rng, head, objs):
    k = _pick_event(rng, objs, b'{"t":"dec"')
    d = ev.decode(objs[k])
    if not isinstance(d, ev.Decided):
        return None
    change = rng.choice(["cards", "targets", "option"])
    if change == "cards":
        d = ev.Decided(seat=d.seat, kind=d.kind, cards=(rng.randint(0, 159),), targets=d.targets, option=d.option, w=d.w)
    elif change == "targets":
        d = ev.Decided(seat=d.seat, kind=d.kind, cards=d.cards, targets=(rng.randint(0, 3),), option=d.option, w=d.w)
    else:
        d = ev.Decided(seat=d.seat, kind=d.kind, cards=d.cards, targets=d.targets, option=rng.choice(["end", "pass", "", "recast"]), w=d.w)
    objs[k] = ev.encode(d)
    return head, objs


def card_move(rng, head, objs):
    k = _pick_event(rng, objs, b'{"t":"move"')
    import re

    m = re.search(rb'"c":\[(\d+)', objs[k])
    if not m:
        return None
    objs[k] = objs[k][: m.start(1)] + b"%d" % rng.randint(0, 159) + objs[k][m.end(1) :]
    return head, objs


def lines_moved(rng, head, objs):
    k = rng.randint(1, len(objs) - 2)
    how = rng.choice(["drop", "dup", "swap"])
    if how == "drop":
        del objs[k]
    elif how == "dup":
        objs.insert(k, objs[k])
    else:
        objs[k], objs[k + 1] = objs[k + 1], objs[k]
    return head, objs


def deep(rng, head, objs):
    objs[0] = objs[0].replace(b'"options":{', b'"options":{"x":' + b"[" * 1000 + b"]" * 1000 + b",", 1)
    return head, objs


def bad_utf8(rng, head, objs):
    k = _pick_event(rng, objs, b'{"t":"use"')
    objs[k] = objs[k].replace(b'"name":"', b'"name":"\xff', 1)
    return head, objs


# Damage: the chain is not recomputed.
def byte_flip(rng, raw: bytes) -> bytes:
    at = rng.randrange(len(raw) - 1)
    return raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(7))]) + raw[at + 1 :]


def cut_anywhere(rng, raw: bytes) -> bytes:
    return raw[: rng.randrange(1, len(raw) - 1)]


def cut_at_a_line(rng, raw: bytes) -> bytes:
    lines = raw.splitlines(keepends=True)
    return b"".join(lines[: rng.randint(1, len(lines) - 1)])


def garbage(rng, raw: bytes) -> bytes:
    return raw + rng.choice([b"}{ not json\n", b"\n", b'{"t":"quit","seat":0}\n'])


REWRITES: dict[str, Mutation] = {f.__name__.rstrip("_"): f for f in (dup_key, unknown_field, number_form, spacing, header_field, claim_parent, reseed, quit_, decision, card_move, lines_moved, deep, bad_utf8)}
DAMAGES = {f.__name__: f for f in (byte_flip, cut_anywhere, cut_at_a_line, garbage)}


def _own_id(src: Path, out: Path, k: int) -> Path:
    """A sound copy of ``src`` whose game id is its own."""
    head, objs = objects(src)
    h = json.loads(head)
    h["game"] = f"fuzz{k:012d}"
    return rechained(out, json.dumps(h, separators=(",", ":"), ensure_ascii=False).encode(), objs)


def _mutants(sources: list[tuple[Path, int]], folder: Path) -> dict[Path, str]:
    rng = random.Random(SEED)
    kinds = sorted(REWRITES) + sorted(DAMAGES)
    out: dict[Path, str] = {}
    k = 0
    for src, count in sources:
        for _ in range(count):
            k += 1
            base = _own_id(src, folder / f"base-{k}.jsonl", k)
            kind = kinds[k % len(kinds)] if rng.random() < 0.5 else rng.choice(kinds)
            path = folder / f"m{k:04d}-{kind}.jsonl"
            if kind in REWRITES:
                head, objs = objects(base)
                got = REWRITES[kind](rng, head, objs)
                if got is None:
                    base.unlink()
                    continue
                rechained(path, *got)
            else:
                path.write_bytes(DAMAGES[kind](rng, base.read_bytes()))
            base.unlink()
            out[path] = kind
    return out


def _archive_view(con) -> dict[str, tuple]:
    rows = con.execute(
        """SELECT g.path, g.events, g.winners, (SELECT coalesce(sum(n), 0) FROM damage d WHERE d.game = g.game) FROM games g"""
    ).fetchall()
    return {p: (n, list(w) if w is not None else None, int(dmg)) for p, n, w, dmg in rows}


def _record_view(c) -> tuple:
    end = c.events[-1] if c.events and type(c.events[-1]) is ev.GameEnded else None
    return (len(c.events), list(end.winners) if end else None, sum(e.n for e in c.events if type(e) is ev.Damaged))


@pytest.mark.slow
def test_validate_and_ingest_agree_on_every_mutation(tmp_path: Path) -> None:
    src = tmp_path / "src"
    sources = [(record(src, seed=s, players=4, max_turns=12), PER_SOURCE) for s in (21, 22, 23)]
    sources.append((FIXTURES / "v2-quit-4p-s3.jsonl", 20))
    folder = tmp_path / "mutants"
    folder.mkdir()
    mutants = _mutants(sources, folder)
    assert len(mutants) >= 130

    strict = open_db(tmp_path / "strict.duckdb")
    ingest(strict, [folder], verify=True)
    lax = open_db(tmp_path / "lax.duckdb")
    ingest(lax, [folder], partial=True)
    in_strict, in_lax = _archive_view(strict), _archive_view(lax)

    tried = caught = agree = 0
    by_kind: Counter[str] = Counter()
    caught_by_kind: Counter[str] = Counter()
    disagreements = []
    for path, kind in sorted(mutants.items()):
        full = check(path, execute=True, complete=True)
        light = check(path, execute=False)
        key = str(path.resolve())
        tried += 1
        by_kind[kind] += 1
        caught += not full.ok
        caught_by_kind[kind] += not full.ok
        same = (full.ok == (key in in_strict)) and (light.ok == (key in in_lax))
        if same and full.ok:
            same = in_strict[key] == _record_view(full)
        if same and light.ok:
            same = in_lax[key] == _record_view(light)
        agree += same
        if not same:
            disagreements.append((path.name, full.error, light.error, in_strict.get(key), in_lax.get(key)))
    FIGURES.update(tried=tried, caught=caught, agreement=agree / tried, by_kind={k: f"{caught_by_kind[k]}/{n}" for k, n in sorted(by_kind.items())})
    print(f"\nfuzz: {tried} mutations tried, {caught} caught by validate --complete, agreement {agree}/{tried} = {agree / tried:.1%}")
    print("  caught/tried by kind: " + ", ".join(f"{k} {v}" for k, v in FIGURES["by_kind"].items()))
    assert not disagreements, disagreements[:5]
    # The forgers' mutations that must never pass.
    for kind in ("dup_key", "unknown_field", "header_field", "deep", "bad_utf8", "byte_flip", "spacing"):
        assert caught_by_kind[kind] == by_kind[kind], (kind, caught_by_kind[kind], by_kind[kind])


def test_a_sound_copy_with_its_own_id_is_sound(tmp_path: Path) -> None:
    src = record(tmp_path, seed=21, players=4, max_turns=12)
    copy = _own_id(src, tmp_path / "copy.jsonl", 1)
    assert check(copy, complete=True).ok  # so every mutant starts from a sound record
