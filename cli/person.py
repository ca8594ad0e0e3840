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

UNDO = "undo"
QUIT = "quit"

HELP = {
    "en": [
        "commands (none of them spends your decision):",
        "  NUMBER        choose that answer (a pick: several numbers, separated by spaces)",
        "  info SEAT     a seat's general and skills, role if known, hp, cards in play, distance",
        "  card N|NAME   the rule of the card in answer N, or of a card by name (card 杀, card Slash)",
        "  skill NAME    a skill's text (skill 奸雄, skill Ambition)",
        "  table         the table again",
        "  hint [K]      rank the answers by K rollouts each (default 8): bots play on from",
        "                here in worlds dealt again from what you have seen (no peeking)",
        "  undo          back to your previous decision (the line you leave is kept as a fork)",
        "  q             quit; the record so far is kept",
    ],
    "zh": [
        "命令（都不会用掉你的这次选择）：",
        "  编号          选择该项（需要选多张时：多个编号，空格分隔）",
        "  info 座位号   某个座位的武将与技能、已知身份、体力、场上的牌、距离",
        "  card 编号|牌名 第N项中那张牌的规则，或按牌名查看（card 杀）",
        "  skill 技能名   技能说明（skill 奸雄）",
        "  table         再次显示牌桌",
        "  hint [K]      用每项K局推演（默认8）给各选项排序：从你所见重新发放未知的牌与身份，",
        "                由机器人续打（不偷看）",
        "  undo          回到你的上一次选择（放弃的那条线会另存为分支）",
        "  q             退出；已记录的内容会保留",
    ],
}


class Person:
    def __init__(self, seat: int, lang: str, read: Callable[[str], str] | None = None) -> None:
        self.seat = seat
        self.lang = lang
        self.zh = lang == "zh"
        self.read = read or (lambda hint: str(click.prompt(hint, default="", show_default=False)))

    def say(self, text: str = "") -> None:
        click.echo(text)

    def show_table(self, game, unseen: Collection[int]) -> None:  # game: core.game.Game
        from sanguozhi.replay.table import render

        if not game.state.round:
            return  # before the first turn (choosing generals) there is no table to show
        self.say("")
        self.say(render(game.state, self.seat, self.lang, unseen=unseen))

    def ask(self, game, unseen: Collection[int] = ()):  # -> Choice | str
        from sanguozhi.replay.prompts import Asked

        req = game.request
        asked = Asked(req, game.state, self.lang)
        self.show_table(game, unseen)
        self.say(f"-- {asked.title}")
        options = asked.options
        for i, text in enumerate(options, 1):
            self.say(f"  {i:>2}. {text}")
        while True:
            try:
                answer = self.read(asked.hint).strip()
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
                self.say(f"-- {asked.title}")
                for i, text in enumerate(options, 1):
                    self.say(f"  {i:>2}. {text}")
                continue
            if word in ("info", "card", "skill"):
                for line in self.lookup(word, rest.strip(), game, req, unseen):
                    self.say(line)
                continue
            if word == "hint":
                for line in self.hint(game, asked, rest.strip()):
                    self.say(line)
                continue
            choice = self.parse(answer, req)
            if isinstance(choice, Choice):
                return choice
            self.say(f"  {choice}")

    def hint(self, game, asked, arg: str) -> list[str]:
        """The pending decision analysed (``replay.analyze``): the answers ranked by win rate."""
        from sanguozhi.replay.analyze import analyze, default_jobs

        if arg and not (arg.isdigit() and 1 <= int(arg) <= 200):
            return ["hint 后面跟推演局数 1-200" if self.zh else "hint takes a number of rollouts, 1-200"]
        k = int(arg) if arg else 8
        self.say(f"（推演中：每项{k}局……）" if self.zh else f"(thinking: {k} rollouts per answer ...)")
        req = game.request
        report = analyze(game.events, len(game.events) - 1, rollouts=k, seed=game.state.decisions, jobs=default_jobs())
        lines = []
        for c in report.choices[:8]:
            low, high = c.interval
            number = f"{req.choices.index(c.choice) + 1:>2}. " if req.choices else ""
            lines.append(f"  {100 * c.rate:5.1f}%  [{100 * low:4.1f}-{100 * high:5.1f}]  {number}{asked.choice(c.choice)}")
        return lines

    def parse(self, answer: str, req) -> Choice | str:  # req: Request
        """The choice typed, or why it is not one."""
        try:
            picks = [int(x) for x in answer.replace(",", " ").split()]
        except ValueError:
            return f"不明白“{answer}”（输入 help 查看命令）" if self.zh else f"not understood: {answer!r} (type help for the commands)"
        if not picks:
            return "请输入编号" if self.zh else "type a number (or help)"
        if req.choices:
            if len(picks) == 1 and 1 <= picks[0] <= len(req.choices):
                return req.choices[picks[0] - 1]
            return f"请输入1-{len(req.choices)}中的一个编号" if self.zh else f"type one number from 1 to {len(req.choices)}"
        if not all(1 <= p <= len(req.cards) for p in picks):
            return f"编号应在1-{len(req.cards)}之间" if self.zh else f"numbers go from 1 to {len(req.cards)}"
        choice = Choice(cards=tuple(req.cards[p - 1] for p in picks))
        if len(set(picks)) != len(picks):
            return "同一张牌选了两次" if self.zh else "a card is picked twice"
        if not req.min <= len(picks) <= req.max:
            want = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
            return f"需要选{want}张，而不是{len(picks)}张" if self.zh else f"pick {want} cards, not {len(picks)}"
        return choice

    def lookup(self, what: str, arg: str, game, req, unseen: Collection[int]) -> list[str]:
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
            if arg.isdigit():
                k = int(arg)
                cards = (req.choices[k - 1].cards if 1 <= k <= len(req.choices) else ()) if req.choices else ((req.cards[k - 1],) if 1 <= k <= len(req.cards) else ())
                if req.choices and 1 <= k <= len(req.choices) and not cards:
                    choice = req.choices[k - 1]
                    form = st.content.forms.get(choice.option)
                    if form is not None:
                        kinds.append(form.name)
                from sanguozhi.core.deck import CARDS

                kinds += [CARDS[c].name for c in cards]
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
