"""Moves committed by a writer process (``meeple serve``'s default) are committed exactly as
by the server's own thread: the same refusals come back, a dead writer refuses the moves
it may not have committed and is replaced, and it never outlives its server."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from meeple.server.errors import StorageUnavailable
from meeple.server.process import ServerProcess
from meeple.server.store import Append, Appended, DuplicateKey, StaleVersion, Store
from meeple.server.writer import Writer, _answer, _Child


def _store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    store.create_game({"id": "g", "game": "counter", "players": 1, "seed": 1,
                       "options": {}, "settings": {}, "owner_hash": "o",
                       "spectator_hash": "s", "version": 0, "finished": False,
                       "deadline_at": None},
                      [{"seat": 0, "kind": "human", "name": None, "secret_hash": "x",
                        "joined": True, "webhook": None}])
    return store


def _move(seq: int, key: str | None = None) -> Append:
    return Append("g", Appended(seq, 0, "inc", "seat", key), False, None, None, [])


@contextlib.asynccontextmanager
async def _writer_process(store: Store) -> AsyncIterator[Writer]:
    writer = Writer(store, process=True)
    await writer.start()
    try:
        yield writer
    finally:
        await writer.close()


def test_a_writer_process_commits_and_refuses_as_the_thread_does(tmp_path: Path) -> None:
    store = _store(tmp_path)

    async def run() -> None:
        async with _writer_process(store) as writer:
            await asyncio.gather(writer.append(_move(1, "a")), writer.append(_move(2)))
            with pytest.raises(StaleVersion):
                await writer.append(_move(2))  # version 2 is taken
            with pytest.raises(DuplicateKey):
                await writer.append(_move(3, "a"))  # key "a" was used by move 1

    asyncio.run(run())
    assert [(a.seq, a.idem_key) for a in store.actions_after("g", 0)] == [(1, "a"), (2, None)]
    assert store.game("g")["version"] == 2  # type: ignore[index]


def test_a_dead_writer_process_refuses_the_batch_and_is_replaced(tmp_path: Path) -> None:
    store = _store(tmp_path)

    async def run() -> None:
        async with _writer_process(store) as writer:
            await writer.append(_move(1))
            pid = writer.pid()
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            with pytest.raises(StorageUnavailable, match="writer stopped"):
                await writer.append(_move(2))
            await writer.append(_move(2))  # a new process takes it

    asyncio.run(run())
    assert [a.seq for a in store.actions_after("g", 0)] == [1, 2]


def test_a_signal_meant_for_the_server_leaves_its_writer_committing(tmp_path: Path) -> None:
    # Ctrl-C reaches the whole group, as a service manager's SIGTERM may: the server drains
    # its moves then, and its writer must still be there to commit them.
    store = _store(tmp_path)

    async def run() -> None:
        async with _writer_process(store) as writer:
            pid = writer.pid()
            assert pid is not None
            os.kill(pid, signal.SIGINT)
            os.kill(pid, signal.SIGTERM)
            await asyncio.sleep(0.2)
            await writer.append(_move(1))
            assert writer.pid() == pid

    asyncio.run(run())
    assert [a.seq for a in store.actions_after("g", 0)] == [1]


EXITS_WITHOUT_CLOSING = """
import asyncio, sys
from meeple.server.store import Append, Appended, Store
from meeple.server.writer import Writer

async def run(store):
    writer = Writer(store, process=True)
    await writer.start()
    await writer.append(Append("g", Appended(1, 0, "inc", "seat", None), False, None, None, []))

if __name__ == "__main__":
    asyncio.run(run(Store(sys.argv[1], migrate=False)))
"""


def test_a_server_that_exits_without_closing_its_writer_exits(tmp_path: Path) -> None:
    # The writer ignores SIGTERM, which is how multiprocessing ends daemon children at exit
    # before it waits for them: the writer module sends them away first.
    _store(tmp_path)
    script = tmp_path / "exits.py"
    script.write_text(EXITS_WITHOUT_CLOSING)
    done = subprocess.run([sys.executable, str(script), f"sqlite:///{tmp_path / 'w.db'}"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [a.seq for a in Store(f"sqlite:///{tmp_path / 'w.db'}").actions_after("g", 0)] == [1]


def test_an_in_memory_database_is_committed_by_the_servers_own_thread() -> None:
    for url in ("sqlite://", "sqlite:///:memory:", "sqlite:///file:m?mode=memory&uri=true"):
        store = Store.__new__(Store)
        store.url = url
        assert not Writer(store, process=True).process, url
    store = Store.__new__(Store)
    store.url = "sqlite:////var/lib/meeple/meeple.db"
    assert Writer(store, process=True).process


def test_the_writer_process_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 's.db'}", "--bot-workers", "0")
    server.start()
    try:
        assert server.proc is not None
        children = _children(server.proc.pid)
        assert len(children) >= 1, "the server started no writer process"
    finally:
        server.kill()
    end = time.time() + 10
    while time.time() < end and any(_alive(pid) for pid in children):
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in children), "a writer outlived its server"


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class _LockedError(Exception):
    """A database error that holds what cannot be pickled (as a driver's may)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()


def _refusal_for(answer: tuple[str, object]) -> StorageUnavailable:
    """What the server reads when the writer sends ``answer`` through a real pipe."""
    ours, theirs = multiprocessing.Pipe()
    try:
        _answer(theirs, answer)
        kind, value = ours.recv()
    finally:
        ours.close()
        theirs.close()
    assert kind == "error"
    assert isinstance(value, StorageUnavailable)
    return value


def test_a_database_error_that_does_not_pickle_is_a_refusal_naming_it() -> None:
    # as a database library words it: the driver's line, then the statement
    refusal = _refusal_for(("error", _LockedError(
        "database is locked\n[SQL: INSERT INTO actions VALUES (?, ?)]\n"
        "[parameters: ('g2', 'secret-key')]")))
    assert refusal.message == ("the database cannot take this now (database is locked); "
                               "nothing was changed: try again later")


def test_a_result_that_does_not_pickle_is_refused_naming_the_pickling_error() -> None:
    refusal = _refusal_for(("ok", [threading.Lock()]))
    assert "answer could not be sent (cannot pickle" in refusal.message


def test_an_answer_the_server_cannot_read_is_a_refusal_naming_it() -> None:
    async def run() -> None:
        ours, theirs = multiprocessing.Pipe()
        child = _Child.__new__(_Child)  # its pipe only: no process needed to garble an answer
        child.conn, child.loop, child.gone = ours, asyncio.get_running_loop(), False
        child.waiting = deque([child.loop.create_future()])
        answer = child.waiting[0]
        theirs.send_bytes(b"not a pickle")
        child._readable()
        ours.close()
        theirs.close()
        with pytest.raises(StorageUnavailable, match="answer cannot be read"):
            await answer

    asyncio.run(run())
