"""PostgreSQL and Redis servers for tests, from the machine's Debian packages, on
127.0.0.1 and a free port, in a fresh directory. Missing binaries skip the test — except
in CI, which installs them and sets MEEPLE_REQUIRE_SERVICES=1, so there they fail."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import pytest

from meeple.check.services import Postgres, Redis, ServiceMissing
from meeple.server.process import ServerProcess


def missing(message: str) -> NoReturn:
    if os.environ.get("MEEPLE_REQUIRE_SERVICES"):
        raise AssertionError(message)
    pytest.skip(message)


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway cluster; yields its SQLAlchemy URL."""
    try:
        pg = Postgres()
    except ServiceMissing as e:
        missing(str(e))
    with pg:
        yield pg.url


@contextmanager
def redis() -> Iterator[str]:
    try:
        server = Redis()
    except ServiceMissing as e:
        missing(str(e))
    with server:
        yield server.url


@contextmanager
def meeple_server(db_url: str, *args: str, port: int | None = None
                  ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``meeple serve`` in its own process on 127.0.0.1; yields (base URL, process)."""
    server = ServerProcess(db_url, "--log-level", "warning", *args, port=port)
    try:
        server.start()
        assert server.proc is not None
        yield server.base, server.proc
    finally:
        server.stop()
