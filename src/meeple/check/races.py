"""Concurrency: many clients race on one game, each request sent twice at once with the
same idempotency key. The log must come out strictly sequential, each key applied once,
and every acknowledged move in it. Then, in a game of every registered game, two
different requests race for the same version: exactly one may be applied."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import httpx

from meeple.check.common import Outcome, every_game, seat_secrets, seat_with_a_move_async


async def _send(http: httpx.AsyncClient, method: str, url: str, token: str,
                body: dict[str, Any] | None = None) -> httpx.Response:
    """One request; while the server says 429 (too many), wait as it asks and send again."""
    while True:
        r = await http.request(method, url, json=body,
                               headers={"Authorization": f"Bearer {token}"})
        if r.status_code != 429:
            return r
        await asyncio.sleep(float(r.headers.get("retry-after", "1")) / 4)


async def _client(http: httpx.AsyncClient, base: str, gid: str, token: str, moves: int,
                  acks: list[dict[str, Any]], out: Outcome) -> None:
    for _ in range(moves):
        v = (await _send(http, "GET", f"{base}/api/games/{gid}", token)).json()
        body = {"action": "inc", "version": v["version"], "key": uuid.uuid4().hex}
        twice = await asyncio.gather(*[_send(
            http, "POST", f"{base}/api/games/{gid}/actions", token, body) for _ in range(2)])
        codes = sorted(r.status_code for r in twice)
        out.count += 2
        if any(c >= 500 for c in codes):
            out.fail(f"a racing request got {codes}")
        ok = [r.json() for r in twice if r.status_code == 200]
        if len({a["version"] for a in ok}) > 1:
            out.fail(f"one key applied twice: {ok}")
        acks.extend(ok[:1])


async def _duel(http: httpx.AsyncClient, base: str, name: str, out: Outcome) -> bool:
    """Two requests with different keys for the same version of a new game of ``name``:
    one applied, the other refused as stale, the game one move further."""
    g = (await http.post(f"{base}/api/games", json={"game": name, "seed": 11})).json()
    async def view_of(token: str) -> dict[str, Any]:
        return dict((await _send(http, "GET", f"{base}/api/games/{g['id']}", token)).json())

    found = await seat_with_a_move_async(view_of, seat_secrets(g))
    if found is None:
        out.fail(f"a new {name} game asks nobody to move")
        return False
    token, view = found
    legal, version = view["legal"], view["version"]
    bodies = [{"action": legal[i % len(legal)], "version": version, "key": uuid.uuid4().hex}
              for i in range(2)]
    twice = await asyncio.gather(*[_send(
        http, "POST", f"{base}/api/games/{g['id']}/actions", token, b) for b in bodies])
    out.count += 2
    codes = sorted(r.status_code for r in twice)
    if codes != [200, 409]:
        out.fail(f"{name}: two moves for version {version} got {codes}, not one applied "
                 "and one refused as stale")
    after = (await _send(http, "GET", f"{base}/api/games/{g['id']}", token)).json()["version"]
    if after != version + 1:
        out.fail(f"{name}: the game went from version {version} to {after} on two racing "
                 "moves")
    return True


async def _sign_up_race(http: httpx.AsyncClient, base: str, clients: int,
                        out: Outcome) -> int:
    """One new name signed up by ``clients`` people at once: exactly one account."""
    name = f"racer{uuid.uuid4().hex[:12]}"
    n = max(2, min(clients, 20))
    answers = await asyncio.gather(*[http.post(f"{base}/api/account/signup", json={
        "name": name, "password": f"secret number {i}"}) for i in range(n)])
    made = [r for r in answers if r.status_code == 201]
    refused = [r for r in answers if r.status_code == 409]
    out.count += n
    if len(made) != 1 or len(refused) != n - 1:
        out.fail(f"{n} sign-ups of one name at once: {len(made)} accounts made, "
                 f"{len(refused)} refused, statuses "
                 f"{sorted({r.status_code for r in answers})}")
    return n


def race(base: str, clients: int = 50, moves: int = 20,
         names: list[str] | None = None) -> Outcome:
    started = time.perf_counter()
    out = Outcome("concurrency", "")

    async def run() -> None:
        limits = httpx.Limits(max_connections=clients * 2)
        async with httpx.AsyncClient(timeout=30, limits=limits) as http:
            g = (await http.post(f"{base}/api/games", json={
                "game": "counter", "players": 1, "options": {"limit": 0}})).json()
            token = g["seats"][0]["token"]
            acks: list[dict[str, Any]] = []
            await asyncio.gather(*[_client(http, base, g["id"], token, moves, acks, out)
                                   for _ in range(clients)])
            record = (await http.get(f"{base}/api/games/{g['id']}/export",
                                     headers={"Authorization": f"Bearer {g['owner_token']}"}
                                     )).json()
            n = len(record["actions"])
            versions = sorted(a["version"] for a in acks)
            if versions != list(range(1, n + 1)):
                out.fail(f"{len(versions)} acknowledged moves for a log of {n}")
            view = (await http.get(f"{base}/api/games/{g['id']}",
                                   headers={"Authorization": f"Bearer {token}"})).json()
            if view["view"]["count"] != n or view["version"] != n:
                out.fail(f"the counter shows {view['view']['count']} after {n} moves")
            requests = out.count
            signups = await _sign_up_race(http, base, clients, out)
            duels = [name for name in names or every_game()
                     if await _duel(http, base, name, out)]
            out.games = sorted({"counter", *duels})
            out.tried = (f"{clients} clients racing on one game, {moves} moves each, every "
                         f"request sent twice at once with one key ({requests} requests); "
                         f"{n} moves applied, each once, log 1..{n} without gaps; two "
                         f"different moves racing for the same version of a game of "
                         f"{', '.join(duels)}: one applied, one refused as stale; "
                         f"{signups} sign-ups of one new name at once: one account made, "
                         "every other refused without a word on who took it")

    asyncio.run(run())
    out.seconds = round(time.perf_counter() - started, 1)
    return out
