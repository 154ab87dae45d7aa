"""The database going away under load: a real PostgreSQL server is stopped while players
submit moves, then started again. While it is down every submission must be answered 503
naming the fault, nothing may be acknowledged, and readiness must say the server cannot
take moves; once it is back the same server process (no restart) must take moves again,
and every move it acknowledged, before or after, must be in the database."""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx

from meeple.check.common import Outcome, every_game, seat_secrets, seat_with_a_move_async
from meeple.check.faults import verify
from meeple.check.services import Postgres
from meeple.core.rng import Rng
from meeple.server.process import ServerProcess


@dataclass
class Answers:
    acked: dict[int, str] = field(default_factory=dict)
    ack_times: list[float] = field(default_factory=list)
    # (when, HTTP status, error code, message) of each refused look or move
    refusals: list[tuple[float, int, str, str]] = field(default_factory=list)


class _Refused(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        err = body.get("error", {})
        self.answer = (time.monotonic(), status, str(err.get("code")), str(err.get("message")))


async def _player(http: httpx.AsyncClient, base: str, g: dict[str, Any], out: Answers,
                  rng: Rng, stop: asyncio.Event) -> None:
    """Plays every seat of one game; a refused look or move is noted and tried again."""
    async def view_of(token: str) -> dict[str, Any]:
        r = await http.get(f"{base}/api/games/{g['id']}",
                           headers={"Authorization": f"Bearer {token}"})
        if r.status_code != 200:  # the seat is looked up in the database
            raise _Refused(r.status_code, r.json())
        return dict(r.json())

    while not stop.is_set():
        try:
            found = await seat_with_a_move_async(view_of, seat_secrets(g))
            if found is None:
                return  # the game is over
            token, view = found
            action = view["legal"][rng.below(len(view["legal"]))]
            r = await http.post(f"{base}/api/games/{g['id']}/actions",
                                headers={"Authorization": f"Bearer {token}",
                                         "Idempotency-Key": uuid.uuid4().hex},
                                json={"action": action, "version": view["version"]})
            if r.status_code != 200:
                raise _Refused(r.status_code, r.json())
        except httpx.HTTPError:
            await asyncio.sleep(0.05)
            continue
        except _Refused as e:
            out.refusals.append(e.answer)
            await asyncio.sleep(0.05)
            continue
        ack = r.json()
        out.acked[ack["version"]] = ack["action"]
        out.ack_times.append(time.monotonic())


async def _ready(http: httpx.AsyncClient, base: str) -> tuple[int, str]:
    r = await http.get(f"{base}/api/health/ready")
    return r.status_code, str(r.json().get("reason", ""))


def database_outage(outage: float = 3.0, names: list[str] | None = None,
                    seed: int = 1) -> Outcome:
    """One game of each registered game and two Counter games, played while PostgreSQL is
    stopped for ``outage`` seconds and started again."""
    started = time.perf_counter()
    out = Outcome("database outage", "")
    real = [n for n in (names or every_game()) if n != "counter"]
    specs: list[dict[str, Any]] = [{"game": n} for n in real]
    specs += [{"game": "counter", "players": 2, "options": {"limit": 0}}] * 2
    answers: dict[str, Answers] = {}
    kinds: dict[str, str] = {}
    with Postgres() as pg:
        server = ServerProcess(pg.url, "--log-level", "warning", "--bot-workers", "0",
                               "--rate", "0")
        server.start()
        try:
            marks = asyncio.run(_drive(server.base, pg, specs, answers, kinds, outage,
                                       seed, out))
        finally:
            server.stop()
        verify(pg.url, {g: a.acked for g, a in answers.items()}, out)
    down, up = marks
    acked_while_down = sum(1 for a in answers.values() for t in a.ack_times if down < t < up)
    if acked_while_down:
        out.fail(f"{acked_while_down} moves acknowledged while the database was down")
    during = [x for a in answers.values() for x in a.refusals if down < x[0] < up]
    named = [x for x in during if x[1] == 503 and x[2] == "storage_unavailable"
             and "database" in x[3]]
    if not named:
        out.fail("no request was refused with 503 naming the database while it was down")
    wrong = [x for x in during if x not in named and x[1] != 409]
    for _when, status, code, message in wrong[:5]:
        out.fail(f"while the database was down a request got {status} {code}: {message}")
    after = {kinds[g] for g, a in answers.items() if any(t > up for t in a.ack_times)}
    for name in sorted(set(kinds.values()) - after):
        out.fail(f"{name}: no move was taken after the database came back")
    out.games = sorted(after)
    out.count = sum(len(a.acked) for a in answers.values()) + len(during)
    out.tried = (f"PostgreSQL stopped for {outage:g} s and started again while "
                 f"{len(specs)} games ({', '.join(real)} and Counter) were played over "
                 f"HTTP: {len(during)} requests while it was down (each must be a 503 "
                 "naming the database), readiness false then true, "
                 f"{sum(len(a.acked) for a in answers.values())} moves acknowledged in all "
                 "and every one found in the database, moves taken again without a restart")
    out.seconds = round(time.perf_counter() - started, 1)
    return out


async def _drive(base: str, pg: Postgres, specs: list[dict[str, Any]],
                 answers: dict[str, Answers], kinds: dict[str, str], outage: float,
                 seed: int, out: Outcome) -> tuple[float, float]:
    stop = asyncio.Event()
    async with httpx.AsyncClient(timeout=30) as http:
        tasks = []
        for i, spec in enumerate(specs):
            r = await http.post(f"{base}/api/games", json={**spec, "seed": seed + i})
            r.raise_for_status()
            g = r.json()
            answers[g["id"]], kinds[g["id"]] = Answers(), spec["game"]
            tasks.append(asyncio.create_task(_player(http, base, g, answers[g["id"]],
                                                     Rng(seed * 31 + i), stop)))
        await asyncio.sleep(1.5)
        await asyncio.to_thread(pg.stop)
        down = time.monotonic()
        await asyncio.sleep(outage / 2)
        status, reason = await _ready(http, base)
        if status != 503 or "database" not in reason:
            out.fail(f"readiness while the database was down: {status} {reason!r}")
        await asyncio.sleep(outage / 2)
        up = time.monotonic()
        await asyncio.to_thread(pg.start)
        end = time.monotonic() + 30
        while time.monotonic() < end and (await _ready(http, base))[0] != 200:
            await asyncio.sleep(0.2)
        if (await _ready(http, base))[0] != 200:
            out.fail("readiness did not come back within 30 s of the database")
        await asyncio.sleep(3.0)
        stop.set()
        for result in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(result, BaseException):
                out.fail(f"a player broke: {result!r}")
    return down, up
