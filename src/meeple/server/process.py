"""``meeple serve`` in a process of its own on 127.0.0.1, for the benchmark, the
reliability suite and the tests: started, waited for, killed, restarted on the same
database and port."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


START_SECONDS = 180


class ServerProcess:
    def __init__(self, db_url: str, *args: str, log: Path | None = None,
                 port: int | None = None) -> None:
        """``args`` go to ``meeple serve``; its stderr goes to ``log`` (a file of its own
        if not given, whose end is quoted when the server fails to start)."""
        self.db_url, self.args = db_url, args
        self.log = log or Path(tempfile.mkstemp(prefix="meeple-serve-", suffix=".log")[1])
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "meeple", "serve", "--port", str(self.port), "--db",
                 self.db_url, *self.args], stdout=subprocess.DEVNULL, stderr=err)
        # A loaded machine (CI beside other jobs) can take a minute to import and recover.
        end = time.time() + START_SECONDS
        while time.time() < end:
            try:
                httpx.get(f"{self.base}/api/health", timeout=1)
                return
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited at start: {self._tail()}") from None
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start within {START_SECONDS} s: {self._tail()}")

    def _tail(self) -> str:
        return self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no clean shutdown."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)
