"""The HTTP API: playing, refusals that change nothing, secrets, export and import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.server_helpers import auth, create, reading, server, turn, wait_for

FOUR = [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}]


def test_a_person_plays_cult_against_three_bots_to_the_end(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=4, seed=3, seats=FOUR)
        gid, me = g["id"], g["seats"][0]["token"]
        while True:
            v = wait_for(c, gid, me, seat_waiting=0)
            if v["finished"]:
                break
            r = c.post(f"/api/games/{gid}/actions", headers=auth(me),
                       json={"action": v["legal"][-1], "version": v["version"]})
            assert r.status_code == 200, r.text
        assert v["result"]["reason"] in ("altars", "mobs", "summonings", "rounds")
        assert v["version"] == len(c.get(f"/api/games/{gid}/export",
                                         headers=auth(me)).json()["actions"])


def test_stale_version_is_refused_with_409_and_changes_nothing(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        gid = g["id"]
        t0, _, v = turn(c, g)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t0),
                   json={"action": v["legal"][0], "version": v["version"] + 5})
        assert r.status_code == 409
        assert "version" in r.json()["error"]["message"]
        assert c.get(f"/api/games/{gid}", headers=auth(t0)).json()["version"] == v["version"]


def test_orders_sent_at_the_same_moment_are_both_taken(tmp_path: Path) -> None:
    # Colonies' players decide at the same time: the one whose orders reach the server
    # second made them at the version before the first one's, and is heard all the same.
    with server(tmp_path / "m.db") as c:
        g = create(c, game="colonies", players=2, seed=2,
                   seats=[{"kind": "human"}, {"kind": "human"}])
        gid, t = g["id"], [s["token"] for s in g["seats"]]

        def send(seat: int, action: str, version: int) -> Any:
            return c.post(f"/api/games/{gid}/actions", headers=auth(t[seat]),
                          json={"action": action, "version": version})

        at = c.get(f"/api/games/{gid}", headers=auth(t[0])).json()["version"]
        assert send(0, "ready", at).status_code == 200
        assert send(1, "ready", at).status_code == 200
        at += 2
        assert send(0, "recruit 0", at).status_code == 200
        assert send(0, "submit", at).status_code == 409  # made before its own last order
        assert send(0, "submit", at + 1).status_code == 200
        r = send(1, "submit", at)  # seat 1 saw neither of seat 0's two moves
        assert r.status_code == 200, r.text
        v = c.get(f"/api/games/{gid}", headers=auth(t[1])).json()
        assert v["version"] == at + 3 and v["view"]["season_index"] == 1


def test_a_move_made_before_the_game_came_to_the_seat_is_refused(tmp_path: Path) -> None:
    # Cult is played in turns: the next player's move made at the version before the last
    # player's was made without seeing it.
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        gid = g["id"]
        t0, _, v = turn(c, g)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t0),
                   json={"action": v["legal"][0], "version": v["version"]})
        assert r.status_code == 200, r.text
        t1, _, w = turn(c, g)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t1),
                   json={"action": w["legal"][0], "version": v["version"]})
        assert r.status_code == 409 and "version" in r.json()["error"]["message"]
        after = c.get(f"/api/games/{gid}", headers=auth(t1)).json()
        assert after["version"] == w["version"] == v["version"] + 1


def test_a_retried_request_with_the_same_key_is_applied_once(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        gid = g["id"]
        t0, _, v = turn(c, g)
        body = {"action": v["legal"][0], "version": v["version"]}
        headers = {**auth(t0), "Idempotency-Key": "move-1"}
        first = c.post(f"/api/games/{gid}/actions", headers=headers, json=body).json()
        again = c.post(f"/api/games/{gid}/actions", headers=headers, json=body).json()
        assert first["duplicate"] is False and again["duplicate"] is True
        assert again["version"] == first["version"] == v["version"] + 1
        assert c.get(f"/api/games/{gid}", headers=auth(t0)).json()["version"] == first["version"]


def test_out_of_turn_and_illegal_actions_get_422_and_change_nothing(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        gid = g["id"]
        t0, t1, v = turn(c, g)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t1), json={"action": v["legal"][0]})
        assert r.status_code == 422 and "decision now" in r.json()["error"]["message"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t0), json={"action": "place 99"})
        assert r.status_code == 422 and "not legal" in r.json()["error"]["message"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(t0), json={"action": "place (("})
        assert r.status_code == 400 and "malformed action" in r.json()["error"]["message"]
        assert c.get(f"/api/games/{gid}", headers=auth(t0)).json()["version"] == v["version"]


def test_bad_requests_get_a_4xx_that_names_the_problem(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        r = c.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 400 and "json" in r.json()["error"]["message"].lower()
        r = c.post("/api/games", json={"game": "chess"})
        assert r.status_code == 400 and "unknown game 'chess'" in r.json()["error"]["message"]
        r = c.post("/api/games", json={"game": "cult", "players": 9})
        assert r.status_code == 400 and "2-" in r.json()["error"]["message"]
        r = c.post("/api/games", json={"game": "cult", "players": 2, "colour": "red"})
        assert r.status_code == 400 and "colour" in r.json()["error"]["message"]
        r = c.post("/api/games", json={"game": "cult", "players": 2,
                                       "seats": [{"kind": "human"}, {"kind": "genius"}]})
        assert r.status_code == 400 and "unknown bot 'genius'" in r.json()["error"]["message"]
        assert c.get("/api/games/nope", headers=auth("x" * 20)).status_code == 403
        assert c.get("/api/nowhere").status_code == 404


def test_a_seat_secret_opens_only_its_own_game_and_seat(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        a = create(c, game="cult", players=2, seed=1)
        b = create(c, game="cult", players=2, seed=2)
        r = c.get(f"/api/games/{a['id']}", headers=auth(b["seats"][0]["token"]))
        assert r.status_code == 403
        assert c.get(f"/api/games/{a['id']}").status_code == 401
        r = c.post(f"/api/games/{a['id']}/actions", headers=auth(a["spectator_token"]),
                   json={"action": "pass"})
        assert r.status_code == 403 and "cannot act" in r.json()["error"]["message"]
        spectator = c.get(f"/api/games/{a['id']}", headers=auth(a["spectator_token"])).json()
        assert spectator["seat"] is None and "legal" not in spectator


def test_export_is_for_the_owner_until_the_end_and_import_rebuilds_it(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=4)
        gid = g["id"]
        t0, _, v = turn(c, g)
        c.post(f"/api/games/{gid}/actions", headers=auth(t0), json={"action": v["legal"][0]})
        assert c.get(f"/api/games/{gid}/export", headers=auth(t0)).status_code == 403
        record = c.get(f"/api/games/{gid}/export", headers=auth(g["owner_token"])).json()
        assert record["seed"] == 4 and len(record["actions"]) == 1
        r = c.post("/api/games/import", json={"record": record})
        assert r.status_code == 201, r.text
        copy = r.json()
        assert copy["version"] == 1
        mine = c.get(f"/api/games/{gid}", headers=auth(g["spectator_token"])).json()
        theirs = c.get(f"/api/games/{copy['id']}", headers=auth(copy["spectator_token"])).json()
        assert mine["view"] == theirs["view"]
        record["actions"][0]["action"] = "place 99"
        r = c.post("/api/games/import", json={"record": record})
        assert r.status_code == 400 and "action #0" in r.json()["error"]["message"]


def test_public_games_are_listed_and_a_free_seat_can_be_claimed_once(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1, public=True)
        create(c, game="cult", players=2, seed=1)
        listed = c.get("/api/games").json()
        assert [x["id"] for x in listed] == [g["id"]] and listed[0]["free_seats"] == 2
        r = c.post(f"/api/games/{g['id']}/seats/1/claim", json={"name": "Ann"})
        assert r.status_code == 200
        token = r.json()["token"]
        assert c.get(f"/api/games/{g['id']}", headers=auth(token)).json()["seat"] == 1
        again = c.post(f"/api/games/{g['id']}/seats/1/claim", json={"name": "Bob"})
        assert again.status_code == 403 and "taken" in again.json()["error"]["message"]
        r = c.post("/api/join", json={"token": g["seats"][0]["token"], "name": "Cy"})
        assert r.json() == {"game_id": g["id"], "seat": 0, "name": "Cy"}
        names = [s["name"] for s in c.get(f"/api/games/{g['id']}",
                                          headers=auth(token)).json()["seats"]]
        assert names == ["Cy", "Ann"]


def test_the_openapi_schema_documents_every_route(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        paths = c.get("/openapi.json").json()["paths"]
        for p in ("/api/games", "/api/games/{gid}", "/api/games/{gid}/actions",
                  "/api/games/{gid}/log", "/api/games/{gid}/export", "/api/join",
                  "/api/games/import"):
            assert p in paths


@contextmanager
def _asked_seat_socket(tmp_path: Path) -> Iterator[tuple[Any, dict[str, Any], str,
                                                          dict[str, Any], Any]]:
    """A two-player Cult game on a test server, and the WebSocket of the seat asked now,
    its first update read: (client, game, that seat's secret, its view, socket)."""
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        me, _, v = turn(c, g)
        with reading(c, f"/api/games/{g['id']}/ws?token={me}") as ws:
            ws.receive_json()
            yield c, g, me, v, ws


def test_a_websocket_message_that_is_not_json_gets_an_error_and_the_socket_stays(
        tmp_path: Path) -> None:
    with _asked_seat_socket(tmp_path) as (_, _, _, v, ws):
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "bad_request"
        ws.send_json({"action": v["legal"][0], "version": v["version"], "extra": 1})
        assert "extra" in ws.receive_json()["message"]
        ws.send_json({"action": v["legal"][0], "version": v["version"]})
        update = ws.receive_json()  # the move's acknowledgement inside its update
        assert update["type"] == "update" and update["version"] == v["version"] + 1
        assert update["ack"] == {"version": v["version"] + 1, "seat": v["seat"],
                                 "action": v["legal"][0], "duplicate": False}


def test_a_websocket_move_sent_as_bytes_is_read_as_utf8_json_and_other_bytes_are_refused(
        tmp_path: Path) -> None:
    with _asked_seat_socket(tmp_path) as (c, g, me, v, ws):
        ws.send_bytes(b"\xff\xfe not text")
        error = ws.receive_json()
        assert error["code"] == "bad_request" and "UTF-8" in error["message"]
        assert c.get(f"/api/games/{g['id']}", headers=auth(me)).json()["version"] == \
            v["version"]  # nothing changed
        move = {"action": v["legal"][0], "version": v["version"]}
        ws.send_bytes(json.dumps(move).encode())
        update = ws.receive_json()
        assert update["type"] == "update" and update["ack"]["version"] == v["version"] + 1


def test_an_update_after_a_seat_joins_shows_who_sits_there(tmp_path: Path) -> None:
    with _asked_seat_socket(tmp_path) as (c, _, me, v, ws):
        seat = v["seat"]
        assert v["seats"][seat]["name"] is None
        r = c.post("/api/join", json={"token": me, "name": "Ann"})
        assert r.status_code == 200, r.text
        ws.send_json({"action": v["legal"][0], "version": v["version"]})
        update = ws.receive_json()
        assert update["type"] == "update"
        assert update["seats"][seat]["name"] == "Ann" and update["seats"][seat]["joined"]
        assert [s["seat"] for s in update["seats"]] == [0, 1]


def test_a_report_of_a_season_not_yet_played_is_404(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="colonies", players=2, seed=2)
        r = c.get(f"/api/games/{g['id']}/report?season=5", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 404 and "season 5" in r.json()["error"]["message"]
        cult = create(c, game="cult", players=2, seed=2)
        r = c.get(f"/api/games/{cult['id']}/report", headers=auth(cult["seats"][0]["token"]))
        assert r.status_code == 404


def test_an_oversized_body_gets_413_and_a_flood_gets_429(tmp_path: Path) -> None:
    with server(tmp_path / "m.db", rate=5.0, burst=5.0, max_body=2000) as c:
        big = {"game": "cult", "options": {"cults": "x" * 5000}}
        r = c.post("/api/games", json=big)
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        codes = [c.get("/api/games").status_code for _ in range(20)]
        assert codes[:4] == [200] * 4 and 429 in codes
        r = c.get("/api/games")
        assert r.status_code == 429 and r.headers["retry-after"] == "1"


def test_a_websocket_flood_is_refused_message_by_message(tmp_path: Path) -> None:
    with server(tmp_path / "m.db", ws_rate=1.0, ws_burst=3.0) as c:
        g = create(c, game="cult", players=2, seed=1)
        me, _, _ = turn(c, g)
        with c.websocket_connect(f"/api/games/{g['id']}/ws?token={me}") as ws:
            ws.receive_json()
            for _ in range(6):
                ws.send_json({"action": "place 99"})
            codes = [ws.receive_json().get("code") for _ in range(6)]
            assert codes.count("illegal_action") == 3 and codes.count("rate_limited") == 3


def test_a_locked_database_gets_503_and_no_half_written_move(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "m.db"
    with server(path, db_timeout=0.3) as c:
        g = create(c, game="cult", players=2, seed=1)
        me, _, v = turn(c, g)
        lock = sqlite3.connect(path, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                   json={"action": v["legal"][0], "version": v["version"]})
        assert r.status_code == 503 and r.json()["error"]["code"] == "storage_unavailable"
        assert "nothing was changed" in r.json()["error"]["message"]
        lock.execute("ROLLBACK")
        lock.close()
        assert c.get(f"/api/games/{g['id']}", headers=auth(me)).json()["version"] == v["version"]
        r = c.post(f"/api/games/{g['id']}/actions", headers=auth(me),
                   json={"action": v["legal"][0], "version": v["version"]})
        assert r.status_code == 200 and r.json()["version"] == v["version"] + 1


def test_a_websocket_move_on_a_locked_database_is_refused_with_the_reason_and_can_be_resent(
        tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "m.db"
    with server(path, db_timeout=0.3) as c:
        g = create(c, game="cult", players=2, seed=1)
        me, _, v = turn(c, g)
        move = {"action": v["legal"][0], "version": v["version"]}
        with reading(c, f"/api/games/{g['id']}/ws?token={me}") as ws:
            ws.receive_json()
            lock = sqlite3.connect(path, isolation_level=None)
            lock.execute("BEGIN EXCLUSIVE")
            ws.send_json(move)
            refusal = ws.receive_json()
            lock.execute("ROLLBACK")
            lock.close()
            assert refusal["type"] == "error" and refusal["code"] == "storage_unavailable"
            assert refusal["message"] == ("the database cannot take this now (database is "
                                          "locked); nothing was changed: try again later")
            ws.send_json(move)  # the same socket, the same move: taken now
            update = ws.receive_json()
            assert update["type"] == "update" and update["ack"]["version"] == v["version"] + 1
        metrics = c.get("/metrics").text
        assert "meeple_database_errors_total 1.0" in metrics
