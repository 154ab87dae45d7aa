"""What every reliability check returns, and a server process to attack."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx


@dataclass
class Outcome:
    test: str
    tried: str
    failed: int = 0
    count: int = 0  # how many things were tried (kills, views, requests...)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def fail(self, problem: str) -> None:
        self.failed += 1
        if len(self.problems) < 20:
            self.problems.append(problem)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``meeple serve`` on 127.0.0.1, restartable on the same database and port."""

    def __init__(self, db_url: str, *args: str, log: Path | None = None) -> None:
        self.db_url, self.args, self.log = db_url, args, log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        err = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "meeple", "serve", "--port", str(self.port), "--db",
             self.db_url, "--bot-workers", "0", *self.args],
            stdout=subprocess.DEVNULL, stderr=err)
        end = time.time() + 60
        while time.time() < end:
            try:
                httpx.get(f"{self.base}/api/health", timeout=1)
                return
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    raise RuntimeError("the server exited at start") from None
                time.sleep(0.05)
        raise RuntimeError("the server did not start within 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)
