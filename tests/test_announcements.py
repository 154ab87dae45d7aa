"""Announcements: an admin's message reaches exactly the players of the chosen game who
opted in to news (through a real SMTP server on 127.0.0.1); each email's unsubscribe link
shows a page, and its button stops the news; nobody else may announce."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from meeple.server import announce
from tests.mail_helpers import body, browser, csrf, sign_up, smtp_server
from tests.server_helpers import server


def _seat_in(client: TestClient, game: str) -> None:
    """A game of ``game`` whose first seat is the account's (made while signed in); no
    bots, whose moves would outlive this client's requests."""
    r = client.post("/api/games", headers=csrf(client), json={
        "game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text


def _people(a: TestClient) -> dict[str, TestClient]:
    """Anna, Boris and Clara play Cult with news on (Clara without an address), Dima
    plays Cult with news off, Egor has news on but plays only Clash."""
    out = {}
    for name, news, email, game in (("Anna", True, True, "cult"), ("Boris", True, True, "cult"),
                                    ("Clara", True, False, "cult"),
                                    ("Dima", False, True, "cult"),
                                    ("Egor", True, True, "clash")):
        b = browser(a)
        sign_up(b, name, news=news, **({"email": f"{name.lower()}@example.org"}
                                       if email else {}))
        _seat_in(b, game)
        out[name] = b
    return out


def test_an_announcement_reaches_exactly_the_opted_in_players_and_unsubscribe_works(
        tmp_path: Path) -> None:
    with smtp_server() as (inbox, url), server(tmp_path / "a.db", smtp_url=url,
                                               public_url="http://testserver") as a:
        sign_up(a, "Admin")
        people = _people(a)
        assert a.get("/api/admin/recipients/cult").json()["recipients"] == 2
        r = a.post("/api/admin/announcements", headers=csrf(a), json={
            "game": "cult", "subject": "Cult is on Kickstarter",
            "body": "The campaign opens today."})
        assert r.status_code == 201, r.text
        assert r.json()["recipients"] == 2
        inbox.wait(2)
        assert sorted(m["To"] for m in inbox.messages) == ["anna@example.org",
                                                           "boris@example.org"]
        (msg,) = inbox.to("anna@example.org")
        assert msg["Subject"] == "Cult is on Kickstarter"
        text = body(msg)
        assert text.startswith("The campaign opens today.")
        link = re.search(r"http://testserver(/api/unsubscribe\?token=\S+)", text)
        assert link is not None
        assert msg["List-Unsubscribe"].strip() == f"<http://testserver{link.group(1)}>"
        # The link shows a page and changes nothing; its button unsubscribes.
        page = browser(a).get(link.group(1))
        assert page.status_code == 200 and "Unsubscribe" in page.text
        assert people["Anna"].get("/api/account").json()["news"] is True
        done = browser(a).post(link.group(1))
        assert done.status_code == 200 and "Anna gets no more news" in done.text
        assert people["Anna"].get("/api/account").json()["news"] is False
        # The next announcement goes to Boris alone.
        r = a.post("/api/admin/announcements", headers=csrf(a), json={
            "game": "cult", "subject": "Last days", "body": "48 hours left."})
        assert r.json()["recipients"] == 1
        inbox.wait(3)
        assert [m["To"] for m in inbox.messages if m["Subject"] == "Last days"] == [
            "boris@example.org"]
        history = a.get("/api/admin/announcements").json()
        assert [(h["subject"], h["recipients"], h["sent"]) for h in history] == [
            ("Last days", 1, 1), ("Cult is on Kickstarter", 2, 2)]


def test_a_forged_or_altered_unsubscribe_link_does_nothing(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        sign_up(a, "Admin", news=True)
        engine = a.app.state.hub.store.engine  # type: ignore[attr-defined]
        token = announce.token(engine, 1)
        assert announce.account_of(engine, token) == 1
        for bad in (f"2{token[1:]}", token[:-1] + ("0" if token[-1] != "0" else "1"),
                    "1.", "nonsense", "", "²." + token.partition(".")[2]):
            assert browser(a).post(f"/api/unsubscribe?token={bad}").status_code == 400
            assert browser(a).get(f"/api/unsubscribe?token={bad}").status_code == 400
        assert a.get("/api/account").json()["news"] is True


def test_only_an_admin_may_announce(tmp_path: Path) -> None:
    with server(tmp_path / "a.db") as a:
        sign_up(a, "Admin")
        b = browser(a)
        sign_up(b, "Boris")
        message = {"game": "cult", "subject": "Hello", "body": "Text"}
        assert b.post("/api/admin/announcements", headers=csrf(b),
                      json=message).status_code == 403
        assert b.get("/api/admin/recipients/cult").status_code == 403
        assert a.get("/api/admin/announcements").json() == []
        # Bad input: a clear error, nothing sent.
        for bad, problem in (({**message, "game": "chess"}, "no game 'chess'"),
                             ({**message, "subject": "  "}, "not blank"),
                             ({**message, "subject": "a\nb"}, "one line")):
            r = a.post("/api/admin/announcements", headers=csrf(a), json=bad)
            assert r.status_code in (400, 404) and problem in r.json()["error"]["message"]
        assert a.get("/api/admin/announcements").json() == []


def test_an_announcement_is_sent_once_from_postgresql_too() -> None:
    """The outbox claim on PostgreSQL: two senders at once, one email."""
    import asyncio

    from sqlalchemy import update

    from meeple.server import accounts, db
    from meeple.server.mail import Smtp, deliver_mail
    from meeple.server.store import Store
    from tests.services import postgres

    with postgres() as url, smtp_server() as (inbox, smtp):
        store = Store(url)
        try:
            admin = accounts.sign_up(store.engine, "Admin", "correct horse")
            store.create_game({"id": "g1", "game": "cult", "players": 2, "seed": 1,
                               "options": {}, "settings": {}, "owner_hash": "o",
                               "spectator_hash": "s", "version": 0, "finished": False,
                               "deadline_at": None},
                              [{"seat": i, "kind": "human", "name": None,
                                "secret_hash": f"h{i}", "joined": True, "webhook": None,
                                "account_id": admin if i == 0 else None}
                               for i in range(2)])
            with store.engine.begin() as c:
                c.execute(update(db.accounts).values(email="a@example.org", news=True))
            assert announce.send(store.engine, admin, "cult", "News", "Text")[
                "recipients"] == 1
            sender = Smtp.parse(smtp)

            async def both() -> list[int]:
                return list(await asyncio.gather(
                    deliver_mail(store.engine, sender, "http://x"),
                    deliver_mail(store.engine, sender, "http://x")))

            assert sorted(asyncio.run(both())) == [0, 1]
            assert [m["To"] for m in inbox.wait(1)] == ["a@example.org"]
        finally:
            store.close()
