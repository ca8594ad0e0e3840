"""Bad input at a live table gets a clear error on that connection and changes nothing:
a malformed or oversized message, an answer from a spectator, an old question,
a key that opens no seat, a seat already taken, too many pages from one client;
the other connections go on unaffected."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sanguozhi.cli.web.app import make_app


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(make_app(str(tmp_path / "a.duckdb"), tmp_path / "rec", allow_hosts=("testserver",), max_sockets=4))


def table(client: TestClient, people: int = 2) -> tuple[str, list[str]]:
    res = client.post("/tables", data={"mode": "identity", "players": "4", "bots": ",".join(str(s) for s in range(people, 4)), "secret_wait": "0"}, follow_redirects=False)
    room = res.headers["location"].rsplit("/", 1)[1]
    host = client.cookies.get(f"sgz_{room}_host")
    keys = []
    for seat in range(people):
        page = client.post(f"/t/{room}/join", data={"seat": str(seat), "name": f"P{seat}"})
        keys.append(re.search(r"key=([\w-]+)", page.text).group(1))
        client.cookies.clear()
    client.cookies.set(f"sgz_{room}_host", host, path=f"/t/{room}")
    assert client.post(f"/t/{room}/start", follow_redirects=False).status_code == 303
    client.cookies.clear()
    return room, keys


def messages(ws, until: str = "table") -> dict:
    while True:
        m = json.loads(ws.receive_text())
        if m["t"] in (until, "error"):
            return m


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    room, (k0, k1) = table(client)
    with client.websocket_connect(f"/t/{room}/ws?key={k0}") as ws, client.websocket_connect(f"/t/{room}/ws?key={k1}") as other:
        first = messages(ws)
        ask = first["ask"]
        events = first["events"]
        for bad, why in [
            ("not json", "not a message"),
            (json.dumps({"t": "answer", "q": ask["id"]}), "not a message"),
            (json.dumps({"t": "answer", "q": ask["id"], "a": 999}), "choose one of"),
            (json.dumps({"t": "answer", "q": ask["id"] + 50, "a": 0}), "no longer asked"),
            (json.dumps({"t": "answer", "q": ask["id"], "a": 0, "x": 1}), "not a message"),
            ("x" * 10_000, "at most"),
        ]:
            ws.send_text(bad)
            m = messages(ws, "error")
            assert m["t"] == "error" and why in m["message"], (bad[:40], m)
        messages(other)
        ws.send_text(json.dumps({"t": "ping"}))
        again = messages(ws)
        assert again["events"] == events and again["ask"]["id"] == ask["id"]  # nothing changed
        ws.send_text(json.dumps({"t": "answer", "q": ask["id"], "a": 0}))
        for _ in range(5):  # a good answer still goes through
            if messages(ws)["events"] > events:
                break
        else:
            raise AssertionError("the answer was not applied")
        assert messages(other)["t"] == "table"  # and the other seat goes on


def test_a_spectator_cannot_decide_and_a_wrong_key_opens_nothing(client: TestClient) -> None:
    room, _ = table(client)
    with client.websocket_connect(f"/t/{room}/ws") as ws:
        m = messages(ws)
        assert m["viewer"] == -1 and m["ask"] is None
        ws.send_text(json.dumps({"t": "answer", "q": 1, "a": 0}))
        assert "spectator" in messages(ws, "error")["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/t/{room}/ws?key=guess") as ws:
            ws.receive_text()
    assert closed.value.code == 4403


def test_a_seat_taken_or_a_room_started_cannot_be_joined(client: TestClient) -> None:
    res = client.post("/tables", data={"mode": "identity", "players": "4", "bots": "2,3"}, follow_redirects=False)
    room = res.headers["location"].rsplit("/", 1)[1]
    assert client.post(f"/t/{room}/join", data={"seat": "0", "name": "Ann"}).status_code == 200
    client.cookies.clear()
    taken = client.post(f"/t/{room}/join", data={"seat": "0", "name": "Bo"})
    assert taken.status_code == 400 and "seat 0 is taken" in taken.text
    assert client.post(f"/t/{room}/start", follow_redirects=False).status_code == 403  # not the creator
    room2, _ = table(client)
    late = client.post(f"/t/{room2}/join", data={"seat": "3", "name": "Cy"})
    assert late.status_code == 400 and "has started" in late.text


def test_too_many_pages_from_one_client_are_refused(client: TestClient) -> None:
    room, _ = table(client)
    open_ = [client.websocket_connect(f"/t/{room}/ws") for _ in range(4)]
    sockets = [c.__enter__() for c in open_]
    try:
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(f"/t/{room}/ws") as ws:
                ws.receive_text()
        assert closed.value.code == 4429
    finally:
        for c in open_:
            c.__exit__(None, None, None)
    assert sockets
