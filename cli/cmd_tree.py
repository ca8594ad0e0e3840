"""`sgz tree`: the fork tree of recorded games."""
from __future__ import annotations

from pathlib import Path

import click

from .common import LANG_OPTION, fail, format_option, output_format, print_json


@click.command(epilog="Example: sgz tree games/")
@click.argument("path", type=click.Path())
@format_option("text", "json", default="text", what="the trees (json: nested nodes)")
@LANG_OPTION
def tree(path: str, fmt: str, as_json: bool, lang: str) -> None:
    """Show the fork tree of the records under PATH.

    PATH is a folder of records (searched recursively), one record (its tree,
    from the records in its folder, or up to two folders up if its root is
    not there), or an archive database (.duckdb).  A fork reads
    `after N ─ its record`: it kept the parent's events 0..N.
    """
    from sanguozhi.records.format import RecordError
    from sanguozhi.replay.tree import build, find, from_archive, read_node, render, scan, to_json

    as_json = output_format(fmt, as_json) == "json"
    p = Path(path)
    skipped: list[str] = []
    if not p.exists():
        fail(f"{path}: no such file or folder")
    if p.is_dir():
        nodes, skipped = scan(p)
        roots = build(nodes)
    elif p.suffix in (".duckdb", ".db"):
        from sanguozhi.records.archive import ArchiveError

        try:
            roots = build(from_archive(p))
        except (RecordError, ArchiveError) as exc:
            fail(str(exc))
        except Exception as exc:  # duckdb's own errors: not an archive
            fail(f"{path}: not an archive ({str(exc).splitlines()[0]})")
    else:
        try:
            me = read_node(p)
        except RecordError as exc:
            fail(str(exc))
        # Its folder, widened (at most two levels up) while its root's record is elsewhere.
        folder = p.resolve().parent
        for _ in range(3):
            nodes, skipped = scan(folder)
            root = find(build(nodes), me.game)
            if root is None or root.events is not None or folder.parent == folder:
                break
            folder = folder.parent
        roots = [root] if root is not None else []
    from sanguozhi.records.bounds import printable

    for why in skipped:
        click.echo(f"sgz: skipped {printable(why, one_line=True)}", err=True)
    if as_json:
        print_json(to_json(roots))
        return
    if not roots:
        click.echo(f"{path} 下没有记录" if lang == "zh" else f"no records under {path}")
        return
    click.echo(printable(render(roots, lang)))  # an archive's ids are not bounded as a record's header is
