"""`sgz cards`: every card of the deck with suit, rank, type and rule text."""
from __future__ import annotations

import click

from .common import LANG_OPTION, format_option, output_format, print_json

TYPE_ZH = {"basic": "基本牌", "trick": "锦囊牌", "delayed": "延时锦囊牌", "equip": "装备牌", "general": "武将牌", "qibing": "奇兵牌", "plot": "谋攻牌"}
SUBTYPE_ZH = {"weapon": "武器", "armor": "防具", "defensive_horse": "防御马", "offensive_horse": "进攻马", "treasure": "宝物"}
SUIT_ZH = {"spade": "黑桃", "heart": "红桃", "club": "梅花", "diamond": "方块"}


def card_rows(mode: str = "identity") -> list[dict]:
    """A mode's deck (with its default options) in deck order as plain data;
    the rule texts are that mode's card rules."""
    from sanguozhi.core.deck import CARDS, deck_numbers
    from sanguozhi.core.modes import ruleset_of

    rs = ruleset_of(mode)
    opts = rs.check(rs.players.start, {})
    rules = rs.content(opts).rules
    rows = []
    for number in deck_numbers(rs.deck(opts)):
        c = CARDS[number]
        kind = c.kind
        rule = rules.get(c.name)
        own = rs.display_names.get(c.name)  # what the mode calls it (Hero Kill's names)
        rows.append(
            {
                "id": c.name,
                "number": c.number,
                "suit": c.suit,
                "rank": c.rank,
                "type": kind.type,
                "subtype": kind.subtype,
                "range": kind.range,
                "pack": c.pack,
                "name_zh": own[0] if own else c.title("zh"),
                "name_en": own[1] if own else c.title("en"),
                "text_zh": rule.text_zh if rule else "",
                "text_en": rule.text_en if rule else "",
                **rs.card_info(number),  # what the mode adds (duel: a stand-in 奇兵 card)
            }
        )
    return rows


@click.command(epilog="Example: sgz cards --lang zh")
@format_option("text", "json", default="text", what="the cards (json: id, number, suit, rank, type, subtype, range, pack, name_zh, name_en, text_zh, text_en)")
@LANG_OPTION
@click.option("--mode", default="identity", show_default=True, help="Whose deck and card rules: a mode id.")
def cards(fmt: str, as_json: bool, lang: str, mode: str) -> None:
    """List a mode's deck (identity: the 160 cards of standard + 军争) with its card rules."""
    from sanguozhi.core.deck import RANK_TEXT, SUIT_SYMBOL
    from sanguozhi.core.modes import ModeError

    try:
        rows = card_rows(mode)
    except ModeError as exc:
        raise click.UsageError(str(exc)) from None
    if output_format(fmt, as_json) == "json":
        print_json(rows)
        return
    from sanguozhi.core.deck import STANDARD

    printed = {c.pack for c in STANDARD}
    for r in rows:
        mark = "" if r["pack"] in printed or r.get("stand_in") else f" [{r['pack']}]"  # a card of a mode's own pack
        face = f"{SUIT_SYMBOL[r['suit']]}{RANK_TEXT.get(r['rank'], str(r['rank']))}" if r["rank"] else "-"
        stand_in = ("  [本项目替代内容]" if lang == "zh" else "  [the project's stand-in]") if r.get("stand_in") else ""
        if lang == "zh":
            kind = TYPE_ZH.get(r["type"], r["type"]) + (f"·{SUBTYPE_ZH[r['subtype']]}" if r["subtype"] else "")
            if r["subtype"] == "weapon":
                kind += f"（攻击范围{r['range']}）"
            click.echo(f"{r['number']:>3}  {face:<4} {SUIT_ZH.get(r['suit'], '无花色')}{r['rank'] or '':<3} 【{r['name_zh']}】 {kind}：{r['text_zh']}{mark}{stand_in}")
        else:
            kind = r["type"] + (f"/{r['subtype']}" if r["subtype"] else "")
            if r["subtype"] == "weapon":
                kind += f" (range {r['range']})"
            click.echo(f"{r['number']:>3}  {face:<4} {r['suit'] or '-':<8} {r['rank'] or '':>2}  {r['name_en']} ({r['id']}), {kind}: {r['text_en']}{mark}{stand_in}")
