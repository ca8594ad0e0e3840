"""`sgz fork`: a new record holding a prefix of another, to continue differently."""
from __future__ import annotations


import click

from .common import LANG_OPTION, fail, load, new_file, reading, usage


@click.command(epilog="Example: sgz fork me.jsonl --at 120 --out what-if.jsonl && sgz play --from what-if.jsonl --out what-if-2.jsonl")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="Fork after event N: the new record keeps events 0..N (what `replay --at N` shows).")
@click.option("--turn", "turn", type=int, default=None, help="Fork at the start of turn T (just after the event that starts it).")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), metavar="FILE", help="The new record file (never overwritten).")
@LANG_OPTION
def fork(file: str, at: int | None, turn: int | None, out: str, lang: str = "en") -> None:
    """Fork the game in FILE after event N into a new record OUT.

    OUT's header names FILE's game as its parent and keeps the number of
    events taken (fork_at = N + 1); FILE is only read.  Continue the fork
    with `sgz play --from OUT` or `sgz sim --from OUT` (add --reseed S for a
    new random future).
    """
    from sanguozhi.replay.fork import ForkError, pending, write_fork
    from sanguozhi.replay.seek import SeekError, Timeline

    zh = lang == "zh"
    if (at is None) == (turn is None):
        usage("--at N 与 --turn T 给一个" if zh else "give one of --at N or --turn T", lang)
    new_file(out)
    record = load(file)
    with reading(file):
        tl = Timeline(record.events)
        try:
            n = at if at is not None else tl.turn_event(turn)  # type: ignore[arg-type]
            tl.check_event(n)
        except SeekError as exc:
            usage(f"{'--at' if at is not None else '--turn'}{'：' if zh else ': '}{exc.say(lang)}", lang)
        game = tl.resume(n + 1)  # before writing: a fork of a record whose events do not replay is not made
        over = f"第{len(game.events) - 1}个事件时游戏已结束，没有可继续的" if zh else f"the game is over at event {len(game.events) - 1}; there is nothing to continue"
        nxt = pending(game, lang) if not game.over else over
        try:
            header = write_fork(record, n, out)
        except ForkError as exc:
            fail(str(exc), lang=lang)
    if zh:
        click.echo(f"已从 {file} 的第{n}个事件（共{len(record.events) - 1}个）之后分支到 {out}")
        click.echo(f"  对局 {header.game}，父对局 {header.parent}，保留{header.fork_at}个事件；接下来：{nxt}")
        return
    click.echo(f"forked {file} after event {n} of {len(record.events) - 1} into {out}")
    click.echo(f"  game {header.game}, parent {header.parent}, keeps {header.fork_at} events; next: {nxt}")
