"""Two server processes on one PostgreSQL, WebSocket updates through Redis: a move
accepted by one reaches a WebSocket client of the other."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
from websockets.sync.client import connect

from tests.services import meeple_server, postgres, redis


@contextmanager
def _serve(db: str, redis_url: str) -> Iterator[str]:
    with meeple_server(db, "--redis", redis_url, "--shared", "--bot-workers", "0") as (base, _):
        yield base


def test_a_move_accepted_by_one_server_reaches_a_websocket_of_the_other() -> None:
    with ExitStack() as stack:
        db = stack.enter_context(postgres())
        rd = stack.enter_context(redis())
        a = stack.enter_context(_serve(db, rd))
        b = stack.enter_context(_serve(db, rd))
        g = httpx.post(f"{a}/api/games", json={"game": "cult", "players": 2, "seed": 3}).json()
        gid = g["id"]
        tokens = [s["token"] for s in g["seats"]]
        seat = httpx.get(f"{a}/api/games/{gid}",
                         headers={"Authorization": f"Bearer {tokens[0]}"}).json()["waiting"][0]
        other = 1 - seat
        ws_url = b.replace("http", "ws") + f"/api/games/{gid}/ws?token={tokens[other]}"
        with connect(ws_url) as ws:
            first = json.loads(ws.recv(timeout=10))
            assert first["version"] == 0
            v = httpx.get(f"{a}/api/games/{gid}",
                          headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
            r = httpx.post(f"{a}/api/games/{gid}/actions",
                           headers={"Authorization": f"Bearer {tokens[seat]}"},
                           json={"action": v["legal"][0], "version": 0})
            assert r.status_code == 200, r.text
            pushed = json.loads(ws.recv(timeout=10))
            assert pushed["version"] == 1 and pushed["seat"] == other
        # The second server also accepts the next move on the same game, in order.
        v = httpx.get(f"{b}/api/games/{gid}",
                      headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        mover = v["waiting"][0]
        v = httpx.get(f"{b}/api/games/{gid}",
                      headers={"Authorization": f"Bearer {tokens[mover]}"}).json()
        r = httpx.post(f"{b}/api/games/{gid}/actions",
                       headers={"Authorization": f"Bearer {tokens[mover]}"},
                       json={"action": v["legal"][0], "version": 1})
        assert r.status_code == 200 and r.json()["version"] == 2
        stale = httpx.post(f"{a}/api/games/{gid}/actions",
                           headers={"Authorization": f"Bearer {tokens[mover]}"},
                           json={"action": v["legal"][0], "version": 1})
        assert stale.status_code == 409
