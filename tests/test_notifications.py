"""Notices to accounts: your turn, a deadline near, a game over — emailed to a real SMTP
server on 127.0.0.1 and listed for the web client, only of the kinds an account chose,
never with a seat's hidden facts, and delivered once even across a server restart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from meeple.core.registry import get_game
from meeple.server import db
from meeple.server.mail import Smtp, SmtpUrlError, compose, game_notices, warning_due
from meeple.sim.match import play_match
from tests.mail_helpers import body, browser, csrf, free_port, sign_up, smtp_server
from tests.server_helpers import server

ALL_ON = {"your_turn": True, "deadline": True, "game_over": True}


def _my_cult_game(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A two-player Cult game made while signed in: seat 0 is the account's, seat 1 a
    random bot, which moves first with this seed (so seat 0 is newly waited on)."""
    r = client.post("/api/games", headers=csrf(client), json={
        "game": "cult", "players": 2, "seed": 1, "seats": [{"kind": "human"}, {"kind": "random"}],
        "options": {"max_rounds": 1}, **extra})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _outbox(client: TestClient) -> list[dict[str, Any]]:
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(db.outbox).order_by(db.outbox.c.id))
                .mappings()]


def _wait_outbox(client: TestClient, done: Any, timeout: float = 15.0
                 ) -> list[dict[str, Any]]:
    end = time.time() + timeout
    while time.time() < end:
        rows = _outbox(client)
        if done(rows):
            return rows
        time.sleep(0.05)
    raise AssertionError(f"the outbox never got there: {rows}")


def test_a_your_turn_email_reaches_the_smtp_server(tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url,
                                               public_url="http://games.test") as a:
        sign_up(a, "Alice", email="alice@example.org", notify={"your_turn": True})
        game = _my_cult_game(a)
        (msg,) = inbox.wait(1)
        assert msg["To"] == "alice@example.org"
        assert msg["From"] == "games@meeple.test"
        assert msg["Subject"] == "Your turn in Cult"
        text = body(msg)
        assert f"It is your turn in Cult (game {game['id']})." in text
        assert "http://games.test/#/" in text
        # The web client lists the same notice for the account, and only for it.
        listed = a.get("/api/account/notices").json()
        assert [(n["kind"], n["game_id"], n["seat"]) for n in listed] == [
            ("your_turn", game["id"], 0)]
        other = browser(a)
        sign_up(other, "Boris", notify=ALL_ON)
        assert other.get("/api/account/notices").json() == []
        assert browser(a).get("/api/account/notices").status_code == 401
        assert a.get("/api/account/notices?after=99999999999999999999").status_code == 400


def _move_and_wait(client: TestClient, gid: str) -> None:
    """Seat 0 takes its first choice; back when seat 0 is asked again (after the bot)."""
    view = client.get(f"/api/games/{gid}").json()
    r = client.post(f"/api/games/{gid}/actions", headers=csrf(client),
                    json={"action": view["legal"][0], "version": view["version"]})
    assert r.status_code == 200, r.text
    end = time.time() + 20
    while time.time() < end:
        v = client.get(f"/api/games/{gid}").json()
        if v["version"] > view["version"] + 1 and (0 in v["waiting"] or v["finished"]):
            return
        time.sleep(0.02)
    raise AssertionError("seat 0 was not asked again")


def test_a_person_at_the_table_is_not_told_it_is_their_turn(tmp_path: Path) -> None:
    """With the game open (a WebSocket on the seat) no your-turn notice is made; once the
    table is closed, the next turn makes one."""
    with server(tmp_path / "a.db") as a:
        sign_up(a, "Alice", notify=ALL_ON)
        game = _my_cult_game(a, seed=5)  # seat 0 moves first
        gid, token = game["id"], game["seats"][0]["token"]
        with a.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            ws.receive_json()
            _move_and_wait(a, gid)
            assert [r["kind"] for r in _outbox(a)] == []
        time.sleep(0.3)  # the server notices the closed table
        _move_and_wait(a, gid)
        assert [r["kind"] for r in _outbox(a)] == ["your_turn"]


def test_notices_go_only_for_the_kinds_an_account_chose(tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", email="alice@example.org", notify={"game_over": True})
        _my_cult_game(a)
        rows = _wait_outbox(a, lambda rs: rs and all(r["delivered"] for r in rs))
        assert [r["kind"] for r in rows] == ["your_turn"]
        assert rows[0]["error"] == "not sent: the account does not want your_turn notices"
        assert inbox.messages == []
        assert a.get("/api/account/notices").json() == []


def test_an_account_without_an_address_gets_no_email_but_sees_the_notice(tmp_path: Path
                                                                          ) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", notify=ALL_ON)
        game = _my_cult_game(a)
        _wait_outbox(a, lambda rs: rs and all(r["delivered"] for r in rs))
        assert inbox.messages == []
        assert [n["game_id"] for n in a.get("/api/account/notices").json()] == [game["id"]]


def test_a_notice_survives_a_restart_and_is_sent_once(tmp_path: Path) -> None:
    """The SMTP server is down when the notice is made: it waits in the outbox, and the
    next server process on the same database sends it, once."""
    port = free_port()
    url = f"smtp://127.0.0.1:{port}?from=games@meeple.test"
    with server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", email="alice@example.org", notify=ALL_ON)
        _my_cult_game(a)
        rows = _wait_outbox(a, lambda rs: rs and rs[0]["attempts"] >= 1)
        assert not rows[0]["delivered"] and "Connection" in str(rows[0]["error"])
    with smtp_server(port) as (inbox, _url), server(tmp_path / "a.db", smtp_url=url) as b:
        rows = _wait_outbox(b, lambda rs: rs[0]["delivered"])
        time.sleep(0.5)  # more ticks: nothing is sent again
        assert [m["Subject"] for m in inbox.messages] == ["Your turn in Cult"]
        assert rows[0]["error"] is None


def test_a_deadline_warning_is_made_once_before_the_deadline(tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", email="alice@example.org", notify={"deadline": True})
        r = a.post("/api/games", headers=csrf(a), json={
            "game": "cult", "players": 2, "seed": 5, "deadline_seconds": 4,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        assert a.get(f"/api/games/{r.json()['id']}").json()["waiting"] == [0]
        (msg,) = inbox.wait(1, timeout=10)
        assert msg["Subject"] == "Your deadline in Cult is near"
        time.sleep(0.5)
        assert len([x for x in _outbox(a) if x["kind"] == "deadline"]) == 1


def test_a_game_out_of_memory_still_warns_of_its_deadline(tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", email="alice@example.org", notify={"deadline": True})
        r = a.post("/api/games", headers=csrf(a), json={
            "game": "cult", "players": 2, "seed": 5, "deadline_seconds": 4,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        a.app.state.hub.games.pop(r.json()["id"])  # type: ignore[attr-defined]
        (msg,) = inbox.wait(1, timeout=10)
        assert msg["Subject"] == "Your deadline in Cult is near"


def test_a_deadline_is_near_when_a_quarter_of_its_time_is_left_at_most_an_hour() -> None:
    assert not warning_due(1000.0, 40.0, 989.0)
    assert warning_due(1000.0, 40.0, 990.0)
    day = 86400.0
    assert not warning_due(day, day, day - 3601)
    assert warning_due(day, day, day - 3600)


def test_a_game_over_email_names_the_winner_and_the_reason(tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url) as a:
        sign_up(a, "Alice", email="alice@example.org", notify={"game_over": True},
                language="ru")
        gid = _my_cult_game(a)["id"]
        view = _play_out(a, gid)
        (msg,) = inbox.wait(1)
        assert msg["Subject"] == "Игра окончена: Культ"
        result = view["result"]
        text = body(msg)
        assert f"Партия {gid} игры «Культ» окончена." in text
        if result.get("winner") is not None:
            winner = ["Alice", "бот random"][result["winner"]]
            assert winner in text


def _play_out(client: TestClient, gid: str, timeout: float = 60.0) -> dict[str, Any]:
    """Seat 0 (the signed-in account) takes its first legal choice until the game ends."""
    end = time.time() + timeout
    while time.time() < end:
        view: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if view["finished"]:
            return view
        if 0 in view["waiting"] and view.get("legal"):
            client.post(f"/api/games/{gid}/actions", headers=csrf(client),
                        json={"action": view["legal"][0], "version": view["version"]})
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not end")


def _hidden_strings(view: dict[str, Any], public: dict[str, Any]) -> set[str]:
    """Every text in a seat's view that its public view does not show."""
    def leaves(x: Any) -> set[str]:
        if isinstance(x, dict):
            return set().union(*(leaves(v) for v in x.values())) if x else set()
        if isinstance(x, list):
            return set().union(*(leaves(v) for v in x)) if x else set()
        return {str(x)} if isinstance(x, str) and len(x) >= 4 else set()
    return leaves(view) - leaves(public)


def test_no_notice_carries_a_seats_hidden_facts() -> None:
    """Mid-game, seat 0 holds cards nobody else sees: no notice's text names them."""
    game = get_game("cult")
    match = play_match("cult", 2, 11, ["random", "random"], {})
    state = game.new_state(2, 11, {})
    seats = [{"seat": 0, "kind": "human", "name": "Alice", "account_id": 1},
             {"seat": 1, "kind": "human", "name": "Boris", "account_id": 2}]
    checked = 0
    for i, a in enumerate(match.record.actions):
        before = set(state.current_players())
        from meeple.core.actions import Action

        state.apply(a.player, Action.parse(a.action))
        hidden = (_hidden_strings(state.view(0), state.view(None))
                  | _hidden_strings(state.view(1), state.view(None)))
        for row in game_notices("g1", seats, state, before, i + 1):
            for language in ("en", "ru"):
                who: dict[str, Any] = {"language": language, "notify": {}, "news": False,
                                       "email": "x@y.z"}
                facts = {"game": "cult", "deadline_at": time.time() + 60, "finished": False}
                subject, text = compose({**row, "id": i, "game_id": "g1"}, who, facts,
                                        "http://games.test")
                leaked = [h for h in hidden if h in subject + text]
                assert leaked == [], (leaked, text)
            checked += bool(hidden)
    assert checked > 5  # many notices were written while the seats held hidden cards


def test_a_bad_smtp_url_is_refused_with_its_problem() -> None:
    with pytest.raises(SmtpUrlError, match="starts with smtp://"):
        Smtp.parse("http://mail.example.org")
    with pytest.raises(SmtpUrlError, match="names no host"):
        Smtp.parse("smtp://")
    with pytest.raises(SmtpUrlError, match="not an email address"):
        Smtp.parse("smtp://mail.example.org?from=nobody")
    s = Smtp.parse("smtps://me%40x.org:p%2Fw@mail.example.org?from=games@x.org")
    assert (s.host, s.port, s.security, s.user, s.password, s.sender) == (
        "mail.example.org", 465, "tls", "me@x.org", "p/w", "games@x.org")
