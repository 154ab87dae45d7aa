"""Rating updates racing: several updaters at once over finished games between two
accounts. Each game must be rated exactly once, in one order, and recomputing the
ratings from the stored results must give the same numbers."""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from meeple.check.common import Outcome
from meeple.server import accounts, db, ratings
from meeple.server.store import Store

GAMES = 10
UPDATERS = 4


def _finished(engine: Any, game_id: str, players: list[int], winner: int) -> None:
    """A finished 2-player Cult game between two accounts, as the hub writes it."""
    with engine.begin() as c:
        c.execute(db.games.insert().values(
            id=game_id, game="cult", players=2, seed=1, options={}, settings={},
            owner_hash=f"o{game_id}", spectator_hash=f"s{game_id}", version=1, finished=True,
            deadline_at=None, created_at=0.0))
        ratings.write_result(c, {
            "game": {"game_id": game_id, "game": "cult", "players": 2, "finished_at": 1.0,
                     "rated": True, "rating_seq": None},
            "seats": [{"game_id": game_id, "seat": i, "account_id": a, "bot": None,
                       "place": 1 if i == winner else 2, "score": None, "mu": None,
                       "sigma": None} for i, a in enumerate(players)]})


def rating_race(url: str | None = None) -> Outcome:
    started = time.perf_counter()
    url = url or f"sqlite:///{Path(tempfile.mkdtemp(prefix='meeple-ratings-')) / 'r.db'}"
    out = Outcome("rating updates racing",
                  f"{UPDATERS} rating updaters at once over {GAMES} finished games of two "
                  "accounts: each game rated once, in one order; recomputing gives the same "
                  "numbers")
    store = Store(url)
    try:
        ids = [accounts.sign_up(store.engine, name, "racing passwords")
               for name in ("racer-ann", "racer-bob")]
        for i in range(GAMES):
            _finished(store.engine, f"race{i}", ids, winner=i % 3 % 2)
        errors: list[BaseException] = []

        def update() -> None:
            try:
                ratings.apply_pending(store.engine)
            except Exception as e:  # reported as a failure of the check
                errors.append(e)

        threads = [threading.Thread(target=update) for _ in range(UPDATERS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        out.count = UPDATERS * GAMES
        for e in errors:
            out.fail(f"an updater failed: {e!r}")
        rows = ratings.table(store.engine)
        if [r["games"] for r in rows] != [GAMES, GAMES]:
            out.fail(f"games counted per account: {[r['games'] for r in rows]}, not {GAMES}")
        with store.engine.connect() as c:
            seqs = sorted(r[0] for r in c.exec_driver_sql("select rating_seq from results"))
        if seqs != list(range(1, GAMES + 1)):
            out.fail(f"rating order {seqs}: a game rated twice, or not at all")
        ratings.recompute(store.engine)
        if ratings.table(store.engine) != rows:
            out.fail("recomputing the ratings from the results gave other numbers")
    finally:
        store.close()
    out.games = ["cult"]
    out.seconds = round(time.perf_counter() - started, 1)
    return out
