"""What an operator sees from outside: Prometheus metrics at /metrics, and separate
liveness and readiness probes (readiness false, with the reason, while the database is
unreachable or the server is shutting down)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.server_helpers import auth, create, server


def _metric(text: str, name: str, labels: str = "") -> float:
    pattern = rf"^{re.escape(name)}{re.escape(labels)} (\S+)$"
    found = re.search(pattern, text, re.MULTILINE)
    assert found, f"{name}{labels} not in the metrics"
    return float(found.group(1))


def test_metrics_count_moves_latency_games_sockets_and_refusals(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="counter", players=1, options={"limit": 0})
        head = auth(g["seats"][0]["token"])
        for v in range(5):
            r = c.post(f"/api/games/{g['id']}/actions", headers=head,
                       json={"action": "inc", "version": v})
            assert r.status_code == 200
        stale = c.post(f"/api/games/{g['id']}/actions", headers=head,
                       json={"action": "inc", "version": 0})
        assert stale.status_code == 409
        with c.websocket_connect(f"/api/games/{g['id']}/ws?token={g['seats'][0]['token']}") \
                as ws:
            ws.receive_json()
            text = c.get("/metrics").text
            assert _metric(text, "meeple_websocket_connections") == 1
        r = c.get("/metrics")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        text = r.text
        assert _metric(text, "meeple_moves_total", '{game="counter",source="seat"}') == 5
        assert _metric(text, "meeple_submit_seconds_count", '{game="counter"}') == 5
        assert _metric(text, "meeple_heap_in_use_bytes") > 1_000_000
        assert _metric(text, "meeple_heap_free_bytes") >= 0
        assert _metric(text, "meeple_moves_refused_total", '{reason="stale_version"}') == 1
        assert _metric(text, "meeple_live_games") == 1
        assert _metric(text, "meeple_websocket_connections") == 0
        assert _metric(text, "meeple_outbox_backlog") == 0
        assert _metric(text, "meeple_database_errors_total") == 0


def test_bot_thinking_time_is_measured(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="cult", players=2, seats=[{"kind": "random"}, {"kind": "random"}])
        end = moved = None
        for _ in range(400):
            text = c.get("/metrics").text
            end = re.search(r'^meeple_bot_think_seconds_count\{bot="random",game="cult"\} '
                            r'(\S+)$', text, re.MULTILINE)
            # A bot's thinking is counted before its move is committed: wait for both.
            moved = re.search(r'^meeple_moves_total\{game="cult",source="bot"\} (\S+)$',
                              text, re.MULTILINE)
            if end and moved and float(end.group(1)) >= 3 and float(moved.group(1)) >= 3:
                break
            c.get(f"/api/games/{g['id']}", headers=auth(g["spectator_token"]))
        assert end and float(end.group(1)) >= 3
        assert _metric(text, "meeple_moves_total", '{game="cult",source="bot"}') >= 3


def test_liveness_and_readiness_are_separate(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        assert c.get("/api/health/live").json() == {"status": "live"}
        assert c.get("/api/health/ready").json() == {"status": "ready"}
        hub = c.app.state.hub  # type: ignore[attr-defined]
        c.portal.call(hub.drain)  # type: ignore[union-attr]
        r = c.get("/api/health/ready")
        assert r.status_code == 503
        assert r.json() == {"status": "not ready", "reason": "the server is shutting down"}
        assert c.get("/api/health/live").status_code == 200
