"""A game a person plays in the browser against bots, recorded as it is played.

The same engine requests as ``sgz play``: the page lists the pending
request's choices or the cards of a pick, in the words of ``sgz play``
(``replay.prompts``), the person posts one back, the bots answer until the person must
decide again.  Every event goes to the record at once (``records.session``);
the page shows the game as the person's seat saw it (``replay.page``), and
every seat and the full review once it is over.
"""
from __future__ import annotations

import secrets
import threading
from html import escape
from pathlib import Path
from typing import Any

from sanguozhi.core.events import GameQuit
from sanguozhi.core.requests import Choice
from sanguozhi.records.format import Record
from sanguozhi.records.session import advance, start_person_game
from sanguozhi.replay.page import PageBuilder, build, game_info


class LiveError(ValueError):
    """A game that cannot start, or a decision that is not allowed (one line)."""


class Live:
    def __init__(self, path: Path, mode: str, players: int, seat: int, seed: int | None, options: dict[str, Any], bots: dict[int, str], lang: str) -> None:
        from sanguozhi.core.modes import ModeError

        try:
            self.game, self.writer = start_person_game(path, mode, players, seed, options, bots)
        except (ModeError, ValueError) as exc:
            raise LiveError(str(exc)) from None
        self.id = secrets.token_urlsafe(9)
        self.path, self.seat, self.bots, self.lang = path, seat, bots, lang
        self.lock = threading.Lock()
        self.quit = False
        self.decisions = 0  # made by the person here
        self._builder = PageBuilder(self.game.events[0], [seat])
        self._final: dict[str, Any] | None = None
        self._play_on()

    @property
    def over(self) -> bool:
        return self.game.over

    def _play_on(self) -> None:
        advance(self.game, self.bots)
        if self.game.over:
            self.writer.close()

    def submit(self, form: dict[str, list[str]]) -> None:
        """Answer the pending request from a posted form (LiveError if it is not legal)."""
        if self.quit or self.game.over:
            raise LiveError("this game is no longer being played")
        if "quit" in form:
            # As in sgz play: the record says the person left (a GameQuit event), then closes.
            self.game.add_external(GameQuit(seat=self.seat))
            self.quit = True
            self.writer.close()
            return
        req = self.game.request
        assert req is not None and req.seat == self.seat
        try:
            if req.choices:
                i = int(form.get("choice", ["-1"])[0])
                if not 0 <= i < len(req.choices):
                    raise LiveError(f"choose one of the {len(req.choices)} choices")
                choice = req.choices[i]
            else:
                choice = Choice(cards=tuple(int(c) for c in form.get("card", [])))
        except ValueError as exc:
            raise LiveError(str(exc) or "not a choice") from None
        why = req.check(choice)
        if why is not None:
            raise LiveError(why)
        self.game.submit(choice)
        self.decisions += 1
        self._play_on()

    def data(self) -> dict[str, Any]:
        """The page data: the person's view while the game goes on; every view once it is over."""
        events = self.game.events
        if self.game.over:
            if self._final is None:
                self._final = build(Record(self.writer.header, list(events), str(self.path)))
            return self._final
        self._builder.feed_all(events[self._builder.n :])
        data = self._builder.data(game_info(self.writer.header, str(self.path), seed=False))
        data["live"] = True
        data["lang"] = self.lang
        return data

    def panel(self, error: str = "") -> str:
        """The decision form (or the game's end), in both languages; the viewer's switch shows one.

        The question and its answers are worded as `sgz play` words them (``replay.prompts.Asked``)."""
        from sanguozhi.replay.prompts import Asked

        out = ['<section id="decision">']
        if error:
            out.append(f'<p class="error" id="decision-error">{escape(error)}</p>')
        if self.game.over or self.quit:
            done = ("The game is over", "游戏结束") if self.game.over else ("You left the game", "你已退出")
            out.append(f"<h2>{_both(*done)}</h2><p>{_both('Record', '记录')}: <code>{escape(str(self.path))}</code></p>")
            return "".join(out) + "</section>"
        req = self.game.request
        assert req is not None
        en, zh = Asked(req, self.game.state, "en"), Asked(req, self.game.state, "zh")
        out.append(f"<h2>{_both(en.title, zh.title)}</h2>")
        out.append(f'<form method="post" action="/play/{self.id}">')
        answers = list(zip(en.options, zh.options))
        if req.choices:
            out.append('<div class="choices">')
            for i, (a, b) in enumerate(answers):
                out.append(f'<button type="submit" class="choice" name="choice" value="{i}">{i + 1}. {_both(a, b)}</button>')
            out.append("</div>")
        else:
            want = str(req.min) if req.min == req.max else f"{req.min}-{req.max}"
            out.append(f'<p>{_both(f"Pick {want} card(s)", f"选择{want}张牌")}</p><div class="picks">')
            for c, (a, b) in zip(req.cards, answers):
                out.append(f'<label><input type="checkbox" name="card" value="{c}"> {_both(a, b)}</label>')
            out.append(f'</div><button type="submit" class="pick" name="pick" value="1">{_both("Confirm", "确定")}</button>')
        out.append(f' <button type="submit" class="quit" name="quit" value="1" formnovalidate>{_both("Quit", "退出")}</button></form>')
        return "".join(out) + "</section>"


def _both(en: str, zh: str) -> str:
    return f'<span lang="en">{escape(en)}</span><span lang="zh">{escape(zh)}</span>'
