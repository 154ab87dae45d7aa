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

from meeple.check.common import Outcome, every_game, seat_with_a_move_async
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

    async def view_of(token: str) -> dict[str, Any]:
        return dict((await http.get(f"{base}/api/games/{g['id']}",
                                    headers={"Authorization": f"Bearer {token}"})).json())

    while not stop.is_set():
        try:
            # The seats the first one sees waiting go first; every seat is asked when a
            # game hides whom it waits for (Colonies' secret orders).
            first = await view_of(tokens[0])
            if first["finished"]:
                return
            ahead = [tokens[i] for i in first["waiting"] if 0 < i < len(tokens)]
            found = (tokens[0], first) if first.get("legal") else \
                await seat_with_a_move_async(view_of, ahead + tokens[1:])
        except (httpx.HTTPError, KeyError, ValueError, TypeError):
            await asyncio.sleep(0.05)
            continue
        if found is None:
            await asyncio.sleep(0.05)
            continue
        token, mine = found
        legal = mine["legal"]
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


def sigkill(kills: int = 100, games: int = 12, seed: int = 1,
            names: list[str] | None = None) -> Outcome:
    """One game of each of ``names`` (every registered game by default) at its default
    player count, and Counter games up to ``games`` in all, played while the server is
    killed again and again."""
    started = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="meeple-kill-"))
    url = f"sqlite:///{folder / 'kill.db'}"
    server = ServerProcess(url, "--log-level", "warning", "--bot-workers", "0")
    real = [n for n in (names or every_game()) if n != "counter"]
    out = Outcome("sigkill", "")
    counters = max(1, games - len(real))
    acked: dict[str, dict[int, str]] = {}
    kind: dict[str, str] = {}
    rng = Rng(seed)

    async def run() -> None:
        stop = asyncio.Event()
        async with httpx.AsyncClient(timeout=10) as http:
            specs: list[dict[str, Any]] = [{"game": name} for name in real]
            specs += [{"game": "counter", "players": 4, "options": {"limit": 0}}] * counters
            tasks = []
            for i, spec in enumerate(specs):
                g = (await http.post(f"{server.base}/api/games",
                                     json={**spec, "seed": seed + i})).json()
                acked[g["id"]] = {}
                kind[g["id"]] = spec["game"]
                tasks.append(asyncio.create_task(
                    _player(http, server.base, g, acked[g["id"]], Rng(seed * 97 + i), stop)))
            # Every game in play before the first kill, so that each one is under load.
            end = time.perf_counter() + 60
            while not all(acked.values()) and time.perf_counter() < end \
                    and not any(t.done() for t in tasks):
                await asyncio.sleep(0.05)
            for _ in range(kills):
                await asyncio.sleep(0.05 + rng.below(400) / 1000)
                server.kill()
                out.count += 1
                await asyncio.to_thread(verify, url, acked, out)
                await asyncio.to_thread(server.start)
            stop.set()
            ends = await asyncio.gather(*tasks, return_exceptions=True)
            for gid, end_of in zip(acked, ends, strict=True):
                if isinstance(end_of, BaseException):
                    out.fail(f"the player of {kind[gid]} game {gid} broke: {end_of!r}")

    server.start()
    try:
        asyncio.run(run())
    finally:
        server.kill()
    verify(url, acked, out)
    moves = sum(len(m) for m in acked.values())
    out.games = sorted({kind[gid] for gid, m in acked.items() if m})
    for gid, m in acked.items():
        if not m:
            out.fail(f"{kind[gid]} game {gid}: not one move acknowledged")
    out.tried = (f"{out.count} SIGKILLs at random moments while {len(real) + counters} games "
                 f"(one each of {', '.join(real)}; {counters} Counter) were played over "
                 f"HTTP; {moves} moves acknowledged; "
                 "after each kill: every acknowledged move present, no gap, snapshot + "
                 "log equal to a full replay")
    out.seconds = round(time.perf_counter() - started, 1)
    return out
