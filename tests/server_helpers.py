"""A server in the test process (TestClient) on a fresh SQLite file."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import Config, create_app
from meeple.server.patch import apply


@contextmanager
def server(db: Path, tick: float = 0.05, **config: Any) -> Iterator[TestClient]:
    """No request rate limit unless asked: these tests fire requests as fast as they can."""
    config.setdefault("rate", 0.0)
    app = create_app(Config(database_url=f"sqlite:///{db}", bot_workers=0, tick_seconds=tick,
                            **config))
    with TestClient(app) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(client: TestClient, gid: str, token: str, seat_waiting: int | None = None,
             finished: bool = False, timeout: float = 20.0) -> dict[str, Any]:
    """Poll the view until the seat is asked something (or the game ends)."""
    end = time.time() + timeout
    while time.time() < end:
        v: dict[str, Any] = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        if v["finished"] or (not finished and seat_waiting in v["waiting"]):
            return v
        time.sleep(0.01)
    raise AssertionError(f"game {gid}: seat {seat_waiting} never asked, game not over")


def turn(client: TestClient, game: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(secret of the seat asked now, secret of another seat, its view) in an all-human game."""
    waiting = client.get(f"/api/games/{game['id']}",
                         headers=auth(game["spectator_token"])).json()["waiting"]
    seat = waiting[0]
    other = next(s for s in game["seats"] if s["seat"] != seat and "token" in s)
    me = game["seats"][seat]["token"]
    return me, other["token"], client.get(f"/api/games/{game['id']}", headers=auth(me)).json()


class Reader:
    """A test server's WebSocket read as a client of patches reads it: each update, whole
    or a patch, given as the whole payload it makes (``{"type": "update", ...}``, with the
    message's ``log_tail`` and ``ack`` if it has them); any other message as it came.
    ``raw`` keeps every message as it came. A patch that does not start from the payload
    held fails the test."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.doc: dict[str, Any] | None = None
        self.raw: list[dict[str, Any]] = []

    def receive_json(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        self.raw.append(msg)
        kind = msg.get("type")
        if kind == "update":
            self.doc = {k: v for k, v in msg.items() if k not in ("type", "log_tail", "ack")}
            return msg
        if kind != "patch":
            return msg
        assert self.doc is not None, "a patch before any whole payload"
        assert msg["base"] == self.doc["version"], (msg["base"], self.doc["version"])
        self.doc = apply(self.doc, msg["ops"])
        assert self.doc is not None
        self.doc["version"] = msg["version"]
        out = {"type": "update", **json.loads(json.dumps(self.doc))}
        for extra in ("log_tail", "ack"):
            if extra in msg:
                out[extra] = msg[extra]
        return out

    def send_json(self, data: Any) -> None:
        self.ws.send_json(data)

    def send_text(self, data: str) -> None:
        self.ws.send_text(data)

    def send_bytes(self, data: bytes) -> None:
        self.ws.send_bytes(data)

    def __exit__(self, *exc: Any) -> Any:
        return self.ws.__exit__(*exc)


def open_reader(client: TestClient, url: str) -> Reader:
    """A socket opened without a ``with`` (closed by the caller's ``__exit__``)."""
    return Reader(client.websocket_connect(url).__enter__())


@contextmanager
def reading(client: TestClient, url: str, **kw: Any) -> Iterator[Reader]:
    """``client.websocket_connect(url)`` read through a ``Reader``."""
    with client.websocket_connect(url, **kw) as ws:
        yield Reader(ws)
