"""The web client in a real headless browser (Debian's chromium, driven by Playwright):
a Cult game against a bot clicked through to the end, and its replay; a Colonies season
with two people in two browsers exchanging ravens; screenshots of each table, at
1280x800 and phone size, written to out/screenshots/."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from meeple.core.rng import Rng
from tests.services import meeple_server

SHOTS = Path(__file__).resolve().parent.parent / "out" / "screenshots"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        if os.environ.get("MEEPLE_REQUIRE_SERVICES"):
            raise AssertionError("chromium is not installed (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    with meeple_server(f"sqlite:///{tmp_path / 'web.db'}", "--bot-workers", "0") as (base, _):
        yield base


def _page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _click_one(page: Any, selector: str, rng: Rng) -> bool:
    """Click one of the elements at random; False if there were none, or the page
    redrew them under the pointer (an update came in: look again)."""
    from playwright.sync_api import Error

    found = page.locator(selector)
    n = found.count()
    if n == 0:
        return False
    try:
        found.nth(rng.below(n)).click(timeout=2_000)
    except Error:
        return False
    return True


# A deal in which the person moves first (the first player is drawn); Clash ends after six
# rounds or at a round's end that finds a player without a city, said in words.
CLASH_DEAL = 1
CLASH_END = re.compile(r"Reason: (six rounds played|Player \d ended the round with no city)")


def _create(page: Any, site: str, game: str, seats: list[str], options: dict[str, str],
            seed: int | None = 1) -> None:
    """A game made in the lobby as a person makes it, with a deal number (the seed): a test
    plays the same deal every run, so a failure can be played again (None: a new deal)."""
    page.goto(site + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    for key, value in options.items():
        page.fill(f'[data-option="{key}"]', value)
    if seed is not None:
        page.click("details.more summary")
        page.fill("#seed", str(seed))
    page.click("#create")
    # "Create and play" opens the first person's table at once.
    page.wait_for_url(re.compile(r"#/game/[0-9a-f]+/.+"))
    page.wait_for_selector("#table")


def test_a_person_plays_cult_against_a_bot_to_the_end_by_clicking(browser: Any, site: str
                                                                   ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "cult", ["human", "random"], {"max_rounds": "3"})
    page.wait_for_selector("#turn, #game-over")
    # Clicked as a person plays the table (pieces, districts, cards, the decision's
    # buttons); a screenshot once priests stand on the board.
    from tests.test_web_cult import play_cult_by_clicking

    stats = play_cult_by_clicking(page, Rng(5), shot="cult-1280x800.png")
    text = page.inner_text("#game-over")
    assert "Game over" in text and "Reason" in text
    assert sum(stats.values()) > 5
    page.screenshot(path=str(SHOTS / "cult-game-over.png"))
    assert not page.errors

    page.click("#replay-link")
    page.wait_for_selector("#replay-pos")
    assert page.inner_text("#replay-pos").startswith("0 /")
    page.click("#replay-forward")
    page.wait_for_function("document.querySelector('#replay-pos').innerText.startsWith('1 /')")
    rounds = page.query_selector_all("#replay-round option")
    assert len(rounds) >= 2
    page.select_option("#replay-round", index=len(rounds) - 1)
    page.wait_for_function("!document.querySelector('#replay-pos').innerText.startsWith('1 /')")
    assert not page.errors


def test_two_people_play_a_colonies_season_and_exchange_ravens(browser: Any, site: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a = _page(browser)
    _create(a, site, "colonies", ["human", "human"], {"seasons": "2"})
    link = a.input_value('#invitations input[aria-label^="join link for seat 2"]')
    b = _page(browser, 390, 844)  # the second player is on a phone
    b.goto(link)
    for page in (a, b):
        page.wait_for_selector('#prompt .choice[data-action="ready"]')
        page.click('#prompt .choice[data-action="ready"]')
    for page in (a, b):
        page.wait_for_selector("#raven-text")
    a.fill("#action-text", "recruit 99")  # orders are checked as they are typed
    a.wait_for_selector("#action-hint.error")
    a.fill("#action-text", "")
    a.screenshot(path=str(SHOTS / "colonies-1280x800.png"))
    b.screenshot(path=str(SHOTS / "colonies-phone.png"), full_page=True)
    a.fill("#raven-text", "<b>Meet me</b> at the ford")
    a.click("#send-raven")
    a.wait_for_selector("#my-ravens >> text=Meet me")
    b.fill("#raven-text", "Only if you bring gold")
    b.click("#send-raven")
    # On a phone the ravens sent are in my own tab, opened as a person would.
    b.wait_for_selector('#my-ravens >> text=Only if you bring gold', state="attached")
    b.click('[data-tab="mine"]')
    b.wait_for_selector('#my-ravens >> text=Only if you bring gold')
    assert "Player 1" in b.inner_text("#my-ravens") and "P0" not in b.inner_text("#my-ravens")
    b.click('[data-tab="decide"]')
    for page in (a, b):
        page.click('#prompt .choice[data-action="submit"]')
    for page, theirs in ((a, "Only if you bring gold"), (b, "<b>Meet me</b> at the ford")):
        page.wait_for_function("t => (document.querySelector('#report') || {}).textContent"
                               "?.includes(t)", arg=theirs, timeout=30_000)
    # Player-written text is shown as text: the tag is visible, no element was made.
    assert "<b>Meet me</b>" in b.text_content("#report")
    assert b.query_selector("#report b") is None
    b.screenshot(path=str(SHOTS / "colonies-report-phone.png"), full_page=True)
    assert not a.errors and not b.errors


def test_the_interface_speaks_russian(browser: Any, site: str) -> None:
    page = _page(browser)
    page.goto(site + "/")
    page.wait_for_selector("#create")
    page.click("#lang")
    # the lobby is drawn again in Russian: #create may be missing for a moment
    page.wait_for_function("(document.querySelector('#create') || {}).innerText"
                           "?.includes('Создать')")
    assert "правило" in page.inner_text("#tagline")
    page.click("#lang")


def _play_to_the_end(page: Any, rng: Rng, picks: str, shot: str,
                     ready: Callable[[], bool] = lambda: True, odds: int = 3) -> int:
    """Click the game through: a highlighted place on the board (``picks``) one time in
    ``odds``, else one of the listed choices; a screenshot the first time a place can be
    clicked and ``ready()`` holds; return how many decisions were sent."""
    clicks, taken = 0, False
    while not page.query_selector("#game-over"):
        page.wait_for_selector("#prompt .choice, #game-over", timeout=60_000)
        if page.query_selector("#game-over"):
            break
        if not taken and page.query_selector(picks) and ready():
            page.screenshot(path=str(SHOTS / shot))
            taken = True
        before = page.inner_text("#turn")
        if rng.below(odds) == 0 and _click_one(page, picks, rng):
            # One choice there: it was sent. Several: they are listed for us to pick.
            if page.query_selector("#prompt button.secondary") \
                    and page.inner_text("#turn") == before:
                _click_one(page, "#prompt .choice", rng)
        elif not _click_one(page, "#prompt .choice", rng):
            continue
        clicks += 1
        page.wait_for_function("b => !document.querySelector('#turn') || "
                               "document.querySelector('#turn').innerText !== b || "
                               "document.querySelector('#error').innerText", arg=before,
                               timeout=60_000)
        refused = page.inner_text("#error")
        assert not refused or "version" in refused, refused
    return clicks


def test_a_person_plays_cyclades_against_two_bots_to_the_end(browser: Any, site: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "cyclades", ["human", "heuristic", "heuristic"], {"max_rounds": "4"})
    page.wait_for_selector("#gods")
    assert page.locator(".territory").count() == 9 and page.locator(".sea").count() == 24
    assert "Apollo" in page.inner_text("#gods")
    # Clicked as a person plays the table: highlighted places, the lists beside them, the
    # decision's buttons.
    from tests.test_web_cyclades import play_cyclades_by_clicking

    stats = play_cyclades_by_clicking(page, Rng(9), shot="cyclades-1280x800.png")
    assert sum(stats.values()) > 5
    assert "Game over" in page.inner_text("#game-over")
    page.screenshot(path=str(SHOTS / "cyclades-game-over.png"))
    assert not page.errors


def test_a_person_plays_a_six_player_team_game_of_cyclades_to_the_end(browser: Any, site: str
                                                                      ) -> None:
    page = _page(browser)
    _create(page, site, "cyclades", ["human"] + ["heuristic"] * 5, {"max_rounds": "2"})
    page.wait_for_selector("#gods")
    assert page.locator(".territory").count() == 20
    assert "team 1" in page.inner_text("#side").lower()
    from tests.test_web_cyclades import play_cyclades_by_clicking

    stats = play_cyclades_by_clicking(page, Rng(11), shot="cyclades-teams-1280x800.png")
    assert sum(stats.values()) > 3
    assert "Game over" in page.inner_text("#game-over")
    assert not page.errors


def test_a_person_plays_clash_of_cultures_against_a_bot_to_the_end(browser: Any, site: str
                                                                   ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "clash", ["human", "heuristic"], {}, seed=CLASH_DEAL)
    page.wait_for_selector("#advances")
    assert page.locator(".hex").count() == 36 and page.locator(".city").count() == 2
    assert page.locator(".cl-group").count() == 12
    assert page.locator(".advance.have").count() == 2  # Farming and Mining
    # An advance is learnt from the tree itself when the turn allows it.
    page.wait_for_selector("#advances .advance.choice", timeout=60_000)
    before = page.locator(".advance.have").count()
    page.click("#advances .advance.choice")
    page.wait_for_function("n => document.querySelectorAll('.advance.have').length > n",
                           arg=before, timeout=30_000)
    clicks = _play_to_the_end(page, Rng(13), "#board .hex.target", "clash-1280x800.png",
                              lambda: page.locator(".city").count() >= 2)
    assert clicks > 10
    text = page.inner_text("#game-over")
    assert "Game over" in text and CLASH_END.search(text), text
    page.screenshot(path=str(SHOTS / "clash-game-over.png"), full_page=True)
    assert not page.errors
