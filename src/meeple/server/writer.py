"""Group commit: one task writes the action log. Submissions of every game queue here;
whatever has queued while the previous transaction was on its way to disk goes into the
next one, so under load many moves share one flush, and each move is still acknowledged
only after its transaction committed.

The transactions run in a thread of the server, or (``process=True``, what ``meeple
serve`` does with a database on disk) in a process of their own. In a thread, the
database library's Python work takes turns with the event loop for the interpreter lock:
a batch that needs 2-3 ms of CPU took 13-15 ms, and the moves waiting on it with it
(docs/performance.md, session 17). The process commits on the other core meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from sqlalchemy.engine import make_url

from meeple.server.errors import StorageUnavailable
from meeple.server.store import Append, Store

MAX_BATCH = 500
log = logging.getLogger("meeple.server")


class Writer:
    def __init__(self, store: Store, process: bool = False) -> None:
        self.store = store
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        # An in-memory database lives in this process only: its commits stay here.
        self.process = process and not _in_memory(store.url)
        self.pool: ProcessPoolExecutor | None = None

    async def start(self) -> None:
        """With a writer process: start it and wait until it can commit (its imports and
        its connection), so that the first move does not wait for them."""
        if self.process:
            await asyncio.get_running_loop().run_in_executor(self._pool(), _ready)

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
                results = await self._commit([item for item, _ in batch])
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

    async def _commit(self, batch: list[Append]) -> list[Exception | None]:
        if not self.process:
            return await asyncio.to_thread(self.store.append_batch, batch)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._pool(), _append_batch, batch)
        except BrokenProcessPool:
            # The process died (killed, out of memory) before it answered: whether its
            # transaction committed is unknown to it, so the moves are refused; a retry
            # with the same idempotency key is answered as a duplicate if it did.
            log.error("the writer process stopped; starting another")
            if self.pool is not None:
                self.pool.shutdown(wait=False)
            self.pool = None
            raise StorageUnavailable("the database writer stopped; nothing is known to be "
                                     "changed: send the move again") from None

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            # spawn: a fork of a process running an event loop and threads is unsafe
            self.pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_start,
                initargs=(self.store.url, self.store.timeout, os.getpid()))
        return self.pool

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.pool is not None:
            # a transaction on its way finishes; nothing new is sent
            await asyncio.to_thread(self.pool.shutdown, True, cancel_futures=True)
            self.pool = None


def _in_memory(url: str) -> bool:
    u = make_url(url)
    return u.get_backend_name() == "sqlite" and (
        u.database in (None, "", ":memory:") or "mode=memory" in url)


# --- in the writer process ------------------------------------------------------------

_store: Store | None = None


def _start(url: str, timeout: float, parent: int) -> None:
    global _store
    _store = Store(url, migrate=False, timeout=timeout)
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()


def _orphaned(parent: int) -> None:
    """Ends this process once the server that started it is gone (a SIGKILL gives the
    server no chance to stop it): an uncommitted transaction is rolled back by the
    database, and no move of it was acknowledged."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _ready() -> bool:
    return _store is not None


def _append_batch(batch: list[Append]) -> list[Exception | None]:
    assert _store is not None, "the writer process was not started"
    return _store.append_batch(batch)
