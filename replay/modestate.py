"""What a mode keeps on the table besides the rows, in words: 3v3-competitive's
teams (暖色/冷色) and captains, a tripod player's next and previous player,
the 天地人 identity and force skills a seat holds.

``facts`` are the lines ``info`` adds for a character; ``marks`` the short
words the table's state column adds.  Both say only what the viewer may know
(``core.view``): an identity skill is named only where the role is shown.
"""
from __future__ import annotations

from sanguozhi.core.state import State

from .narrate import Narrator


def _n(state: State, viewer: int | None, lang: str) -> Narrator:
    n = Narrator(lang, viewer, mode=state.mode)
    n.table = state
    return n


def team_name(state: State, seat: int, lang: str) -> str:
    """3v3-competitive's side of ``seat``: 暖色 / 冷色 ("" in a mode without them)."""
    rs = state.rs
    if rs is None or rs.id != "3v3-competitive":
        return ""
    side = rs.side(state, seat)
    got = rs.display_names.get(side)
    return (got[0] if lang == "zh" else got[1]) if got else side


def facts(state: State, view: dict, c: int, viewer: int | None, lang: str) -> list[str]:
    mode = state.mode
    if mode == "3v3-competitive":
        return _teams(state, c, viewer, lang)
    if mode == "tripod":
        return _tripod(state, c, viewer, lang)
    if mode == "tiandiren":
        return _skills_held(state, view, c, viewer, lang)
    return []


def marks(state: State, c: int, viewer: int | None, lang: str) -> list[str]:
    """Short words for the table's row of ``c``: a tripod player's place relative to the viewer."""
    if state.mode != "tripod" or viewer is None or viewer >= len(state.chars) or c == viewer:
        return []
    zh = lang == "zh"
    n = len(state.chars)
    if c == (viewer + 1) % n:
        return ["你的下家" if zh else "your next player"]
    if c == (viewer - 1) % n:
        return ["你的上家" if zh else "your previous player"]
    return []


def _teams(state: State, c: int, viewer: int | None, lang: str) -> list[str]:
    from sanguozhi.core.modes.herokill.competitive import captain

    zh = lang == "zh"
    n = _n(state, viewer, lang)
    owner = state.chars[c].owner
    team = state.seats[owner].team
    mates = [p.seat for p in state.chars if state.seats[p.owner].team == team and p.seat != c]
    sep = "、" if zh else ", "
    head = f"{team_name(state, owner, lang)}方，主将 {n.seat(captain(team))}" if zh else f"{team_name(state, owner, lang)} team, captain {n.seat(captain(team))}"
    if viewer is not None and state.seats[viewer].team == team:
        head += "（你的队伍）" if zh else " (your team)"
    return [head, ("队友：" if zh else "teammates: ") + sep.join(n.seat(m) for m in mates)]


def _tripod(state: State, c: int, viewer: int | None, lang: str) -> list[str]:
    zh = lang == "zh"
    n = _n(state, viewer, lang)
    k = len(state.chars)
    nxt, prev = (c + 1) % k, (c - 1) % k
    mine = viewer is not None and state.chars[c].owner == viewer
    if mine:
        if zh:
            return [f"你的下家：{n.seat(nxt)}（其阵亡而你存活时你获胜）", f"你的上家：{n.seat(prev)}（你阵亡则其获胜）"]
        return [f"your next player: {n.seat(nxt)} (its death while you live wins for you)", f"your previous player: {n.seat(prev)} (your death wins for it)"]
    if zh:
        return [f"下家：{n.seat(nxt)}（下家阵亡而其存活时其获胜）", f"上家：{n.seat(prev)}（其阵亡则上家获胜）"]
    return [f"next player: {n.seat(nxt)} (that one's death while this one lives wins for this one)", f"previous player: {n.seat(prev)} (this one's death wins for that one)"]


def _skills_held(state: State, view: dict, c: int, viewer: int | None, lang: str) -> list[str]:
    from sanguozhi.core.modes.tiandiren.skills import FORCE_SKILLS, IDENTITY_SKILLS

    zh = lang == "zh"
    n = _n(state, viewer, lang)
    p = state.chars[c]
    out = []
    role = view["seats"][p.owner]["role"]  # an identity skill tells the role: only where the viewer knows it
    if role and IDENTITY_SKILLS.get(role) in p.skills:
        out.append(("身份技：" if zh else "identity skill: ") + n.quoted(IDENTITY_SKILLS[role]))
    force = [sid for sid in FORCE_SKILLS.values() if sid in p.skills]
    if force:
        out.append(("势力技：" if zh else "force skill: ") + ("、" if zh else ", ").join(n.quoted(s) for s in force))
    return out
