"""Mailboxes (``Mailbox``; a WebSocket reader's is its ``Subscriber``'s): messages come out
in the order they went in; a reader that falls more than ``MAILBOX`` behind loses its
oldest, never the newest; its sender waits for the next message and may be cancelled while
it waits; the writer's takes what queued up to a batch."""

from __future__ import annotations

import asyncio
from typing import Any

from meeple.server.live import MAILBOX, Delivery, Subscriber
from meeple.server.mailbox import Mailbox


def test_a_slow_reader_loses_its_oldest_messages_never_the_newest() -> None:
    async def run() -> list[dict[str, Any] | str | Delivery]:
        sub = Subscriber(0)
        for i in range(MAILBOX + 5):
            sub.put(f"update {i}")
        sub.put({"type": 1})
        return [await sub.get() for _ in range(MAILBOX)]

    got = asyncio.run(run())
    assert got == [f"update {i}" for i in range(6, MAILBOX + 5)] + [{"type": 1}]


def test_a_waiting_sender_gets_each_message_put_after_it_began_waiting() -> None:
    async def run() -> list[dict[str, Any] | str | Delivery]:
        sub = Subscriber(None)
        out: list[dict[str, Any] | str | Delivery] = []

        async def sender() -> None:
            while len(out) < 3:
                out.append(await sub.get())

        task = asyncio.create_task(sender())
        await asyncio.sleep(0)  # the sender is waiting on an empty mailbox
        sub.put("a")
        await asyncio.sleep(0)
        sub.put("b")
        sub.put("c")  # two before the sender runs again
        await asyncio.wait_for(task, 5)
        return out

    assert asyncio.run(run()) == ["a", "b", "c"]


def test_a_sender_cancelled_while_waiting_leaves_the_mailbox_working() -> None:
    async def run() -> dict[str, Any] | str | Delivery:
        sub = Subscriber(1)
        waiting = asyncio.create_task(sub.get())
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert waiting.cancelled()
        sub.put("after")  # the cancelled wait is not woken, nothing is lost
        return await asyncio.wait_for(sub.get(), 5)

    assert asyncio.run(run()) == "after"


def test_the_writers_mailbox_hands_over_what_queued_up_to_a_batch() -> None:
    async def run() -> tuple[int, list[int], list[int], int]:
        box: Mailbox[int] = Mailbox()  # unbounded: no move queued for the disk is let go
        for i in range(7):
            box.put(i)
        first = await box.get()
        return first, box.take(4), box.take(10), len(box)

    assert asyncio.run(run()) == (0, [1, 2, 3, 4], [5, 6], 0)
