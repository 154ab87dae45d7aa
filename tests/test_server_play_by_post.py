"""Play-by-post on the server: WebSockets per seat, deadlines and the zombie policy,
webhook notices, the Colonies Master, ravens."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

from tests.server_helpers import auth, create, reading, server, turn, wait_for


def test_each_websocket_gets_every_change_seen_from_its_own_seat(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        gid = g["id"]
        me, other, v = turn(c, g)
        with reading(c, f"/api/games/{gid}/ws?token={other}") as ws_other, \
                reading(c, f"/api/games/{gid}/ws?token={g['spectator_token']}") as ws_pub:
            first = ws_other.receive_json()
            assert first["type"] == "update" and first["version"] == v["version"]
            ws_pub.receive_json()
            with reading(c, f"/api/games/{gid}/ws?token={me}") as ws_me:
                ws_me.receive_json()
                ws_me.send_json({"action": v["legal"][0], "version": v["version"]})
                reply = ws_me.receive_json()  # the update, the move's ack inside it
                assert reply["type"] == "update" and reply["ack"]["version"] == v["version"] + 1
            seen_other = ws_other.receive_json()
            seen_pub = ws_pub.receive_json()
            assert seen_other["version"] == seen_pub["version"] == v["version"] + 1
            seat_other = seen_other["seat"]
            assert seen_other["view"] == c.get(f"/api/games/{gid}",
                                               headers=auth(other)).json()["view"]
            assert seen_pub["seat"] is None
            assert "board" not in seen_other  # only on request: ?board=true
        with c.websocket_connect(f"/api/games/{gid}/ws?token={other}&board=true") as ws:
            first_with_board = ws.receive_json()
            assert isinstance(first_with_board["board"], str) and first_with_board["board"]
            assert seen_pub["view"]["players"][seat_other].get("hand") != \
                seen_other["view"]["players"][seat_other].get("hand")


def test_a_websocket_with_a_wrong_secret_is_closed(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        try:
            with c.websocket_connect(f"/api/games/{g['id']}/ws?token=wrong-secret-123") as ws:
                ws.receive_json()
            raise AssertionError("the socket was accepted")
        except Exception as e:  # starlette raises WebSocketDisconnect with the close code
            assert getattr(e, "code", None) == 4403


def test_a_missed_deadline_makes_the_seat_pass_and_the_game_go_on(tmp_path: Path) -> None:
    with server(tmp_path / "m.db", tick=0.05) as c:
        g = create(c, game="cult", players=2, seed=2, deadline_seconds=1)
        me, _, v = turn(c, g)
        assert v["deadline_at"] is not None
        time.sleep(1.5)
        after = c.get(f"/api/games/{g['id']}", headers=auth(me)).json()
        assert after["version"] > v["version"]
        record = c.get(f"/api/games/{g['id']}/export", headers=auth(g["owner_token"])).json()
        assert "pass" in v["legal"] and record["actions"][0]["action"] == "pass"


def test_missing_colonies_orders_count_as_no_actions_at_the_deadline(tmp_path: Path) -> None:
    with server(tmp_path / "m.db", tick=0.05) as c:
        g = create(c, game="colonies", players=2, seed=2, deadline_seconds=1,
                   seats=[{"kind": "human"}, {"kind": "human"}])
        t0 = g["seats"][0]["token"]
        v = c.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
        assert v["view"]["phase"] == "setup"
        time.sleep(1.4)  # both players miss the set-up: they are ready as they are
        v = c.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
        assert v["view"]["phase"] == "orders"
        season = v["view"]["season"]
        c.post(f"/api/games/{g['id']}/actions", headers=auth(t0), json={"action": "recruit 0"})
        time.sleep(1.4)  # P0 drafted one order, P1 none: the season is resolved as it is
        v = c.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
        assert v["view"]["season"] != season
        record = c.get(f"/api/games/{g['id']}/export", headers=auth(g["owner_token"])).json()
        # On a slow machine the next season's deadline may pass too before the export.
        assert [(a["player"], a["action"]) for a in record["actions"]][:5] == [
            (0, "ready"), (1, "ready"), (0, "recruit 0"), (0, "submit"), (1, "submit")]
        log = [x["text"] for x in c.get(f"/api/games/{g['id']}/log", headers=auth(t0)).json()]
        assert any(x.startswith("Recruitment:") for x in log)


class _Hook(BaseHTTPRequestHandler):
    got: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Hook.got.append(json.loads(body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *_args: Any) -> None:
        pass


def test_a_seat_with_a_webhook_is_told_when_it_is_its_turn(tmp_path: Path) -> None:
    hook = HTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{hook.server_port}/notify"
    try:
        with server(tmp_path / "m.db", tick=0.05) as c:
            g = create(c, game="cult", players=2, seed=1)
            me, other, v = turn(c, g)
            c.post("/api/join", json={"token": other, "name": "Ann", "webhook": url})
            while True:  # play until the other seat is asked
                r = c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                           json={"action": v["legal"][0]})
                assert r.status_code == 200
                v = c.get(f"/api/games/{g['id']}", headers=auth(me)).json()
                if v["seat"] not in v["waiting"]:
                    break
            end = time.time() + 5
            while not _Hook.got and time.time() < end:
                time.sleep(0.05)
    finally:
        hook.shutdown()
    assert _Hook.got and _Hook.got[0]["event"] == "your_turn"
    assert set(_Hook.got[0]) == {"event", "game_id", "seat", "version"}


def test_colonies_master_approves_goals_and_ravens_reach_only_their_addressee(
        tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="colonies", players=3, seed=5, options={"master": True})
        assert [s["kind"] for s in g["seats"]] == ["human", "human", "human", "master"]
        t = [s["token"] for s in g["seats"]]
        gid = g["id"]

        def act(seat: int, action: str) -> None:
            r = c.post(f"/api/games/{gid}/actions", headers=auth(t[seat]),
                       json={"action": action})
            assert r.status_code == 200, r.text

        act(0, 'goal "Hold five provinces"')
        for p in range(3):
            act(p, "ready")
        master = c.get(f"/api/games/{gid}", headers=auth(t[3])).json()
        assert "approve 0" in master["legal"]
        act(3, "approve 0")
        act(0, 'raven 1 "Meet me at the ford"')
        for p in range(3):
            act(p, "submit")
        act(3, "resolve")
        texts = {p: json.dumps(c.get(f"/api/games/{gid}/log", headers=auth(t[p])).json())
                 for p in range(3)}
        assert "Meet me at the ford" in texts[1]
        assert "Meet me at the ford" not in texts[2]
        public = c.get(f"/api/games/{gid}", headers=auth(g["spectator_token"])).json()
        assert "Meet me at the ford" not in json.dumps(public)
        report = c.get(f"/api/games/{gid}/report", headers=auth(t[1])).text
        assert "Meet me at the ford" in report
        assert "Meet me at the ford" not in c.get(f"/api/games/{gid}/report",
                                                  headers=auth(t[2])).text
        russian = c.get(f"/api/games/{gid}/report?lang=ru", headers=auth(t[1])).text
        assert "Meet me at the ford" in russian and "Сезон Жара" in russian
        assert c.get(f"/api/games/{gid}/report?lang=de", headers=auth(t[1])).status_code == 400


def test_bot_seats_play_their_turns_on_the_server(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=3, seed=9,
                   seats=[{"kind": "random"}, {"kind": "heuristic"}, {"kind": "random"}])
        v = wait_for(c, g["id"], g["spectator_token"], finished=True, timeout=60)
        assert v["finished"] and v["version"] > 50
