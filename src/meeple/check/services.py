"""PostgreSQL and Redis servers started from the machine's Debian packages, on 127.0.0.1
and a free port, in a fresh directory — and stopped and started again on the same data
and port, for the fault checks (a database that goes away under load and comes back).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

from meeple.server.process import free_port


class ServiceMissing(RuntimeError):
    """The server's program is not installed here."""


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, up: bool = True) -> None:
    end = time.time() + 30
    while time.time() < end:
        with socket.socket() as s:
            open_now = s.connect_ex(("127.0.0.1", port)) == 0
        if open_now == up:
            return
        if up and proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise RuntimeError(f"{what} exited: {err[-500:]}")
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not {'open' if up else 'close'} port {port}")


class Postgres:
    """A throwaway cluster. PostgreSQL refuses to run as root, so under root it runs as
    the 'postgres' user."""

    def __init__(self) -> None:
        bindir = next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"))), None)
        if bindir is None:
            raise ServiceMissing("PostgreSQL is not installed (apt-get install postgresql)")
        self.bindir = bindir
        self.data = tempfile.mkdtemp(prefix="meeple-pg-", dir="/tmp")
        self.run_as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres")
            self.run_as = ["runuser", "-u", "postgres", "--"]
        subprocess.run([*self.run_as, f"{bindir}/initdb", "-D", self.data, "-U", "meeple",
                        "-A", "trust"], check=True, capture_output=True)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"postgresql+psycopg://meeple@127.0.0.1:{self.port}/meeple"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [*self.run_as, f"{self.bindir}/postgres", "-D", self.data, "-p", str(self.port),
             "-h", "127.0.0.1", "-k", self.data, "-c", "fsync=on"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait_port(self.port, self.proc, "postgres")

    def create_database(self, name: str = "meeple") -> None:
        for _ in range(50):
            r = subprocess.run([*self.run_as, f"{self.bindir}/createdb", "-h", "127.0.0.1",
                                "-p", str(self.port), "-U", "meeple", name],
                               capture_output=True)
            if r.returncode == 0 or b"already exists" in r.stderr:
                return
            time.sleep(0.2)
        raise RuntimeError(f"createdb {name} failed: {r.stderr.decode(errors='replace')}")

    def stop(self) -> None:
        """A fast shutdown: clients are cut off at once, committed data stays."""
        if self.proc is not None and self.proc.poll() is None:
            # Through pg_ctl: under root the server runs behind runuser, which passes on
            # no signal but SIGTERM (PostgreSQL's "smart" shutdown, which waits for
            # every client to leave).
            subprocess.run([*self.run_as, f"{self.bindir}/pg_ctl", "-D", self.data, "stop",
                            "-m", "fast", "-w"], capture_output=True, timeout=60)
            self.proc.wait(60)
        self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.data, ignore_errors=True)

    def __enter__(self) -> Postgres:
        self.start()
        self.create_database()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class Redis:
    def __init__(self) -> None:
        binary = shutil.which("redis-server") or (
            "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)
        if binary is None:
            raise ServiceMissing("Redis is not installed (apt-get install redis-server)")
        self.binary = binary
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait_port(self.port, self.proc, "redis-server")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)
        self.proc = None

    def __enter__(self) -> Redis:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()
