"""``meeple check reliability``: every attack at a chosen size, one result per test. Each
attack goes through every registered game (``games`` in its result), so that a game added
to the registry is attacked too: the tests check that it is."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from meeple.check import auth, database, faults, fuzz, leaks, races, rating_race, storage
from meeple.check.common import Outcome
from meeple.check.services import ServiceMissing
from meeple.server.process import ServerProcess


def run(kills: int, views: int, examples: int, clients: int, seed: int = 1,
        only: set[str] | None = None, steps: int = 400) -> dict[str, Any]:
    """``steps``: the most moves of one random game in the hidden-information check."""
    started = time.perf_counter()
    results: list[Outcome] = []

    def want(name: str) -> bool:
        return only is None or name in only

    if want("sigkill"):
        results.append(faults.sigkill(kills, seed=seed))
    if want("storage"):
        results.append(storage.storage_faults())
    if want("database"):
        try:
            results.append(database.database_outage(seed=seed))
        except ServiceMissing as e:
            missing = Outcome("database outage", "PostgreSQL stopped and started under load")
            missing.fail(str(e))
            results.append(missing)
    if want("ratings"):
        results.append(rating_race.rating_race())
    if want("hidden"):
        results.extend(leaks.hidden(views, seed=seed, steps=steps))
    if want("parsers"):
        results.append(fuzz.parsers(examples * 10))
    if want("concurrency") or want("auth") or want("fuzz"):
        folder = Path(tempfile.mkdtemp(prefix="meeple-check-"))
        log = folder / "server.log"
        server = ServerProcess(f"sqlite:///{folder / 'check.db'}", "--log-level", "info",
                               "--bot-workers", "0",
                               log=log)
        server.start()
        try:
            if want("concurrency"):
                results.append(races.race(server.base, clients))
            if want("auth"):
                results.append(auth.secrets_check(server.base, folder / "check.db", log))
            if want("fuzz"):
                results.append(fuzz.api(server.base, examples, seed))
        finally:
            server.stop()
    return {"tests": [r.to_json() for r in results],
            "failed": sum(r.failed for r in results),
            "seconds": round(time.perf_counter() - started, 1)}
