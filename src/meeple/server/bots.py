"""Bot seats on the server: each decision is computed away from the event loop — in
worker processes by default, so a bot thinking for a second does not slow any other
game — and comes back as action text that goes through the same submission as a
person's move (the bot is just another client)."""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from meeple.bots.base import make_bot
from meeple.core.registry import get_game
from meeple.sim.match import bot_chooser


def decide(game: str, state_json: Any, seat: int, kind: str, seed: int) -> str:
    """One bot decision. The state travels to the worker, but the bot itself is given
    only its seat's view and samples of its information set (``bot_chooser``)."""
    state = get_game(game).state_from_json(state_json)
    return str(bot_chooser(make_bot(kind, game, seed))(state, seat))


def _exit_with_parent(parent: int) -> None:
    """In a worker: end when the server process is gone (also after a SIGKILL, which
    gives the server no chance to stop its pool)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class BotRunner:
    def __init__(self, workers: int) -> None:
        """``workers`` processes; 0 runs bots in a thread of this process (for tests)."""
        self.executor: Executor
        if workers > 0:
            self.executor = ProcessPoolExecutor(workers, mp_context=mp.get_context("spawn"),
                                                initializer=_exit_with_parent,
                                                initargs=(os.getpid(),))
        else:
            self.executor = ThreadPoolExecutor(1)

    async def decide(self, game: str, state_json: Any, seat: int, kind: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, decide, game, state_json, seat,
                                          kind, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
