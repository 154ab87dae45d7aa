"""Delivery of the notification outbox: each notice was committed with the action that
caused it, and is POSTed to the seat's webhook until it is taken (2xx), with growing
pauses between tries, at most ``MAX_TRIES`` times. Notices to accounts share the outbox
and are sent by ``mail``."""

from __future__ import annotations

import asyncio
import time

import httpx

from meeple.server.store import Store

MAX_TRIES = 8


async def deliver_due(store: Store, client: httpx.AsyncClient) -> int:
    delivered = 0
    for n in await asyncio.to_thread(store.due_notices, time.time()):
        if n["url"] is None:
            continue  # an account's notice: mail.deliver_mail sends it
        try:
            r = await client.post(n["url"], json=n["payload"], timeout=5.0)
            ok, error = r.is_success, None if r.is_success else f"HTTP {r.status_code}"
        except httpx.HTTPError as e:
            ok, error = False, f"{type(e).__name__}: {e}"[:300]
        tries = int(n["attempts"]) + 1
        retry_at = time.time() + min(2.0 ** tries, 600.0)
        if not ok and tries >= MAX_TRIES:
            retry_at = float("inf")
        await asyncio.to_thread(store.notice_done, n["id"], ok, error, retry_at)
        delivered += ok
    return delivered
