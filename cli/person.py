"""The person at the terminal: the table, the question in words, and what they type.

``Person.ask(game)`` shows the table and the pending request and reads
answers until one is a legal choice; ``info``, ``card``, ``skill``, ``table``
and ``help`` print texts without spending the decision.  It returns the
``Choice``, or ``UNDO`` / ``QUIT``.  Input comes from ``read`` (a prompt
function), so a test can feed a script.
"""
from __future__ import annotations

from collections.abc import Callable, Collection

import click

from sanguozhi.core.requests import Choice
from sanguozhi.replay.steps import Chooser, HandKeys, Refused, describe, hand_keys

UNDO = "undo"
QUIT = "quit"

HELP = {
    "en": [
        "commands (none of them spends your decision):",
        "  KEY           choose that item: a letter for a card of your hand (it keeps its letter while",
        "                it stays in your hand), a number for a skill or another answer, a seat number",
        "                for a target, ok when the targets picked are enough, p to pass; several keys",
        "                at once go step by step (a 3: card a at seat 3); a pick of cards: its keys",
        "  b             back one step",
        "  info SEAT     a seat's general and skills, role if known, hp, cards in play, distance",
        "  card KEY|NAME the rule of a card of your hand, of answer KEY, or of a card by name (card 杀)",
        "  skill NAME    a skill's text (skill 奸雄, skill Ambition)",
        "  table         the table again",
        "  log [N]       the last N lines of the game again (default 20)",
        "  hint [K]      rank every answer by K rollouts each (default 8): bots play on from",
        "                here in worlds dealt again from what you have seen (no peeking)",
        "  undo          back to your previous decision (the line you leave is kept as a fork)",
        "  q             quit; the record so far is kept",
    ],
    "zh": [
        "命令（都不会用掉你的这次选择）：",
        "  键            选择该项：手牌用字母（一张牌留在手中时字母不变），技能与其他选项用编号，",
        "                目标用座位号，所选目标已足够时输入 ok，p 放弃；一次输入多个键则逐步选择",
        "                （a 3：用手牌a指定3号位）；需要选多张牌时：输入它们的键",
        "  b             返回上一步",
        "  info 座位号   某个座位的武将与技能、已知身份、体力、场上的牌、距离",
        "  card 键|牌名  手牌或某一项中那张牌的规则，或按牌名查看（card 杀）",
        "  skill 技能名   技能说明（skill 奸雄）",
        "  table         再次显示牌桌",
        "  log [N]       再次显示最近N行牌局记录（默认20）",
        "  hint [K]      用每项K局推演（默认8）给所有选项排序：从你所见重新发放未知的牌与身份，",
        "                由机器人续打（不偷看）",
        "  undo          回到你的上一次选择（放弃的那条线会另存为分支）",
        "  q             退出；已记录的内容会保留",
    ],
}
LOG_LINES = 20


class Person:
    def __init__(self, seat: int, lang: str, read: Callable[[str], str] | None = None) -> None:
        self.seat = seat
        self.lang = lang
        self.zh = lang == "zh"
        self.read = read or (lambda hint: str(click.prompt(hint, default="", show_default=False)))
        self.keys: HandKeys | None = None  # the letters of the hand, kept from one question to the next
        self._keys_at: dict[int, HandKeys] = {}  # the letters at each position asked
        self.log: list[str] = []  # the game's lines as narrated to this person (``log N``)

    def say(self, text: str = "") -> None:
        click.echo(text)

    def show_table(self, game, unseen: Collection[int]) -> None:  # game: core.game.Game
        from sanguozhi.replay.table import render

        if not game.state.round:
            return  # before the first turn (choosing generals) there is no table to show
        self.say("")
        self.say(render(game.state, self.seat, self.lang, unseen=unseen, keys=self.keys.of() if self.keys else None))

    def show_question(self, game, asked, chooser: Chooser) -> None:
        from sanguozhi.replay.table import own_line

        if game.state.round:
            line = own_line(game.state, self.seat, self.lang)
            if line:
                self.say(line)
        self.say(f"-- {asked.title}")
        self.show_step(asked, chooser)

    def show_step(self, asked, chooser: Chooser) -> None:
        head, items = describe(chooser, asked)
        if head:
            self.say(f"   {head}")
        for key, text in items:
            self.say(f"  {key:>2}. {text}")

    def prompt(self, chooser: Chooser) -> str:
        zh, step = self.zh, chooser.step()
        if step.stage == "pick":
            r = chooser.req
            k = str(r.min) if r.min == r.max else f"{r.min}-{r.max}"
            return (f"输入{k}个键（空格分隔）；help 查看命令" if r.max != 1 else "输入键选择；help 查看命令") if zh else (f"type {k} keys, separated by spaces; help for commands" if r.max != 1 else "type a key; help for commands")
        if step.stage == "what":
            return "输入键选择；help 查看命令" if zh else "type a key; help for commands"
        if step.stage == "form":
            return "输入编号；b 返回；help 查看命令" if zh else "type a number; b goes back; help for commands"
        return "输入座位号；b 返回；help 查看命令" if zh else "type a seat number; b goes back; help for commands"

    def ask(self, game, unseen: Collection[int] = ()):  # -> Choice | str
        from sanguozhi.replay.prompts import Asked

        req = game.request
        st = game.state
        asked = Asked(req, st, self.lang)
        owner = st.chars[req.seat].owner if 0 <= req.seat < len(st.chars) else self.seat
        at = len(game.events)
        # Asked again at a position seen before (after undo): the letters it had then.
        self._keys_at = {k: v for k, v in self._keys_at.items() if k <= at}
        self.keys = self._keys_at.get(at) or hand_keys(st, owner, self.keys)
        self._keys_at[at] = self.keys
        chooser = Chooser(req, st, self.keys)
        self.show_table(game, unseen)
        self.show_question(game, asked, chooser)
        while True:
            try:
                answer = self.read(self.prompt(chooser)).strip()
            except click.exceptions.Abort:  # end of input, or Ctrl-C
                self.say("")
                return QUIT
            word, _, rest = answer.partition(" ")
            word = word.lower()
            if word in ("q", "quit", "exit"):
                return QUIT
            if word in ("u", "undo"):
                return UNDO
            if word in ("help", "?", "h"):
                for line in HELP[self.lang]:
                    self.say(line)
                continue
            if word in ("table", "t"):
                self.show_table(game, unseen)
                self.show_question(game, asked, chooser)
                continue
            if word in ("b", "back") and not rest:
                if not chooser.back():
                    self.say("  已在第一步" if self.zh else "  already at the first step")
                    continue
                self.show_step(asked, chooser)
                continue
            if word in ("info", "card", "skill"):
                for line in self.lookup(word, rest.strip(), game, req, unseen, chooser):
                    self.say(line)
                continue
            if word == "log":
                for line in self.show_log(rest.strip()):
                    self.say(line)
                continue
            if word == "hint":
                for line in self.hint(game, asked, chooser, rest.strip()):
                    self.say(line)
                continue
            choice = self.parse(answer, chooser)
            if isinstance(choice, Choice):
                return choice
            if choice:
                self.say(f"  {choice}")
            self.show_step(asked, chooser)

    def show_log(self, arg: str) -> list[str]:
        if arg and not (arg.isdigit() and int(arg) >= 1):
            return ["log 后面跟行数（正整数）" if self.zh else "log takes a number of lines, 1 or more"]
        k = int(arg) if arg else LOG_LINES
        lines = self.log[-k:]
        if not lines:
            return ["（还没有记录）" if self.zh else "(nothing has happened yet)"]
        return [f"  {line}" for line in lines]

    def hint(self, game, asked, chooser: Chooser, arg: str) -> list[str]:
        """The pending decision analysed (``replay.analyze``): every answer ranked by win rate."""
        from sanguozhi.replay.analyze import analyze, candidates, default_jobs, pick_count

        if arg and not (arg.isdigit() and 1 <= int(arg) <= 200):
            return ["hint 后面跟推演局数 1-200" if self.zh else "hint takes a number of rollouts, 1-200"]
        k = int(arg) if arg else 8
        self.say(f"（推演中：每项{k}局……）" if self.zh else f"(thinking: {k} rollouts per answer ...)")
        req = game.request
        report = analyze(game.events, len(game.events) - 1, rollouts=k, seed=game.state.decisions, jobs=default_jobs())
        lines = []
        for c in report.choices:
            low, high = c.interval
            keys = " ".join(chooser.keys_for(c.choice))
            typed = f"[{keys}] " if keys else ""
            lines.append(f"  {100 * c.rate:5.1f}%  [{100 * low:4.1f}-{100 * high:5.1f}]  {typed}{asked.choice(c.choice) if req.choices else asked.n.cards(c.choice.cards)}")
        total = pick_count(req) if req.is_pick else len(candidates(req))
        if total > len(report.choices):
            left = total - len(report.choices)
            lines.append(f"  （另有{left}种选法未推演：共{total}种，只推演了{len(report.choices)}种）" if self.zh else f"  ({left} other picks not tried: {len(report.choices)} of {total} were)")
        return lines

    def parse(self, answer: str, chooser: Chooser) -> Choice | str:
        """The choice typed (its keys, step by step), or why it is not one ("" once a step is taken)."""
        zh = self.zh
        tokens = answer.replace(",", " ").split()
        if not tokens:
            return "请输入一个键（help 查看命令）" if zh else "type a key (or help)"
        if chooser.req.is_pick:
            got = chooser.pick([t.lower() for t in tokens])
            return got if isinstance(got, Choice) else self.refusal(got, chooser, " ".join(tokens))
        for tok in tokens:
            got = chooser.enter(tok)
            if isinstance(got, Choice):
                return got
            if isinstance(got, Refused):
                return self.refusal(got, chooser, tok)
        return ""

    def refusal(self, why: Refused, chooser: Chooser, typed: str) -> str:
        zh, req = self.zh, chooser.req
        if why.reason == "pick_twice":
            return "同一张牌选了两次" if zh else "a card is picked twice"
        if why.reason == "pick_count":
            want = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
            return f"需要选{want}张，而不是{len(typed.split())}张" if zh else f"pick {want} cards, not {len(typed.split())}"
        keys = [it.key for it in chooser.step().items]
        shown = "、".join(keys) if zh else ", ".join(keys)
        return f"不明白“{typed}”：这一步可以输入 {shown}（help 查看命令）" if zh else f"not understood: {typed!r}; this step takes {shown} (help for the commands)"

    def lookup(self, what: str, arg: str, game, req, unseen: Collection[int], chooser: Chooser | None = None) -> list[str]:
        from sanguozhi.core.deck import CARDS
        from sanguozhi.replay.lookup import card_text, find_card_kind, find_skill, seat_info, skill_text

        st = game.state
        zh = self.zh
        if what == "info":
            arg = arg.removesuffix("号位")
            if not arg.isdigit() or not 0 <= int(arg) < len(st.chars):
                return [f"info 后面跟座位号 0-{len(st.chars) - 1}" if zh else f"info takes a seat number, 0-{len(st.chars) - 1}"]
            return seat_info(st, int(arg), self.seat, self.lang, unseen)
        if what == "card":
            kinds: list[str] = []
            key = arg.lower()
            hand = {k: c for c, k in (self.keys.of() if self.keys else {}).items()}
            items = {}
            if chooser is not None:
                items = {g.key: g for g in chooser.groups} if not req.is_pick else {k: c for k, c in chooser.pick_keys()}
            if key in hand:
                kinds.append(CARDS[hand[key]].name)
            elif key in items:
                got = items[key]
                if isinstance(got, int):
                    kinds.append(CARDS[got].name)
                else:
                    form = st.content.forms.get(got.option) if st.content is not None else None
                    if form is not None:
                        kinds.append(form.name)
                    kinds += [CARDS[c].name for c in got.cards]
                if not kinds:
                    return ["这一项没有牌" if zh else f"answer {arg} has no card"]
            else:
                kind = find_card_kind(arg, st, self.lang)
                if kind is None:
                    return [f"没有叫“{arg}”的牌" if zh else f"no card is called {arg!r}"]
                kinds.append(kind)
            out: list[str] = []
            for kind in dict.fromkeys(kinds):
                out += card_text(kind, st, self.lang)
            return out
        sid = find_skill(arg, st)
        if sid is None:
            return [f"本局没有叫“{arg}”的技能" if zh else f"no skill in this game is called {arg!r}"]
        return skill_text(sid, st, self.lang)
