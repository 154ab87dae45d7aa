"""Restarts without drama: on SIGTERM the server stops taking moves (503, nothing
changed), tells every WebSocket to come back and closes it with 1012; the terminal client
rides through a restart and loses no move, sending a move cut off on the way again under
the same key."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from meeple.server.process import ServerProcess
from meeple.server.store import Store


def _counter(base: str, limit: int) -> dict[str, str]:
    g = httpx.post(f"{base}/api/games", json={"game": "counter", "players": 1,
                                               "options": {"limit": limit}}).json()
    return {"id": g["id"], "token": g["seats"][0]["token"]}


def test_sigterm_refuses_new_moves_and_tells_sockets_to_come_back(tmp_path: Path) -> None:
    # A long drain: on a loaded machine the server may take a while to answer.
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", "--bot-workers", "0",
                           "--drain-seconds", "5")
    server.start()
    try:
        g = _counter(server.base, 0)
        head = {"Authorization": f"Bearer {g['token']}"}
        with connect(server.base.replace("http", "ws")
                     + f"/api/games/{g['id']}/ws?token={g['token']}") as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "update"
            assert server.proc is not None
            server.proc.terminate()
            time.sleep(0.2)  # inside the half second of draining
            r = httpx.post(f"{server.base}/api/games/{g['id']}/actions", headers=head,
                           json={"action": "inc"})
            assert r.status_code == 503 and r.json()["error"]["code"] == "restarting"
            ready = httpx.get(f"{server.base}/api/health/ready")
            assert ready.status_code == 503 and "shutting down" in ready.json()["reason"]
            assert json.loads(ws.recv(timeout=10))["type"] == "restart"
            try:
                ws.recv(timeout=10)
                raise AssertionError("the socket stayed open")
            except ConnectionClosed as e:
                assert e.rcvd is not None and e.rcvd.code == 1012
        server.proc.wait(15)
    finally:
        server.stop()
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}", migrate=False)
    assert store.actions_after(g["id"], 0) == []  # the refused move left no trace
    store.close()


def test_the_terminal_client_plays_on_through_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.cli.client as client

    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    server = ServerProcess(url, "--bot-workers", "0")
    server.start()
    g = _counter(server.base, 12)
    moves: list[int] = []
    def ask(v: dict[str, Any]) -> str:
        moves.append(v["version"])
        return "inc"

    monkeypatch.setattr(client, "_ask", ask)
    monkeypatch.setattr(client, "PATIENCE", 60.0)
    done = threading.Event()
    errors: list[BaseException] = []

    def play() -> None:
        try:
            client._play(server.base, g["id"], g["token"])
        except BaseException as e:
            errors.append(e)
        finally:
            done.set()

    thread = threading.Thread(target=play, daemon=True)
    try:
        thread.start()
        while len(moves) < 4 and not done.is_set():
            time.sleep(0.01)
        server.stop()  # SIGTERM: the client's next call meets a server that is gone
        time.sleep(1.0)
        server.start()
        assert done.wait(90), "the client did not finish the game"
    finally:
        server.stop()
    assert not errors, errors
    store = Store(url, migrate=False)
    log = store.actions_after(g["id"], 0)
    row = store.game(g["id"])
    assert [a.seq for a in log] == list(range(1, 13)) and row is not None and row["finished"]
    store.close()
