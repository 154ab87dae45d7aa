"""Two server processes on one PostgreSQL, WebSocket updates through Redis: a move
accepted by one reaches a WebSocket client of the other."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from websockets.sync.client import connect

from meeple.server.patch import apply
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
            # a patch from the payload this socket holds, made by the server it is on
            assert pushed["type"] == "patch" and pushed["base"] == 0, pushed
            now = apply(first, pushed["ops"])
            assert pushed["version"] == 1 and now["seat"] == other
            assert now["waiting"] == [other]
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


def test_without_redis_updates_still_reach_the_other_server_and_redis_is_taken_back() -> None:
    """Redis stopped: the other process's WebSocket still gets each move (read from the
    database every tick) and its metrics say Redis is down; Redis started again: the
    processes use it again."""
    from meeple.check.services import Redis

    def up(base: str) -> float:
        text = httpx.get(f"{base}/metrics").text
        line = next(x for x in text.splitlines() if x.startswith("meeple_fanout_up "))
        return float(line.split()[1])

    with ExitStack() as stack:
        db = stack.enter_context(postgres())
        rd = Redis()
        rd.start()
        stack.callback(rd.stop)
        a = stack.enter_context(_serve(db, rd.url))
        b = stack.enter_context(_serve(db, rd.url))
        g = httpx.post(f"{a}/api/games", json={"game": "counter", "players": 1,
                                                "options": {"limit": 0}}).json()
        head = {"Authorization": f"Bearer {g['seats'][0]['token']}"}
        ws_url = b.replace("http", "ws") + f"/api/games/{g['id']}/ws?token={g['spectator_token']}"
        with connect(ws_url) as ws:
            assert json.loads(ws.recv(timeout=10))["version"] == 0

            def move(version: int) -> None:
                r = httpx.post(f"{a}/api/games/{g['id']}/actions", headers=head,
                               json={"action": "inc", "version": version})
                assert r.status_code == 200, r.text
                assert json.loads(ws.recv(timeout=15))["version"] == version + 1

            move(0)
            rd.stop()
            move(1)  # announced to nobody: b reads it from the database
            move(2)
            assert up(a) == 0 and up(b) == 0
            rd.start()
            for _ in range(100):
                if up(a) == 1 and up(b) == 1:
                    break
                time.sleep(0.2)
            assert up(a) == 1 and up(b) == 1
            move(3)


def test_a_server_told_to_use_redis_does_not_start_without_it(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "meeple", "serve", "--db",
                        f"sqlite:///{tmp_path / 'x.db'}", "--redis", "redis://127.0.0.1:1/0"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "Redis at redis://127.0.0.1:1/0 cannot be reached" in " ".join(r.stderr.split())
