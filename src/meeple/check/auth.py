"""Secrets: long and random, stored only hashed, never echoed in a payload or written to
the server's log; another seat's move and the Master's console refused without the
right secret; the same for a game of every registered game."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from meeple.check.common import Outcome, every_game, seat_secrets, seat_with_a_move


def _one_game(http: httpx.Client, base: str, g: dict[str, Any], stranger: str | None,
              out: Outcome) -> list[str]:
    """A spectator's move and a seat's move made with another game's secret (``stranger``)
    refused, a seat's own secret accepted. Returns every text the game showed."""
    name, gid = g["game"], g["id"]

    def expect(ok: bool, problem: str) -> None:
        out.count += 1
        if not ok:
            out.fail(f"{name}: {problem}")

    def view_of(token: str) -> dict[str, Any]:
        return dict(http.get(f"{base}/api/games/{gid}",
                             headers={"Authorization": f"Bearer {token}"}).json())

    found = seat_with_a_move(view_of, seat_secrets(g))
    expect(found is not None, "a new game asks nobody to move")
    if found is not None:
        token, view = found
        move = {"action": view["legal"][0]}
        others = [(g["spectator_token"], "a spectator")]
        if stranger is not None:
            others.append((stranger, "another game's seat"))
        for other, who in others:
            r = http.post(f"{base}/api/games/{gid}/actions", json=move,
                          headers={"Authorization": f"Bearer {other}"})
            expect(r.status_code == 403, f"{who} moved: {r.status_code}")
        r = http.post(f"{base}/api/games/{gid}/actions", json=move,
                      headers={"Authorization": f"Bearer {token}"})
        expect(r.status_code == 200, f"a seat could not move with its secret: {r.status_code}")
    texts = []
    for secret in _secrets(g):
        for path in ("", "/log", "/export"):
            texts.append(http.get(f"{base}/api/games/{gid}{path}",
                                  headers={"Authorization": f"Bearer {secret}"}).text)
    return texts


def _secrets(g: dict[str, Any]) -> list[str]:
    return [*seat_secrets(g), g["owner_token"], g["spectator_token"]]


def _every_game(http: httpx.Client, base: str, names: list[str],
                out: Outcome) -> tuple[list[str], list[str]]:
    """A game of each of ``names`` through :func:`_one_game`; returns every secret handed
    out and every text the games showed, to look for the secrets in."""
    games = [http.post(f"{base}/api/games", json={"game": name, "seed": 3}).json()
             for name in names]
    secrets: list[str] = []
    texts: list[str] = []
    for i, g in enumerate(games):
        secrets += _secrets(g)
        stranger = games[(i + 1) % len(games)]["seats"][0]["token"] if len(games) > 1 else None
        texts += _one_game(http, base, g, stranger, out)
    out.games = sorted(names)
    return secrets, texts


def _attack(http: httpx.Client, base: str, db_file: Path, server_log: Path,
            names: list[str] | None, out: Outcome) -> None:
    def expect(ok: bool, problem: str) -> None:
        out.count += 1
        if not ok:
            out.fail(problem)

    g = http.post(f"{base}/api/games", json={
        "game": "colonies", "players": 2, "seed": 3, "options": {"master": True}}).json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]] + [g["owner_token"], g["spectator_token"]]
    expect(len(set(tokens)) == len(tokens), "two secrets are the same")
    expect(all(len(t) >= 43 for t in tokens), "a secret is shorter than 32 random bytes")

    def head(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    player, master = tokens[0], tokens[2]
    # What the seats may do, and may not.
    r = http.post(f"{base}/api/games/{gid}/actions", headers=head(player),
                  json={"action": "approve 0"})
    expect(r.status_code == 422, f"a player gave the Master's order: {r.status_code}")
    r = http.post(f"{base}/api/games/{gid}/actions", headers=head(g["spectator_token"]),
                  json={"action": "ready"})
    expect(r.status_code == 403, f"a spectator acted: {r.status_code}")
    # (another last character: a secret that ended in "A" was its own "one off"; the last
    # character of 32 random bytes in URL-safe base64 takes 16 values)
    off = player[:-1] + ("B" if player.endswith("A") else "A")
    r = http.post(f"{base}/api/games/{gid}/actions", headers=head(off),
                  json={"action": "ready"})
    expect(r.status_code == 403, f"a secret one character off was taken: {r.status_code}")
    other = http.post(f"{base}/api/games", json={"game": "cult", "players": 2}).json()
    r = http.get(f"{base}/api/games/{gid}", headers=head(other["seats"][0]["token"]))
    expect(r.status_code == 403, f"another game's secret opened this one: {r.status_code}")
    expect(http.post(f"{base}/api/games/{gid}/actions", headers=head(player),
                     json={"action": 'goal "Hold two provinces"'}).status_code == 200,
           "a player could not act with the right secret")
    r = http.post(f"{base}/api/games/{gid}/actions", headers=head(master),
                  json={"action": "ready"})
    expect(r.status_code == 422, f"the Master acted as a player: {r.status_code}")
    # Nothing echoes a secret: views, logs, exports, a WebSocket message, the log file.
    from websockets.sync.client import connect

    texts = []
    for t in tokens:
        for path in ("", "/log", "/export"):
            texts.append(http.get(f"{base}/api/games/{gid}{path}", headers=head(t)).text)
    with connect(base.replace("http", "ws", 1) + f"/api/games/{gid}/ws?token={player}") as ws:
        texts.append(str(ws.recv(timeout=10)))
    secrets, more = _every_game(http, base, names or every_game(), out)
    texts += more
    texts.append(json.dumps(http.get(f"{base}/api/games").json()))
    time.sleep(0.5)
    texts.append(server_log.read_text(errors="replace") if server_log.exists() else "")
    stored = db_file.read_bytes() if db_file.exists() else b""
    for t in tokens + secrets:
        expect(not any(t in x for x in texts), "a secret was echoed or logged")
        expect(t.encode() not in stored, "a secret is stored in the clear")
    out.tried = (f"{out.count} checks: secrets' length and uniqueness; a player's Master "
                 "order, a spectator's move, a secret one character off, another game's "
                 "secret, the Master acting as a player, all refused; no secret in any "
                 "view, log, export, WebSocket message, game list, the server's log or the "
                 "database file; in a game of each of "
                 f"{', '.join(out.games)}: a spectator's move and another game's secret "
                 "refused, the seat's own accepted, no secret shown")


def secrets_check(base: str, db_file: Path, server_log: Path,
                  names: list[str] | None = None) -> Outcome:
    started = time.perf_counter()
    out = Outcome("auth", "")
    # One client for every request: a new one per request costs more than the request.
    with httpx.Client(timeout=30) as http:
        _attack(http, base, db_file, server_log, names, out)
    out.seconds = round(time.perf_counter() - started, 1)
    return out
