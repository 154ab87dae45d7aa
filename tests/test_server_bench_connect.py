"""The load benchmark's start: its window opens once every client has its first view, and
a client that fails before then ends the run with an error that names the failure (a run
that measured 399 of 400 clients would not be the benchmark)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import meeple.server.bench as bench
from meeple.server.process import ServerProcess


def test_a_client_that_fails_while_connecting_ends_the_run_naming_its_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = bench._client

    async def one_fails(url: str, load: bench.GameLoad, seat: int, *rest: Any) -> None:
        if seat == 2:
            raise OSError("refused by this test")
        await real(url, load, seat, *rest)

    monkeypatch.setattr(bench, "_client", one_fails)
    server = ServerProcess(f"sqlite:///{tmp_path / 'b.db'}", "--bot-workers", "0",
                           "--rate", "0", "--ws-rate", "0")
    server.start()
    try:
        with pytest.raises(ConnectionError, match=r"[0-3] of 4 clients had their first view.*"
                                                  r"refused by this test"):
            asyncio.run(bench._drive(server.base, "cult", 1, 4, 1.0, 1))
    finally:
        server.kill()
