"""`sgz generals`: every playable general with kingdom, gender, hp and skill texts."""
from __future__ import annotations

import click

from sanguozhi.replay.words import KINGDOMS
from sanguozhi.replay.lookup import kinds_text

from .common import LANG_OPTION, format_option, output_format, print_json

# The kingdoms of printed generals (the standard four, seed 000's five forces), in listing order.
KINGDOM_ZH = {k: zh for k, (zh, _) in KINGDOMS.items() if k != "careerist"}
GENDER_ZH = {"male": "男", "female": "女", "none": "无"}


def general_rows(mode: str = "identity") -> list[dict]:
    """A mode's generals (the skill-less stand-ins left out) as plain data, in kingdom order."""
    from sanguozhi.core.modes import ruleset_of

    rs = ruleset_of(mode)
    content = rs.content(rs.check(rs.players.start, {}))
    halves = getattr(rs, "hp_in_halves", False)  # hegemony prints half yin-yang fish
    order = {k: i for i, k in enumerate(KINGDOM_ZH)}
    pack_of = {gid: p for p in content.packs for gid in p.generals}
    rows = []
    for g in sorted(content.generals.values(), key=lambda g: order.get(g.kingdom, len(order))):
        info = rs.general_info(g.id)
        if info is None or (not g.skills and not g.lord_skills):
            continue  # not dealt in this mode, or a skill-less stand-in
        skills = []
        for sid in g.skills + g.lord_skills:
            sk = content.skills[sid]
            skills.append(
                {
                    "id": sk.id,
                    "name_zh": sk.name_zh,
                    "name_en": sk.name_en,
                    "kind": sk.kind,
                    "kinds": list(sk.kinds),
                    "kinds_zh": kinds_text(sid, content, "zh"),  # as the table says them (a triggered skill: 触发技)
                    "kinds_en": kinds_text(sid, content, "en"),
                    "text_zh": sk.text_zh,
                    "text_en": sk.text_en,
                }
            )
        rows.append(
            {
                "id": g.id,
                "name_zh": g.name_zh,
                "name_en": g.name_en,
                "kingdom": g.kingdom,
                "gender": g.gender,
                "max_hp": g.max_hp / 2 if halves else g.max_hp,
                "pack": g.pack,
                "pack_zh": pack_of[g.id].title_zh,
                "pack_en": pack_of[g.id].title_en,
                "skills": skills,
                **info,  # what the mode adds (duel: points, 奇兵, stand-in)
            }
        )
    return rows


def _extra(r: dict, lang: str) -> str:
    """A mode's additions to a general's head line (duel: points, 奇兵 mark, stand-in; a ruler)."""
    zh = lang == "zh"
    out = ""
    if "points" in r:
        out += f"  {r['points']}分" if zh else f"  {r['points']} points"
    if r.get("qibing"):
        from sanguozhi.replay.narrate import display_name

        out += f"  奇兵：{display_name(r['qibing'], lang)}" if zh else f"  qibing: {r['qibing']}"
    if r.get("ruler"):  # hegemony-six's 君主
        out += "  君主" if zh else "  ruler"
    if r.get("stand_in"):
        out += "  [本项目替代内容]" if zh else "  [the project's stand-in]"
    elif r.get("points_stand_in"):  # a printed general whose points the seed does not list (duel)
        out += "  [分数为本项目替代内容]" if zh else "  [points: the project's stand-in]"
    elif r["pack"] != "standard":  # content beyond the standard edition says whose it is
        out += f"  〔{r['pack_zh']}〕" if zh else f"  [{r['pack_en']}]"
    return out


@click.command(epilog="Example: sgz generals --kingdom shu --lang zh")
@format_option("text", "json", default="text", what="the generals (json: id, name_zh, name_en, kingdom, gender, max_hp, skills)")
@LANG_OPTION
@click.option("--kingdom", type=click.Choice(sorted(KINGDOM_ZH)), default=None, help="Only this kingdom.")
@click.option("--mode", default="identity", show_default=True, help="Whose generals: a mode id.")
def generals(fmt: str, as_json: bool, lang: str, kingdom: str | None, mode: str) -> None:
    """List a mode's generals and their skills."""
    from sanguozhi.core.modes import ModeError

    try:
        rows = [r for r in general_rows(mode) if kingdom is None or r["kingdom"] == kingdom]
    except ModeError as exc:
        raise click.UsageError(str(exc)) from None
    if output_format(fmt, as_json) == "json":
        print_json(rows)
        return
    for r in rows:
        if lang == "zh":
            head = f"{r['name_zh']} ({r['id']})  {KINGDOM_ZH[r['kingdom']]}  {GENDER_ZH.get(r['gender'], r['gender'])}  体力{r['max_hp']:g}"
        else:
            head = f"{r['name_en']} ({r['id']})  {r['kingdom']}  {r['gender']}  hp {r['max_hp']:g}"
        click.echo(head + _extra(r, lang))
        for s in r["skills"]:
            if lang == "zh":
                click.echo(f"  {s['name_zh']} ({s['id']}, {s['kinds_zh']}): {s['text_zh']}")
            else:
                click.echo(f"  {s['name_en']} ({s['id']}, {s['kinds_en']}): {s['text_en']}")
        click.echo("")
