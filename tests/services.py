"""PostgreSQL and Redis servers for tests, from the machine's Debian packages, on
127.0.0.1 and a free port, in a fresh directory. Missing binaries skip the test — except
in CI, which installs them and sets MEEPLE_REQUIRE_SERVICES=1, so there they fail."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from meeple.server.process import ServerProcess, free_port


def _need(path: str | None, what: str) -> str:
    if path:
        return path
    message = f"{what} is not installed (apt-get install postgresql redis-server)"
    if os.environ.get("MEEPLE_REQUIRE_SERVICES"):
        raise AssertionError(message)
    pytest.skip(message)


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    end = time.time() + 30
    while time.time() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise AssertionError(f"{what} exited: {err}")
        time.sleep(0.1)
    raise AssertionError(f"{what} did not open port {port}")


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway cluster; yields its SQLAlchemy URL. PostgreSQL refuses to run as root,
    so under root it runs as the 'postgres' user."""
    bindir = next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"))), None)
    bindir = _need(bindir, "PostgreSQL")
    data = tempfile.mkdtemp(prefix="meeple-pg-", dir="/tmp")
    run_as: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(data, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*run_as, f"{bindir}/initdb", "-D", data, "-U", "meeple", "-A", "trust"],
                   check=True, capture_output=True)
    port = free_port()
    proc = subprocess.Popen(
        [*run_as, f"{bindir}/postgres", "-D", data, "-p", str(port), "-h", "127.0.0.1",
         "-k", data, "-c", "fsync=on"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_port(port, proc, "postgres")
        for _ in range(50):
            r = subprocess.run([*run_as, f"{bindir}/createdb", "-h", "127.0.0.1", "-p",
                                str(port), "-U", "meeple", "meeple"], capture_output=True)
            if r.returncode == 0:
                break
            time.sleep(0.2)
        yield f"postgresql+psycopg://meeple@127.0.0.1:{port}/meeple"
    finally:
        proc.terminate()
        proc.wait(30)
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    binary = _need(shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None), "Redis")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        _wait_port(port, proc, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(30)


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
