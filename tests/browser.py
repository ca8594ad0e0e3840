"""The system's Chromium, driven by Playwright, for the tests of pages.

CI installs Chromium from Debian (apt-get install chromium chromium-driver,
in .ci/run); Playwright never downloads a browser here.  If Chromium cannot
start, the tests fail with a message saying what to install (not skip).
"""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = os.environ.get("SGZ_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (a Playwright Browser), or a failed test that says why."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is missing: pip install -e '.[test]'")
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except Exception as exc:  # playwright's Error: the executable is missing or dies at start
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            pytest.fail(f"Chromium could not start ({CHROMIUM}: {first}); install it: apt-get install -y chromium chromium-driver")
        try:
            yield browser
        finally:
            browser.close()


def page_of(browser: Any, width: int = 1400, height: int = 900) -> Any:
    """A new page that fails the test on any script error."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.script_errors = errors  # type: ignore[attr-defined]
    return page


@contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn on a free port of 127.0.0.1, in a thread; yields the base URL."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web app did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
