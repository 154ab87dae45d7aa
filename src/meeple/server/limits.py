"""Limits against floods: request bodies over ``max_body`` bytes get 413, a client
(address) sending requests faster than ``rate`` per second (bursts up to ``burst``) gets
429 with Retry-After. WebSocket messages have their own bucket per connection
(``Bucket``), used by the socket route."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Bucket:
    """A token bucket: ``take`` is True while the caller stays under ``rate`` per second
    on average, with bursts of up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class TooLarge(Exception):
    pass


class Limits:
    def __init__(self, app: ASGIApp, max_body: int, rate: float, burst: float) -> None:
        self.app, self.max_body, self.rate, self.burst = app, max_body, rate, burst
        self.buckets: dict[str, Bucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.rate > 0 and not self._bucket(scope).take():
            await _reply(send, 429, "rate_limited", "too many requests: slow down",
                         [(b"retry-after", b"1")])
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            await _reply(send, 413, "too_large", f"request body over {self.max_body} bytes")
            return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise TooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except TooLarge:
            if not started:
                await _reply(send, 413, "too_large", f"request body over {self.max_body} bytes")

    def _bucket(self, scope: Scope) -> Bucket:
        client = scope.get("client")
        key = str(client[0]) if client else "?"
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 100_000:  # forget idle clients rather than grow forever
                self.buckets.clear()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        return bucket


async def _reply(send: Send, status: int, code: str, message: str,
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})
