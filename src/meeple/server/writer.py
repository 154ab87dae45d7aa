"""Group commit: one task writes the action log. Submissions of every game queue here;
whatever has queued while the previous transaction was on its way to disk goes into the
next one, so under load many moves share one flush, and each move is still acknowledged
only after its transaction committed.

The transactions run in a thread of the server, or (``process=True``, what ``meeple
serve`` does with a database on disk) in a process of their own. In a thread, the
database library's Python work takes turns with the event loop for the interpreter lock:
a batch that needs 2-3 ms of CPU took 13-15 ms, and the moves waiting on it with it
(docs/performance.md, session 17). The process commits on the other core meanwhile.

The process is spoken to over a pipe that the event loop watches: a batch is pickled and
written by the loop, the answer read when the loop sees it (no threads of the server wait
on it, as a ``ProcessPoolExecutor``'s two did, taking the interpreter lock at every batch:
docs/performance.md, session 18)."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections import deque
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from meeple.server.db import sqlite_in_memory
from meeple.server.errors import StorageUnavailable, storage_refusal
from meeple.server.mailbox import Mailbox
from meeple.server.store import Append, Store

MAX_BATCH = 500
log = logging.getLogger("meeple.server")


class Writer:
    def __init__(self, store: Store, process: bool = False) -> None:
        self.store = store
        self.queue: Mailbox[tuple[Append, asyncio.Future[None]]] = Mailbox()
        self.task: asyncio.Task[None] | None = None
        # An in-memory database lives in this process only: its commits stay here.
        self.process = process and not sqlite_in_memory(store.url)
        self.child: _Child | None = None

    async def start(self) -> None:
        """With a writer process: start it and wait until it can commit (its imports and
        its connection), so that the first move does not wait for them."""
        if self.process:
            try:
                await self._child().call(("ready", None))
            except _ChildGone:
                self.child = None
                raise StorageUnavailable("the database writer process ended as it started "
                                         "(its error is in the server's output)") from None

    async def append(self, item: Append) -> None:
        """Returns once ``item`` is committed; raises StaleVersion or DuplicateKey."""
        if self.task is None:
            self.task = asyncio.create_task(self._run())
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.put((item, done))
        await done

    async def _run(self) -> None:
        while True:
            batch = [await self.queue.get()]
            batch += self.queue.take(MAX_BATCH - 1)
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
            results: list[Exception | None] = await self._child().call(("append", batch))
            return results
        except _ChildGone:
            # The process died (killed, out of memory) before it answered: whether its
            # transaction committed is unknown to it, so the moves are refused; a retry
            # with the same idempotency key is answered as a duplicate if it did.
            log.error("the writer process stopped; starting another")
            if self.child is not None:
                self.child.close(wait=False)
            self.child = None
            raise StorageUnavailable("the database writer stopped; nothing is known to be "
                                     "changed: send the move again") from None

    def _child(self) -> _Child:
        if self.child is None:
            self.child = _Child(self.store.url, self.store.timeout)
        return self.child

    def pid(self) -> int | None:
        """The writer process's id, while there is one."""
        return self.child.proc.pid if self.child is not None else None

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.child is not None:
            # a transaction on its way finishes; nothing new is sent
            await asyncio.to_thread(self.child.close, True)
            self.child = None


class _ChildGone(Exception):
    """The writer process ended before it answered."""


class _Child:
    """The writer process and the server's end of its pipe, read by the event loop: each
    request is answered in turn, in the order sent."""

    def __init__(self, url: str, timeout: float) -> None:
        # spawn: a fork of a process running an event loop and threads is unsafe
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc: BaseProcess = ctx.Process(
            target=_serve, args=(child, url, timeout, os.getpid()), name="meeple-writer",
            daemon=True)
        self.proc.start()
        child.close()
        self.loop = asyncio.get_running_loop()
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.gone = False
        self.loop.add_reader(self.conn.fileno(), self._readable)
        _open.add(self)

    def call(self, request: tuple[str, Any]) -> asyncio.Future[Any]:
        answer: asyncio.Future[Any] = self.loop.create_future()
        if self.gone:
            answer.set_exception(_ChildGone())
            return answer
        try:
            self.conn.send(request)
        except OSError:
            self._end()
            answer.set_exception(_ChildGone())
            return answer
        self.waiting.append(answer)
        return answer

    def _readable(self) -> None:
        try:
            kind, value = self.conn.recv()
        except (EOFError, OSError):
            self._end()
            return
        except Exception as e:  # read whole, but it does not unpickle: that batch fails
            kind, value = "error", StorageUnavailable(
                f"the database writer's answer cannot be read ({e}); send the move again")
        answer = self.waiting.popleft()
        if answer.done():
            return
        if kind == "error":
            answer.set_exception(value)
        else:
            answer.set_result(value)

    def _end(self) -> None:
        """The process is gone: every request waiting is refused, and no more are sent."""
        if not self.gone:
            self.gone = True
            self.loop.remove_reader(self.conn.fileno())
        while self.waiting:
            answer = self.waiting.popleft()
            if not answer.done():
                answer.set_exception(_ChildGone())

    def let_go(self) -> None:
        """At exit, the event loop gone: the process is sent away and its pipe closed."""
        if not self.gone:
            self.gone = True
            with contextlib.suppress(OSError):
                self.conn.send(None)
        with contextlib.suppress(OSError):
            self.conn.close()

    def close(self, wait: bool) -> None:
        """Asks the process to end (it finishes the batch it holds) and, with ``wait``,
        waits for it: 10 s, then it is killed (it ignores SIGTERM)."""
        if not self.gone:
            self.gone = True
            self.loop.call_soon_threadsafe(self.loop.remove_reader, self.conn.fileno())
            with contextlib.suppress(OSError):
                self.conn.send(None)
        if wait:
            self.proc.join(10)
            if self.proc.is_alive():
                self.proc.kill()
                self.proc.join(5)
        self.loop.call_soon_threadsafe(self.conn.close)


_open: weakref.WeakSet[_Child] = weakref.WeakSet()


@atexit.register
def _let_go() -> None:
    """A server that exits without closing its writer (an error on the way out) sends its
    writer processes away. Registered after multiprocessing's own exit handler (which
    ``multiprocessing.connection``, imported above, registers), so it runs first: that one
    terminates daemon children, which a writer ignores (see ``_serve``), then waits for
    them."""
    for child in list(_open):
        child.let_go()


# --- in the writer process ------------------------------------------------------------


def _serve(conn: Connection, url: str, timeout: float, parent: int) -> None:
    """The writer process: answers each request on ``conn`` until the server sends None or
    its end of the pipe closes. The signals that stop a server (Ctrl-C in its terminal, a
    service manager's SIGTERM to its group) are the server's to act on: it drains its
    moves, which this process still commits, and then lets it go."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    store = Store(url, migrate=False, timeout=timeout)
    try:
        while True:
            try:
                request = conn.recv()
            except EOFError:
                return
            if request is None:
                return
            kind, value = request
            try:
                answer: tuple[str, Any] = ("ok", store.append_batch(value)
                                           if kind == "append" else True)
            except Exception as e:  # the database failed: the server refuses the batch
                answer = ("error", e)
            _answer(conn, answer)
    finally:
        store.close()


def _answer(conn: Connection, answer: tuple[str, Any]) -> None:
    """Sends ``answer``. One that does not pickle (a driver's error may hold a lock or a
    connection) is sent as the refusal the server gives for a database error
    (``storage_unavailable``), with the error's first line, as the server's own handler
    words it: never the statement or its parameters, which may hold other games' moves."""
    try:
        conn.send(answer)
    except Exception as e:  # pickling failed before anything was written
        kind, value = answer
        if kind == "error" and isinstance(value, BaseException):
            reason, said = storage_refusal(value)
            log.error("storage error: %s", reason)
        else:  # committed or not, the server cannot tell: a move with a key is safe to resend
            said = (f"the database writer's answer could not be sent ({e}); "
                    "send the move again")
        conn.send(("error", StorageUnavailable(said)))


def _orphaned(parent: int) -> None:
    """Ends this process once the server that started it is gone (a SIGKILL gives the
    server no chance to stop it): an uncommitted transaction is rolled back by the
    database, and no move of it was acknowledged."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)
