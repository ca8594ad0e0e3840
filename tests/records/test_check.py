"""Checking a record all the way (validate) and keeping its good prefix (salvage)."""
from __future__ import annotations

from pathlib import Path

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import BOTS
from sanguozhi.records.check import check, salvage
from sanguozhi.records.format import FORMAT_VERSION, read_record

from .util import CORRUPTIONS, FIXTURES, V1_FIXTURES, damaged, digest, forged_decision, lines, objects, rechained, record, with_event, write_lines


@pytest.fixture(scope="module")
def src(tmp_path_factory) -> Path:
    return record(tmp_path_factory.mktemp("check"), seed=3)


def test_a_sound_record_passes_every_check(src: Path) -> None:
    c = check(src)
    assert c.ok and c.finished and c.good == len(c.events)


@pytest.mark.parametrize("path", V1_FIXTURES, ids=lambda p: p.name)
def test_the_frozen_v1_records_pass_integrity_and_schema(path: Path) -> None:
    c = check(path, execute=False)
    assert c.ok and c.finished


def test_an_edited_decision_with_a_recomputed_chain_fails_re_execution(src: Path, tmp_path: Path) -> None:
    forged, at = forged_decision(src, tmp_path / "forged.jsonl")
    assert check(forged, execute=False).ok  # the chain and schema are fine
    c = check(forged)
    assert not c.ok and at < c.good <= at + 10
    assert c.error.startswith(f"{forged}:{c.good + 2}: re-running the decisions differs at event {c.good}: the record has ")


def test_a_header_that_disagrees_with_the_game_is_caught(src: Path, tmp_path: Path) -> None:
    import msgspec

    from sanguozhi.records.format import RecordWriter

    rec = read_record(src)
    path = tmp_path / "liar.jsonl"
    with RecordWriter(path, msgspec.structs.replace(rec.header, players=9)) as w:
        w.write_all(rec.events)
    c = check(path)
    assert not c.ok and "the header says players 9" in c.error


@pytest.mark.parametrize("kind", [k for k in CORRUPTIONS if k not in ("bad_header", "header_not_json", "empty")])
def test_salvage_keeps_the_good_prefix_and_the_result_validates(src: Path, tmp_path: Path, kind: str) -> None:
    bad, line = damaged(src, tmp_path / f"{kind}.jsonl", kind)
    before = digest(bad)
    out = tmp_path / f"{kind}-salvaged.jsonl"
    c, kept = salvage(bad, out)
    assert digest(bad) == before  # never modifies its input
    assert not c.ok and kept == line - 2
    again = check(out)
    assert again.ok, again.error
    assert read_record(out).events == read_record(src).events[:kept]


def test_salvage_cuts_before_the_first_re_execution_difference(src: Path, tmp_path: Path) -> None:
    forged, at = forged_decision(src, tmp_path / "forged.jsonl")
    out = tmp_path / "forged-salvaged.jsonl"
    c, kept = salvage(forged, out)
    assert at < kept == c.good <= at + 10 and check(out).ok


def test_salvage_refuses_to_overwrite_and_needs_a_start(src: Path, tmp_path: Path) -> None:
    with pytest.raises(FileExistsError):
        salvage(src, src)
    bad, _ = damaged(src, tmp_path / "h.jsonl", "bad_header")
    with pytest.raises(ValueError, match=":1: the header's integrity check failed"):
        salvage(bad, tmp_path / "nothing.jsonl")
    assert not (tmp_path / "nothing.jsonl").exists()


def test_salvage_of_a_v1_record_writes_the_current_format(tmp_path: Path) -> None:
    out = tmp_path / "up.jsonl"
    _, kept = salvage(V1_FIXTURES[1], out)
    rec = read_record(out)
    assert rec.header.v == FORMAT_VERSION and len(rec.events) == kept and isinstance(rec.events[-1], ev.GameEnded)


# -- one strict reading: what two readers could take two ways is refused --------


def _last_event_rewritten(src: Path, out: Path, old: bytes, new: bytes) -> Path:
    head, objs = objects(src)
    assert old in objs[-1], objs[-1]
    objs[-1] = objs[-1].replace(old, new, 1)
    return rechained(out, head, objs)


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        (b'"winners":', b'"winners":[0,4],"winners":', "the key 'winners' appears twice"),
        (b'"reason":', b'"extra":1,"reason":', "unknown field"),
        (b'"reason":', b'"w":"","reason":', "not written as sgz writes it"),
        (b'{"t":"end",', b'{ "t":"end",', "not written as sgz writes it"),
    ],
    ids=["duplicate-key", "unknown-field", "default-written-out", "spacing"],
)
def test_a_line_that_is_not_as_sgz_writes_it_is_refused(src: Path, tmp_path: Path, old: bytes, new: bytes, why: str) -> None:
    bad = _last_event_rewritten(src, tmp_path / "bad.jsonl", old, new)
    c = check(bad, execute=False)
    n = len(read_record(src).events)
    assert not c.ok and c.error.startswith(f"{bad}:{n + 1}: bad event (") and why in c.error
    assert c.good == n - 1


def test_a_line_not_as_sgz_writes_it_mid_record_is_named_and_the_lines_before_kept(src: Path, tmp_path: Path) -> None:
    """The whole-record comparison finds a difference anywhere, and the line-by-line
    reading then names the first line at fault (here one in the middle)."""
    head, objs = objects(src)
    k = len(objs) // 2
    objs[k] = objs[k].replace(b'{"t":', b'{ "t":', 1)
    bad = rechained(tmp_path / "mid.jsonl", head, objs)
    c = check(bad, execute=False)
    assert not c.ok and c.error.startswith(f"{bad}:{k + 2}: bad event (") and "not written as sgz writes it" in c.error
    assert c.good == k


def test_a_float_for_an_int_is_refused(src: Path, tmp_path: Path) -> None:
    head, objs = objects(src)
    k = next(i for i, o in enumerate(objs) if o.startswith(b'{"t":"damage"'))
    objs[k] = objs[k].replace(b'"n":1', b'"n":1e3', 1)  # DuckDB's JSON reader took this as 1000
    bad = rechained(tmp_path / "float.jsonl", head, objs)
    c = check(bad, execute=False)
    assert not c.ok and f":{k + 2}: bad event (Expected `int`, got `float`" in c.error


@pytest.mark.parametrize(("old", "new"), [(b'"mode":', b'"mode":"duel","mode":'), (b'"mode":', b'"note":"hi","mode":')], ids=["duplicate-key", "unknown-field"])
def test_a_header_that_is_not_as_sgz_writes_it_is_refused(src: Path, tmp_path: Path, old: bytes, new: bytes) -> None:
    head, objs = objects(src)
    bad = rechained(tmp_path / "head.jsonl", head.replace(old, new, 1), objs)
    c = check(bad)
    assert not c.ok and c.error.startswith(f"{bad}:1: not a record header") and c.header is None


def test_deep_nesting_is_a_one_line_error_not_a_crash(src: Path, tmp_path: Path) -> None:
    head, objs = objects(src)
    objs[0] = objs[0].replace(b'"options":{', b'"options":{"x":' + b"[" * 1000 + b"]" * 1000 + b",", 1)
    bad = rechained(tmp_path / "deep.jsonl", head, objs)
    c = check(bad)
    assert not c.ok and c.error == f"{bad}:2: bad event (nested too deeply)"
    head = head.replace(b'"options":{', b'"options":{"x":' + b"[" * 1000 + b"]" * 1000 + b",", 1)
    bad = rechained(tmp_path / "deep-head.jsonl", head, objects(src)[1])
    assert check(bad).error == f"{bad}:1: not a record header (nested too deeply)"


# -- the header must describe the game its events play ---------------------------


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        (b'"seed":3,', b'"seed":4,', "the header says seed 4 but the game started with 3"),
        (b'"max_turns":16', b'"max_turns":17', "the header says options"),
        (b'"bots":{"0":"basic"', b'"bots":{"7":"basic"', "not a seat of this 4-player game"),
        (b'"bots":{"0":"basic"', b'"bots":{"0":"or acle!"', "not a bot's name: 'or acle!'"),
        (b'"bots":{"0":"basic"', b'"parent":"x","bots":{"0":"basic"', "parent and fork_at go together"),
    ],
    ids=["seed", "options", "bot-seat", "bot-name", "parent-without-fork_at"],
)
def test_a_forged_header_with_a_recomputed_chain_is_caught(src: Path, tmp_path: Path, old: bytes, new: bytes, why: str) -> None:
    head, objs = objects(src)
    assert old in head, head
    forged = head.replace(old, new, 1)
    if b'"parent"' in forged:  # the header's keys keep their order
        forged = head.replace(b'"bots":', b'"bots":', 1)[:-1] + b',"parent":"x"}'
    bad = rechained(tmp_path / "forged.jsonl", forged, objs)
    c = check(bad)
    assert not c.ok and c.error.startswith(f"{bad}:1: ") and why in c.error and c.good == 0


@pytest.mark.parametrize("bot", ["oracle", "mypkg.bots:Oracle", "agent-7@sgz-rl/1:factored"])
def test_an_external_bots_name_in_the_header_validates_where_that_bot_is_not_installed(src: Path, tmp_path: Path, bot: str) -> None:
    head, objs = objects(src)
    named = rechained(tmp_path / "external.jsonl", head.replace(b'"bots":{"0":"basic"', b'"bots":{"0":"' + bot.encode() + b'"', 1), objs)
    assert check(named).ok and bot not in BOTS


def test_a_reseed_in_a_record_that_is_not_a_fork_is_caught(src: Path, tmp_path: Path) -> None:
    bad = with_event(src, tmp_path / "reseed.jsonl", 40, ev.Reseeded(seed=99))
    c = check(bad)
    assert not c.ok and c.good == 40
    assert c.error == f"{bad}:42: a reseed is allowed only at the fork point of a fork, and this record has no parent"


def test_a_reseed_after_a_forks_own_decisions_is_caught(tmp_path: Path) -> None:
    fork = FIXTURES / "v2-fork-reseed-s2.jsonl"
    assert check(fork).ok  # its reseed is at the decision pending at its fork point
    rec = read_record(fork)
    later = next(i for i, e in enumerate(rec.events) if i > 320 and type(e) is ev.Decided)
    bad = with_event(fork, tmp_path / "late.jsonl", later + 1, ev.Reseeded(seed=5))
    c = check(bad, execute=False)
    assert not c.ok and c.good == later + 1 and "a reseed is allowed only at the fork point (event 301" in c.error


# -- re-execution: where it fails, and salvage keeps what came before ------------


def test_an_illegal_decision_is_found_at_its_line_and_salvage_keeps_the_rest(src: Path, tmp_path: Path) -> None:
    rec = read_record(src)
    k = next(i for i, e in enumerate(rec.events) if i > 60 and type(e) is ev.Decided and e.kind == "play" and e.option == "end")
    head, objs = objects(src)
    objs[k] = ev.encode(ev.Decided(seat=rec.events[k].seat, kind="play", option="no-such-option", w=rec.events[k].w))
    bad = rechained(tmp_path / "illegal.jsonl", head, objs)
    assert check(bad, execute=False).ok
    c = check(bad)
    assert not c.ok and c.good == k
    assert c.error.startswith(f"{bad}:{k + 2}: re-running the decisions fails at event {k}: IllegalDecision: ")
    c2, kept = salvage(bad, tmp_path / "kept.jsonl")
    assert kept == k and check(tmp_path / "kept.jsonl").ok


# -- a quit is an event: a record cut at a line boundary is not a quit ----------


def test_a_quit_record_is_closed_and_a_cut_one_is_not(src: Path, tmp_path: Path) -> None:
    quit_ = FIXTURES / "v2-quit-4p-s3.jsonl"
    c = check(quit_, complete=True)
    assert c.ok and c.quit and not c.finished
    rows = lines(quit_)
    cut = write_lines(tmp_path / "cut.jsonl", rows[:-1])  # the quit line gone: cut at a line boundary
    assert check(cut).ok and not check(cut).closed
    assert "the game has no end and was not quit" in check(cut, complete=True).error
    bad = with_event(src, tmp_path / "after-quit.jsonl", 30, ev.GameQuit(seat=0))
    c = check(bad, execute=False)
    assert not c.ok and c.good == 31 and c.error.startswith(f"{bad}:33: the game was quit at event 30: nothing may follow")
