"""Bounded memory: finished and idle games leave the server's memory and are rebuilt from
the database when asked for again, in the very state they had; the number held is capped;
a watched game, a bot's move or a deadline never gets lost on the way."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server.hub import Hub
from tests.server_helpers import auth, create, server, wait_for

LATER = 1e12  # a monotonic time after every game's last use


def _hub(c: TestClient) -> Hub:
    hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
    return hub


def _trim(c: TestClient, now: float | None = None) -> int:
    hub = _hub(c)
    return int(c.portal.call(lambda: hub.trim(now)))  # type: ignore[union-attr]


def _play(c: TestClient, g: dict[str, Any], moves: int) -> None:
    head = auth(g["seats"][0]["token"])
    for v in range(moves):
        r = c.post(f"/api/games/{g['id']}/actions", headers=head,
                   json={"action": "inc", "version": v})
        assert r.status_code == 200, r.text


def test_a_finished_game_leaves_memory_and_comes_back_the_same(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="counter", players=1, options={"limit": 3})
        _play(c, g, 3)
        head = auth(g["spectator_token"])
        before = c.get(f"/api/games/{g['id']}", headers=head).json()
        state_hash = _hub(c).games[g["id"]].state.hash()
        assert _trim(c) == 0  # just finished: kept a few seconds
        assert _trim(c, LATER) == 1 and g["id"] not in _hub(c).games
        after = c.get(f"/api/games/{g['id']}", headers=head).json()
        assert after == before and after["finished"]
        assert _hub(c).games[g["id"]].state.hash() == state_hash


def test_the_games_held_in_memory_are_capped_and_each_plays_on(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite", max_live_games=3) as c:
        games = [create(c, game="counter", players=1, options={"limit": 0}) for _ in range(6)]
        for g in games:
            _play(c, g, 2)
        _trim(c)
        assert len(_hub(c).games) <= 3
        assert {g["id"] for g in games[-3:]} == set(_hub(c).games)  # the most recent stay
        for g in games:  # every game, evicted or not, goes on from where it was
            head = auth(g["seats"][0]["token"])
            r = c.post(f"/api/games/{g['id']}/actions", headers=head,
                       json={"action": "inc", "version": 2})
            assert r.status_code == 200 and r.json()["version"] == 3
        text = c.get("/metrics").text
        evicted = re.search(r"^meeple_games_evicted_total (\S+)$", text, re.MULTILINE)
        assert evicted and float(evicted.group(1)) >= 3


def test_a_watched_game_stays_in_memory(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="counter", players=1, options={"limit": 1})
        _play(c, g, 1)
        with c.websocket_connect(f"/api/games/{g['id']}/ws?token={g['spectator_token']}") \
                as ws:
            ws.receive_json()
            assert _trim(c, LATER) == 0 and g["id"] in _hub(c).games
        assert _trim(c, LATER) == 1


def test_a_deadline_still_acts_in_a_game_that_left_memory(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite", idle_seconds=0.0) as c:
        g = create(c, game="cult", players=2, seed=2, deadline_seconds=1)
        me = g["seats"][0]["token"]
        first = wait_for(c, g["id"], me, seat_waiting=0)
        assert _trim(c, LATER) == 1 and not _hub(c).games
        end = time.time() + 20
        while time.time() < end:
            v = c.get(f"/api/games/{g['id']}", headers=auth(g["spectator_token"])).json()
            if v["version"] > first["version"]:
                break
            _trim(c, LATER)
            time.sleep(0.2)
        assert v["version"] > first["version"], "the deadline of an evicted game never acted"


def test_the_memory_benchmark_sees_finished_games_leave_or_stay() -> None:
    from meeple.server.memory_bench import bench_memory

    evicting = bench_memory("counter", games=30, players=1, samples=3)
    assert evicting["finished_games"] == 30 and evicting["live_games_end"] == 0
    assert [t["games"] for t in evicting["trace"]] == [10, 20, 30]
    assert evicting["rss_start_mb"] > 10 and evicting["rss_peak_mb"] >= evicting["rss_end_mb"]
    keeping = bench_memory("counter", games=30, players=1, samples=3, evict=False)
    assert keeping["live_games_end"] == 31  # the warm-up game and the 30


def test_the_memory_benchmark_counts_the_growth_from_after_its_warm_up() -> None:
    from meeple.server.memory_bench import bench_memory

    result = bench_memory("counter", games=4, players=1, samples=2, warmup=2,
                          finished_seconds=0.2)
    assert result["warmup_games"] == 2 and result["finished_games"] == 4
    assert result["rss_first_mb"] + result["warmup_growth_mb"] == pytest.approx(
        result["rss_start_mb"], abs=0.11)
    assert [t["games"] for t in result["trace"]] == [2, 3, 6]
    assert result["live_games_end"] == 0


@pytest.mark.parametrize(("args", "said"), [
    (["--warmup", "5"], "--warmup and --option go with --finish-games"),
    (["--finish-games", "2", "--warmup", "-1"], "--warmup must be 0 or more"),
    (["--finish-games", "2", "-o", "rounds=2"], "unknown option 'rounds' for cult"),
])
def test_the_memory_run_refuses_a_warm_up_or_option_it_cannot_use(
        args: list[str], said: str) -> None:
    from typer.testing import CliRunner

    from meeple.cli.main import app

    out = CliRunner().invoke(app, ["bench", "server", "--game", "cult", *args])
    assert out.exit_code == 2
    assert said in out.output
