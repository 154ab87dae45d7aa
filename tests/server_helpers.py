"""A server in the test process (TestClient) on a fresh SQLite file."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import Config, create_app


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
