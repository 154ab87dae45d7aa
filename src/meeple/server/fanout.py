"""Several server processes on one database: each accepted move is announced on a Redis
channel as ``game:version``; every other process catches that game up from the database
and pushes the change to its own WebSockets. The database stays the only truth: a lost
announcement delays an update, never loses a move (the next submission catches up)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from redis.asyncio import Redis

from meeple.server.hub import Hub

CHANNEL = "meeple:moves"
log = logging.getLogger("meeple.server")


class Fanout:
    def __init__(self, url: str, hub: Hub) -> None:
        self.redis = Redis.from_url(url)
        self.hub = hub
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(pubsub))
        self.hub.publish = self.announce

    async def announce(self, gid: str, version: int) -> None:
        await self.redis.publish(CHANNEL, f"{gid}:{version}")

    async def _listen(self, pubsub: object) -> None:
        async for msg in pubsub.listen():  # type: ignore[attr-defined]
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

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.redis.aclose()
