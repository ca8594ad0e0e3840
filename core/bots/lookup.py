"""How a bot's name is found: the one table every command and live table asks.

A name is, in this order:

- a bot registered in this process (``register``, or one found before);
- one of sgz's own, ``BUILTIN`` (``basic``, ``random`` and ``search``:
  imported on first use, so that a reader of records never imports a bot);
- an entry point of the group ``sanguozhi.bots`` of an installed package;
- a name ``SGZ_BOTS`` gives (``name=module:callable`` or ``module:callable``,
  comma separated): what the operator of ``sgz serve`` offers at its live
  tables;
- ``module:callable`` itself, but only through ``load``, which a command
  calls for a name its own user typed: a name from a web form or a record is
  never imported.

The callable is the bot (``Bot``); a class is instantiated once, without
arguments.  A record's header keeps the name as given, so it must be
``well_formed`` (``core.botname``; ``records.check`` asks only that: a
record of an external bot validates where that bot is not installed).
Reading the entry points is the only I/O here, once, when a name is not yet
known; nothing of a game is read.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator, MutableMapping
from importlib import import_module
from typing import Any

from ..botname import well_formed

GROUP = "sanguozhi.bots"
BUILTIN = {
    "basic": "sanguozhi.core.bots.basic:basic_bot",
    "random": "sanguozhi.core.bots.random_bot:random_bot",
    "search": "sanguozhi.replay.search:search_bot",
}


class BotError(LookupError):
    """A bot that cannot be found or loaded (the message is one line)."""


def _from_path(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    try:
        obj: Any = import_module(module)
    except Exception as exc:  # noqa: BLE001 - a module that does not import is one line
        raise BotError(f"bot {spec!r}: cannot import {module!r} ({type(exc).__name__}: {exc})") from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise BotError(f"bot {spec!r}: {module!r} has no {attr!r}") from None
    return _ready(spec, obj)


def _ready(name: str, obj: Any) -> Any:
    if isinstance(obj, type):
        obj = obj()
    if not callable(obj):
        raise BotError(f"bot {name!r} is not callable (a bot is called with the view, the request and its random stream)")
    return obj


class BotTable(MutableMapping):
    """name -> bot; a name not yet known is looked for as the module docstring says."""

    def __init__(self) -> None:
        self._bots: dict[str, Any] = {}
        self._points: dict[str, Any] | None = None
        self._env: dict[str, str] | None = None

    def _entry_points(self) -> dict[str, Any]:
        if self._points is None:
            from importlib.metadata import entry_points

            points = {ep.name: ep for ep in entry_points(group=GROUP)}
            for name, spec in BUILTIN.items():
                points.setdefault(name, spec)  # a checkout that is not installed
            self._points = points
        return self._points

    def _offered(self) -> dict[str, str]:
        if self._env is None:
            env: dict[str, str] = {}
            for part in filter(None, (p.strip() for p in os.environ.get("SGZ_BOTS", "").split(","))):
                name, eq, spec = part.rpartition("=")
                env[name if eq else spec] = spec
            self._env = env
        return self._env

    def find(self, name: str) -> Any | None:
        """The bot called ``name``, loaded; None if no name is registered so."""
        bot = self._bots.get(name)
        if bot is not None:
            return bot
        if not isinstance(name, str):
            return None
        point = BUILTIN.get(name) or self._entry_points().get(name)
        if point is not None:
            if isinstance(point, str):
                bot = _from_path(point)
            else:
                try:
                    bot = _ready(name, point.load())
                except BotError:
                    raise
                except Exception as exc:  # noqa: BLE001 - a broken plug-in is one line
                    raise BotError(f"bot {name!r}: its entry point {point.value!r} fails to load ({type(exc).__name__}: {exc})") from None
        elif name in self._offered():
            bot = _from_path(self._offered()[name])
        else:
            return None
        self._bots.setdefault(name, bot)  # importing a builtin registers it under its own name
        return self._bots[name]

    def load(self, name: str) -> Any:
        """The bot ``name`` names, including ``module:callable`` (what a user typed); BotError if none."""
        bot = self.find(name)
        if bot is None and ":" in name and "@" not in name and well_formed(name):
            bot = self._bots[name] = _from_path(name)
        if bot is None:
            raise BotError(f"unknown bot {name!r} (bots: {', '.join(self)}; or module:callable)")
        return bot

    def names(self) -> list[str]:
        return sorted({*self._bots, *self._entry_points(), *self._offered()})

    def __getitem__(self, name: str) -> Any:
        bot = self.find(name)
        if bot is None:
            raise KeyError(name)
        return bot

    def __contains__(self, name: object) -> bool:
        try:
            return isinstance(name, str) and self.find(name) is not None
        except BotError:
            return False

    def __setitem__(self, name: str, bot: Callable[..., Any]) -> None:
        self._bots[name] = bot

    def __delitem__(self, name: str) -> None:
        del self._bots[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())
