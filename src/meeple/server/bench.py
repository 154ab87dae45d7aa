"""``meeple bench server``: a real server process on loopback, real WebSocket clients.

G games of C human seats (bots off). Each client holds its seat's WebSocket; when an
update says its seat is asked, it sends a legal action (chosen by a seeded RNG) over
that socket with the version it saw. Latency runs from the send to the moment the last
client of that game has the update with the new version. The measured window (its moves,
their latencies, the CPU) opens once every client has its first view: the connections'
start (``connect_seconds``: 400 handshakes and first views) is not steady play, and it was
the first half second of a ten-second run. At the end the server is
killed with SIGKILL and every acknowledged move is looked up in the database: ``lost``
counts those missing.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import httpx
import orjson
from sqlalchemy import create_engine, select

from meeple.core.rng import Rng
from meeple.server import db
from meeple.server.app import SERVER_GC_THRESHOLD, server_collector
from meeple.server.patch import PatchError, apply
from meeple.server.process import ServerProcess

CONNECT_SECONDS = 120.0  # for every client's first view; beyond it the run fails


@dataclass
class GameLoad:
    gid: str
    clients: int
    sent: dict[int, float] = field(default_factory=dict)  # version -> send time
    seen: dict[int, int] = field(default_factory=dict)  # version -> clients that have it
    acked: dict[int, str] = field(default_factory=dict)  # version -> action


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    conflicts: int = 0
    errors: int = 0
    finished: int = 0
    # CPU seconds over the load (user and system, all threads): the server process's (None
    # where /proc does not tell) and the clients' (this process), and the moves made then.
    server_cpu: float | None = None
    clients_cpu: float = 0.0
    window_moves: int = 0
    # The window opens once every client has its first view: before, the server is busy
    # with 400 handshakes and first views, and moves are few (about 0.5 s of a 10 s run).
    clients: int = 0
    connected: int = 0
    all_connected: asyncio.Event = field(default_factory=asyncio.Event)
    window_start: float = float("inf")
    connect_seconds: float = 0.0
    # The bytes of every message the clients read (frames' payloads), and the window's.
    bytes: int = 0
    window_bytes: int = 0


def cpu_seconds(pid: int | None) -> float | None:
    """A process's CPU time so far, user and system, every thread (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _Socket(asyncio.Protocol):
    """A client's WebSocket on websockets' sans-I/O protocol (the one its asyncio client
    runs on, and uvicorn's server side): the handshake, frames, masking, pings and the
    closing handshake are the library's; this class only moves bytes and hands over each
    message whole (its frames joined). The library's asyncio client adds, for every
    message, an assembler with its queue and locks, a context manager around every send
    and a future per read: with 400 clients on the server's two cores, that was most of
    the clients' CPU beside parsing the updates."""

    def __init__(self, url: str) -> None:
        from websockets.client import ClientProtocol
        from websockets.uri import parse_uri

        self.ws = ClientProtocol(parse_uri(url), max_size=2**24)
        self.messages: deque[bytes] = deque()
        self.parts: list[bytes] = []
        self.waiter: asyncio.Future[None] | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.lost: Exception | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Frame, Opcode
        from websockets.http11 import Response

        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self.opened.set_exception(self.ws.handshake_exc)
                else:
                    self.opened.set_result(None)
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.BINARY,
                                                                Opcode.CONT):
                self.parts.append(bytes(event.data))
                if event.fin:
                    self.messages.append(b"".join(self.parts))
                    self.parts = []
        self._flush()  # a pong, or the answer to the server's close
        self._wake()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = exc or ConnectionError("the server closed the connection")
        if not self.opened.done():
            self.opened.set_exception(self.lost)
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def _flush(self) -> None:
        out = self.ws.data_to_send()
        if out and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(out))

    async def recv(self) -> bytes:
        """The next message, whole."""
        while not self.messages:
            if self.lost is not None:
                raise self.lost
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return self.messages.popleft()

    def send(self, text: bytes) -> None:
        """A text message (``text``: its UTF-8 bytes)."""
        self.ws.send_text(text)
        self._flush()

    def close(self) -> None:
        """The closing frame sent, the connection closed without waiting for the answer
        (the end of a run: the server is killed next)."""
        if self.transport is not None and not self.transport.is_closing():
            if self.lost is None:
                self.ws.send_close()
                self._flush()
            self.transport.close()


async def _client(url: str, load: GameLoad, seat: int, rng: Rng, totals: Totals) -> None:
    """One seat's reader: reads every update whole, as a real client does, until the game
    ends or the driver cancels it at the end of the run: a patch is applied to the payload
    held (``meeple.server.patch.apply``), an old-style update replaces it. Messages are
    parsed by orjson from the frame's bytes: the clients share the server's two cores, and
    the standard library's parser was half of their CPU time in a Cult run (session 13)."""
    parsed = urlsplit(url)
    _, ws = await asyncio.get_running_loop().create_connection(
        partial(_Socket, url), parsed.hostname or "127.0.0.1", parsed.port or 80)
    try:
        await ws.opened
        acted = -1
        first = True
        doc: dict[str, Any] = {}
        while True:
            frame = await ws.recv()
            totals.bytes += len(frame)
            msg = orjson.loads(frame)
            if first:
                first = False
                totals.connected += 1
                if totals.connected == totals.clients:
                    totals.all_connected.set()
            kind = msg["type"]
            if kind == "patch":
                if msg["base"] != doc.get("version"):
                    raise PatchError(f"a patch from version {msg['base']} to a reader at "
                                     f"{doc.get('version')}")
                doc = apply(doc, msg["ops"])
                doc["version"] = msg["version"]
            elif kind == "update":
                doc = msg
            elif kind == "ack":
                load.acked[msg["version"]] = msg["action"]
                continue
            elif kind == "error":
                totals.conflicts += msg["code"] == "stale_version"
                totals.errors += msg["code"] != "stale_version"
                acted = -1  # decide again on the next update
                continue
            else:
                continue
            ack = msg.get("ack")
            if ack is not None:  # the answer to this reader's move, inside its update
                load.acked[ack["version"]] = ack["action"]
            v = doc["version"]
            load.seen[v] = load.seen.get(v, 0) + 1
            if load.seen[v] == load.clients and v in load.sent:
                sent = load.sent.pop(v)
                if sent >= totals.window_start:
                    totals.latencies.append(time.perf_counter() - sent)
            if doc["finished"]:
                totals.finished += seat == 0
                return
            legal = doc.get("legal")
            if legal and acted < v:
                acted = v
                load.sent.setdefault(v + 1, time.perf_counter())
                ws.send(orjson.dumps({"action": legal[rng.below(len(legal))],
                                      "version": v}))
    finally:
        ws.close()


async def _drive(base: str, game: str, games: int, clients: int, seconds: float,
                 seed: int, server_pid: int | None = None, updates: str = "patch"
                 ) -> tuple[list[GameLoad], Totals, float]:
    options = {"limit": 0} if game == "counter" else {}
    loads: list[GameLoad] = []
    tokens: list[list[str]] = []
    async with httpx.AsyncClient(timeout=60) as http:
        for i in range(games):
            r = await http.post(f"{base}/api/games", json={
                "game": game, "players": clients, "seed": seed + i, "options": options})
            r.raise_for_status()
            g = r.json()
            loads.append(GameLoad(g["id"], clients))
            tokens.append([s["token"] for s in g["seats"]])
    totals = Totals(clients=games * clients)
    ws_base = base.replace("http", "ws", 1)
    connecting = time.perf_counter()
    tasks = [asyncio.create_task(_client(
        f"{ws_base}/api/games/{load.gid}/ws?token={t}&updates={updates}", load, seat,
        Rng(seed * 1000 + i * 16 + seat), totals))
             for i, load in enumerate(loads) for seat, t in enumerate(tokens[i])]
    waiting = asyncio.ensure_future(totals.all_connected.wait())
    pending: set[asyncio.Future[Any]] = {waiting, *tasks}
    deadline = time.perf_counter() + CONNECT_SECONDS
    failed: list[BaseException] = []
    # Until every client has its first view; a client that fails meanwhile ends the run
    # (one whose game ended is not a failure).
    while not totals.all_connected.is_set() and not failed:
        done, pending = await asyncio.wait(pending, timeout=deadline - time.perf_counter(),
                                           return_when=asyncio.FIRST_COMPLETED)
        if not done:
            break
        failed = [e for t in done if not t.cancelled() and (e := t.exception()) is not None]
    if not totals.all_connected.is_set():
        waiting.cancel()
        for task in tasks:
            task.cancel()
        raise ConnectionError(f"{totals.connected} of {totals.clients} clients had their "
                              f"first view after {CONNECT_SECONDS:.0f} s"
                              + (f": {failed[0]!r}" if failed else ""))
    start = totals.window_start = time.perf_counter()
    totals.connect_seconds = start - connecting
    before = sum(len(x.acked) for x in loads)
    server_cpu, clients_cpu = cpu_seconds(server_pid), time.process_time()
    bytes_before = totals.bytes
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    totals.window_bytes = totals.bytes - bytes_before
    end_cpu = cpu_seconds(server_pid)
    if server_cpu is not None and end_cpu is not None:
        totals.server_cpu = end_cpu - server_cpu
    totals.clients_cpu = time.process_time() - clients_cpu
    totals.window_moves = sum(len(x.acked) for x in loads) - before
    for task in tasks:  # the end of the run: each client closes its socket as it stops
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return loads, totals, elapsed


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop where it is installed (as the server runs on it): the 400 clients' event
    loop costs less CPU on the cores they share with the server."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


_BUILD = re.compile(r'^meeple_build_info\{build="((?:[^"\\]|\\.)*)"\} ', re.MULTILINE)


def build_in(metrics: str) -> str:
    """The build a server names in its metrics (``meeple_build_info{build=...}``, as
    ``meeple.compiled.build_name`` gave it in the server's own process; Prometheus's
    escapes undone), or "unknown" if they do not say."""
    found = _BUILD.search(metrics)
    if found is None:
        return "unknown"
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], found[1])


def server_build(base: str) -> str:
    """The build the server at ``base`` runs, as it says."""
    return build_in(httpx.get(f"{base}/metrics", timeout=30).text)


def bench_server(game: str, games: int, clients: int, seconds: float, seed: int = 1,
                 database: str | None = None, updates: str = "patch") -> dict[str, Any]:
    """``updates``: the protocol the clients ask for, ``patch`` (the default) or ``full``
    (every update the whole payload and each move acknowledged on its own: the protocol
    before issue 41)."""
    folder = Path(tempfile.mkdtemp(prefix="meeple-bench-"))
    url = database or f"sqlite:///{folder / 'bench.db'}"
    # Flood limits off: the benchmark measures what the server itself can carry.
    server = ServerProcess(url, "--bot-workers", "0", "--log-level", "warning",
                           "--rate", "0", "--ws-rate", "0", log=folder / "server.log")
    try:
        server.start()
        build = server_build(server.base)
        # The clients' collector as the server's (SERVER_GC_THRESHOLD, what is alive now
        # frozen): each update read is a tree of new dicts and lists, freed as soon as it
        # is looked at, and Python's own thresholds ran the collector about 50 times a
        # second over the 400 clients' sockets, a fifth of the clients' CPU on the cores
        # they share with the server. Nothing the clients read or send changes.
        with server_collector(SERVER_GC_THRESHOLD), \
                asyncio.Runner(loop_factory=_loop_factory()) as runner:
            loads, totals, elapsed = runner.run(_drive(
                server.base, game, games, clients, seconds, seed,
                server.proc.pid if server.proc is not None else None, updates))
        submit_ms = _mean_submit_ms(server.base, game)
    finally:
        server.kill()  # no clean shutdown: what was acknowledged must be on disk
    acked = sum(len(x.acked) for x in loads)
    engine = create_engine(url)
    with engine.connect() as c:
        stored = {(r[0], r[1]): r[2] for r in c.execute(
            select(db.actions.c.game_id, db.actions.c.seq, db.actions.c.action))}
    engine.dispose()
    lost = sum(1 for x in loads for v, a in x.acked.items() if stored.get((x.gid, v)) != a)
    # The run's database and server log (19 MB a Cult run) are let go, but for a run that
    # lost moves: they are its evidence. A run that failed raised before this and keeps
    # them too (the server's log says why).
    kept = str(folder) if lost else None
    if not lost:
        shutil.rmtree(folder, ignore_errors=True)
    lat = sorted(totals.latencies)

    def pct(q: float) -> float:
        return round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 2) if lat else 0.0

    def per_move(cpu: float | None) -> float | None:
        moves = totals.window_moves
        return round(cpu / moves * 1000, 3) if cpu is not None and moves else None

    return {"game": game, "games": games, "clients_per_game": clients,
            "seconds": round(elapsed, 2), "moves": totals.window_moves,
            "moves_per_sec": round(totals.window_moves / elapsed, 1),
            # What the server sent all the readers of a game for one move: every message's
            # bytes (WebSocket frames' payloads) in the window over its moves.
            "bytes_per_move": (round(totals.window_bytes / totals.window_moves)
                               if totals.window_moves else None),
            "updates": updates, "p50_ms": pct(0.50),
            "p99_ms": pct(0.99), "lost": lost, "conflicts": totals.conflicts,
            "errors": totals.errors, "games_finished": totals.finished,
            # Every acknowledged move, in the window or not, is looked for in the database.
            "moves_acknowledged": acked,
            "connect_seconds": round(totals.connect_seconds, 2),
            "storage": url.split(":", 1)[0], "build": build,
            # Where the time goes: the server's CPU per move and its share of a core (a
            # server that is short of CPU runs near 1.0 on its one event loop), the
            # clients' CPU per move on the same machine, and the server's mean time from a
            # move's arrival to its commit and updates (most of it waiting for the commit).
            "server_cpu_ms_per_move": per_move(totals.server_cpu),
            "server_core_share": (round(totals.server_cpu / elapsed, 2)
                                  if totals.server_cpu is not None else None),
            "clients_cpu_ms_per_move": per_move(totals.clients_cpu),
            "submit_ms_mean": submit_ms, "kept_folder": kept}


def versus_counter(game: str, games: int, clients: int, seconds: float, rounds: int = 3,
                   database: str | None = None, updates: str = "patch") -> dict[str, Any]:
    """``game``'s run with the median rate among ``rounds`` runs alternated with as many
    runs of the counter, and beside it (``vs_counter``) every run's rate and server CPU a
    move and the ratio of the medians. ``lost`` counts the moves lost in all the game's
    runs, not only the median one's. The counter's moves cost nothing: its runs measure
    the server's plumbing (socket, submission, commit, updates) on this machine in the same
    minutes. On a shared machine the same code ran at half speed for an hour (session 19):
    a rate alone cannot tell such a machine from a slower server, the counter's beside it
    can."""
    own: list[dict[str, Any]] = []
    ref: list[dict[str, Any]] = []
    for _ in range(rounds):
        own.append(bench_server(game, games, clients, seconds, database=database,
                                updates=updates))
        ref.append(bench_server("counter", games, clients, seconds, database=database,
                                updates=updates))

    def median(runs: list[dict[str, Any]]) -> dict[str, Any]:
        return sorted(runs, key=lambda r: float(r["moves_per_sec"]))[len(runs) // 2]

    def listed(runs: list[dict[str, Any]], key: str) -> list[Any]:
        return [r[key] for r in runs]

    middle, counter = median(own), median(ref)
    # One build for every run, or the caller's check of the build fails on the names.
    builds = sorted({str(r["build"]) for r in own + ref})
    return {**middle, "build": " / ".join(builds),
            "lost": sum(int(r["lost"]) for r in own), "vs_counter": {
        "rounds": rounds,
        "moves_per_sec": listed(own, "moves_per_sec"),
        "counter_moves_per_sec": listed(ref, "moves_per_sec"),
        "p99_ms": listed(own, "p99_ms"), "counter_p99_ms": listed(ref, "p99_ms"),
        "server_cpu_ms_per_move": listed(own, "server_cpu_ms_per_move"),
        "bytes_per_move": listed(own, "bytes_per_move"),
        "counter_bytes_per_move": listed(ref, "bytes_per_move"),
        "counter_server_cpu_ms_per_move": listed(ref, "server_cpu_ms_per_move"),
        "counter_lost": sum(int(r["lost"]) for r in ref),
        "kept_folders": [r["kept_folder"] for r in own + ref if r.get("kept_folder")],
        "ratio": round(float(middle["moves_per_sec"]) / float(counter["moves_per_sec"]), 2)
        if counter["moves_per_sec"] else None}}


_SUBMIT = re.compile(r'^meeple_submit_seconds_(sum|count)\{game="([^"]*)"\} (\S+)$',
                     re.MULTILINE)


def _mean_submit_ms(base: str, game: str) -> float | None:
    """The server's mean time to accept a move of ``game`` (its ``meeple_submit_seconds``
    histogram), or None if its metrics do not say."""
    try:
        text = httpx.get(f"{base}/metrics", timeout=30).text
    except httpx.HTTPError:
        return None
    found = {kind: float(value) for kind, name, value in _SUBMIT.findall(text) if name == game}
    if not found.get("count"):
        return None
    return round(found["sum"] / found["count"] * 1000, 2)
