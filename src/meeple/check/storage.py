"""Storage faults: a database locked by another process, a read-only database and a full
disk must each give a clear 503 naming the problem, leave the game as it was (no
half-written move), and let play go on once the fault is gone."""

from __future__ import annotations

import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import event

from meeple.check.common import Outcome, every_game, seat_secrets, seat_with_a_move


def _client(url: str, **config: Any) -> Any:
    from fastapi.testclient import TestClient

    from meeple.server.app import Config, create_app

    return TestClient(create_app(Config(database_url=url, bot_workers=0, rate=0.0, **config)))


def storage_faults(names: list[str] | None = None) -> Outcome:
    """The three faults on a Counter game (the full disk needs a game that never ends);
    the locked database also on the first move of one game of each of ``names`` (every
    registered game by default)."""
    started = time.perf_counter()
    out = Outcome("storage faults", "")
    folder = Path(tempfile.mkdtemp(prefix="meeple-storage-"))
    path = folder / "s.db"
    url = f"sqlite:///{path}"
    with _client(url, db_timeout=0.3) as c:
        g = c.post("/api/games", json={"game": "counter", "players": 1,
                                       "options": {"limit": 0}}).json()
        others = [c.post("/api/games", json={"game": name, "seed": 7}).json()
                  for name in (names or every_game()) if name != "counter"]
    head = {"Authorization": f"Bearer {g['seats'][0]['token']}"}

    def attempt(client: Any, fault: str, named: str,
                during: Callable[[], object] | None = None) -> None:
        _refused(client, g["id"], g["seats"][0]["token"], "inc", fault, named, out, during)

    # A database locked by another process.
    with _client(url, db_timeout=0.3) as c:
        firsts = _first_moves(c, others, out)
        lock = sqlite3.connect(path, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        for name, (gid, token, action) in firsts.items():
            _refused(c, gid, token, action, f"locked database, {name}", "locked", out)
        attempt(c, "locked database", "locked", lambda: lock.execute("ROLLBACK"))
        lock.close()
        _goes_on(c, g, head, out, "locked database")
        for name, (gid, token, action) in firsts.items():
            r = c.post(f"/api/games/{gid}/actions", json={"action": action},
                       headers={"Authorization": f"Bearer {token}"})
            out.count += 1
            if r.status_code != 200:
                out.fail(f"after the locked database: {name}'s move got {r.status_code}")
    out.games = sorted({"counter", *firsts})
    # A read-only database.
    with _client(f"sqlite:///file:{path}?mode=ro&uri=true", db_timeout=0.3) as c:
        attempt(c, "read-only database", "readonly")
    # A full disk: the database may not grow by a single page.
    with _client(url, db_timeout=0.3) as c:
        engine = c.app.state.hub.store.engine
        engine.dispose()
        pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]

        @event.listens_for(engine, "connect")
        def _full(conn: Any, _record: Any) -> None:
            conn.execute(f"PRAGMA max_page_count={pages}")

        for _ in range(2000):  # the first moves fit in the pages' free space; then it is full
            attempt_full = c.post(f"/api/games/{g['id']}/actions", headers=head,
                                  json={"action": "inc"})
            if attempt_full.status_code == 503:
                break
        attempt(c, "full disk", "full")
        event.remove(engine, "connect", _full)
        engine.dispose()
        _goes_on(c, g, head, out, "full disk")
    out.tried = ("a move against a database locked by another process, a read-only "
                 "database and a full disk (SQLite max_page_count): each answered 503 "
                 "storage_unavailable naming the fault, the game unchanged, and play going "
                 "on after; the locked database also on the first move of a game of "
                 f"{', '.join(sorted(firsts))}")
    out.seconds = round(time.perf_counter() - started, 1)
    return out


def _first_moves(c: Any, games: list[dict[str, Any]],
                 out: Outcome) -> dict[str, tuple[str, str, str]]:
    """For each game: its id, the secret of a seat asked to move and a legal move."""
    firsts = {}
    for g in games:
        def view_of(token: str, gid: str = g["id"]) -> dict[str, Any]:
            return dict(c.get(f"/api/games/{gid}",
                              headers={"Authorization": f"Bearer {token}"}).json())

        found = seat_with_a_move(view_of, seat_secrets(g))
        if found is None:
            out.fail(f"a new {g['game']} game asks nobody to move")
            continue
        token, view = found
        firsts[g["game"]] = (g["id"], token, view["legal"][0])
    return firsts


def _refused(c: Any, gid: str, token: str, action: str, fault: str, named: str,
             out: Outcome, during: Callable[[], object] | None = None) -> None:
    """A move during a fault: 503 naming it, and the game unchanged (``during`` runs
    between the move and the look at the game)."""
    head = {"Authorization": f"Bearer {token}"}
    before = c.get(f"/api/games/{gid}", headers=head).json()["version"]
    r = c.post(f"/api/games/{gid}/actions", headers=head,
               json={"action": action, "version": before})
    out.count += 1
    body = r.json().get("error", {})
    if r.status_code != 503 or body.get("code") != "storage_unavailable" \
            or named not in body.get("message", ""):
        out.fail(f"{fault}: answered {r.status_code} {body}")
    if during is not None:
        during()
    after = c.get(f"/api/games/{gid}", headers=head).json()["version"]
    if after != before:
        out.fail(f"{fault}: the game moved from {before} to {after} on a failed write")


def _goes_on(c: Any, g: dict[str, Any], head: dict[str, str], out: Outcome,
             fault: str) -> None:
    v = c.get(f"/api/games/{g['id']}", headers=head).json()["version"]
    r = c.post(f"/api/games/{g['id']}/actions", headers=head,
               json={"action": "inc", "version": v})
    out.count += 1
    if r.status_code != 200:
        out.fail(f"after the {fault}: a move got {r.status_code}")
