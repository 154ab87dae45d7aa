"""Faults: a server killed with SIGKILL at random moments under load, again and again.
After each kill the database is read directly: every acknowledged move must be there,
the log numbered without a gap, and the state rebuilt the way the server rebuilds it
(newest snapshot + the actions after it) must equal a replay of the whole log."""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from meeple.check.common import Outcome
from meeple.core.actions import Action
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.server.process import ServerProcess
from meeple.server.store import Store


async def _player(http: httpx.AsyncClient, base: str, g: dict[str, Any],
                  acked: dict[int, str], rng: Rng, stop: asyncio.Event) -> None:
    """Plays every seat of one game; a request cut by a kill is sent again, with the same
    idempotency key, until the server answers."""
    tokens = [s["token"] for s in g["seats"]]
    while not stop.is_set():
        try:
            v = (await http.get(f"{base}/api/games/{g['id']}",
                                headers={"Authorization": f"Bearer {tokens[0]}"})).json()
            if v["finished"]:
                return
            seat = v["waiting"][0]
            token = tokens[seat]
            mine = (await http.get(f"{base}/api/games/{g['id']}",
                                   headers={"Authorization": f"Bearer {token}"})).json()
        except (httpx.HTTPError, KeyError, ValueError):
            await asyncio.sleep(0.05)
            continue
        legal = mine.get("legal") or []
        if not legal:
            continue
        body = {"action": legal[rng.below(len(legal))], "version": mine["version"],
                "key": uuid.uuid4().hex}
        while not stop.is_set():
            try:
                r = await http.post(f"{base}/api/games/{g['id']}/actions", json=body,
                                    headers={"Authorization": f"Bearer {token}"})
            except httpx.HTTPError:
                await asyncio.sleep(0.05)  # the server is down: the same request again
                continue
            if r.status_code == 200:
                ack = r.json()
                acked[ack["version"]] = ack["action"]
            break


def verify(url: str, acked: dict[str, dict[int, str]], out: Outcome) -> None:
    store = Store(url, migrate=False)
    try:
        for gid, moves in acked.items():
            row = store.game(gid)
            if row is None:
                out.fail(f"game {gid} is gone")
                continue
            log = store.actions_after(gid, 0)
            if [a.seq for a in log] != list(range(1, len(log) + 1)):
                out.fail(f"game {gid}: the log has a gap or a repeat")
            stored = {a.seq: a.action for a in log}
            for version, action in moves.items():
                if stored.get(version) != action:
                    out.fail(f"game {gid}: acknowledged move {version} ({action}) is lost")
            game = get_game(row["game"])
            full = game.new_state(row["players"], row["seed"], row["options"])
            for a in log:
                full.apply(a.player, Action.parse(a.action))
            snap = store.latest_snapshot(gid)
            fast = game.state_from_json(snap[1]) if snap else game.new_state(
                row["players"], row["seed"], row["options"])
            for a in log[snap[0] if snap else 0:]:
                fast.apply(a.player, Action.parse(a.action))
            if fast.hash() != full.hash():
                out.fail(f"game {gid}: snapshot + log differs from the replay")
            if row["version"] != len(log):
                out.fail(f"game {gid}: version {row['version']} but {len(log)} actions")
    finally:
        store.close()


def sigkill(kills: int = 100, games: int = 12, seed: int = 1) -> Outcome:
    started = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="meeple-kill-"))
    url = f"sqlite:///{folder / 'kill.db'}"
    server = ServerProcess(url, "--log-level", "warning", "--bot-workers", "0")
    out = Outcome("sigkill", "")
    acked: dict[str, dict[int, str]] = {}
    rng = Rng(seed)

    async def run() -> None:
        stop = asyncio.Event()
        async with httpx.AsyncClient(timeout=10) as http:
            specs: list[tuple[str, dict[str, Any]]] = [
                ("cult", {}), *[("counter", {"limit": 0})] * (games - 1)]
            tasks = []
            for i, (name, options) in enumerate(specs):
                g = (await http.post(f"{server.base}/api/games", json={
                    "game": name, "players": 4, "seed": seed + i, "options": options})).json()
                acked[g["id"]] = {}
                tasks.append(asyncio.create_task(
                    _player(http, server.base, g, acked[g["id"]], Rng(seed * 97 + i), stop)))
            for _ in range(kills):
                await asyncio.sleep(0.05 + rng.below(400) / 1000)
                server.kill()
                out.count += 1
                await asyncio.to_thread(verify, url, acked, out)
                await asyncio.to_thread(server.start)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)

    server.start()
    try:
        asyncio.run(run())
    finally:
        server.kill()
    verify(url, acked, out)
    moves = sum(len(m) for m in acked.values())
    out.tried = (f"{out.count} SIGKILLs at random moments while {games} games (1 Cult, "
                 f"{games - 1} Counter) were played over HTTP; {moves} moves acknowledged; "
                 "after each kill: every acknowledged move present, no gap, snapshot + "
                 "log equal to a full replay")
    out.seconds = round(time.perf_counter() - started, 1)
    return out
