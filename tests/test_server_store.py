"""The action log: one version per action, refused items leave the rest committed, a
retried key is never applied twice; and the load benchmark loses nothing it acked."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from meeple.server.bench import bench_server
from meeple.server.store import Append, Appended, DuplicateKey, StaleVersion, Store
from tests.server_helpers import auth, create, server


def _game(store: Store, gid: str) -> None:
    store.create_game({"id": gid, "game": "counter", "players": 2, "seed": 1,
                       "options": {"limit": 0}, "settings": {}, "owner_hash": f"o{gid}",
                       "spectator_hash": f"s{gid}", "version": 0, "finished": False,
                       "deadline_at": None},
                      [{"seat": 0, "kind": "human", "name": None, "secret_hash": f"a{gid}",
                        "joined": False, "webhook": None}])


def _item(gid: str, seq: int, key: str | None = None) -> Append:
    return Append(gid, Appended(seq, seq % 2, "inc", "seat", key), False, None, None, [])


def test_a_refused_item_of_a_batch_leaves_the_others_committed(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    _game(store, "a")
    _game(store, "b")
    results = store.append_batch([_item("a", 1), _item("b", 1), _item("a", 3),
                                  _item("b", 2, key="k")])
    assert results[0] is None and results[1] is None and results[3] is None
    assert isinstance(results[2], StaleVersion)
    again = store.append_batch([_item("b", 3, key="k"), _item("a", 2)])
    assert isinstance(again[0], DuplicateKey) and again[1] is None
    assert [a.seq for a in store.actions_after("a", 0)] == [1, 2]
    assert [a.seq for a in store.actions_after("b", 0)] == [1, 2]
    store.close()


def test_racing_submissions_give_a_strictly_sequential_log(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="counter", players=1, options={"limit": 0})
        gid, token = g["id"], g["seats"][0]["token"]
        hub = c.app.state.hub  # type: ignore[attr-defined]

        async def race() -> list[dict[str, Any]]:
            return list(await asyncio.gather(*[
                hub.submit(gid, 0, "inc", key=f"k{i % 40}") for i in range(80)]))

        acks = c.portal.call(race)  # type: ignore[union-attr]
        fresh = [a for a in acks if not a["duplicate"]]
        assert sorted(a["version"] for a in fresh) == list(range(1, 41))
        record = c.get(f"/api/games/{gid}/export", headers=auth(g["owner_token"])).json()
        assert len(record["actions"]) == 40
        assert c.get(f"/api/games/{gid}", headers=auth(token)).json()["view"]["count"] == 40


@pytest.mark.parametrize("game", ["counter", "cult"])
def test_the_load_benchmark_loses_no_acknowledged_move(game: str) -> None:
    result = bench_server(game, games=3, clients=4, seconds=2.0)
    assert result["moves"] > 20
    # the window opens once every client has its first view; every move is checked
    assert result["connect_seconds"] > 0 and result["moves_acknowledged"] >= result["moves"]
    assert result["lost"] == 0 and result["errors"] == 0
    assert 0 < result["p50_ms"] <= result["p99_ms"]
