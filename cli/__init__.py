"""The ``sgz`` command: ``run`` is its entry point (the click group is ``cli.main.main``).

Nothing is imported here before ``run`` has taken Ctrl-C in hand: a Ctrl-C
while click or a command's modules are still being imported is the same one
line and exit status 130 as one that lands later, and so is one that lands
while sgz is already ending.
"""
from __future__ import annotations

INTERRUPTED = "sgz: interrupted (records written so far are kept)"
_seen: list[bool] = []  # a Ctrl-C has come (the handler below was called)
_said: list[bool] = []  # the line about it is written: sgz is ending with status 130


def interrupted() -> bool:
    """Whether a Ctrl-C has reached ``run``'s handler: an error that follows it is its consequence."""
    return bool(_seen)


def new_command() -> None:
    """A command starts (``cli.main``; in tests, one process runs many): no Ctrl-C seen or said yet."""
    _seen.clear()
    _said.clear()


def said_interrupted(line: str = INTERRUPTED) -> None:
    """Write the one line a Ctrl-C gets (``line``: a command's own), once however many come."""
    import sys

    if not _said:
        _said.append(True)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _on_interrupt(signum: int, frame: object) -> None:
    if _said:
        # Another Ctrl-C while sgz is ending (workers being joined, files
        # closed): nothing is left to catch it, so the process ends here.
        import os

        os._exit(130)
    _seen.append(True)
    raise KeyboardInterrupt


def run() -> None:
    """``sgz``: the command line, with Ctrl-C one line on stderr and exit status 130 whenever it lands."""
    import _signal  # CPython's own; ``signal`` only wraps it in enums, ~1 ms of every command's start

    _signal.signal(_signal.SIGINT, _on_interrupt)
    try:
        from .main import main

        main(prog_name="sgz")
    except KeyboardInterrupt:
        said_interrupted()
        raise SystemExit(130) from None
    finally:
        if not _said:
            _said.append(True)  # the command is over: a Ctrl-C now only ends the process
