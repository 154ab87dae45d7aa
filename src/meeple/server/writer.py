"""Group commit: one task writes the action log. Submissions of every game queue here;
whatever has queued while the previous transaction was on its way to disk goes into the
next one, so under load many moves share one flush, and each move is still acknowledged
only after its transaction committed."""

from __future__ import annotations

import asyncio
import contextlib

from meeple.server.store import Append, Store

MAX_BATCH = 500


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def append(self, item: Append) -> None:
        """Returns once ``item`` is committed; raises StaleVersion or DuplicateKey."""
        if self.task is None:
            self.task = asyncio.create_task(self._run())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((item, done))
        await done

    async def _run(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty() and len(batch) < MAX_BATCH:
                batch.append(self.queue.get_nowait())
            try:
                results = await asyncio.to_thread(self.store.append_batch,
                                                  [item for item, _ in batch])
            except Exception as e:  # the database failed: nothing of the batch is committed
                for _, done in batch:
                    if not done.done():
                        done.set_exception(e)
                continue
            for (_, done), problem in zip(batch, results, strict=True):
                if done.done():
                    continue
                if problem is None:
                    done.set_result(None)
                else:
                    done.set_exception(problem)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
