"""How the server's memory behaves as finished games pile up (``meeple bench server
--finish-games N``): a server process on loopback receives N finished games — real games
played to the end by random players, imported through the API and opened as a spectator
would — and its resident memory is read from /proc as they come.

With the default settings finished games leave memory a few seconds after their last use;
``evict=False`` keeps every game (the server before bounded memory) for comparison. With a
warm-up (``--warmup N``) the growth is counted from after the first N games: what a
server that has run a while still gains.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from meeple.core.record import GameRecord
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.server.process import ServerProcess

NEVER = "1000000000"


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (Linux /proc)."""
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.MULTILINE)
    if not found:
        raise RuntimeError(f"no VmRSS for process {pid}")
    return int(found.group(1)) / 1024


def finished_record(game: str, players: int, seed: int,
                    options: dict[str, Any] | None = None) -> GameRecord:
    """A game played to its end by random players."""
    g = get_game(game)
    state = g.new_state(players, seed, options or {})
    record = GameRecord(game=game, players=players, seed=seed, options=dict(options or {}))
    rng = Rng(seed ^ 0x5EED)
    while not state.is_terminal():
        p = state.current_players()[0]
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        record.add(p, action)
    return record


def _live_games(http: httpx.Client, base: str) -> int:
    text = http.get(f"{base}/metrics").text
    found = re.search(r"^meeple_live_games (\S+)$", text, re.MULTILINE)
    return int(float(found.group(1))) if found else -1


def bench_memory(game: str = "cult", games: int = 10_000, players: int = 4, seed: int = 1,
                 evict: bool = True, distinct: int = 0, samples: int = 20,
                 finished_seconds: float = 1.0, warmup: int = 0,
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Resident memory of the server before, during and after ``games`` finished games,
    counted from after ``warmup`` finished games more (played first, the same way).

    Every game is a game of its own (seed, seed + 1...), played when it is sent; with
    ``distinct`` N, the same N games come again and again. A server sees new games, and
    its tables of log lines fill with each one: 20 games sent again and again hid that
    (docs/reliability.md, issue 41)."""
    kept: dict[int, dict[str, Any]] = {}

    def record(i: int) -> dict[str, Any]:
        k = i % distinct if distinct else i
        made = kept.get(k)
        if made is None:
            made = finished_record(game, players, seed + k, options).model_dump()
            if distinct:
                kept[k] = made
        return made
    folder = Path(tempfile.mkdtemp(prefix="meeple-memory-"))
    args = ["--bot-workers", "0", "--log-level", "warning", "--rate", "0",
            "--finished-seconds", str(finished_seconds)]
    if not evict:
        args += ["--max-live-games", NEVER, "--idle-seconds", NEVER, "--finished-seconds",
                 NEVER]
    server = ServerProcess(f"sqlite:///{folder / 'memory.db'}", *args,
                           log=folder / "server.log")
    every = max(1, (games + warmup) // samples)
    trace: list[dict[str, Any]] = []
    started = time.perf_counter()
    try:
        server.start()
        assert server.proc is not None
        pid = server.proc.pid
        with httpx.Client(timeout=120) as http:

            def finish(i: int) -> None:
                """The i-th finished game imported and opened as a spectator would."""
                r = http.post(f"{server.base}/api/games/import", json={"record": record(i)})
                r.raise_for_status()
                g = r.json()
                v = http.get(f"{server.base}/api/games/{g['id']}",
                             headers={"Authorization": f"Bearer {g['spectator_token']}"})
                v.raise_for_status()
                if not v.json()["finished"]:
                    raise RuntimeError(f"imported game {g['id']} is not finished")

            # Warm up: every module and data file a game needs loaded once.
            finish(0)
            time.sleep(finished_seconds + 1.5)
            first = rss_mb(pid)
            start = first
            for i in range(warmup + games):
                finish(i + 1)
                if (i + 1) % every == 0 or i + 1 in (warmup, warmup + games):
                    trace.append({"games": i + 1, "rss_mb": round(rss_mb(pid), 1),
                                  "live_games": _live_games(http, server.base)})
                if i + 1 == warmup:
                    # the warm-up's games let go too, as at the end
                    time.sleep(finished_seconds + 1.5)
                    start = rss_mb(pid)
            time.sleep(finished_seconds + 1.5)  # the server's next ticks let games go
            end = rss_mb(pid)
            live_end = _live_games(http, server.base)
    finally:
        server.stop()
    # The run's database and log let go (a run that failed raised above and keeps them).
    shutil.rmtree(folder, ignore_errors=True)
    elapsed = time.perf_counter() - started
    peak = max([first, end, *(t["rss_mb"] for t in trace)])
    out: dict[str, Any] = {
        "game": game, "players": players, "options": dict(options or {}),
        "warmup_games": warmup, "finished_games": games, "evict": evict}
    if warmup:
        out.update({"rss_first_mb": round(first, 1),
                    "warmup_growth_mb": round(start - first, 1)})
    out.update({
        "rss_start_mb": round(start, 1), "rss_end_mb": round(end, 1),
        "rss_peak_mb": round(peak, 1), "growth_mb": round(end - start, 1),
        "growth_kb_per_game": round((end - start) * 1024 / games, 2),
        "live_games_end": live_end, "seconds": round(elapsed, 1), "trace": trace})
    return out
