"""What every request to ``sgz serve`` must pass before the app sees it.

- **Host**: only the names the server was told it is reached by (the address
  it listens on, localhost, and ``--allow-host``): a page of another site
  that made a browser resolve its own name to this machine (DNS rebinding)
  gets a 400, not the archive.
- **Origin**: a form posted, or a WebSocket opened, from another site's page
  is refused (a browser always says where a cross-site request comes from).
- **Bodies**: at most ``max_body`` bytes, each part within ``body_timeout``
  seconds (a stalled upload is cut off), and text that is UTF-8.
- **Connections**: at most ``max_sockets`` WebSockets from one client address.

Each refusal is one line of plain text with its status, and the app is never
called for it.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

MAX_BODY = 64 * 1024
BODY_TIMEOUT = 10.0
MAX_SOCKETS = 32
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class BodyTooLarge(Exception):
    pass


def host_names(listen: str, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The Host names a server listening on ``listen`` answers to."""
    names = {"localhost", "127.0.0.1", "::1", *(a.lower() for a in allowed)}
    if listen not in ("0.0.0.0", "::", ""):
        names.add(listen.lower().strip("[]"))
    return frozenset(names)


def _hostname(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8000
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    def __init__(self, app: Any, hosts: frozenset[str], *, max_body: int = MAX_BODY, body_timeout: float = BODY_TIMEOUT, max_sockets: int = MAX_SOCKETS) -> None:
        self.app, self.hosts = app, hosts
        self.max_body, self.body_timeout, self.max_sockets = max_body, body_timeout, max_sockets
        self.sockets: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = self._refusal(kind, scope.get("method", "GET"), headers)
        if why is not None:
            await self._refuse(kind, send, receive, *why)
            return
        if kind == "websocket":
            client = (scope.get("client") or ("?", 0))[0]
            if self.sockets[client] >= self.max_sockets:
                await self._refuse(kind, send, receive, 429, f"at most {self.max_sockets} open tables from one address")
                return
            self.sockets[client] += 1
            try:
                await self.app(scope, receive, send)
            finally:
                self.sockets[client] -= 1
                if not self.sockets[client]:
                    del self.sockets[client]
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._refuse(kind, send, receive, 413, f"a request body has at most {self.max_body} bytes")
            return
        try:
            await self.app(scope, self._bounded(receive), send)
        except BodyTooLarge:
            await self._refuse(kind, send, receive, 413, f"a request body has at most {self.max_body} bytes")
        except asyncio.TimeoutError:
            await self._refuse(kind, send, receive, 408, f"the request body stalled for {self.body_timeout:g} s")

    def _refusal(self, kind: str, method: str, headers: dict[str, str]) -> tuple[int, str] | None:
        host = _hostname(headers.get("host", ""))
        if host not in self.hosts:
            return 400, f"this server does not answer to the host name {host!r} (sgz serve --allow-host NAME adds one)"
        if kind == "websocket" or method in UNSAFE:
            origin = headers.get("origin") or headers.get("referer")
            if origin and origin != "null":
                if _hostname(urlsplit(origin).netloc) not in self.hosts:
                    return 403, "a request from another site's page is refused"
            elif origin == "null":
                return 403, "a request from a page without an origin is refused"
        return None

    def _bounded(self, receive: Receive) -> Receive:
        seen = 0

        async def bounded() -> dict[str, Any]:
            nonlocal seen
            message = await asyncio.wait_for(receive(), self.body_timeout)
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        return bounded

    async def _refuse(self, kind: str, send: Send, receive: Receive, status: int, text: str) -> None:
        if kind == "websocket":
            await receive()  # the connect message
            await send({"type": "websocket.close", "code": 4000 + status, "reason": text[:120]})
            return
        body = (text + "\n").encode()
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
