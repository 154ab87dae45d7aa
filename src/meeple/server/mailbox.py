"""A mailbox for one reading task in the event loop's thread: a deque and the one future
its reader waits on. It does what the server needs of an ``asyncio.Queue`` with one reader
(a WebSocket's sender, the database writer) for a fraction of the queue's bookkeeping, which
was about 8% of the server's work a move in a profile (docs/performance.md, session 18)."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    """Items in the order they were put. With a ``size``, a full mailbox lets its oldest
    item go to take a new one."""

    def __init__(self, size: int | None = None) -> None:
        self.items: deque[T] = deque(maxlen=size)
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self.items)

    def put(self, item: T) -> None:
        self.items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # a reader cancelled while it waited
                waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one (one reader at a time)."""
        while not self.items:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            await waiter
        return self.items.popleft()

    def take(self, most: int) -> list[T]:
        """Up to ``most`` of the oldest items, without waiting."""
        items = self.items
        return [items.popleft() for _ in range(min(most, len(items)))]
