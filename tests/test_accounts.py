"""Accounts: sign-up and sign-in, sessions in cookies with a CSRF token, seats that belong
to an account, and what one account may not see or do with another's."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.people_helpers import PW, Browser
from tests.server_helpers import auth, create, server

Client = TestClient | Browser


def _sign_up(client: Client, name: str, password: str = PW) -> dict[str, Any]:
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _csrf(client: Client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["meeple_csrf"]}


def _browser(client: TestClient) -> Browser:
    """Another browser on the same server: its own cookie jar."""
    return Browser(client)


def test_sign_up_signs_in_and_only_the_first_account_is_admin(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        first = _sign_up(a, "Alice")
        assert first["is_admin"] is True and first["display_name"] == "Alice"
        assert a.get("/api/account").json()["name"] == "Alice"
        b = _browser(a)
        assert _sign_up(b, "Boris")["is_admin"] is False
        assert "password_hash" not in a.get("/api/account").json()


def test_the_session_cookie_is_http_only_and_same_site_lax(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        r = a.post("/api/account/signup", json={"name": "Alice", "password": PW})
        cookies = r.headers.get_list("set-cookie")
        session = next(c for c in cookies if c.startswith("meeple_session="))
        csrf = next(c for c in cookies if c.startswith("meeple_csrf="))
        assert "HttpOnly" in session and "SameSite=lax" in session
        assert "HttpOnly" not in csrf  # the page reads it to repeat it in a header
        assert "Secure" not in session  # served over plain http here


def test_a_taken_name_in_any_letter_case_cannot_be_used(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        r = _browser(a).post("/api/account/signup", json={"name": "ALICE", "password": PW})
        assert r.status_code == 409
        assert r.json()["error"]["message"] == "that name cannot be used: choose another"


def test_bad_names_and_short_passwords_are_refused_with_the_reason(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        r = a.post("/api/account/signup", json={"name": "a b", "password": PW})
        assert r.status_code == 400 and "letters" in r.json()["error"]["message"]
        r = a.post("/api/account/signup", json={"name": "Alice", "password": "short"})
        assert r.status_code == 400 and "8 characters" in r.json()["error"]["message"]
        assert a.get("/api/account").status_code == 401


def test_a_wrong_name_and_a_wrong_password_look_the_same(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        b = _browser(a)
        times: dict[str, list[float]] = {"name": [], "password": []}
        answers = set()
        for _ in range(3):
            for case, body in (("name", {"name": "Nobody", "password": PW}),
                               ("password", {"name": "Alice", "password": "wrong one"})):
                start = time.perf_counter()
                r = b.post("/api/account/signin", json=body)
                times[case].append(time.perf_counter() - start)
                answers.add((r.status_code, r.text))
        assert answers == {(401, '{"error":{"code":"unauthorized","message":'
                                 '"wrong name or password"}}')}
        # Both check a password hash (an unknown name checks a dummy one): similar times.
        fast, slow = sorted((min(times["name"]), min(times["password"])))
        assert slow < 3 * fast


def test_sign_in_is_rate_limited_per_name(tmp_path: Path) -> None:
    with server(tmp_path / "a.db", signin_rate=0.01, signin_burst=3) as a:
        _sign_up(a, "Alice")
        codes = [a.post("/api/account/signin", json={"name": "Alice", "password": "nope-nope"}
                        ).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        # The right password is refused too while the name is cooling down.
        r = a.post("/api/account/signin", json={"name": "Alice", "password": PW})
        assert r.status_code == 429


def test_sign_in_rotates_the_session(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        old = a.cookies["meeple_session"]
        assert a.post("/api/account/signin", json={"name": "alice", "password": PW}
                      ).status_code == 200
        new = a.cookies["meeple_session"]
        assert new != old
        stale = _browser(a)
        stale.cookies.set("meeple_session", old)
        assert stale.get("/api/account").status_code == 401


def test_cookie_writes_without_the_csrf_token_are_refused(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        change = {"old": PW, "new": "another password"}
        r = a.post("/api/account/password", json=change)
        assert r.status_code == 403 and "X-CSRF-Token" in r.json()["error"]["message"]
        r = a.post("/api/account/password", json=change, headers={"X-CSRF-Token": "forged"})
        assert r.status_code == 403
        # Without the token, a game made with the cookie is a guest's: no seat is Alice's.
        g = create(a, game="cult", players=2, seats=[{"kind": "human"}, {"kind": "random"}])
        assert a.get("/api/account/games").json()["playing"] == []
        assert a.get(f"/api/games/{g['id']}").status_code == 403  # not her seat
        assert a.post("/api/account/password", json=change, headers=_csrf(a)
                      ).status_code == 200


def test_password_change_ends_other_sessions_and_the_old_password(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        phone = _browser(a)
        phone.post("/api/account/signin", json={"name": "Alice", "password": PW})
        assert phone.get("/api/account").status_code == 200
        r = a.post("/api/account/password", json={"old": "wrong password", "new": "x" * 10},
                   headers=_csrf(a))
        assert r.status_code == 403
        r = a.post("/api/account/password", json={"old": PW, "new": "new password!"},
                   headers=_csrf(a))
        assert r.json() == {"ended": 1}
        assert phone.get("/api/account").status_code == 401
        assert a.get("/api/account").status_code == 200
        other = _browser(a)
        assert other.post("/api/account/signin", json={"name": "Alice", "password": PW}
                          ).status_code == 401
        assert other.post("/api/account/signin", json={"name": "Alice",
                                                       "password": "new password!"}
                          ).status_code == 200


def test_sign_out_everywhere_ends_every_session(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        phone = _browser(a)
        phone.post("/api/account/signin", json={"name": "Alice", "password": PW})
        assert a.post("/api/account/signout-everywhere", headers=_csrf(a)).json() == {
            "ended": 2}
        assert phone.get("/api/account").status_code == 401
        assert a.get("/api/account").status_code == 401


def test_sign_out_ends_only_this_session(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        phone = _browser(a)
        phone.post("/api/account/signin", json={"name": "Alice", "password": PW})
        assert a.post("/api/account/signout", headers=_csrf(a)).status_code == 200
        assert a.get("/api/account").status_code == 401
        assert phone.get("/api/account").status_code == 200


def test_the_profile_keeps_name_language_email_and_notification_choices(tmp_path: Path
                                                                        ) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        r = a.patch("/api/account", headers=_csrf(a), json={
            "display_name": "Алиса", "language": "ru", "email": "alice@example.org",
            "notify": {"your_turn": True}, "news": True})
        assert r.status_code == 200, r.text
        p = r.json()
        assert (p["display_name"], p["language"], p["email"], p["news"]) == (
            "Алиса", "ru", "alice@example.org", True)
        assert p["notify"] == {"your_turn": True, "deadline": False, "game_over": False}
        bad = a.patch("/api/account", headers=_csrf(a), json={"email": "not an address"})
        assert bad.status_code == 400 and "email" in bad.json()["error"]["message"]
        assert a.patch("/api/account", headers=_csrf(a), json={"email": ""}
                       ).json()["email"] is None
        assert a.get("/api/account").json()["display_name"] == "Алиса"


def test_a_seat_created_while_signed_in_opens_from_any_browser(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        r = a.post("/api/games", headers=_csrf(a), json={  # seed 5: seat 0 starts
            "game": "cult", "players": 2, "seed": 5,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        g = r.json()
        assert g["seats"][0]["name"] == "Alice"
        phone = _browser(a)
        phone.post("/api/account/signin", json={"name": "Alice", "password": PW})
        view = phone.get(f"/api/games/{g['id']}").json()  # no secret: the account's seat
        assert view["seat"] == 0 and "legal" in view
        r = phone.post(f"/api/games/{g['id']}/actions", headers=_csrf(phone),
                       json={"action": view["legal"][0], "version": view["version"]})
        assert r.status_code == 200, r.text
        # The invitation (seat 1) is nobody's until someone takes it.
        assert [s["seat"] for s in phone.get("/api/account/games").json()["playing"]] == [0]


def test_my_games_lists_the_games_waiting_for_you_first(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        b = _browser(a)
        _sign_up(b, "Boris")
        # One seed: the same seat starts both games, so Alice (seat 0 in the first, 1 in
        # the second) is waited on in exactly one of them.
        two = {"game": "cult", "players": 2, "seed": 3,
               "seats": [{"kind": "human"}, {"kind": "human"}]}
        first = a.post("/api/games", headers=_csrf(a), json=two).json()  # Alice: seat 0
        second = b.post("/api/games", headers=_csrf(b), json=two).json()  # Boris: seat 0
        for client, game in ((b, first), (a, second)):
            r = client.post("/api/account/seats", headers=_csrf(client),
                            json={"token": game["seats"][1]["token"]})
            assert r.json() == {"game_id": game["id"], "seat": 1}
        starts = a.get(f"/api/games/{first['id']}").json()["waiting"]
        mine = a.get("/api/account/games").json()["playing"]
        ahead, behind = (first, second) if starts == [0] else (second, first)
        assert [(m["id"], m["your_turn"]) for m in mine] == [(ahead["id"], True),
                                                            (behind["id"], False)]
        assert mine[1]["waiting"] == starts and mine[1]["deadline_at"] is None
        # A seat already someone's cannot be taken into another account.
        r = a.post("/api/account/seats", headers=_csrf(a),
                   json={"token": second["seats"][0]["token"]})
        assert r.status_code == 403


def test_one_account_cannot_see_or_act_for_anothers_seat(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        a.patch("/api/account", headers=_csrf(a), json={"email": "alice@example.org"})
        g = a.post("/api/games", headers=_csrf(a), json={
            "game": "cult", "players": 2, "public": True,
            "seats": [{"kind": "human"}, {"kind": "random"}]}).json()
        b = _browser(a)
        _sign_up(b, "Boris")
        assert b.get(f"/api/games/{g['id']}").status_code == 403
        assert b.get(f"/api/games/{g['id']}/log").status_code == 403
        r = b.post(f"/api/games/{g['id']}/actions", headers=_csrf(b),
                   json={"action": "pass"})
        assert r.status_code == 403
        assert b.get("/api/account/games").json() == {"playing": [], "history": []}
        everything = " ".join(b.get(p).text for p in (
            "/api/account", "/api/games", f"/api/games/{g['id']}/ratings",
            "/api/ratings/cult?players=2"))
        assert "alice@example.org" not in everything
        # Alice's own view is unaffected.
        assert a.get(f"/api/games/{g['id']}").json()["seat"] == 0


def test_a_websocket_uses_the_session_only_from_this_servers_pages(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        g = a.post("/api/games", headers=_csrf(a), json={
            "game": "cult", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}]
        }).json()
        url = f"/api/games/{g['id']}/ws"
        with a.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["seat"] == 0
        try:
            with a.websocket_connect(url, headers={"origin": "http://evil.example"}) as ws:
                ws.receive_json()
            raise AssertionError("a page of another site opened Alice's seat")
        except WebSocketDisconnect as e:
            assert e.code == 4403


def test_guest_links_keep_working_beside_accounts(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        _sign_up(a, "Alice")
        guest = _browser(a)  # not signed in
        g = guest.post("/api/games", json={"game": "cult", "players": 2, "seats": [
            {"kind": "human"}, {"kind": "random"}]}).json()
        token = g["seats"][0]["token"]
        assert guest.get(f"/api/games/{g['id']}", headers=auth(token)).json()["seat"] == 0
        assert a.get(f"/api/games/{g['id']}", headers=auth(token)).json()["seat"] == 0


def test_two_sign_ups_of_one_name_at_once_make_one_account(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        codes: list[int] = []
        clients = [TestClient(a.app) for _ in range(4)]  # at once: separate clients
        gate = threading.Barrier(len(clients))

        def go(c: TestClient) -> None:
            gate.wait()
            codes.append(c.post("/api/account/signup",
                                json={"name": "Same", "password": PW}).status_code)

        threads = [threading.Thread(target=go, args=(c,)) for c in clients]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [201, 409, 409, 409]


def test_the_reliability_suite_fuzzes_the_account_routes(tmp_path: Path) -> None:
    """schemathesis takes its routes from /openapi.json (meeple.check.fuzz)."""
    with server(tmp_path / "a.db") as a:
        paths = a.get("/openapi.json").json()["paths"]
    for route in ("/api/account/signup", "/api/account/signin", "/api/account",
                  "/api/account/signout", "/api/account/signout-everywhere",
                  "/api/account/password", "/api/account/games", "/api/account/seats",
                  "/api/ratings/{game}", "/api/games/{gid}/ratings"):
        assert route in paths, route


def test_another_site_cannot_sign_a_visitor_in(tmp_path: Path) -> None:
    """Login CSRF: sign-up and sign-in from a page of another site are refused."""
    with server(tmp_path / "a.db") as a:
        body = {"name": "Alice", "password": PW}
        r = a.post("/api/account/signup", json=body, headers={"Origin": "http://evil.example"})
        assert r.status_code == 403 and "meeple_session" not in a.cookies
        r = a.post("/api/account/signup", json=body, headers={"Origin": "http://testserver"})
        assert r.status_code == 201
        r = _browser(a).post("/api/account/signin", json=body,
                             headers={"Origin": "http://evil.example"})
        assert r.status_code == 403
