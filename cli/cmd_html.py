"""`sgz html`: a replay page to share, one self-contained HTML file."""
from __future__ import annotations

from pathlib import Path

import click

from .common import fail, load, output_file, reading, usage


@click.command(epilog="Example: sgz html me.jsonl --out me.html --parent parent.jsonl")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", required=True, metavar="FILE", type=click.Path(dir_okay=False), help="The HTML file to write (one file: it opens offline).")
@click.option("--parent", "parents", multiple=True, type=click.Path(dir_okay=False), help="A record of the same fork tree (its parent, a fork of it): the page shows the tree. Repeatable.")
@click.option("--as", "seats", multiple=True, metavar="SEAT|review", help="Views the page holds (repeatable). [default: every seat and the full review; while a person's game is unfinished, that person's seat]")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
def html(file: str, out: str, parents: tuple[str, ...], seats: tuple[str, ...], force: bool) -> None:
    """Write a replay page of the game in FILE: the table, the log (en/zh),
    stepping by event, turn and round, and each seat's view.

    Everything is computed here and embedded in the page; it opens offline
    in any browser.  A review kept beside FILE (sgz analyze --blunders
    --save) is drawn under the slider for the views that may see it.  A seat's view shows exactly what `sgz replay --as SEAT`
    shows; a page made with --as SEAT holds nothing that seat did not see.
    """
    from sanguozhi.records import RecordError
    from sanguozhi.replay import html as page_html
    from sanguozhi.replay.page import PageError, build
    from sanguozhi.replay.review import ReviewError, load as load_reviews
    from sanguozhi.replay.tree import lineage, shareable

    output_file(out, force, [file, *parents])
    record = load(file, ending=True)
    tree = None
    with reading(file, *parents):
        if parents:
            try:
                tree = [shareable(lineage(file, parents))]
            except RecordError as exc:
                fail(str(exc))
        try:
            reviews = load_reviews(file, record.header.game)
        except ReviewError as exc:
            fail(str(exc))
        try:
            data = build(record, seats, tree, reviews=reviews)
        except PageError as exc:
            usage(str(exc))
        text = page_html.render(data)
    try:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    views = ", ".join("review" if v["seat"] is None else f"seat {v['seat']}" for v in data["views"])
    click.echo(f"{out}: {len(record.events)} events, views: {views}, {len(text.encode()):,} bytes")
