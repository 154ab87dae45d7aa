"""``meeple bench server --vs-boardgameio``: meeple's durable server against boardgame.io's
server with its state in memory, both with a counter game under the same load (G games
of C players, a client per seat that moves when its seat is asked, latency from the send
until every client of the game has the new state), in alternating runs.

boardgame.io (a JavaScript library) is installed with npm into a folder of the system's
temporary directory, once per version (``BOARDGAME_IO``), where Node and npm are found;
where they are not, or npm cannot install it, the command says why and exits with an
error before any run. Its server (``boardgameio/server.js``) and the load
(``boardgameio/driver.js``, socket.io clients, boardgame.io's own protocol) run in two Node
processes, as meeple's server and the benchmark's clients are two processes; the server's
CPU is read from ``/proc`` over the same window."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from meeple.server.bench import bench_server, cpu_seconds
from meeple.server.process import free_port

BOARDGAME_IO = "0.50.2"  # the release measured; another may change its speed
HERE = Path(__file__).parent / "boardgameio"
START_SECONDS = 60.0
NPM_SECONDS = 600.0


class Unavailable(Exception):
    """Why boardgame.io cannot be run here (no Node, no npm, the install failed)."""


def installed(folder: Path | None = None) -> Path:
    """The folder holding boardgame.io ``BOARDGAME_IO`` and the two scripts, installed with
    npm if it is not there yet. Raises Unavailable, saying why, where it cannot be."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise Unavailable(f"{tool} is not installed here: boardgame.io (a Node library) "
                              "was not run")
    where = folder or Path(tempfile.gettempdir()) / f"meeple-boardgameio-{BOARDGAME_IO}"
    marker = where / "node_modules" / "boardgame.io" / "package.json"
    if not marker.exists() or json.loads(marker.read_text()).get("version") != BOARDGAME_IO:
        where.mkdir(parents=True, exist_ok=True)
        (where / "package.json").write_text('{"private": true}\n')
        try:
            done = subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--no-save",
                 f"boardgame.io@{BOARDGAME_IO}"], cwd=where, capture_output=True, text=True,
                timeout=NPM_SECONDS)
        except subprocess.TimeoutExpired:
            raise Unavailable(f"npm did not install boardgame.io {BOARDGAME_IO} within "
                              f"{NPM_SECONDS:.0f} s (no network here?)") from None
        except OSError as e:
            raise Unavailable(f"npm could not be run: {e}") from None
        if done.returncode != 0 or not marker.exists():
            raise Unavailable(f"npm could not install boardgame.io {BOARDGAME_IO} "
                              f"(exit status {done.returncode}): "
                              f"{npm_said(done.stderr or done.stdout)}")
    for script in ("server.js", "driver.js"):
        shutil.copyfile(HERE / script, where / script)
    return where


def npm_said(text: str) -> str:
    """The lines of npm's error before its stack trace, on one line (the reason, not the
    trace): ``code ECONNREFUSED; ...; FetchError: request to ... failed``."""
    said: list[str] = []
    for line in text.splitlines():
        line = line.removeprefix("npm error").removeprefix("npm ERR!").strip()
        if line.startswith("at ") or line.endswith("{"):
            break
        if line:
            said.append(line)
    return "; ".join(said[:6]) or "it said nothing"


def bench_boardgameio(folder: Path, games: int, clients: int, seconds: float
                      ) -> dict[str, Any]:
    """One run of boardgame.io's server under the load, its figures named as ``bench
    server`` names meeple's."""
    port = free_port()
    server = subprocess.Popen(["node", "server.js", str(port)], cwd=folder,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        end = time.monotonic() + START_SECONDS
        while server.stdout.readline().strip() != "ready":
            if server.poll() is not None or time.monotonic() > end:
                raise RuntimeError("boardgame.io's server did not start")
        driver = subprocess.Popen(
            ["node", "driver.js", str(port), str(games), str(clients), str(seconds)],
            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert driver.stdout is not None
        lines: list[str] = []
        start_cpu = end_cpu = None
        connecting = time.perf_counter()
        connect_seconds = 0.0
        for line in driver.stdout:
            if line.strip() == "window":
                start_cpu = cpu_seconds(server.pid)
                connect_seconds = time.perf_counter() - connecting
            elif line.strip() == "end":
                end_cpu = cpu_seconds(server.pid)
            else:
                lines.append(line)
        if driver.wait(60) != 0 or not lines:
            raise RuntimeError(f"the load on boardgame.io failed: "
                               f"{(driver.stderr.read() if driver.stderr else '')[-500:]}")
        out = json.loads(lines[-1])
    finally:
        server.kill()
        server.wait(30)
    lat = sorted(out["latencies_ms"])

    def pct(q: float) -> float:
        return round(lat[min(len(lat) - 1, int(q * len(lat)))], 2) if lat else 0.0

    moves = int(out["moves"])
    server_cpu = (end_cpu - start_cpu if start_cpu is not None and end_cpu is not None
                  else None)
    return {"server": f"boardgame.io {BOARDGAME_IO}, in memory", "moves": moves,
            "seconds": round(out["seconds"], 2),
            "moves_per_sec": round(moves / out["seconds"], 1), "p50_ms": pct(0.5),
            "p99_ms": pct(0.99), "bytes_per_move": round(out["bytes"] / moves) if moves
            else None, "connect_seconds": round(connect_seconds, 2),
            "server_cpu_ms_per_move": round(server_cpu / moves * 1000, 3)
            if server_cpu is not None and moves else None,
            "clients_cpu_ms_per_move": round(out["clients_cpu_seconds"] / moves * 1000, 3)
            if moves else None}


def versus_boardgameio(games: int, clients: int, seconds: float, rounds: int = 3,
                       database: str | None = None, folder: Path | None = None
                       ) -> dict[str, Any]:
    """meeple's counter runs (durable: the shipped ``bench server``) alternated with as
    many of boardgame.io's in memory; meeple's median run with every run's figures beside
    it and the ratio of the medians (``vs_boardgameio``). Raises Unavailable, before any
    run, where boardgame.io cannot be installed or run (no comparison to make)."""
    where = installed(folder)
    own: list[dict[str, Any]] = []
    ref: list[dict[str, Any]] = []
    for _ in range(rounds):
        own.append(bench_server("counter", games, clients, seconds, database=database))
        ref.append(bench_boardgameio(where, games, clients, seconds))

    def median(runs: list[dict[str, Any]]) -> dict[str, Any]:
        return sorted(runs, key=lambda r: float(r["moves_per_sec"]))[len(runs) // 2]

    def listed(runs: list[dict[str, Any]], key: str) -> list[Any]:
        return [r[key] for r in runs]

    middle = median(own)
    versus: dict[str, Any] = {"rounds": rounds, "moves_per_sec": listed(own, "moves_per_sec"),
                              "p99_ms": listed(own, "p99_ms"),
                              "server_cpu_ms_per_move": listed(own, "server_cpu_ms_per_move")}
    theirs = median(ref)
    versus.update({
        "server": theirs["server"],
        "boardgameio_moves_per_sec": listed(ref, "moves_per_sec"),
        "boardgameio_p99_ms": listed(ref, "p99_ms"),
        "boardgameio_server_cpu_ms_per_move": listed(ref, "server_cpu_ms_per_move"),
        "boardgameio_clients_cpu_ms_per_move": listed(ref, "clients_cpu_ms_per_move"),
        "boardgameio_bytes_per_move": listed(ref, "bytes_per_move"),
        "ratio": round(float(middle["moves_per_sec"]) / float(theirs["moves_per_sec"]), 2)
        if theirs["moves_per_sec"] else None})
    return {**middle, "lost": sum(int(r["lost"]) for r in own),
            "kept_folders": [r["kept_folder"] for r in own if r.get("kept_folder")],
            "vs_boardgameio": versus}

