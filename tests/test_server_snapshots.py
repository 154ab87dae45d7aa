"""Snapshots: every game stores one every ``snapshot_every`` actions, counted from an offset
of its own, so that games started together do not all store one at the same move; a game
is rebuilt from its newest snapshot, wherever it falls, and the actions after it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from sqlalchemy import select

from meeple.core.actions import Action
from meeple.core.registry import get_game
from meeple.server import db
from meeple.server.hub import snapshot_due
from meeple.server.store import Store
from tests.server_helpers import auth, create, server

EVERY = 5
MOVES = 12


def _play_counters(path: Path, games: int) -> list[str]:
    with server(path, snapshot_every=EVERY) as client:
        made = [create(client, game="counter", players=1, options={"limit": 0})
                for _ in range(games)]
        for _ in range(MOVES):  # the games move in step, as the load benchmark's do
            for g in made:
                r = client.post(f"/api/games/{g['id']}/actions",
                                headers=auth(g["seats"][0]["token"]), json={"action": "inc"})
                assert r.status_code == 200, r.text
    return [g["id"] for g in made]


def _snapshot_versions(path: Path) -> dict[str, list[int]]:
    store = Store(f"sqlite:///{path}", migrate=False)
    try:
        with store.engine.connect() as c:
            rows = c.execute(select(db.snapshots.c.game_id, db.snapshots.c.seq)
                             .order_by(db.snapshots.c.seq)).all()
    finally:
        store.close()
    out: dict[str, list[int]] = {}
    for gid, seq in rows:
        out.setdefault(gid, []).append(seq)
    return out


def test_games_started_together_store_their_snapshots_at_different_moves(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    gids = _play_counters(path, 8)
    stored = _snapshot_versions(path)
    for gid in gids:
        expected = [v for v in range(1, MOVES + 1) if snapshot_due(gid, v, EVERY)]
        assert stored.get(gid, []) == expected, gid
        assert [b - a for a, b in pairwise(expected)] == [EVERY] * (
            len(expected) - 1)
    # Eight games, five possible offsets: all at one offset would be the old schedule
    # (every game at versions 5, 10), which leaves this at one value.
    assert len({stored[gid][0] for gid in gids}) > 1, stored


def test_a_game_is_rebuilt_at_every_version_from_a_snapshot_at_its_own_offset(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    gids = _play_counters(path, 3)
    game = get_game("counter")
    store = Store(f"sqlite:///{path}", migrate=False)
    try:
        for gid in gids:
            state = game.new_state(1, store.game(gid)["seed"], {"limit": 0})  # type: ignore[index]
            for version in range(1, MOVES + 1):
                state.apply(0, Action.parse("inc"))
                _, seq, rebuilt = store.rebuild(gid, version)
                assert seq == version and rebuilt.hash() == state.hash(), (gid, version)
    finally:
        store.close()
