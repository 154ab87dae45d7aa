"""Secrets: long and random, stored only hashed, never echoed in a payload or written to
the server's log; another seat's move and the Master's console refused without the
right secret."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from meeple.check.common import Outcome


def secrets_check(base: str, db_file: Path, server_log: Path) -> Outcome:
    started = time.perf_counter()
    out = Outcome("auth", "")

    def expect(ok: bool, problem: str) -> None:
        out.count += 1
        if not ok:
            out.fail(problem)

    g = httpx.post(f"{base}/api/games", json={
        "game": "colonies", "players": 2, "seed": 3, "options": {"master": True}}).json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]] + [g["owner_token"], g["spectator_token"]]
    expect(len(set(tokens)) == len(tokens), "two secrets are the same")
    expect(all(len(t) >= 43 for t in tokens), "a secret is shorter than 32 random bytes")

    def head(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    player, master = tokens[0], tokens[2]
    # What the seats may do, and may not.
    r = httpx.post(f"{base}/api/games/{gid}/actions", headers=head(player),
                   json={"action": "approve 0"})
    expect(r.status_code == 422, f"a player gave the Master's order: {r.status_code}")
    r = httpx.post(f"{base}/api/games/{gid}/actions", headers=head(g["spectator_token"]),
                   json={"action": "ready"})
    expect(r.status_code == 403, f"a spectator acted: {r.status_code}")
    r = httpx.post(f"{base}/api/games/{gid}/actions", headers=head(player[:-1] + "A"),
                   json={"action": "ready"})
    expect(r.status_code == 403, f"a secret one character off was taken: {r.status_code}")
    other = httpx.post(f"{base}/api/games", json={"game": "cult", "players": 2}).json()
    r = httpx.get(f"{base}/api/games/{gid}", headers=head(other["seats"][0]["token"]))
    expect(r.status_code == 403, f"another game's secret opened this one: {r.status_code}")
    expect(httpx.post(f"{base}/api/games/{gid}/actions", headers=head(player),
                      json={"action": 'goal "Hold two provinces"'}).status_code == 200,
           "a player could not act with the right secret")
    r = httpx.post(f"{base}/api/games/{gid}/actions", headers=head(master),
                   json={"action": "ready"})
    expect(r.status_code == 422, f"the Master acted as a player: {r.status_code}")
    # Nothing echoes a secret: views, logs, exports, a WebSocket message, the log file.
    from websockets.sync.client import connect

    texts = []
    for t in tokens:
        for path in ("", "/log", "/export"):
            texts.append(httpx.get(f"{base}/api/games/{gid}{path}", headers=head(t)).text)
    with connect(base.replace("http", "ws", 1) + f"/api/games/{gid}/ws?token={player}") as ws:
        texts.append(str(ws.recv(timeout=10)))
    texts.append(json.dumps(httpx.get(f"{base}/api/games").json()))
    time.sleep(0.5)
    texts.append(server_log.read_text(errors="replace") if server_log.exists() else "")
    stored = db_file.read_bytes() if db_file.exists() else b""
    for t in tokens:
        expect(not any(t in x for x in texts), "a secret was echoed or logged")
        expect(t.encode() not in stored, "a secret is stored in the clear")
    out.tried = (f"{out.count} checks: secrets' length and uniqueness; a player's Master "
                 "order, a spectator's move, a secret one character off, another game's "
                 "secret, the Master acting as a player, all refused; no secret in any "
                 "view, log, export, WebSocket message, game list, the server's log or the "
                 "database file")
    out.seconds = round(time.perf_counter() - started, 1)
    return out
