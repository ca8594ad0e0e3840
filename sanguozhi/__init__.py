"""sanguozhi (三国志): a rules engine and game-record platform for Sanguosha (三国杀).

The public Python API (names load on first use, so ``import sanguozhi`` is cheap)::

    import sanguozhi as sgz

    game = sgz.new_game("identity", players=5, seed=7)          # a Game: events, state, request
    while not game.over:
        request = game.request                                   # who must decide, and the choices
        game.submit(sgz.bot_choice("basic", game.state, request))
    state = sgz.fold(game.events)                                # the state is a fold of the events
    table = sgz.view(state, seat=2)                              # what seat 2 sees (a dict)
    branch = sgz.fork(game.events, 120)                          # the same game, pending after event 120

``read_record``/``write_record`` read and write record files (``Header``,
``Record``); ``start_recorded`` plays a game straight into a record;
``events`` is the module of event types, ``modes`` the rulesets.
The subpackages are ``sanguozhi.core`` (the pure rules engine),
``sanguozhi.records`` (record files, the DuckDB archive), ``sanguozhi.replay``
(narration, seeking, forks, analysis) and ``sanguozhi.cli`` (the ``sgz`` command).
"""
from __future__ import annotations

import os as _os
from importlib import import_module as _import
from typing import Any

# A source checkout without an install: core/, records/, replay/ and cli/ sit
# beside this folder (an installed wheel holds them inside it).
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(__path__[0], "core")) and _os.path.isfile(_os.path.join(_root, "core", "__init__.py")):
    __path__.append(_root)

_API: dict[str, tuple[str, str | None]] = {
    "new_game": ("sanguozhi.core.game", "new_game"),
    "Game": ("sanguozhi.core.game", "Game"),
    "fork": ("sanguozhi.core.game", "resume"),
    "Choice": ("sanguozhi.core.requests", "Choice"),
    "Request": ("sanguozhi.core.requests", "Request"),
    "IllegalDecision": ("sanguozhi.core.requests", "IllegalDecision"),
    "fold": ("sanguozhi.core.evolve", "fold"),
    "view": ("sanguozhi.core.view", "view"),
    "SeatView": ("sanguozhi.core.view", "SeatView"),
    "bot_choice": ("sanguozhi.core.bots", "bot_choice"),
    "events": ("sanguozhi.core.events", None),
    "modes": ("sanguozhi.core.modes", None),
    "read_record": ("sanguozhi.records.format", "read_record"),
    "write_record": ("sanguozhi.records.format", "write_record"),
    "Header": ("sanguozhi.records.format", "Header"),
    "Record": ("sanguozhi.records.format", "Record"),
    "start_recorded": ("sanguozhi.records.session", "start_recorded"),
}

__all__ = sorted(_API)


def __getattr__(name: str) -> Any:
    try:
        module, attr = _API[name]
    except KeyError:
        raise AttributeError(f"module 'sanguozhi' has no attribute {name!r}") from None
    value = _import(module) if attr is None else getattr(_import(module), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})
