"""A real server process killed with SIGKILL mid-game loses nothing it acknowledged."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine

from meeple.server import db
from meeple.server.process import free_port
from tests.services import meeple_server


@contextmanager
def serving(db_path: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    with meeple_server(f"sqlite:///{db_path}", "--bot-workers", "1", port=port) as (_, proc):
        yield proc


def _view(base: str, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
    out: dict[str, Any] = r.json()
    return out


def _my_turn(base: str, gid: str, token: str) -> dict[str, Any]:
    end = time.time() + 60
    while time.time() < end:
        v = _view(base, gid, token)
        if v["finished"] or v["seat"] in v["waiting"]:
            return v
        time.sleep(0.02)
    raise AssertionError("the bots never handed over")


def test_a_game_survives_sigkill_and_continues_from_the_same_position(tmp_path: Path) -> None:
    path, port = tmp_path / "meeple.db", free_port()
    base = f"http://127.0.0.1:{port}"
    acked: list[int] = []
    with serving(path, port) as proc:
        g = httpx.post(f"{base}/api/games", json={
            "game": "cult", "players": 4, "seed": 11, "seats": [
                {"kind": "human"}, {"kind": "heuristic"}, {"kind": "random"},
                {"kind": "random"}]}).json()
        gid, me = g["id"], g["seats"][0]["token"]
        for _ in range(6):
            v = _my_turn(base, gid, me)
            r = httpx.post(f"{base}/api/games/{gid}/actions",
                           headers={"Authorization": f"Bearer {me}"},
                           json={"action": v["legal"][0], "version": v["version"]})
            assert r.status_code == 200, r.text
            acked.append(r.json()["version"])
        before = _view(base, gid, me)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    engine = create_engine(f"sqlite:///{path}")
    with engine.connect() as c:
        seqs = [r[0] for r in c.execute(db.actions.select().with_only_columns(
            db.actions.c.seq).where(db.actions.c.game_id == gid))]
    engine.dispose()
    assert set(acked) <= set(seqs)
    assert seqs == list(range(1, len(seqs) + 1))
    with serving(path, port):
        after = _view(base, gid, me)
        assert after["version"] >= before["version"]
        if after["version"] == before["version"]:
            assert after["view"] == before["view"]
        v = _my_turn(base, gid, me)
        r = httpx.post(f"{base}/api/games/{gid}/actions",
                       headers={"Authorization": f"Bearer {me}"},
                       json={"action": v["legal"][0], "version": v["version"]})
        assert r.status_code == 200, r.text
