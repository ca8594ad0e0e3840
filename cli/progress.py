"""A progress bar on stderr for long runs (sim, ingest, validate), on a terminal only.

Nothing is drawn when stderr is not a terminal (a pipe, a file, CI), nor
during the first ``delay`` seconds, so a short run stays as quiet as before.
The bar is erased when the run ends, and ``echo`` erases it before a line is
printed, so it never mixes with the output.
"""
from __future__ import annotations

import sys
import time
from typing import IO

import click


class Progress:
    def __init__(self, total: int, label: str, *, unit: str = "", stream: IO[str] | None = None, delay: float = 0.5, every: float = 0.1) -> None:
        self.total, self.label, self.unit = total, label, unit
        # The terminal itself: the bar's own control sequences are not escaped (records.bounds.Printable).
        self.stream = stream if stream is not None else getattr(sys.stderr, "unfiltered", sys.stderr)
        self.done = 0
        self.on = _is_terminal(self.stream)
        self._start = time.monotonic()
        self._delay, self._every = delay, every
        self._drawn = 0.0  # when the bar was last drawn (0: it is not on the screen)

    def advance(self, n: int = 1) -> None:
        self.done += n
        if not self.on:
            return
        now = time.monotonic()
        if now - self._start >= self._delay and (now - self._drawn >= self._every or self.done >= self.total):
            self._draw(now)

    def echo(self, text: str, err: bool = False) -> None:
        """Print a line of output without tearing the bar."""
        drawn = self._drawn
        self._erase()
        click.echo(text, err=err)
        if drawn:
            self._draw(time.monotonic())

    def close(self) -> None:
        self._erase()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _draw(self, now: float) -> None:
        elapsed = now - self._start
        frac = min(1.0, self.done / self.total) if self.total else 1.0
        width = 30
        filled = round(frac * width)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        unit = f" {self.unit}" if self.unit else ""
        line = f"{self.label} [{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total}{unit}  {rate:,.0f}/s  eta {_clock(left)}"
        self.stream.write("\r\x1b[K" + line)
        self.stream.flush()
        self._drawn = now

    def _erase(self) -> None:
        if self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = 0.0


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
