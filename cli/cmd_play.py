"""`sgz play`: a person at the terminal against bots, recorded as played."""
from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from .common import LANG_OPTION, OPTION_HELP, checked_mode, checked_seed, fail, new_file, parse_bots, parse_options, person_name, recorded_bots, usage


@click.command(epilog="Example: sgz play --players 5 --seat 0 --seed 7 --out me.jsonl --lang zh")
@click.option("--mode", default=None, help="Game mode (sgz generals --mode lists what a mode plays with).  [default: identity]")
@click.option("--players", "-n", default=None, type=int, help="Number of seats.  [default: 5, or the mode's smallest table]")
@click.option("--seat", default=None, type=int, help="The seat you play (0 is the lord in identity).  [default: a seat dealt at random where the seats' roles are secret (identity, herokill-identity, 天地人: the seeds deal the lord's place at random), else 0; with --from, the seat no bot plays]")
@click.option("--seed", "-s", default=None, type=int, help="Game seed: the same seed and the same decisions give the same game.  [default: a seed nobody chose, kept from you and committed to (revealed at the end, checked by sgz validate)]")
@click.option("--name", default=None, metavar="NAME", help="Your name in the record (the archive's win rates by player).  [default: your login name]")
@click.option("--bots", default=None, help="Bot for the other seats (basic, random, search, a plug-in's name or module:callable), or a comma list by seat.  [default: basic; with --from, the record's bots]")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help=OPTION_HELP)
@LANG_OPTION
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), metavar="FILE", help="The record file to write (a new file).")
@click.option("--from", "from_", type=click.Path(dir_okay=False), default=None, help="Continue the game in this record file (a fork, or an unfinished game).")
@click.option("--reseed", type=int, default=None, help="With --from: a new random future from that position.")
@click.option("--pace", type=click.FloatRange(0, 10), default=0, metavar="SECONDS", help="Wait this long after each bot move, to follow the bots' play as it happens.  [default: 0]")
def play(mode: str | None, players: int | None, seat: int | None, seed: int | None, name: str | None, bots: str | None, options: tuple[str, ...], lang: str, out: str, from_: str | None, reseed: int | None, pace: float = 0) -> None:
    """Play one seat at the terminal against bots; the game is recorded in OUT.

    Each decision shows the table and the question, with numbered answers.
    At any prompt: `help` lists the commands; `info SEAT`, `card N`, `skill
    NAME` print texts without spending the decision; `undo` goes back to
    your previous decision (OUT goes on with the new line; the line you
    left is kept beside it as a fork, OUT.undo1.jsonl); `q` quits, keeping
    the record.  With --from FILE you continue FILE's game: a decision
    pending at its end is asked again.
    """
    from sanguozhi.core.modes import ModeError

    from sanguozhi.records.session import new_game_id, start_person_game
    from sanguozhi.replay.fork import ForkError, start_continuation

    from .common import load

    path = new_file(out)
    if from_ is not None:
        if mode is not None or players is not None or seed is not None or options:
            usage("--mode, --players, --seed and --option come from the record with --from")
        if reseed is not None:
            checked_seed(reseed, flag="--reseed")
        record = load(from_)
        h = record.header
        players = h.players
        if seat is None:
            people = [s for s in range(players) if str(s) not in h.bots]
            seat = people[0] if len(people) == 1 else 0
        if not 0 <= seat < players:
            usage(f"--seat {seat}: the game has seats 0-{players - 1}")
        seats = recorded_bots({s: h.bots.get(str(s), "basic") for s in range(players) if s != seat}) if bots is None else parse_bots(bots, players, person=seat)
        try:
            game, writer = start_continuation(path, record, game=new_game_id(), bots=seats, reseed=reseed)
        except ForkError as exc:
            fail(str(exc))
        except OSError as exc:
            fail(f"{out}: cannot write ({exc.strerror or exc})")
        last = len(record.events) - 1
        if lang == "zh":
            click.echo(f"从 {from_} 的第{last}个事件继续" + (f"，新的随机种子 {reseed}" if reseed is not None else "") + f"；记录写入 {out}")
        else:
            click.echo(f"continuing {from_} at event {last}" + (f" with a new seed {reseed}" if reseed is not None else "") + f"; recording to {out}")
    else:
        if reseed is not None:
            usage("--reseed goes with --from")
        mode, players = checked_mode(mode, players)  # before a list of seats is built
        if seed is not None:
            checked_seed(seed)
        if seat is None:
            seat = person_seat(mode, players, seed, bots)
            if "-" not in (bots or "").split(",") and seat_is_dealt(mode):
                click.echo(f"你坐在{seat}号位（随机）" if lang == "zh" else f"you are dealt seat {seat} (at random)")
        if not 0 <= seat < players:
            usage(f"--seat {seat}: seats are 0-{players - 1}")
        seats = parse_bots(bots or "basic", players, person=seat)
        try:
            # What a person expects where bots would not (identity: choosing a general).
            game, writer = start_person_game(path, mode, players, seed, parse_options(options), seats, people={seat: person_name(name)})
        except ModeError as exc:
            usage(str(exc))
        except OSError as exc:
            fail(f"{out}: cannot write ({exc.strerror or exc})")
    Session(game, writer, path, seat, seats, lang, pace).run()


def seat_is_dealt(mode: str) -> bool:
    """Does ``mode`` deal a person's seat at random (``Ruleset.random_seat``)?"""
    from sanguozhi.core.modes import ModeError, ruleset_of

    try:
        return ruleset_of(mode).random_seat
    except ModeError:
        return False  # the mode's error comes when the game starts


def person_seat(mode: str, players: int, seed: int | None, bots: str | None) -> int:
    """The seat a person plays without --seat: the ``-`` of a --bots list that names
    every seat; in a mode that deals seats at random (identity: roles and the lord's
    place), one drawn from the seed given (the same seed, the same seat) or by chance
    when the seed is one nobody chose; else seat 0."""
    import secrets

    from sanguozhi.core.rng import Draws

    names = bots.split(",") if bots else []
    if len(names) == players and names.count("-") == 1:
        return names.index("-")
    if not seat_is_dealt(mode) or players < 1:
        return 0
    return Draws(seed, "person_seat", 0).below(players) if seed is not None else secrets.randbelow(players)


class Session:
    """One person's game at the terminal: narration, decisions, undo and quitting."""

    def __init__(self, game, writer, path: Path, seat: int, seats: dict[int, str], lang: str, pace: float = 0) -> None:
        from sanguozhi.replay.narrate import Narrator
        from sanguozhi.replay.visibility import Visibility

        from .person import Person

        self.game, self.writer, self.path, self.seat, self.seats, self.lang = game, writer, path, seat, seats, lang
        self.zh = lang == "zh"
        self.person = Person(seat, lang)
        self.narrator = Narrator(lang, seat)
        self.shown = 0
        self.start = len(game.events)  # events there before this session: not the person's doing
        self.forks: list[Path] = []
        self.seen = Visibility(game.events)
        self.watching = True  # narrate the bots' play (off when the person skips to the end)
        self.asked_dead = False
        self.interrupted = False  # a Ctrl-C came while a decision was being resolved
        self._asking = False  # the person is being asked: a Ctrl-C is theirs at once
        self.pace = pace

    def tell(self) -> None:
        for e in self.game.events[self.shown :]:
            text = self.narrator.line(e)
            if text:
                self.person.log.append(text)
                if self.watching:
                    click.echo(f"  {text}")
        self.shown = len(self.game.events)

    def run(self) -> None:
        from sanguozhi.core.requests import Choice

        from sanguozhi.records.session import run_bots
        from sanguozhi.replay.fork import undo_point
        from sanguozhi.replay.visibility import open_cards

        from .person import QUIT, UNDO

        outcome: list[str] = []

        def person(g) -> Choice | None:
            self.tell()
            with self.asking():
                while True:
                    unseen = self.seen.unseen(self.seat, len(g.events), open_cards(g.state))
                    choice = self.person.ask(g, unseen)
                    if choice is QUIT:
                        outcome.append("quit")
                        return None
                    if choice is not UNDO:
                        return choice
                    if undo_point(g.events, self.seat) is not None and undo_point(g.events, self.seat) >= self.start:
                        outcome.append("undo")
                        return None
                    click.echo("  还没有可以悔的选择" if self.zh else "  nothing to undo: you have not decided anything in this game yet")

        def after(g) -> bool:
            if self.interrupted:
                raise KeyboardInterrupt  # the Ctrl-C that came while the decision was resolved
            if self.pace and self.watching and g.events and type(g.events[-1]) is not GameQuit:
                last = next((e for e in reversed(g.events) if type(e) is Decided), None)
                if last is not None and last.seat != self.seat and last.vis is None:
                    self.tell()  # a bot's move, as it happens
                    time.sleep(self.pace)
            # Before the first turn nobody has a character in play yet (a duel's rows are still being chosen).
            if self.asked_dead or g.over or not g.state.round or any(c.alive for c in g.state.chars if c.owner == self.seat):
                return True
            self.asked_dead = True
            self.tell()
            return self.ask_watch()

        from sanguozhi.core.events import Decided, GameQuit

        with self.interrupts_deferred():
            while True:
                outcome.clear()
                try:
                    with self.writer:
                        try:
                            finished = run_bots(self.game, self.seats, person, after)
                        except KeyboardInterrupt:
                            if not self.game.over:
                                self.game.add_external(GameQuit(seat=self.seat))  # the record ends here on purpose
                            raise
                        if not finished and outcome != ["undo"]:
                            self.game.add_external(GameQuit(seat=self.seat))
                except KeyboardInterrupt:
                    click.echo("")
                    self.stop("interrupted")
                    raise SystemExit(130) from None
                if outcome == ["undo"]:
                    self.undo()
                    continue
                break
        self.tell()
        if finished:
            self.end()
        else:
            self.stop("quit")

    @contextmanager
    def interrupts_deferred(self) -> Iterator[None]:
        """Ctrl-C while the person is asked is the person's (a quit); at any other
        moment (the bots resolving a decision, a write) it waits for the decision
        in flight to be resolved and recorded whole, then stops the game there:
        a quit in the middle of a decision's events would make the record invalid."""
        import signal
        import threading

        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def on_interrupt(signum: int, frame: object) -> None:
            if self._asking:
                raise KeyboardInterrupt
            self.interrupted = True

        old = signal.signal(signal.SIGINT, on_interrupt)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, old)

    @contextmanager
    def asking(self) -> Iterator[None]:
        was, self._asking = self._asking, True
        try:
            yield
        finally:
            self._asking = was

    def ask_watch(self) -> bool:
        """The person's character has died: go on to the end (watching or not), or stop?"""
        zh = self.zh
        click.echo("你的角色阵亡了。回车：观看机器人打完这局；s：直接跳到结局；q：退出（保留记录）" if zh else "Your character has died. Enter: watch the bots play it out; s: skip to the end; q: quit (the record is kept)")
        try:
            with self.asking():
                answer = self.person.read("继续？" if zh else "go on?").strip().lower()
        except (click.exceptions.Abort, KeyboardInterrupt):
            answer = "q"
        if answer in ("q", "quit", "exit"):
            return False
        if answer in ("s", "skip"):
            self.watching = False
        return True

    def end(self) -> None:
        from sanguozhi.replay.table import render

        st = self.game.state
        zh = self.zh
        click.echo("")
        click.echo(render(st, self.seat, self.lang))
        if not st.winners:
            verdict = "和局：没有胜者" if zh else "A draw: nobody wins."
        elif self.seat in st.winners:
            verdict = "你赢了！" if zh else "You win!"
        else:
            verdict = "你输了。" if zh else "You lose."
        click.echo(verdict)
        click.echo(f"记录：{self.path}" if zh else f"record: {self.path}")

    def stop(self, how: str) -> None:
        """Quit (or an interrupt): keep the record, unless the person never decided anything in it."""
        from sanguozhi.core import events as ev

        zh = self.zh
        mine = any(type(e) is ev.Decided and e.seat == self.seat for e in self.game.events[self.start :])
        n = len(self.game.events)
        if not mine and not self.forks:
            self.writer.close()
            try:
                os.remove(self.path)
            except OSError:
                pass
            click.echo(f"在你做出第一个选择前退出：没有保留记录（{self.path} 未创建）" if zh else f"{how} before your first decision: nothing kept ({self.path} is not created)")
            return
        click.echo(f"已退出；目前的记录在 {self.path}（{n}个事件），用 sgz play --from {self.path} --out 新文件 继续" if zh else f"{how}; the record so far is in {self.path} ({n} events); go on with: sgz play --from {self.path} --out NEW.jsonl")

    def undo(self) -> None:
        """Back to before the person's latest decision: the named file goes on from
        there; the line left is written beside it as a fork of it."""
        from sanguozhi.core.events import GameQuit
        from sanguozhi.records.format import RecordWriter, write_record
        from sanguozhi.records.session import new_game_id
        from sanguozhi.replay.fork import fork_header, free_path, resume_record, undo_point
        from sanguozhi.replay.narrate import Narrator
        from sanguozhi.replay.visibility import Visibility

        old = [*self.game.events, GameQuit(seat=self.seat)]  # the line left ends with the person leaving it
        k = undo_point(old, self.seat)
        assert k is not None
        header = self.writer.header
        bots = {str(s): b for s, b in sorted(self.seats.items())}
        fork_path = free_path(self.path, "undo")
        # 1. the line left, complete, as a fork of this game (written before anything is removed)
        write_record(fork_path, fork_header(header, game=new_game_id(), parent=header.game, fork_at=k, bots=bots), old)
        # 2. this game, from the decision taken back (same game id: it is the game being played)
        game = resume_record(old, k)
        os.remove(self.path)
        writer = RecordWriter(self.path, header)
        writer.write_all(game.events)
        game.on_event = writer.write
        self.game, self.writer = game, writer
        self.forks.append(fork_path)
        self.narrator = Narrator(self.lang, self.seat)
        for e in game.events:
            self.narrator.line(e)  # follow the table up to here, silently
        self.shown = len(game.events)
        self.seen = Visibility(game.events)
        if self.zh:
            click.echo(f"悔棋：回到第{k - 1}个事件之后你的选择；{self.path} 从这里继续，放弃的那条线保存在 {fork_path}（它的分支）")
        else:
            click.echo(f"undo: back to your decision after event {k - 1}; {self.path} goes on from here, the line you left is kept in {fork_path} (a fork of it)")
