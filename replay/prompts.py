"""A pending decision in words: what is asked, and each answer, as a player reads them.

``Asked(request, state, lang)`` is the question (``title``), the answers
(``options``: one line each, numbered by the terminal) and what to type
(``hint``).  Names go through a ``Narrator`` over the same table, so a seat
is named by its face-up general only and a card by name, suit and rank.  A
request kind or prompt this module does not know (a mode's own) still reads
as words: the names in its prompt, and its answers.
"""
from __future__ import annotations

from typing import Any

from sanguozhi.core.deck import CARDS, KINDS
from sanguozhi.core.requests import Choice, Request, revealing
from sanguozhi.core.state import State

from .narrate import Narrator, display_name
from .rows import marks_text
from .words import GENDERS, KINGDOMS, OPTIONS, SUITS, word


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


class Asked:
    """The question ``req`` asks ``seat`` (the one deciding), in ``lang``."""

    def __init__(self, req: Request, state: State, lang: str = "en") -> None:
        self.req = req
        self.state = state
        self.lang = lang
        self.zh = lang == "zh"
        self.n = Narrator(lang, req.seat, mode=state.mode)
        self.n.table = state
        parts = req.prompt.split(":") if req.prompt else [req.kind]
        self.head = parts[0]
        self.args = parts[1:]

    # -- helpers ----------------------------------------------------------------

    def _seat(self, i: int = 0) -> str:
        c = _int(self.args[i]) if i < len(self.args) else -1
        return self.n.seat(c) if c >= 0 else ""

    def _names(self) -> str:
        """The card names the answers offer (a 闪, or a 杀 made by a skill)."""
        names: list[str] = []
        forms = self.state.content.forms if self.state.content is not None else {}
        for ch in self.req.choices:
            name = CARDS[ch.cards[0]].name if ch.cards else forms[ch.option].name if ch.option in forms else ""
            if name and name not in names:
                names.append(name)
        return ("或" if self.zh else " or ").join(self.n.quoted(x) for x in names)

    def _count(self) -> str:
        r = self.req
        k = str(r.min) if r.min == r.max else f"{r.min}-{r.max}"
        if self.zh:
            return f"{k}张牌"
        return f"{k} card{'s' * (r.max != 1)}"

    # -- the question -------------------------------------------------------------

    @property
    def title(self) -> str:
        fn = getattr(self, f"_t_{self.req.kind}", None)
        text = fn() if fn is not None else None
        return text or self._generic()

    def _word(self, p: str) -> str:
        """A part of a prompt: a seat, a name (a mode may name its own terms in
        ``display_names``), or the id itself in words."""
        if p.lstrip("-").isdigit():
            return self.n.seat(int(p))
        name = self.n.name(p)
        return name.replace("_", " ") if name == p else name

    def _named(self, key: str) -> str:
        """The name the mode gives ``key`` (an answer of one question: "companions:draw"), or ""."""
        name = self.n.name(key)
        return "" if name == key else name

    def _generic(self) -> str:
        what = ("：" if self.zh else ": ").join(self._word(p) for p in [self.head, *self.args] if p)
        if self.req.is_pick:
            return f"{what}：选择{self._count()}" if self.zh else f"{what}: choose {self._count()}"
        return f"{what}：请选择" if self.zh else f"{what}: choose one"

    def _t_play(self) -> str:
        return "出牌阶段：使用一张牌或发动技能，或结束出牌阶段" if self.zh else "Your play phase: use a card or a skill, or end the play phase"

    def _t_respond(self) -> str:
        names, user, head = self._names(), self._seat(0), self.head
        if head == "duel" and len(self.args) > 1 and _int(self.args[1]) == self.req.seat:  # duel:other:user, asking the user
            if self.zh:
                return f"你对 {user} 使用的【决斗】：是否{self._verb()}{names}？"
            return f"Your Duel with {user}: {self._verb()} {names}?"
        if head in KINDS:
            if self.zh:
                return f"是否{self._verb()}{names}响应 {user} 的{self.n.quoted(head)}？"
            return f"{self._verb().capitalize()} {names} against {user}'s {self.n.quoted(head)}?"
        if self.zh:
            return f"{user} 发动{self.n.quoted(head)}：是否替其打出{names}？"
        return f"{user} uses {self.n.quoted(head)}: play {names} for it?"

    def _verb(self) -> str:
        """打出, or 弃置 where the mode's card says so (天地人's endgame 决斗: a 杀 discarded, not played)."""
        rule = self.state.content.rules.get(self.head) if self.state.content is not None else None
        discards = "弃置" in getattr(rule, "text_zh", "") and "打出" not in getattr(rule, "text_zh", "")
        if self.zh:
            return "弃置" if discards else "打出"
        return "discard" if discards else "play"

    def _t_use_slash(self) -> str:
        targets = {t for ch in self.req.choices for t in ch.targets}
        on = self.n.seats(tuple(sorted(targets)))
        if self.head == "collateral":
            user = self._seat(0)
            if self.zh:
                return f"{user} 的【借刀杀人】：对 {on} 使用一张【杀】，否则将武器交给 {user}"
            return f"{user}'s Collateral: use a Slash on {on}, or give {user} your weapon"
        if self.zh:
            return f"{self.n.quoted(self.head)}：是否对 {on} 再使用一张【杀】？"
        return f"{self.n.quoted(self.head)}: use another Slash on {on}?"

    def _t_save(self) -> str:
        dying = _int(self.args[0]) if self.args else -1
        names = self._names()
        if dying == self.req.seat:
            return f"你进入濒死状态：是否使用{names}？" if self.zh else f"You are dying: use {names} to survive?"
        who = self.n.seat(dying)
        return f"{who} 进入濒死状态：是否对其使用{names}？" if self.zh else f"{who} is dying: use {names} to save it?"

    def _t_discard_generals(self) -> str:
        """鼎足's general cards beyond the limit."""
        return f"武将牌超出上限：弃置{self._count()}" if self.zh else f"Too many general cards: discard {self._count()}"

    def _t_discard(self) -> str:
        if self.head == "discard":
            # What the rule kept: the hand offered less the cards to discard
            # (a mode's own limit and every modifier of it included).
            limit = len(self.req.cards) - self.req.min
            if self.zh:
                return f"弃牌阶段：弃置{self._count()}（手牌上限{limit}）"
            return f"Discard phase: discard {self._count()} (your hand limit is {limit})"
        what = self.n.quoted(self.head)
        return f"{what}：弃置{self._count()}" if self.zh else f"{what}: discard {self._count()}"

    def _t_trigger(self) -> str:
        if self.args and self.args[-1] == "concealed":
            # Asked at every moment a concealed general could act (Engine._concealed_turn): maybe nothing fits.
            if not any(not ch.is_pass for ch in self.req.choices):
                return "（暗置的武将此时无技能可发动）" if self.zh else "(no skill of your concealed generals can act now)"
            return "是否明置武将并发动其技能？" if self.zh else "Reveal a concealed general to use its skill now?"
        source = self.args[-1] if self.args else self.head
        target = next((t for ch in self.req.choices for t in ch.targets), -1)
        on = ("，目标 " if self.zh else " on ") + self.n.seat(target) if target >= 0 and target != self.req.seat else ""
        note = self._latent(source)
        return f"是否发动{self.n.quoted(source)}{on}？{note}" if self.zh else f"Use {self.n.quoted(source)}{on}?{note}"

    def _t_order(self) -> str:
        return "多个技能同时发动：选择先发动哪一个" if self.zh else "Several of your skills act now: which goes first?"

    def _t_nullify(self) -> str:
        trick = self.head
        user = _int(self.args[0]) if self.args else -1
        target = _int(self.args[1]) if len(self.args) > 1 else -1
        depth = _int(self.args[2]) if len(self.args) > 2 else 0
        n, zh = self.n, self.zh
        if user >= 0:
            what = f"{n.seat(user)} 对 {n.seat(target)} 使用的{n.quoted(trick)}" if zh else f"{n.seat(user)}'s {n.quoted(trick)} on {n.seat(target)}"
        else:
            what = f"{n.seat(target)} 判定区里的{n.quoted(trick)}" if zh else f"the {n.quoted(trick)} in the judge zone of {n.seat(target)}"
        if depth % 2 == 0:
            return f"{what}即将生效：是否使用【无懈可击】抵消？" if zh else f"{what} is about to take effect: use a Nullification against it?"
        return f"{what}已被【无懈可击】抵消：是否再使用【无懈可击】使其生效？" if zh else f"{what} is being cancelled by a Nullification: use a Nullification to let it take effect?"

    def _t_pick_card(self) -> str:
        owner = self._seat(0)
        return f"{self.n.quoted(self.head)}：选择 {owner} 的一张牌" if self.zh else f"{self.n.quoted(self.head)}: choose a card of {owner}"

    def _t_grace(self) -> str:
        return "【五谷丰登】：选择一张亮出的牌获得" if self.zh else "Amazing Grace: take one of the revealed cards"

    def _t_show(self) -> str:
        user = self._seat(0)
        return f"{user} 的{self.n.quoted(self.head)}：展示一张手牌" if self.zh else f"{user}'s {self.n.quoted(self.head)}: show one of your hand cards"

    def _t_fire_attack(self) -> str:
        target = self._seat(0)
        suit = word(SUITS, self.args[1], self.lang) if len(self.args) > 1 else ""
        if self.zh:
            return f"【火攻】：是否弃置一张{suit}手牌，对 {target} 造成1点火焰伤害？"
        return f"Fire Attack: discard a {suit} hand card to deal {target} 1 fire damage?"

    def _t_option(self) -> str:
        user = self._seat(0)
        if self.head == "double_sword":
            return f"{user} 的【雌雄双股剑】：弃置一张手牌，或令其摸一张牌" if self.zh else f"{user}'s Double Swords: discard a hand card, or let it draw a card"
        return ""

    def _t_convert(self) -> str:
        forms = self.state.content.forms if self.state.content is not None else {}
        form = forms.get(self.head)
        name = self.args[0] if self.args else form.name if form is not None else ""
        source = self.head if form is None else (form.skill or form.option)
        if self.zh:
            return f"{self.n.quoted(source)}：选择{self._count()}当{self.n.quoted(name)}"
        return f"{self.n.quoted(source)}: choose {self._count()} to count as {self.n.quoted(name)}"

    def _t_general(self) -> str:
        if self.head == "duel_row":  # the duel: a row worth exactly the points, placed from the left
            total = self.state.options.get("points", 12)
            left = _int(self.args[0]) if self.args else total
            chosen = [g for g in (self.args[1].split("+") if len(self.args) > 1 else []) if g]
            sep = "、" if self.zh else ", "
            so_far = sep.join(f"{self.n.name(g)}（{marks_text(self.state, g, self.n)}）" if self.zh else f"{self.n.name(g)} ({marks_text(self.state, g, self.n)})" for g in chosen)
            if self.zh:
                return f"从左到右暗置你的武将，点数之和须恰为{total}：已选{total - left}分，还需{left}分" + (f"（已排：{so_far}）" if so_far else "")
            return f"Place your generals face down, left to right, worth exactly {total} points: {total - left} so far, {left} to go" + (f" (placed: {so_far})" if so_far else "")
        if self.head == "general" and self.args[:1] == ["lord"]:
            return "选择你的武将（你是主公：体力上限+1，其他人会看到你的选择）" if self.zh else "Choose your general (you are the lord: +1 max hp; everyone sees your choice)"
        if self.head == "general" and self.args[:1] == ["pool"]:  # 3v3 competitive's draft
            return "从公共武将池中选择你的武将（依次选择，每次选择所有人可见）" if self.zh else "Draft your general from the shared pool (in turn: everyone sees each pick)"
        if self.head == "general" and self.args[:1] == ["team"]:  # 3v3 casual
            return "从本队的武将中选择你的武将（队友可见，所有人选好后一起亮出）" if self.zh else "Choose your general from your team's (your team sees it; all are shown together)"
        return "选择你的武将（暗中选择，所有人选好后一起亮出）" if self.zh else "Choose your general (in secret: all choices are shown together)"

    def _t_generals(self) -> str:
        """国战's pick: two generals, face down."""
        if self.zh:
            return "选择你的两张武将牌（前为主将，后为副将；暗置，明置前他人看不到）"
        return "Choose your two generals (main, then deputy; face down until you reveal them)"

    def _t_give(self) -> str:
        what = self.n.quoted(self.head)
        return f"{what}：选择要交出的{self._count()}" if self.zh else f"{what}: choose {self._count()} to give"

    def _t_suit(self) -> str:
        user = self._seat(0)
        return f"{user} 的{self.n.quoted(self.head)}：选择一种花色" if self.zh else f"{user}'s {self.n.quoted(self.head)}: name a suit"

    def _latent(self, sid: str) -> str:
        """A warning where using ``sid`` reveals one of the asker's concealed generals first."""
        st = self.state
        if not 0 <= self.req.seat < len(st.chars):
            return ""
        p = st.chars[self.req.seat]
        if sid not in p.latent or sid in p.skills or st.content is None:
            return ""
        for i, sl in enumerate(p.slots):
            g = st.content.generals.get(sl.general)
            if sl.vis is not None and g is not None and sid in (*g.skills, *g.lord_skills):
                slot = (("主将", "副将")[i] if self.zh else ("main general", "deputy general")[i]) if len(p.slots) == 2 and i < 2 else ("武将" if self.zh else "general")
                return f"（发动将明置你的{slot} {self.n.name(sl.general)}）" if self.zh else f" (using it reveals your {slot} {self.n.name(sl.general)})"
        return ""

    def _t_skill(self) -> str:
        text = self._skill_title()
        note = self._latent(self.head)
        if note and self.args and self.args[0].lstrip("-").isdigit() and _int(self.args[0]) != self.req.seat and self.n.seat(_int(self.args[0])) not in text:
            on = self.n.seat(_int(self.args[0]))
            note = (f"（对 {on}）" if self.zh else f" (on {on})") + note
        return text + note

    def _skill_title(self) -> str:
        n, zh, head = self.n, self.zh, self.head
        if head == "slash_extra_targets":  # Engine._more_targets: the cards picked allow more targets
            if zh:
                return "此【杀】是你最后的手牌：是否额外指定目标？（选择全部目标）"
            return "This Slash is your last hand card: add more targets? (choose all of its targets)"
        what = n.quoted(head)
        if head == "guicai" and len(self.args) >= 3:
            whose, why, card = n.seat(_int(self.args[0])), n.quoted(self.args[1]), n.card(_int(self.args[2]))
            if zh:
                return f"{what}：是否打出一张手牌代替 {whose} 的判定牌{card}（{why}）？"
            return f"{what}: play a hand card to replace the judgement card {card} of {whose} ({why})?"
        if head == "guanxing":
            if zh:
                return f"{what}：按顺序选择置于牌堆顶的牌（第一张在最上），其余置于牌堆底"
            return f"{what}: choose the cards to put back on top, topmost first; the rest go to the bottom"
        if head == "ganglie":
            src = self._seat(0)
            return f"{src} 的{what}：弃置两张手牌，或受到1点伤害" if zh else f"{src}'s {what}: discard two hand cards, or take 1 damage"
        if head == "hg_xiaoguo" and self.args:
            if self.args[0] == "pay" and len(self.args) >= 2:
                src = self._seat(1)
                return f"{src} 的{what}：弃置一张装备牌，或受到其造成的1点伤害" if zh else f"{src}'s {what}: discard an equipment card, or take 1 damage from it"
            on = self._seat(0)
            if zh:
                return f"{what}：是否弃置一张基本牌，令 {on} 弃置一张装备牌或受到你造成的1点伤害？"
            return f"{what}: discard a basic card, so that {on} discards an equipment card or takes 1 damage from you?"
        if head == "liuli":
            return f"{what}：是否弃置一张牌，将【杀】转移给攻击范围内的另一名角色？" if zh else f"{what}: discard a card to pass the Slash on to another character in your range?"
        req = self.req
        if req.is_pick:
            return f"{what}：选择{self._count()}" if zh else f"{what}: choose {self._count()}"
        shapes = {("c" if ch.cards else "") + ("t" if ch.targets else "") + ("o" if ch.option and not ch.is_pass else "") for ch in req.choices}
        if shapes <= {"t", ""}:
            return f"{what}：选择目标" if zh else f"{what}: choose the target"
        if shapes <= {"ct", ""}:
            return f"{what}：选择一张牌和交给谁" if zh else f"{what}: choose a card and who gets it"
        if shapes <= {"c", ""}:
            return f"{what}：选择一张牌" if zh else f"{what}: choose a card"
        return f"{what}：请选择" if zh else f"{what}: choose one"

    # -- the answers ------------------------------------------------------------------

    @property
    def options(self) -> list[str]:
        if self.req.is_pick:
            return [self.n.card(c) for c in self.req.cards]
        return [self.choice(ch) for ch in self.req.choices]

    def choice(self, ch: Choice) -> str:
        acting = self._acting(ch)
        if acting[0] != self.req.seat:  # the mode's choice names who acts first (a duel general)
            who, rest = acting
            return f"{self.n.seat(who)}：{self._choice(rest, who, ch)}" if self.zh else f"{self.n.seat(who)}: {self._choice(rest, who, ch)}"
        return self._choice(ch, self.req.seat, ch)

    def _acting(self, ch: Choice) -> tuple[int, Choice]:
        rs = self.state.rs
        acting = rs.choice_actor(self.req, ch) if rs is not None else None
        return acting if acting is not None else (self.req.seat, ch)

    def _self_only(self, whole: Choice) -> bool:
        """Does every answer with this card (or option) target only the one acting?  Then
        the target goes without saying (无中生有, a 桃 for oneself, an equipment)."""
        same = [c for c in self.req.choices if c.cards == whole.cards and c.option == whole.option]
        return bool(same) and all(rest.targets == (who,) for who, rest in map(self._acting, same))

    def _targets(self, targets: tuple[int, ...], me: int) -> str:
        you = "自己" if self.zh else "yourself"
        return ("、" if self.zh else ", ").join(you if t == me else self.n.seat(t) for t in targets)

    def _choice(self, ch: Choice, me: int | None = None, whole: Choice | None = None) -> str:
        n, zh, req = self.n, self.zh, self.req
        me = req.seat if me is None else me
        hidden = revealing(ch.option) if req.kind == "play" else None
        if hidden is not None:  # a use a concealed general's skill allows (Engine.play_request)
            inner = self._choice(Choice(cards=ch.cards, targets=ch.targets, option=hidden[1]))
            skill = n.quoted(hidden[0])
            return f"明置武将并发动{skill}：{inner}" if zh else f"Reveal a general to use {skill}: {inner}"
        parts: list[str] = []
        opt = ch.option
        content: Any = self.state.content
        if opt:
            if ch.is_pass:
                parts.append(_pass_word(req.kind, self.lang))
            elif req.kind == "general" or (content is not None and opt in content.generals):
                parts.append(general_line(opt, self.lang, self.state))
            elif req.kind == "generals" and content is not None and all(g in content.generals for g in opt.split("+")):
                parts.append(generals_line(opt.split("+"), self.lang, self.state))
            elif opt == "end" and req.kind == "play":
                parts.append(word(OPTIONS, "end", self.lang))
            elif content is not None and opt in content.forms:
                form = content.forms[opt]
                source = form.skill or form.option
                parts.append(f"{n.quoted(source)}（当{n.quoted(form.name)}）" if zh else f"{n.quoted(source)} (as {n.quoted(form.name)})")
            elif content is not None and opt in content.actions:
                parts.append(f"发动{n.quoted(opt)}" if zh else f"Use {n.quoted(opt)}")
            elif opt in SUITS:
                parts.append(word(SUITS, opt, self.lang))
            elif req.kind == "reveal" and opt in ("main", "deputy", "both"):
                slots = self.state.chars[req.seat].slots
                which = [0, 1] if opt == "both" else [0 if opt == "main" else 1]
                names = ("、" if zh else ", ").join(n.name(slots[i].general) for i in which if i < len(slots))
                parts.append(f"{n.name(opt)}（{names}）" if zh else f"{n.name(opt)} ({names})")
            elif opt == "hand":
                parts.append(word(OPTIONS, "hand", self.lang))
            elif named := self._named(f"{self.head}:{opt}"):
                parts.append(named)  # what this answer does in this question (刚烈's discard: two hand cards)
            elif opt in ("discard", "draw", "damage", "recast"):
                parts.append(word(OPTIONS, opt, self.lang))
            elif req.kind in ("trigger", "order"):
                parts.append(f"发动{n.quoted(opt)}" if zh else f"Use {n.quoted(opt)}")
            else:
                parts.append(n.name(opt))
        if ch.cards:
            parts.append(n.cards(ch.cards))
        targets = ch.targets
        if targets == (me,) and req.kind in ("play", "save") and self._self_only(whole or ch):
            targets = ()
        if targets and not (req.kind in ("respond", "use_slash", "trigger")):
            parts.append("→ " + self._targets(targets, me))
        return " ".join(parts) or ("（无）" if zh else "(nothing)")

    @property
    def hint(self) -> str:
        req = self.req
        if req.is_pick:
            k = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
            if self.zh:
                return f"输入{k}个编号（空格分隔）；help 查看命令"
            return f"type {k} number{'s' * (req.max != 1)} separated by spaces; help for commands"
        if self.zh:
            return f"输入编号 1-{len(req.choices)}；help 查看命令"
        return f"type a number 1-{len(req.choices)}; help for commands"


def _pass_word(kind: str, lang: str) -> str:
    zh = lang == "zh"
    words = {
        "respond": ("不打出", "Do not play"),
        "save": ("不使用", "Do not use"),
        "nullify": ("不使用【无懈可击】", "Do not nullify"),
        "trigger": ("不发动", "Do not use it"),
        "use_slash": ("不使用【杀】", "Do not use a Slash"),
        "fire_attack": ("不弃牌", "Do not discard"),
    }
    got = words.get(kind)
    if got is None:
        return word(OPTIONS, "pass", lang)
    return got[0] if zh else got[1]


def general_line(gid: str, lang: str, state: State | None = None) -> str:
    """A general as a candidate: name, kingdom, gender, hp and its skills' names."""
    from sanguozhi.core.generals import GENERALS

    g = GENERALS.get(gid)
    rs = state.rs if state is not None else None
    name = display_name(gid, lang, rs)
    if g is None:
        return name
    skills = ("、" if lang == "zh" else ", ").join(display_name(s, lang, rs) for s in (*g.skills, *g.lord_skills))
    marks = marks_text(state, gid, Narrator(lang, mode=state.mode)) if state is not None else ""  # the duel's points, 奇兵
    # A mode whose generals print half yin-yang fish (hegemony): 3 halves is 1.5.
    hp = f"{g.max_hp / 2:g}" if getattr(rs, "hp_in_halves", False) else str(g.max_hp)
    if lang == "zh":
        return f"{name}（{word(KINGDOMS, g.kingdom, 'zh')}，{word(GENDERS, g.gender, 'zh')}，体力{hp}{'，' + marks if marks else ''}）：{skills}"
    return f"{name} ({word(KINGDOMS, g.kingdom, 'en')}, {g.gender}, {hp} hp{', ' + marks if marks else ''}): {skills}"


def generals_line(gids: list[str], lang: str, state: State | None = None) -> str:
    """Two generals chosen together (hegemony's main + deputy) and the hp they make."""
    from sanguozhi.core.generals import GENERALS

    rs = state.rs if state is not None else None
    pair_hp = getattr(rs, "pair_hp", None)  # the mode's rule (hegemony-six: the main's hp)
    whole = pair_hp(*gids) if pair_hp is not None and len(gids) == 2 else sum(GENERALS[g].max_hp for g in gids) // 2
    lines = " + ".join(general_line(g, lang, state) for g in gids)
    note = getattr(rs, "pair_note", None)  # what else the pair makes (hegemony-six: a careerist)
    extra = (note(gids, lang) or "") if note is not None else ""
    return (f"{lines} = 体力{whole}" if lang == "zh" else f"{lines} = {whole} hp") + (f"（{extra}）" if extra and lang == "zh" else f" ({extra})" if extra else "")
