"""Notices, announcements and numbers in a real browser (Debian's chromium through
Playwright) against ``meeple serve --smtp`` and a real SMTP server on 127.0.0.1: a
your-turn email arrives and the open page shows the notice; the admin page shows a
game's numbers; an announcement sent from its form reaches exactly the opted-in players,
and the unsubscribe link's page stops the news. Screenshots at 1280x800 and 390x844, in
English and Russian, go to out/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sqlalchemy import select, update

from meeple.server import accounts, db
from meeple.server.store import Store
from tests.mail_helpers import body, free_port, smtp_server
from tests.services import meeple_server
from tests.test_stats import _database
from tests.test_web_e2e import SHOTS, _page, browser

__all__ = ["browser"]
PW = "correct horse"


def _csrf(page: Any) -> dict[str, str]:
    jar = {c["name"]: c["value"] for c in page.context.cookies()}
    return {"X-CSRF-Token": jar["meeple_csrf"]}


def _shots(page: Any, name: str) -> None:
    for lang in ("en", "ru"):
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            page.screenshot(path=str(SHOTS / f"{name}-{lang}-{width}x{height}.png"),
                            full_page=True)
        page.click("#lang")
        page.wait_for_timeout(300)


def test_admin_page_notices_announcement_and_unsubscribe(browser: Any, tmp_path: Path
                                                         ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = _database(tmp_path)  # games of people and with bots; accounts 1-4 play Cult
    store = Store(url)
    accounts.make_admin(store.engine, "Admin", PW)
    with store.engine.begin() as c:  # account 1 wants news, account 2 does not
        c.execute(update(db.accounts).where(db.accounts.c.id == 1)
                  .values(email="p1@example.org", news=True))
        c.execute(update(db.accounts).where(db.accounts.c.id == 2)
                  .values(email="p2@example.org", news=False))
    port = free_port()
    with smtp_server() as (inbox, smtp), meeple_server(
            url, "--bot-workers", "0", "--smtp", smtp, "--public-url",
            f"http://127.0.0.1:{port}", port=port) as (site, _proc):
        page = _page(browser)
        page.goto(site + "/#/account")
        page.fill("#signIn-name", "Admin")
        page.fill("#signIn-password", PW)
        page.click("#signIn-submit")
        page.wait_for_selector("#admin-link")
        r = page.request.patch(f"{site}/api/account", headers=_csrf(page), data={
            "email": "admin@example.org", "notify": {"your_turn": True}})
        assert r.ok, r.text()
        r = page.request.post(f"{site}/api/games", headers=_csrf(page), data={
            "game": "cult", "players": 2, "seed": 1, "options": {"max_rounds": 1},
            "seats": [{"kind": "human"}, {"kind": "random"}]})
        assert r.ok, r.text()
        gid = r.json()["id"]
        (mail,) = inbox.wait(1)
        assert mail["To"] == "admin@example.org" and gid in body(mail)

        page.goto(site + "/#/admin")
        page.wait_for_selector("#group-people table")
        notice = page.wait_for_selector(".notice.your_turn")
        assert "Your turn in Cult" in notice.inner_text()
        assert page.get_attribute(".notice.your_turn a", "href") == f"#/game/{gid}/"
        assert "Started: 5" in page.inner_text("#group-people summary")  # among people
        _shots(page, "admin")
        assert not page.errors, page.errors

        page.on("dialog", lambda d: d.accept())
        page.wait_for_selector("#announce-reach:has-text('1')")
        page.fill("#announce-subject", "Cult is on Kickstarter")
        page.fill("#announce-body", "The campaign opens today.")
        page.click("#announce-send")
        page.wait_for_selector("#announce-status.ok")
        inbox.wait(2)
        news = [m for m in inbox.messages if m["Subject"] == "Cult is on Kickstarter"]
        assert [m["To"] for m in news] == ["p1@example.org"]
        link = re.search(r"(http://\S+/api/unsubscribe\?token=\S+)", body(news[0]))
        assert link is not None

        out = _page(browser, 390, 844)
        out.goto(link.group(1))
        out.screenshot(path=str(SHOTS / "unsubscribe-en-390x844.png"))
        out.click("button[type=submit]")
        out.wait_for_selector("text=gets no more news")
        with store.engine.connect() as c:
            assert c.execute(select(db.accounts.c.news)
                             .where(db.accounts.c.id == 1)).scalar() is False
    store.close()
