"""`sgz diff`: compare two recorded games."""
from __future__ import annotations

from typing import Any

import click

from .common import LANG_OPTION, format_option, load, output_format, print_json, reading


@click.command(epilog="Example: sgz diff me.jsonl what-if-2.jsonl --lang zh")
@click.argument("a", type=click.Path(dir_okay=False))
@click.argument("b", type=click.Path(dir_okay=False))
@format_option("text", "json", default="text", what="the comparison (json: identical, common_prefix, first_difference, first_effect, at_difference, at_end)")
@LANG_OPTION
def diff(a: str, b: str, fmt: str, as_json: bool, lang: str) -> None:
    """Compare the games in records A and B.

    Prints how many events they share, the first event where they differ
    (both sides, in words), the first event after which the tables differ
    (a different decision may change nothing at once), how the tables
    differ just after it and at the end (hp, cards, roles, winners).
    Headers are not compared: a fork continued on its parent's random stream
    is identical to its parent.  Exit status 0 either way (1 only for bad input).
    """
    from sanguozhi.replay.diff import diff as compare

    ra, rb = load(a, empty_ok=True, ending=True), load(b, empty_ok=True, ending=True)
    with reading(a, b):
        _diff(a, b, ra, rb, compare(ra.events, rb.events), fmt, as_json, lang)


def _diff(a: str, b: str, ra, rb, result: dict, fmt: str, as_json: bool, lang: str) -> None:
    ha, hb = ra.header, rb.header
    result["a"] = {"path": a, "game": ha.game, "parent": ha.parent, "fork_at": ha.fork_at}
    result["b"] = {"path": b, "game": hb.game, "parent": hb.parent, "fork_at": hb.fork_at}
    result["relation"] = _relation(ha, hb)
    if output_format(fmt, as_json) == "json":
        print_json(result)
        return
    zh = lang == "zh"
    na, nb = result["events"]
    click.echo(f"A：{a}（游戏 {ha.game}，{na}个事件）" if zh else f"A: {a} (game {ha.game}, {na} events)")
    click.echo(f"B：{b}（游戏 {hb.game}，{nb}个事件）" if zh else f"B: {b} (game {hb.game}, {nb} events)")
    if result["relation"]:
        click.echo(_relation(ha, hb, lang))
    p = result["common_prefix"]
    if result["identical"]:
        same = f"相同：同样的{p}个事件" if zh else f"identical: the same {p} events"
        click.echo(same + ("" if ha.game == hb.game else ("（记录头除外）" if zh else " (headers aside)")))
        return
    click.echo((f"共同前缀：{p}个事件" if zh else f"common prefix: {p} events") + (f" (events 0-{p - 1})" if p and not zh else f"（第0-{p - 1}个）" if p else ""))
    sides = {"A": ra.events, "B": rb.events}
    click.echo(f"第{p}个事件开始不同：" if zh else f"first difference at event {p}:")
    for side, events in sides.items():
        click.echo(f"  {side}: {_said(events, p, lang)}")
    q = result.get("first_effect", {}).get("event", p)
    if q != p:
        click.echo(f"第{q}个事件之后牌桌才开始不同：" if zh else f"first difference in effect at event {q}:")
        for side, events in sides.items():
            click.echo(f"  {side}: {_said(events, q, lang)}")
    prefix = ra.events[: min(q, len(ra.events))]
    for title, rows in ((f"第{q}个事件之后的牌桌：" if zh else f"the table after event {q}:", result["at_difference"]), ("结束时：" if zh else "at the end:", result["at_end"])):
        click.echo(title)
        if not rows:
            click.echo("  （没有不同）" if zh else "  (no difference)")
        for row in rows:
            what, va, vb = _row(row, prefix, lang)
            click.echo(f"  {what}: {va} | {vb}")


def _narrator(events, upto: int, lang: str):
    """A narrator that has followed ``events[:upto]``."""
    from sanguozhi.replay.narrate import Narrator

    n = Narrator(lang)
    for e in events[:upto]:
        n.line(e)
    return n


def _said(events, i: int, lang: str) -> str:
    """Event ``i`` in words, named as at that point of the game."""
    if i >= len(events):
        return "（记录到此结束）" if lang == "zh" else "(the record ends)"
    n = _narrator(events, i, lang)
    return n.line(events[i]) or n.note(events[i])


def _row(row: dict[str, Any], prefix, lang: str) -> tuple[str, str, str]:
    """A state difference as a player reads it: whose, what, and both values in words."""
    from sanguozhi.replay.narrate import display_name
    from sanguozhi.replay.words import PHASES, ROLES, ending, word

    n = _narrator(prefix, len(prefix), lang)
    what = row["what"]
    label = what
    field = what
    if what.startswith("seat "):
        _, c, field = what.split(" ", 2)
        label = f"{n.seat(int(c))} {_FIELD_ZH.get(field, field) if lang == 'zh' else field}"
    elif lang == "zh":
        label = _FIELD_ZH.get(what, what)

    def show(v: Any) -> str:
        if v is None:
            return "-"
        if field in ("hand", "judge", "discard", "processing", "removed") and isinstance(v, list):
            if not v:
                return "（无）" if lang == "zh" else "none"
            shown = v[-8:]
            more = (f"共{len(v)}张，最近：" if lang == "zh" else f"{len(v)} cards, the last: ") if len(v) > len(shown) else ""
            return more + n.cards(tuple(shown))
        if field == "equip" and isinstance(v, dict):
            return n.cards(tuple(v.values())) if v else ("（无）" if lang == "zh" else "none")
        if field == "general" and isinstance(v, list):
            return "/".join(display_name(sl["general"], lang) for sl in v) or "-"
        if field == "role":
            return word(ROLES, v, lang)
        if field == "phase":
            return word(PHASES, v, lang) if v else "-"
        if field == "winners" and isinstance(v, (list, tuple)):
            return n.seats(tuple(v)) or ("无" if lang == "zh" else "none")
        if field == "end_reason":
            return ending(v, (), lang) if v else "-"
        if field == "current" and isinstance(v, int):
            return n.seat(v) if v >= 0 else "-"
        if isinstance(v, bool):
            return ("是" if v else "否") if lang == "zh" else ("yes" if v else "no")
        return str(v)

    return label, show(row["a"]), show(row["b"])


_FIELD_ZH = {
    "hand": "手牌", "role": "身份", "points": "积分", "general": "武将", "hp": "体力", "max_hp": "体力上限", "alive": "存活",
    "equip": "装备区", "judge": "判定区", "chained": "连环", "flipped": "翻面", "turn": "回合", "round": "轮", "current": "当前角色",
    "phase": "阶段", "discard": "弃牌堆", "processing": "处理区", "removed": "移出游戏", "ended": "已结束", "winners": "胜者",
    "end_reason": "结束原因", "seed": "随机种子", "pile size": "牌堆张数", "pile": "牌堆", "characters": "角色数",
}


def _relation(ha, hb, lang: str = "en") -> str:
    zh = lang == "zh"
    if hb.parent == ha.game and ha.game != hb.game:
        return f"B 是 A 的分支，保留了{hb.fork_at}个事件" if zh else f"B is a fork of A keeping {hb.fork_at} events"
    if ha.parent == hb.game and ha.game != hb.game:
        return f"A 是 B 的分支，保留了{ha.fork_at}个事件" if zh else f"A is a fork of B keeping {ha.fork_at} events"
    if ha.parent is not None and ha.parent == hb.parent and ha.game != hb.game:
        if zh:
            return f"A 和 B 都是游戏 {ha.parent} 的分支（分别保留{ha.fork_at}和{hb.fork_at}个事件）"
        return f"A and B are forks of game {ha.parent} (keeping {ha.fork_at} and {hb.fork_at} events)"
    return ""
