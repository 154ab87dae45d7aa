"""Several server processes on one database: each accepted move is announced on a Redis
channel as ``game:version``; every other process catches that game up from the database
and pushes the change to its own WebSockets. The database stays the only truth: a lost
announcement delays an update, never loses a move (the next submission catches up).

When Redis goes away the processes do not split silently: each says so in its log and in
its metrics (``meeple_fanout_up 0``), falls back to reading the database every tick for
the games its WebSockets watch, and reconnects with backoff; once back, it catches up
every watched game (announcements sent meanwhile are lost) and returns to Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import RedisError

from meeple.server.hub import Hub

CHANNEL = "meeple:moves"
MAX_BACKOFF = 10.0  # seconds between reconnection attempts, at most
log = logging.getLogger("meeple.server")


def unreachable(url: str) -> str | None:
    """Why Redis at ``url`` cannot be used now, or None."""
    from redis import Redis as SyncRedis

    try:
        client = SyncRedis.from_url(url, socket_connect_timeout=5)
        client.ping()
        client.close()
    except (RedisError, OSError, ValueError) as e:
        return f"Redis at {url} cannot be reached ({e})"
    return None


class Fanout:
    def __init__(self, url: str, hub: Hub) -> None:
        self.redis = Redis.from_url(url)
        self.hub = hub
        self.task: asyncio.Task[None] | None = None
        self.up = False
        hub.metrics.read("meeple_fanout_up",
                         "1 while WebSocket updates pass between processes through Redis",
                         lambda: float(self.up))

    async def start(self) -> None:
        """Refuses to start without Redis (a clear error at start beats a silent split)."""
        await self._ping()
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self.up = True
        self.task = asyncio.create_task(self._run(pubsub))
        self.hub.publish = self.announce

    async def _ping(self) -> None:
        await cast(Awaitable[bool], self.redis.ping())  # the asyncio client's is awaitable

    async def announce(self, gid: str, version: int) -> None:
        if not self.up:
            return  # the others read the database meanwhile
        try:
            await self.redis.publish(CHANNEL, f"{gid}:{version}")
        except (RedisError, OSError) as e:
            self._down(e)

    def _down(self, e: BaseException) -> None:
        if self.up:
            log.error("Redis is unreachable (%s): WebSocket updates from other server "
                      "processes now come from the database every tick until it is back", e)
        self.up = False

    async def _run(self, pubsub: Any) -> None:
        backoff = 0.5
        while True:
            try:
                await self._listen(pubsub)
            except (RedisError, OSError) as e:
                self._down(e)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            while True:
                await asyncio.sleep(backoff)
                try:
                    await self._ping()
                    pubsub = self.redis.pubsub()
                    await pubsub.subscribe(CHANNEL)
                    break
                except (RedisError, OSError):
                    backoff = min(MAX_BACKOFF, backoff * 2)
            backoff = 0.5
            self.up = True
            log.warning("Redis is back: WebSocket updates pass through it again")
            await self.hub.poll_watched()  # what was announced while it was away

    async def _listen(self, pubsub: Any) -> None:
        async for msg in pubsub.listen():
            if msg.get("type") != "message":
                continue
            gid, _, version = msg["data"].decode().partition(":")
            live = self.hub.games.get(gid)
            if live is None or int(version) <= live.version:
                continue
            try:
                async with live.lock:
                    await self.hub.catch_up(live)
            except Exception:
                log.exception("catching up game %s failed", gid)

    async def tick(self) -> None:
        """The fallback while Redis is away."""
        if not self.up:
            await self.hub.poll_watched()

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.redis.aclose()
