"""A live table: several people (and bots) playing one recorded game.

A ``Room`` is a game in the making (seats taken by people, or given to bots),
then being played, then over.  Its record file is its truth: every event is
written as ``sgz play`` writes it, decision by decision, so a room comes back
from its record after the server stopped (``Room.load``), at the same pending
decision.  Beside the record, ``ROOM.room.json`` keeps what the record does
not: the seats' secret keys (as SHA-256 digests), the creator's, the room's
settings.

People answer what the engine asks them; bots answer on the server at once.
Every question a person is shown carries a number (``Question.id``): an
answer to an older one is refused, so nothing is applied twice.  Questions
the rules ask *together* (generals chosen at the same time, a 博弈) are shown
to each person at once: a fork of the game looks ahead through the block,
and an answer given early waits until the game comes to it.  The room's
times (a clock for each decision, the minimum wait of a secret question, an
empty seat handed to a bot) are driven by ``tick(now)``: the room never
reads a clock itself, so it runs the same in a test.

What each seat may see goes out through ``update(viewer)`` only: its view of
the table (``core.view.view``), its narration, its own questions, and who
the table waits for, in words that say nothing hidden.
"""
from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from sanguozhi.core import events as ev
from sanguozhi.core.bots import BOTS, bot_choice, only_answer
from sanguozhi.core.game import Game, resume
from sanguozhi.core.requests import PASS, Choice, Request
from sanguozhi.core.view import view
from sanguozhi.records.format import RecordWriter, read_record
from sanguozhi.replay.narrate import Narrator
from sanguozhi.replay.prompts import Asked

SPECTATOR = -1  # the viewer who is no seat: what everyone sees
ROOM_SUFFIX = ".room.json"
KEY_BYTES = 16


class RoomError(ValueError):
    """A request the room refuses (one line, in English; the page words its own)."""


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the room's creator chose."""

    mode: str
    players: int
    options: dict[str, Any] = {}
    clock: float = 0.0  # seconds a person has for a decision (0: no clock)
    handover: float = 60.0  # seconds a seat may stay empty before a bot plays it (0: never)
    secret_wait: float = 0.8  # a secret question takes at least this long, answered or not
    title: str = ""


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    """One seat of a room: open, a person's (named, with a key), or a bot's."""

    kind: Literal["open", "person", "bot"] = "open"
    name: str = ""
    bot: str = ""
    key: str = ""  # the SHA-256 of the person's key
    handed: bool = False  # a bot plays it for the person, who left (Handover)


class RoomFile(msgspec.Struct, forbid_unknown_fields=True):
    """What a room keeps beside its record (``ROOM.room.json``)."""

    id: str
    settings: Settings
    seats: list[SeatSpec]
    creator: str  # the SHA-256 of the creator's key
    state: Literal["open", "playing", "over"] = "open"
    created: float = 0.0
    record: str = ""  # the record's file name, once started


@dataclass
class Question:
    """A question shown to one seat: the request, worded, and when it was shown."""

    id: int
    request: Request
    words: tuple[Asked, Asked]  # en, zh
    shown: float
    preview: bool = False  # asked ahead of the game (a question asked together)
    _data: dict[str, Any] | None = None

    def data(self) -> dict[str, Any]:
        """The question as a page shows it (worded once: it does not change while asked)."""
        if self._data is None:
            self._data = question_data(self)
        return self._data


@dataclass
class Held:
    """An answer waiting: given early (a question asked together), or before a secret question's minimum wait."""

    question: Question
    choice: Choice
    at: float  # when it may be applied


@dataclass
class Perspective:
    """One viewer's narration so far (a seat's, or the spectators')."""

    lines: list[tuple[int, str, str]] = field(default_factory=list)


_room_enc = msgspec.json.Encoder()
_room_dec = msgspec.json.Decoder(RoomFile)


class Room:
    def __init__(self, file: RoomFile, folder: Path) -> None:
        self.file = file
        self.folder = folder
        self.game: Game | None = None
        self.writer: RecordWriter | None = None
        self.questions: dict[int, Question] = {}
        self.held: dict[int, Held] = {}
        self.connected: dict[int, int] = {}  # seat -> open connections
        self.empty_since: dict[int, float] = {}
        self.perspectives: dict[int, Perspective] = {}
        self._qid = 0
        self._told = 0  # events narrated
        self._table: Any = None  # the table before the next event to narrate (one fold for every narrator)
        self._narrators: tuple[Narrator, Narrator] | None = None  # en, zh: each narrates for every viewer (Narrator.lines)
        self._views: dict[int, tuple[int, dict[str, Any]]] = {}  # viewer -> (version, its view)
        self.version = 0  # bumped whenever anything a viewer sees may have changed

    # -- making a room --------------------------------------------------------

    @property
    def id(self) -> str:
        return self.file.id

    @property
    def settings(self) -> Settings:
        return self.file.settings

    @property
    def state(self) -> str:
        return self.file.state

    @classmethod
    def create(cls, folder: Path, settings: Settings, bots: dict[int, str], now: float) -> tuple["Room", str]:
        """A new room (open for people to take its other seats); returns it and the creator's key."""
        from sanguozhi.core.modes import ModeError, ruleset_of

        try:
            rs = ruleset_of(settings.mode)
        except ModeError as exc:
            raise RoomError(str(exc)) from None
        if settings.players not in rs.players:
            raise RoomError(f"{settings.mode} plays at {_sizes(rs.players)} seats, not {settings.players}")
        try:
            rs.check(settings.players, {**rs.person_options, **settings.options})
        except (ModeError, ValueError, TypeError) as exc:
            raise RoomError(str(exc)) from None
        for seat, bot in bots.items():
            if not 0 <= seat < settings.players:
                raise RoomError(f"seat {seat}: the seats are 0-{settings.players - 1}")
            if bot not in BOTS:
                raise RoomError(f"unknown bot {bot!r} (bots: {', '.join(sorted(BOTS))})")
        if len(bots) >= settings.players:
            raise RoomError("a room needs at least one seat for a person")
        key = new_key()
        seats = [SeatSpec(kind="bot", bot=bots[s]) if s in bots else SeatSpec() for s in range(settings.players)]
        room = cls(RoomFile(id=secrets.token_hex(6), settings=settings, seats=seats, creator=digest(key), created=now), folder)
        room.save()
        return room, key

    def is_creator(self, key: str | None) -> bool:
        return bool(key) and secrets.compare_digest(digest(key), self.file.creator)  # type: ignore[arg-type]

    def seat_of(self, key: str | None) -> int | None:
        """The seat a person's key opens (None: no seat)."""
        if not key:
            return None
        d = digest(key)
        for s, spec in enumerate(self.file.seats):
            if spec.kind == "person" and secrets.compare_digest(spec.key, d):
                return s
        return None

    def join(self, seat: int, name: str) -> str:
        """A person takes an open seat; returns the seat's secret key."""
        from sanguozhi.records.people import BadName, check_name

        if self.state != "open":
            raise RoomError("the game has started: the seats are taken")
        if not 0 <= seat < len(self.file.seats):
            raise RoomError(f"seat {seat}: the seats are 0-{len(self.file.seats) - 1}")
        if self.file.seats[seat].kind != "open":
            raise RoomError(f"seat {seat} is taken")
        try:
            name = check_name(name)
        except BadName as exc:
            raise RoomError(f"name: {exc}") from None
        if any(s.kind == "person" and s.name == name for s in self.file.seats):
            raise RoomError(f"{name!r} already sits at this table")
        key = new_key()
        self.file.seats[seat] = SeatSpec(kind="person", name=name, key=digest(key))
        self.save()
        self.version += 1
        return key

    def fill(self, seat: int, bot: str) -> None:
        """The creator gives an open seat to a bot."""
        if self.state != "open" or self.file.seats[seat].kind != "open":
            raise RoomError(f"seat {seat} is not open")
        if bot not in BOTS:
            raise RoomError(f"unknown bot {bot!r}")
        self.file.seats[seat] = SeatSpec(kind="bot", bot=bot)
        self.save()
        self.version += 1

    def start(self, now: float, seed: int | None = None) -> None:
        """Deal and start: every open seat is given to the basic bot.  The deal is
        one nobody chose and is committed to (``seed`` only for a test to replay one)."""
        from sanguozhi.records.session import start_person_game

        if self.state != "open":
            raise RoomError("the game has started already")
        seats = self.file.seats
        if not any(s.kind == "person" for s in seats):
            raise RoomError("nobody has taken a seat yet")
        for s, spec in enumerate(seats):
            if spec.kind == "open":
                seats[s] = SeatSpec(kind="bot", bot="basic")
        bots = {s: spec.bot for s, spec in enumerate(seats) if spec.kind == "bot"}
        people = {s: spec.name for s, spec in enumerate(seats) if spec.kind == "person"}
        name = f"{self.id}.jsonl"
        st = self.settings
        self.game, self.writer = start_person_game(
            self.folder / name, st.mode, st.players, seed, st.options, bots, people=people, game_id=self.id, formal=self.formal()
        )
        self.file.state, self.file.record = "playing", name
        self.save()
        self._after_change(now)

    # -- on disk ----------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self.folder / f"{self.id}{ROOM_SUFFIX}"

    def save(self) -> None:
        """Write the room's file whole, then give it its name (never half a file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        with open(tmp, "wb") as f:
            f.write(_room_enc.encode(self.file))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)

    @classmethod
    def load(cls, path: Path, now: float) -> "Room":
        """A room from its file and its record, at the decision it was waiting for."""
        try:
            file = _room_dec.decode(path.read_bytes())
        except (OSError, msgspec.DecodeError) as exc:
            raise RoomError(f"{path}: not a room ({exc})") from None
        room = cls(file, path.parent)
        if file.state == "open" or not file.record:
            return room
        record = path.parent / file.record
        if file.state == "over":
            room.game = resume(read_record(record).events)
        else:
            room.writer, events = _reopen(record)
            room.game = resume(events, formal=room.formal())
            # What the rules did after the last decision written (written with the next
            # one, so not there when the server stopped) is done again: write it.
            room.writer.write_all(room.game.events[len(events) :])
            room.game.on_event = room.writer.write
            if room.game.over:
                room.file.state = "over"
                room.writer.close()
        room._after_change(now)
        return room

    # -- who plays ----------------------------------------------------------------

    def people(self) -> dict[int, str]:
        return {s: spec.name for s, spec in enumerate(self.file.seats) if spec.kind == "person"}

    def bot_of(self, seat: int) -> str | None:
        """The bot that answers for ``seat`` now (a bot's seat, or a person's handed over), or None."""
        spec = self.file.seats[seat]
        if spec.kind == "bot":
            return spec.bot
        return "basic" if spec.handed else None

    def formal(self) -> frozenset[int]:
        """The seats asked even what they can only pass: the people playing, whose
        waits the table shows for the secret questions' minimum wait.  A room
        without that wait shows no such wait, so nobody is asked them (the record
        is the same either way)."""
        if not self.settings.secret_wait:
            return frozenset()
        return frozenset(s for s, spec in enumerate(self.file.seats) if spec.kind == "person" and not spec.handed)

    # -- playing --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    def decide(self, seat: int, qid: int, answer: Any, now: float) -> None:
        """Seat ``seat`` answers question ``qid``; ``answer`` is a choice's index, or a
        list of card numbers for a pick.  The answer is applied by ``settle`` (at once,
        or once the game comes to it, or once a secret question's minimum wait is over)."""
        q = self.questions.get(seat)
        if self.game is None or self.state != "playing":
            raise RoomError("the game is not being played")
        if q is None or q.id != qid:
            raise RoomError("that question is no longer asked (an old or repeated answer)")
        if seat in self.held:
            raise RoomError("you have answered this question already")
        self._hold(seat, q, self._choice(q.request, answer), now)

    def _hold(self, seat: int, q: Question, choice: Choice, now: float) -> None:
        # A secret question is answered no sooner than its minimum wait after it
        # was shown: how fast a seat answers it says nothing either.
        at = q.shown + self.settings.secret_wait if q.request.vis is not None else now
        self.held[seat] = Held(q, choice, max(at, now))
        self.version += 1

    @staticmethod
    def _choice(req: Request, answer: Any) -> Choice:
        if req.choices:
            if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer < len(req.choices):
                raise RoomError(f"choose one of the {len(req.choices)} answers")
            return req.choices[answer]
        if not isinstance(answer, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in answer):
            raise RoomError("a pick is a list of card numbers")
        choice = Choice(cards=tuple(answer))
        why = req.check(choice)
        if why is not None:
            raise RoomError(why)
        return choice

    def settle(self, now: float, limit: int = 64) -> bool:
        """Play on as far as the game can go now: bots answer, and the answers people
        gave are applied once the game comes to them (and their time has come),
        up to ``limit`` decisions.  True if there is more to do: the caller lets
        other rooms run, then calls again.  Then the questions are shown anew."""
        game = self.game
        if game is None or self.state != "playing":
            return False
        for _ in range(limit):
            req = game.request
            if req is None:
                break
            bot = self.bot_of(req.seat)
            if bot is not None:
                game.submit(bot_choice(bot, game.state, req, game))
                continue
            held = self.held.get(req.seat)
            if held is None or held.question.request != req or held.at > now:
                break
            del self.held[req.seat]
            self.questions.pop(req.seat, None)
            game.submit(held.choice)
        else:
            return True
        self._after_change(now)
        return False

    def tick(self, now: float) -> bool:
        """What time decides: a clock run out, a secret question that can only be
        passed once its minimum wait is over, an empty seat handed to a bot, a held
        answer due.  True if ``settle`` has something to do."""
        if self.game is None or self.state != "playing" or self.game.over:
            return False
        due = False
        for seat, q in list(self.questions.items()):
            if q.preview or seat in self.held:
                continue
            default = self._timed_out(q, now)
            if default is not None:
                self._hold(seat, q, default, now)
        for seat, since in list(self.empty_since.items()):
            spec = self.file.seats[seat]
            if spec.kind == "person" and not spec.handed and self.settings.handover and now - since >= self.settings.handover:
                self.hand_over(seat, now)
                due = True
        req = self.game.request
        if req is not None:
            held = self.held.get(req.seat)
            due = due or (held is not None and held.question.request == req and held.at <= now)
        return due

    def _timed_out(self, q: Question, now: float) -> Choice | None:
        """The answer the room gives when a person's time is up: pass where one may, else what the basic bot would."""
        req = q.request
        only = only_answer(req)
        if only is not None and req.vis is not None and now >= q.shown + self.settings.secret_wait:
            return only  # a secret question that can only be passed: answered after the minimum wait
        clock = self.settings.clock
        if not clock or now < q.shown + clock:
            return None
        passing = next((c for c in req.choices if c.option in (PASS, "end")), None)
        assert self.game is not None
        return passing or only or bot_choice("basic", self.game.state, req)

    def next_deadline(self) -> float | None:
        """When ``tick`` may next have something to do (None: nothing timed)."""
        times: list[float] = [h.at for h in self.held.values() if not h.question.preview]
        st = self.settings
        for q in self.questions.values():
            if q.preview:
                continue
            if q.request.vis is not None and only_answer(q.request) is not None:
                times.append(q.shown + st.secret_wait)
            if st.clock:
                times.append(q.shown + st.clock)
        if st.handover:
            times += [since + st.handover for s, since in self.empty_since.items() if not self.file.seats[s].handed]
        return min(times) if times else None

    # -- people coming and going -----------------------------------------------------

    def connect(self, seat: int, now: float) -> None:
        self.connected[seat] = self.connected.get(seat, 0) + 1
        self.empty_since.pop(seat, None)
        spec = self.file.seats[seat]
        if spec.handed and self.game is not None and self.state == "playing":
            self._handover_event(ev.Handover(seat=seat, person=spec.name))
            spec.handed = False
            self.save()
            self._after_change(now)

    def disconnect(self, seat: int, now: float) -> None:
        n = self.connected.get(seat, 0) - 1
        if n > 0:
            self.connected[seat] = n
            return
        self.connected.pop(seat, None)
        if self.file.seats[seat].kind == "person" and self.state == "playing":
            self.empty_since[seat] = now

    def hand_over(self, seat: int, now: float) -> None:
        """An empty seat is played by the basic bot from here (recorded: the record says who played what)."""
        spec = self.file.seats[seat]
        self.empty_since.pop(seat, None)
        self._handover_event(ev.Handover(seat=seat, bot="basic"))
        spec.handed = True
        self.questions.pop(seat, None)
        self.held.pop(seat, None)
        self.save()
        self.version += 1

    def _handover_event(self, event: ev.Handover) -> None:
        assert self.game is not None
        self.game.add_external(event)
        self.game.engine.formal = self.formal() - {event.seat} if event.bot else self.formal() | {event.seat}
        if self.writer is not None:
            self.writer.commit()

    # -- after every change: questions, narration, the end ---------------------------

    def _after_change(self, now: float) -> None:
        game = self.game
        if game is None:
            return
        game.engine.formal = self.formal()
        self._narrate()
        if game.over:
            if self.file.state != "over":
                self.file.state = "over"
                if self.writer is not None:
                    self.writer.close()
                self.save()
            self.questions.clear()
            self.held.clear()
        else:
            self._ask(now)
        self.version += 1

    def _ask(self, now: float) -> None:
        """The questions each person is shown now: the pending one, and those asked together with it."""
        game = self.game
        assert game is not None
        want: dict[int, tuple[Request, Any]] = {}
        req = game.request
        if req is not None and self.bot_of(req.seat) is None:
            want[req.seat] = (req, game.state)
        if req is not None and req.together:
            want.update({s: r for s, r in self._ahead(req).items() if s not in want})
        pending = req.seat if req is not None else None
        for seat in list(self.questions):
            if seat not in want:
                del self.questions[seat]
        for seat in list(self.held):
            if seat not in want or self.held[seat].question.request != want[seat][0]:
                del self.held[seat]  # a question no longer asked: its answer goes with it
        for seat, (request, state) in want.items():
            q = self.questions.get(seat)
            if q is None or q.request != request:
                self._qid += 1
                q = self.questions[seat] = Question(self._qid, request, (Asked(request, state, "en"), Asked(request, state, "zh")), now)
            q.preview = seat != pending

    def _ahead(self, first: Request) -> dict[int, tuple[Request, Any]]:
        """The people's questions of the block asked together with ``first``, found
        by playing a fork of the game through it (each answer stood in for by the
        first legal one: no answer of the block changes another seat's question)."""
        assert self.game is not None
        fork = resume(self.game.events, formal=self.game.engine.formal)
        out: dict[int, tuple[Request, Any]] = {}
        seen = {first.seat}
        r: Request | None = fork.request
        for _ in range(4 * len(self.file.seats) + 64):
            if r is None or not r.together:
                break
            fork.submit(r.choices[0] if r.choices else Choice(cards=r.cards[: r.min]))
            r = fork.request
            if r is not None and r.together and r.seat not in seen:
                seen.add(r.seat)
                if self.bot_of(r.seat) is None:
                    out[r.seat] = (r, fork.state.clone())
        return out

    def _narrate(self) -> None:
        """Every viewer's narration of the new events.  The narrators name seats by
        one table the room folds itself (rather than each folding its own)."""
        from sanguozhi.core.evolve import apply, initial_state

        game = self.game
        assert game is not None
        events = game.events
        if not self.perspectives:
            # The viewers a page may have: the spectators and the people's seats (a bot's seat has no page).
            for p in (SPECTATOR, *(s for s, spec in enumerate(self.file.seats) if spec.kind == "person")):
                self.perspectives[p] = Perspective()
            self._narrators = (Narrator("en", mode=self.settings.mode), Narrator("zh", mode=self.settings.mode))
        assert self._narrators is not None
        viewers = list(self.perspectives)
        lines = [p.lines for p in self.perspectives.values()]
        table = self._table
        for i in range(self._told, len(events)):
            e = events[i]
            if table is None:
                table = initial_state(e)
                for n in self._narrators:
                    n._followed = table  # what it would have folded for itself
            said = [n.lines(e, table, viewers) for n in self._narrators]
            for k, (en, zh) in enumerate(zip(*said)):
                if en or zh:
                    lines[k].append((i, en or "", zh or ""))
            if i:
                apply(table, e)
        self._table = table
        self._told = len(events)

    # -- what a viewer is told ------------------------------------------------------------

    def waiting(self) -> list[dict[str, Any]]:
        """Who the table waits for, as every viewer may be told: the seat, and the
        kind of question unless it is a secret one (then only that it decides)."""
        # A seat whose answer is held (its minimum wait not over, or given ahead)
        # is still shown deciding: how soon it answered is its own business.
        return [{"seat": seat, "kind": "secret" if q.request.vis is not None else q.request.kind} for seat, q in sorted(self.questions.items())]

    def update(self, viewer: int, since: int = 0) -> dict[str, Any]:
        """What ``viewer`` (a seat, or SPECTATOR) is told: the table as it sees it,
        its narration from line ``since`` on, its question, who the table waits for."""
        out: dict[str, Any] = {"t": "table", "room": self.id, "state": self.state, "viewer": viewer, "version": self.version}
        out["seats"] = [self._seat_word(s, spec) for s, spec in enumerate(self.file.seats)]
        if self.game is None:
            return out
        st = self.game.state
        cached = self._views.get(viewer)
        if cached is None or cached[0] != self.version:
            v = view(st, viewer)
            del v["pile"], v["viewer"], v["mode"]
            cached = self._views[viewer] = (self.version, v)
        out["view"] = cached[1]
        out["events"] = len(self.game.events)
        persp = self.perspectives[viewer]
        out["lines"] = [list(x) for x in persp.lines[since:]]
        out["line_count"] = len(persp.lines)
        out["waiting"] = self.waiting()
        q = self.questions.get(viewer)
        out["ask"] = None if q is None else {**q.data(), "answered": viewer in self.held, "ahead": q.preview}
        out["clock"] = self.settings.clock
        if self.game.over:
            end = self.game.events[-1]
            out["end"] = {
                "winners": list(st.winners),
                "reason": st.end_reason,
                "points": list(st.points),
                "seed": str(end.seed) if isinstance(end, ev.GameEnded) and end.seed is not None else None,
                "record": self.file.record,
            }
        return out

    @staticmethod
    def _seat_word(seat: int, spec: SeatSpec) -> dict[str, Any]:
        return {"seat": seat, "kind": spec.kind, "name": spec.name, "bot": spec.bot, "handed": spec.handed}


def question_data(q: Question) -> dict[str, Any]:
    """A question as a page shows it: title and answers in both languages."""
    req = q.request
    en, zh = q.words
    data: dict[str, Any] = {"id": q.id, "kind": req.kind, "title": [en.title, zh.title], "secret": req.vis is not None}
    if req.choices:
        data["choices"] = [
            {"label": [a, b], "cards": list(c.cards), "targets": list(c.targets), "option": c.option, "pass": c.option in (PASS, "end"), "what": _what(c, en, zh)}
            for c, a, b in zip(req.choices, en.options, zh.options)
        ]
    else:
        data["pick"] = {"min": req.min, "max": req.max, "cards": [{"card": c, "label": [a, b]} for c, a, b in zip(req.cards, en.options, zh.options)]}
    return data


def _reopen(record: Path) -> tuple[RecordWriter, list[ev.Event]]:
    """A live table's record, to go on writing.  A server killed in the middle of
    a write may leave a cut last group of lines: the sound part goes on under the
    record's name, and the whole file is kept beside it (``NAME.cut-N``)."""
    from sanguozhi.records.format import RecordError, scan

    try:
        return RecordWriter.reopen(record)
    except RecordError:
        s = scan(record)
        if s.header is None or not s.events:
            raise
    n = 1
    while record.with_name(f"{record.name}.cut-{n}").exists():
        n += 1
    kept = record.with_name(f"{record.name}.cut-{n}")
    os.replace(record, kept)
    writer = RecordWriter(record, s.header)
    writer.write_all(s.events)
    return writer, s.events


def _what(choice: Choice, en: Asked, zh: Asked) -> list[str] | None:
    """A choice's card or skill without its targets (the first step of choosing it), or None without targets."""
    if not choice.targets or choice.option in (PASS, "end"):
        return None
    bare = Choice(cards=choice.cards, option=choice.option)
    return [en.choice(bare), zh.choice(bare)]


def _sizes(players: range) -> str:
    return f"{players[0]}-{players[-1]}" if len(players) > 1 else str(players[0])
