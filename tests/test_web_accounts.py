"""Accounts in a real browser (Debian's chromium through Playwright): two people sign up,
one creates a public Cult game with two bots and the other takes its free seat; each finds
it in "My games" (marked "your turn" when it is), they click it through to the end, and
each finds it among the finished games with a rating. Screenshots of the account pages at
1280x800 and phone size, in English and Russian, go to out/screenshots/."""

from __future__ import annotations

import re
from typing import Any

from meeple.core.rng import Rng
from tests.test_web_e2e import SHOTS, _click_one, _page, browser, site

__all__ = ["browser", "site"]  # the fixtures, shared with the other browser tests
PW = "correct horse"


def _sign_up(page: Any, site: str, name: str) -> None:
    page.goto(site + "/#/account")
    page.fill("#signUp-name", name)
    page.fill("#signUp-password", PW)
    page.click("#signUp-submit")
    page.wait_for_selector("#my-playing")
    page.wait_for_selector(f"#account-link:has-text('{name}')")


def _view(page: Any, site: str, gid: str) -> dict[str, Any]:
    """The game as the page's account sees it (its cookies, no secret)."""
    out: dict[str, Any] = page.request.get(f"{site}/api/games/{gid}").json()
    return out


def _my_status(page: Any, site: str, gid: str) -> str:
    page.goto(site + "/#/my")
    page.wait_for_selector(f'#my-playing li[data-game="{gid}"] .status')
    return str(page.inner_text(f'#my-playing li[data-game="{gid}"] .status'))


def test_two_people_sign_up_play_cult_and_find_it_rated_in_my_games(browser: Any, site: str
                                                                     ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = _page(browser), _page(browser, 390, 844)  # Boris is on a phone
    a.goto(site + "/#/account")
    a.wait_for_selector("#signUp-form")
    a.screenshot(path=str(SHOTS / "account-signin-1280x800.png"))
    _sign_up(a, site, "Alice")
    _sign_up(b, site, "Boris")

    a.goto(site + "/")
    a.select_option("#game", "cult")
    a.select_option("#players", "4")
    for i, kind in enumerate(["human", "human", "random", "random"]):
        a.select_option(f"#seat-{i}", kind)
    a.fill('[data-option="max_rounds"]', "1")
    a.check("#public")
    a.click("#create")
    a.wait_for_selector("#invitations")  # at the table, which "Create and play" opened
    found = re.search(r"#/game/([0-9a-f]+)/", a.url)
    assert found is not None
    gid = found.group(1)

    b.goto(site + "/")
    row = b.locator(".seat-row", has=b.locator(".seat-ratings", has_text="Alice"))
    row.wait_for()
    # Next to each seat: the player and a rating (1000 before anyone's first game).
    assert "Alice 1000" in row.locator(".seat-ratings").inner_text()
    b.screenshot(path=str(SHOTS / "lobby-seat-ratings-phone.png"), full_page=True)
    row.locator("select.open-seat").select_option(label="Seat 2")
    assert row.locator('input[placeholder="Your name"]').input_value() == "Boris"
    row.locator("button").click()
    b.wait_for_selector("#turn, #game-over")

    # Each finds the game in "My games", marked "your turn" exactly when it is.
    for page in (a, b):
        for _ in range(50):
            view = _view(page, site, gid)
            status = _my_status(page, site, gid)
            if (view["seat"] in view["waiting"]) == (status == "your turn"):
                break
        else:
            raise AssertionError(f"'{status}' in My games, waiting {view['waiting']}")
    a.screenshot(path=str(SHOTS / "my-games-1280x800.png"))

    # Both open it from "My games" (no secret in the link: their accounts' seats) and
    # click it through to the end.
    for page in (a, b):
        page.click(f'#my-playing li[data-game="{gid}"] a')
        page.wait_for_selector("#turn, #game-over")
    rng = Rng(3)
    for _ in range(2000):
        if all(p.query_selector("#game-over") for p in (a, b)):
            break
        for page in (a, b):
            if page.query_selector("#prompt .choice") and not page.query_selector("#game-over"):
                before = page.inner_text("#turn")
                if _click_one(page, "#prompt .choice", rng):
                    page.wait_for_function(
                        "b => !document.querySelector('#turn') || "
                        "document.querySelector('#turn').innerText !== b || "
                        "document.querySelector('#error').innerText", arg=before,
                        timeout=60_000)
        a.wait_for_timeout(50)
    else:
        raise AssertionError("the game did not end")

    for page, name in ((a, "Alice"), (b, "Boris")):
        page.goto(site + "/#/my")
        item = page.locator(f'#my-history li[data-game="{gid}"]')
        item.wait_for()
        text = ""
        for _ in range(40):  # rated in the background just after the last move
            page.goto(site + "/#/")
            page.goto(site + "/#/my")
            page.locator(f'#my-history li[data-game="{gid}"]').wait_for()
            text = page.inner_text(f'#my-history li[data-game="{gid}"]')
            if "rating after" in text:
                break
            page.wait_for_timeout(250)
        assert "rating after" in text and "Place" in text, text
        assert name in text and "beginner bot" in text and "random" not in text
        page.goto(site + "/#/account")
        page.wait_for_selector("#my-ratings td.rating")
        assert page.locator("#my-ratings tbody tr").count() == 1
    a.goto(site + "/#/my")
    a.wait_for_selector("#my-history li")
    a.screenshot(path=str(SHOTS / "my-games-history-1280x800.png"), full_page=True)
    # The replay link carries no secret: the account's seat opens it.
    a.click(f'#my-history li[data-game="{gid}"] a.replay')
    a.wait_for_selector("#replay-pos")
    assert a.inner_text("#replay-pos").startswith("0 /")
    a.goto(site + "/#/my")
    a.wait_for_selector("#my-history li")
    b.screenshot(path=str(SHOTS / "my-games-history-phone.png"), full_page=True)
    a.goto(site + "/#/ratings/cult/4")
    a.wait_for_selector("#leaderboard tbody tr")
    assert a.locator("#leaderboard tbody tr").count() == 3  # Alice, Boris, the random bot
    a.screenshot(path=str(SHOTS / "leaderboard-1280x800.png"))

    # The same pages in Russian; the language is kept in the profile.
    for page, tag in ((a, "1280x800"), (b, "phone")):
        page.goto(site + "/#/my")
        page.wait_for_selector("#my-history li")
        page.click("#lang")
        page.wait_for_function("document.querySelector('#my-history h2')?.innerText"
                               " === 'Завершённые'")
        page.wait_for_selector("#my-history li")
        page.screenshot(path=str(SHOTS / f"my-games-ru-{tag}.png"), full_page=True)
        for _ in range(20):  # the profile takes the language a moment after the click
            page.goto(site + "/#/")
            page.goto(site + "/#/account")
            page.wait_for_selector("#profile")
            if page.input_value("#profile-language") == "ru":
                break
            page.wait_for_timeout(200)
        assert page.input_value("#profile-language") == "ru"
        page.screenshot(path=str(SHOTS / f"account-profile-ru-{tag}.png"), full_page=True)
    b.click("#sign-out")
    b.wait_for_selector("#account-link:has-text('Войти')")
    b.goto(site + "/#/account")
    b.wait_for_selector("#signIn-form")
    b.screenshot(path=str(SHOTS / "account-signin-ru-phone.png"), full_page=True)
    assert not a.errors and not b.errors
