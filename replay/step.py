"""Stepping through a record at the terminal: next, back, jump, turn, round.

``Stepper`` is the session without the terminal: ``command(text)`` returns
the lines to print, so the CLI only reads lines and prints (and a test feeds
it a script).  Moving costs a seek (``Timeline``), so back and jump are as
cheap at the end of a long game as at its start.
"""
from __future__ import annotations

from .narrate import Narrator
from .seek import SeekError, Timeline
from .table import render

HELP = {
    "en": "commands: [enter]/n [K] next K events · b [K] back · j N jump to event N (or just N) · "
    "t T start of turn T · r R start of round R · s show the table · e end · q quit",
    "zh": "命令：回车/n [K] 前进K个事件 · b [K] 后退 · j N 跳到第N个事件（或直接输入N） · "
    "t T 第T回合开始 · r R 第R轮开始 · s 显示牌桌 · e 到结尾 · q 退出",
}


class Stepper:
    def __init__(self, timeline: Timeline, seat: int | None = None, lang: str = "en", start: int = 0) -> None:
        self.tl = timeline
        self.seat = seat
        self.lang = lang
        self.narrator = Narrator(lang, seat, mode=timeline.events[0].mode if timeline.events else None)
        self.zh = lang == "zh"
        self.help = HELP["zh" if self.zh else "en"]
        self.pos = start
        self.done = False

    @property
    def last(self) -> int:
        return len(self.tl) - 1

    def describe(self, n: int) -> str:
        """The line for event ``n`` (events without prose get a short note)."""
        return f"[{n}/{self.last}] {self.text(n)}"

    def text(self, n: int) -> str:
        e = self.tl.events[n]
        # Named against the table just before the event (a step may land anywhere).
        return self.narrator.line(e, self.tl.after(n - 1) if n else None) or self.narrator.note(e)

    def table(self) -> str:
        state = self.tl.after(self.pos)
        unseen = self.tl.unseen(state, self.seat) if self.seat is not None else ()
        return render(state, self.seat, self.lang, unseen=unseen)

    def start(self) -> list[str]:
        return [self.help, self.describe(self.pos)]

    def _goto(self, n: int) -> list[str]:
        self.pos = max(0, min(self.last, n))
        return [self.describe(self.pos), self.table()]

    def command(self, text: str) -> list[str]:
        words = text.strip().lower().split()
        if not words:
            words = ["n"]
        cmd, args = words[0], words[1:]
        try:
            arg = int(args[0]) if args else None
        except ValueError:
            return [(f"不是数字：{args[0]!r}（{self.help}）" if self.zh else f"not a number: {args[0]!r} ({self.help})")]
        if cmd.lstrip("-").isdigit():
            cmd, arg = "j", int(cmd)
        if cmd in ("q", "quit", "exit"):
            self.done = True
            return []
        if cmd in ("h", "help", "?"):
            return [self.help]
        if cmd in ("s", "show"):
            return [self.table()]
        if cmd in ("n", "next", "b", "back"):
            k = 1 if arg is None else arg
            if cmd in ("b", "back"):
                k = -k
            target = self.pos + k
            if target > self.last:
                return [(f"已是最后一个事件（{self.last}）" if self.zh else f"at the last event ({self.last})")] if self.pos == self.last else self._forward(self.last)
            if target < 0:
                return [("已是第一个事件（0）" if self.zh else "at the first event (0)")] if self.pos == 0 else self._goto(0)
            return self._forward(target) if k > 0 else self._goto(target)
        if cmd in ("e", "end"):
            return self._goto(self.last)
        if cmd not in ("j", "jump", "g", "go", "t", "turn", "r", "round"):
            return [(f"未知命令 {cmd!r}（{self.help}）" if self.zh else f"unknown command {cmd!r} ({self.help})")]
        if arg is None:
            return [(f"{cmd} 需要一个数字（{self.help}）" if self.zh else f"{cmd} needs a number ({self.help})")]
        try:
            if cmd in ("j", "jump", "g", "go"):
                self.tl.check_event(arg)
                return self._goto(arg)
            if cmd in ("t", "turn"):
                return self._goto(self.tl.turn_event(arg))
            if cmd in ("r", "round"):
                return self._goto(self.tl.round_event(arg))
        except SeekError as exc:
            return [exc.say(self.lang)]
        return [(f"未知命令 {cmd!r}（{self.help}）" if self.zh else f"unknown command {cmd!r} ({self.help})")]

    def _forward(self, target: int) -> list[str]:
        """Step forward event by event: each event's line (at most 50, then a jump)."""
        if target - self.pos > 50:
            return self._goto(target)
        out = []
        while self.pos < target:
            self.pos += 1
            out.append(self.describe(self.pos))
        return out
