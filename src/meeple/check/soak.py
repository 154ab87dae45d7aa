"""``meeple check soak``: a server under a mixed load for a long time, to see that it stays
flat — memory, latency, errors — and loses nothing.

On loopback, for ``minutes``: people play short games to the end and start new ones, some
leaving and coming back (their WebSocket dropped and reopened); bot games run by
themselves while spectators come and go; games with one-second deadlines are played by the
timeout policy. Reported per window: moves, submission latency p50/p99, the server's
resident memory; over the run: the memory's slope, 5xx answers, games started and
finished, and moves acknowledged but missing from the database (lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from meeple.check.common import Outcome, seat_secrets, seat_with_a_move_async
from meeple.check.faults import verify
from meeple.core.rng import Rng
from meeple.server.memory_bench import rss_mb
from meeple.server.process import ServerProcess


@dataclass
class Tally:
    started: float = field(default_factory=time.monotonic)
    ended: float = 0.0
    moves: list[tuple[float, float]] = field(default_factory=list)  # (when, latency s)
    # The machine's 1-minute load average: latency on a shared machine follows it.
    load: list[tuple[float, float]] = field(default_factory=list)
    rss: list[tuple[float, float]] = field(default_factory=list)  # (when, MB)
    # Free bytes inside the server's C heap (its /metrics, glibc only): holes that grow
    # there while the bytes in use stay flat are fragmentation, not objects kept.
    heap_free: list[tuple[float, float]] = field(default_factory=list)  # (when, MB)
    errors_5xx: int = 0
    games_started: int = 0
    games_finished: int = 0
    reconnects: int = 0
    spectators: int = 0
    acked: dict[str, dict[int, str]] = field(default_factory=dict)


async def _create(http: httpx.AsyncClient, base: str, t: Tally, **spec: Any) -> dict[str, Any]:
    r = await http.post(f"{base}/api/games", json=spec)
    if r.status_code >= 500:
        t.errors_5xx += 1
    r.raise_for_status()
    t.games_started += 1
    g: dict[str, Any] = r.json()
    t.acked[g["id"]] = {}
    return g


async def _people(http: httpx.AsyncClient, base: str, t: Tally, rng: Rng,
                  stop: asyncio.Event) -> None:
    """Two people play Counter games of 40 moves, one after another; now and then one of
    them drops its WebSocket and comes back."""
    from websockets.asyncio.client import connect

    while not stop.is_set():
        g = await _create(http, base, t, game="counter", players=2, options={"limit": 40},
                          seed=rng.below(1 << 30))
        ws_base = base.replace("http", "ws", 1) + f"/api/games/{g['id']}/ws?token="
        sockets = [await connect(ws_base + s) for s in seat_secrets(g)]
        # Each person reads their updates, as a browser does (an unread socket fills up).
        readers = [asyncio.create_task(_read(ws)) for ws in sockets]
        try:
            while not stop.is_set():
                found = await seat_with_a_move_async(partial(_view, http, base, g["id"], t=t),
                                                     seat_secrets(g))
                if found is None:
                    t.games_finished += 1
                    break
                token, view = found
                sent = time.monotonic()
                r = await http.post(f"{base}/api/games/{g['id']}/actions",
                                    headers={"Authorization": f"Bearer {token}",
                                             "Idempotency-Key": uuid.uuid4().hex},
                                    json={"action": view["legal"][0],
                                          "version": view["version"]})
                if r.status_code >= 500:
                    t.errors_5xx += 1
                elif r.status_code == 200:
                    ack = r.json()
                    t.acked[g["id"]][ack["version"]] = ack["action"]
                    t.moves.append((time.monotonic(), time.monotonic() - sent))
                if rng.below(100) == 0:  # someone leaves and comes back
                    i = rng.below(len(sockets))
                    readers[i].cancel()
                    await sockets[i].close()
                    sockets[i] = await connect(ws_base + seat_secrets(g)[i])
                    readers[i] = asyncio.create_task(_read(sockets[i]))
                    t.reconnects += 1
                await asyncio.sleep(0.01)
        finally:
            for task in readers:
                task.cancel()
            for ws in sockets:
                await ws.close()


async def _read(ws: Any) -> None:
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def _view(http: httpx.AsyncClient, base: str, gid: str, token: str, *,
                t: Tally) -> dict[str, Any]:
    r = await http.get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
    if r.status_code >= 500:
        t.errors_5xx += 1
    return dict(r.json()) if r.status_code == 200 else {}


async def _bots_and_spectators(http: httpx.AsyncClient, base: str, t: Tally, rng: Rng,
                               stop: asyncio.Event) -> None:
    """A Cult game among random bots; a spectator watches it for a while, then leaves."""
    from websockets.asyncio.client import connect

    while not stop.is_set():
        g = await _create(http, base, t, game="cult", players=3, seed=rng.below(1 << 30),
                          seats=[{"kind": "random"}] * 3)
        url = base.replace("http", "ws", 1) + f"/api/games/{g['id']}/ws?token=" \
            + g["spectator_token"]
        while not stop.is_set():
            t.spectators += 1
            async with connect(url) as ws:
                end = time.monotonic() + 2 + rng.below(5)
                finished = False
                while time.monotonic() < end and not stop.is_set():
                    try:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    except TimeoutError:
                        continue
                    finished = finished or bool(msg.get("finished"))
            if finished:
                t.games_finished += 1
                break


async def _deadlines(http: httpx.AsyncClient, base: str, t: Tally, rng: Rng,
                     stop: asyncio.Event) -> None:
    """A game of five moves whose only person never moves: the one-second deadline plays
    each move for them, to the end; then the next such game."""
    while not stop.is_set():
        g = await _create(http, base, t, game="counter", players=1, options={"limit": 5},
                          deadline_seconds=1)
        while not stop.is_set():
            await asyncio.sleep(1.0)
            v = await _view(http, base, g["id"], g["spectator_token"], t=t)
            if v.get("finished"):
                t.games_finished += 1
                break


async def _sample(http: httpx.AsyncClient, base: str, pid: int, t: Tally, stop: asyncio.Event,
                  every: float) -> None:
    while not stop.is_set():
        t.rss.append((time.monotonic(), rss_mb(pid)))
        t.load.append((time.monotonic(), os.getloadavg()[0]))
        free = await _heap_free_mb(http, base)
        if free is not None:
            t.heap_free.append((time.monotonic(), free))
        await asyncio.sleep(every)


async def _heap_free_mb(http: httpx.AsyncClient, base: str) -> float | None:
    with contextlib.suppress(httpx.HTTPError):
        r = await http.get(f"{base}/metrics")
        for line in r.text.splitlines():
            if line.startswith("meeple_heap_free_bytes "):
                return float(line.split()[1]) / 2**20
    return None


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 1)


def _slope_mb_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of memory over time."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    var = sum((p[0] - mx) ** 2 for p in points)
    if var == 0:
        return 0.0
    return round(sum((p[0] - mx) * (p[1] - my) for p in points) / var * 3600, 2)


def soak(minutes: float, window_seconds: float = 300.0, people: int = 4, bot_games: int = 2,
         deadline_games: int = 1, seed: int = 1, database: str | None = None) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="meeple-soak-"))
    url = database or f"sqlite:///{folder / 'soak.db'}"
    server = ServerProcess(url, "--log-level", "warning", "--bot-workers", "1", "--rate", "0",
                           log=folder / "server.log")
    t = Tally()
    server.start()
    assert server.proc is not None
    pid = server.proc.pid

    async def run() -> None:
        stop = asyncio.Event()
        rng = Rng(seed)
        async with httpx.AsyncClient(timeout=60) as http:
            tasks = [asyncio.create_task(_sample(http, server.base, pid, t, stop,
                                                 min(5.0, window_seconds / 4)))]
            tasks += [asyncio.create_task(_people(http, server.base, t, Rng(rng.below(1 << 30)),
                                                  stop)) for _ in range(people)]
            tasks += [asyncio.create_task(_bots_and_spectators(
                http, server.base, t, Rng(rng.below(1 << 30)), stop)) for _ in range(bot_games)]
            tasks += [asyncio.create_task(_deadlines(
                http, server.base, t, Rng(rng.below(1 << 30)), stop))
                for _ in range(deadline_games)]
            await asyncio.sleep(minutes * 60)
            t.ended = time.monotonic()
            stop.set()
            for result in await asyncio.gather(*tasks, return_exceptions=True):
                if isinstance(result, BaseException):
                    raise result

    try:
        t.started = time.monotonic()
        asyncio.run(run())
    finally:
        server.stop()
    lost = Outcome("soak", "")
    verify(url, t.acked, lost)
    windows = []
    start = t.started
    count = max(1, round((t.ended - start) / window_seconds))
    for i in range(count):  # the last window also takes what came after the end
        lo = start + i * window_seconds
        hi = lo + window_seconds if i < count - 1 else float("inf")
        moves = [lat for when, lat in t.moves if lo <= when < hi]
        rss = [mb for when, mb in t.rss if lo <= when < hi]
        load = [x for when, x in t.load if lo <= when < hi]
        free = [mb for when, mb in t.heap_free if lo <= when < hi]
        windows.append({"from_s": round(lo - start), "moves": len(moves),
                        "p50_ms": _pct(moves, 0.5), "p99_ms": _pct(moves, 0.99),
                        "rss_mb": round(max(rss), 1) if rss else None,
                        "heap_free_mb": round(max(free), 1) if free else None,
                        "load_average": round(sum(load) / len(load), 1) if load else None})
    return {"minutes": minutes, "window_seconds": window_seconds,
            "moves": len(t.moves), "games_started": t.games_started,
            "games_finished": t.games_finished, "reconnects": t.reconnects,
            "spectator_visits": t.spectators, "errors_5xx": t.errors_5xx,
            "lost": lost.failed, "lost_detail": lost.problems[:5],
            "rss_start_mb": t.rss[0][1] if t.rss else None,
            "rss_end_mb": t.rss[-1][1] if t.rss else None,
            "rss_slope_mb_per_hour": _slope_mb_per_hour(
                [(when - start, mb) for when, mb in t.rss]),
            # The first window holds the warm-up (modules, caches, the first games).
            "rss_slope_after_first_window_mb_per_hour": _slope_mb_per_hour(
                [(when - start, mb) for when, mb in t.rss if when - start >= window_seconds]),
            "windows": windows, "storage": url.split(":", 1)[0]}
