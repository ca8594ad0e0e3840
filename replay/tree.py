"""The fork tree of a set of records, like the variations of a PGN game.

Every record header names its game and, for a fork, the ``parent`` game and
``fork_at`` (the number of parent events it kept).  A game is a node; its
forks are its children, in the order of their fork points.  A parent that is
not among the records becomes a placeholder node, so nothing is dropped.
Only headers (the first line) and the last line of each file are read.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.records.format import Header, RecordError, event_decoder, parse_header, read_first_line, read_regular

from .words import ending


class Node(msgspec.Struct):
    game: str
    paths: list[str] = []
    parent: str | None = None
    fork_at: int | None = None
    events: int | None = None  # None: no record of this game here
    end: str | None = None  # "the rebels win (seats 1, 3)", "quit by seat 0"; None while unfinished
    reason: str | None = None  # the end's reason (lord, rebels, turn_limit:300 …; quit:SEAT for a person's quit)
    winners: list[int] = []
    mode: str = ""
    players: int = 0
    seed: int | None = None
    children: list["Node"] = []


def _tail(path: Path) -> tuple[int, bytes]:
    """(number of event lines, the last line) of a record file."""
    blob = read_regular(path)
    lines = blob.count(b"\n") + (0 if blob.endswith(b"\n") or not blob else 1)
    last = blob.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return lines - 1, last


def read_node(path: Path) -> Node:
    """A node from one record file (RecordError if it is not a record)."""
    try:
        first = read_first_line(path).rstrip(b"\n")
        header: Header = parse_header(first, str(path))
        n, last = _tail(path)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    end = reason = None
    winners: list[int] = []
    if n > 0:
        try:
            e = event_decoder(header.mode).decode(last)
        except (msgspec.DecodeError, RecursionError):
            e = None
        if type(e) is ev.GameEnded:
            reason, winners = e.reason, list(e.winners)
            end = ending(reason, winners, "en", header.mode)
        elif type(e) is ev.GameQuit:
            reason, end = f"quit:{e.seat}", f"quit by seat {e.seat}"
    return Node(game=header.game, paths=[str(path)], parent=header.parent, fork_at=header.fork_at, events=max(n, 0), end=end, reason=reason, winners=winners, mode=header.mode, players=header.players, seed=header.seed)


def scan(root: str | Path) -> tuple[list[Node], list[str]]:
    """The nodes of every record under ``root`` (a folder, searched recursively), and the files skipped."""
    nodes: list[Node] = []
    skipped: list[str] = []
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".jsonl"):
                continue
            try:
                nodes.append(read_node(Path(dirpath) / name))
            except RecordError as exc:
                skipped.append(str(exc))
    return nodes, skipped


def build(nodes: Iterable[Node]) -> list[Node]:
    """Link nodes into trees; return the roots (records of one game are merged)."""
    by_game: dict[str, Node] = {}
    for node in nodes:
        have = by_game.get(node.game)
        if have is None:
            by_game[node.game] = msgspec.structs.replace(node, paths=list(node.paths), children=[])
            continue
        have.paths += node.paths
        if (node.events or 0) > (have.events or 0):  # the longest record of the game speaks for it
            have.events, have.end, have.reason, have.winners = node.events, node.end, node.reason, node.winners
    for node in list(by_game.values()):
        if node.parent is not None and node.parent not in by_game:
            by_game[node.parent] = Node(game=node.parent, mode=node.mode, players=node.players, seed=node.seed)
    roots: list[Node] = []
    for node in by_game.values():
        parent = by_game.get(node.parent) if node.parent is not None else None
        if parent is None or parent is node or _descends(by_game, parent, node):
            roots.append(node)
        else:
            parent.children.append(node)
    for node in by_game.values():
        node.children.sort(key=lambda c: (c.fork_at or 0, c.game))
    roots.sort(key=lambda r: (r.mode, r.players, r.seed if r.seed is not None else -1, r.game))
    return roots


def _descends(by_game: dict[str, Node], node: Node, ancestor: Node) -> bool:
    """True if ``node`` has ``ancestor`` among its parents (a cycle of headers)."""
    seen = set()
    while node.parent is not None and node.game not in seen:
        seen.add(node.game)
        if node.parent == ancestor.game:
            return True
        nxt = by_game.get(node.parent)
        if nxt is None:
            return False
        node = nxt
    return False


def find(roots: list[Node], game: str) -> Node | None:
    """The root of the tree that holds ``game``."""
    for root in roots:
        stack = [root]
        while stack:
            node = stack.pop()
            if node.game == game:
                return root
            stack += node.children
    return None


def label(node: Node, short: int = 8, lang: str = "en") -> str:
    """A game as one line: its record file(s), length, how it ended, and its id."""
    zh = lang == "zh"
    gid = node.game[:short]
    if node.events is None:
        return f"游戏 {gid}（这里没有它的记录）" if zh else f"game {gid} (no record here)"
    if node.reason is not None and node.reason.startswith("quit:"):
        who = node.reason[5:]
        state = f"{who}号位退出（未完）" if zh else f"quit by seat {who} (unfinished)"
    elif node.reason is not None:
        state = ("结束：" if zh else "over: ") + ending(node.reason, node.winners, lang, node.mode)
    else:
        state = "未结束" if zh else "unfinished"
    files = ", ".join(node.paths)
    if zh:
        return f"{files} · {node.events}个事件 · {state} · 游戏 {gid}"
    return f"{files} · {node.events} events · {state} · game {gid}"


def render(roots: list[Node], lang: str = "en") -> str:
    """The trees as text; a fork reads ``after N ─ child`` (it kept events 0..N)."""
    zh = lang == "zh"
    lines: list[str] = []

    def walk(node: Node, prefix: str) -> None:
        for i, child in enumerate(node.children):
            last = i == len(node.children) - 1
            n = str(child.fork_at - 1) if child.fork_at else "?"
            at = f"第{n}个事件后" if zh else f"after {n}"
            lines.append(f"{prefix}{'└─' if last else '├─'} {at} ─ {label(child, lang=lang)}")
            walk(child, prefix + ("   " if last else "│  "))

    for root in roots:
        title = (f"{root.mode} {root.players}人 种子{root.seed}" if zh else f"{root.mode}, {root.players} players, seed {root.seed}") if root.mode else ""
        lines.append(f"{label(root, lang=lang)}" + (f"  [{title}]" if title else ""))
        walk(root, "")
    return "\n".join(lines)


def to_json(roots: list[Node]) -> list[dict[str, Any]]:
    return msgspec.to_builtins(roots)


def from_archive(db: str | Path, con: Any = None) -> list[Node]:
    """Nodes from an archive's ``games`` table (``records.archive``: the header fields);
    ``con``: a reader already open on it (the web app's)."""
    from sanguozhi.records.db import open_reader

    own = con is None
    if own:
        con = open_reader(db)
    try:
        cols = {r[0] for r in con.execute("DESCRIBE games").fetchall()}
        if not {"game", "parent"} <= cols:
            raise RecordError(f"{db}: the games table has no game/parent columns")
        extra = [c for c in ("fork_at", "path", "events", "mode", "players", "seed", "finished", "end_reason", "winners") if c in cols]
        rows = con.execute(f"SELECT game, parent{''.join(', ' + c for c in extra)} FROM games").fetchall()
    finally:
        if own:
            con.close()
    nodes = []
    for row in rows:
        rec = dict(zip(["game", "parent", *extra], row))
        end = reason = None
        winners: list[int] = []
        if rec.get("end_reason") and rec.get("finished", True):
            reason, winners = rec["end_reason"], list(rec.get("winners") or ())
            end = ending(reason, winners, "en", rec.get("mode") or "")
        nodes.append(
            Node(
                game=str(rec["game"]),
                parent=rec.get("parent"),
                fork_at=rec.get("fork_at"),
                paths=[str(rec["path"])] if rec.get("path") else [],
                events=rec.get("events") or 0,
                end=end,
                reason=reason,
                winners=winners,
                mode=rec.get("mode") or "",
                players=rec.get("players") or 0,
                seed=rec.get("seed"),
            )
        )
    return nodes


def shareable(node: Node) -> dict[str, Any]:
    """A tree as data for a page someone else opens: file names without their folders."""
    return {
        "game": node.game,
        "parent": node.parent,
        "fork_at": node.fork_at,
        "events": node.events,
        "end": node.end,
        "file": Path(node.paths[0]).name if node.paths else "",
        "children": [shareable(c) for c in node.children],
    }


def lineage(path: str | Path, others: Iterable[str | Path]) -> Node:
    """The tree holding the record at ``path`` and the records ``others``
    (its parents, forks or siblings); RecordError names one that is not in it."""
    mine = read_node(Path(path))
    nodes = [mine] + [read_node(Path(p)) for p in others]
    roots = build(nodes)
    root = find(roots, mine.game)
    assert root is not None
    for p, node in zip(others, nodes[1:]):
        if find([root], node.game) is None:
            raise RecordError(f"{p}: game {node.game[:8]} is not in the fork tree of {path} (neither a parent nor a fork of it or of its relatives)")
    return root
