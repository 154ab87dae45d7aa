"""The lobby's open games offer their free seats by the names people read (Seat 2), not
by the engine's index from 0, and a seat taken that way is the one named. A deal number
typed in the lobby deals the same game again; one that is not a whole number is refused."""

from __future__ import annotations

from typing import Any

from tests.test_web_e2e import _page, browser, site  # noqa: F401


def test_an_open_game_offers_its_free_seats_numbered_from_one(browser: Any, site: str  # noqa: F811
                                                               ) -> None:
    a = _page(browser)
    a.goto(site + "/")
    a.select_option("#game", "cyclades")
    a.select_option("#players", "3")
    for i in range(3):
        a.select_option(f"#seat-{i}", "human" if i != 1 else "random")
    a.check("#public")
    a.click("#create")
    a.wait_for_selector("#invitations")
    b = _page(browser)
    b.goto(site + "/")
    b.wait_for_function("document.querySelectorAll('select.open-seat option').length === 2",
                        timeout=15_000)
    names = b.eval_on_selector_all("select.open-seat option", "os => os.map(o => o.textContent)")
    assert names == ["Seat 1", "Seat 3"]
    b.select_option("select.open-seat", label="Seat 3")
    b.fill('input[placeholder="Your name"]', "Bea")
    b.click("button:has-text('Take seat')")
    b.wait_for_selector("#table, #tablegrid", timeout=15_000)
    assert "P0" not in (b.text_content("body") or "")
    assert not a.errors and not b.errors


def _deal(page: Any, base: str, number: str) -> dict[str, Any]:
    """A Cyclades game for two people made in the lobby with this deal number: its first
    view as seat 1 sees it (the lobby's link for the first seat)."""
    page.goto(base + "/")
    page.select_option("#game", "cyclades")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "human")
    page.click("details.more summary")
    page.fill("#seed", number)
    page.click("#create")
    page.wait_for_url("**/#/game/**")
    gid, token = page.url.split("#/game/")[1].split("/")[:2]
    view: dict[str, Any] = page.evaluate(
        "([g, t]) => fetch(`/api/games/${g}`, { headers: { Authorization: `Bearer ${t}` } })"
        ".then((r) => r.json())", [gid, token])
    return view


def test_a_deal_number_deals_the_same_game_again(browser: Any, site: str  # noqa: F811
                                                  ) -> None:
    page = _page(browser)
    first, second, other = _deal(page, site, "41"), _deal(page, site, "41"), _deal(page, site, "42")
    assert first["game_id"] != second["game_id"]
    assert first["view"] == second["view"]
    assert first["view"] != other["view"]
    assert not page.errors


def test_a_deal_number_that_is_not_a_whole_number_is_refused_in_words(browser: Any,  # noqa: F811
                                                                     site: str) -> None:  # noqa: F811
    page = _page(browser)
    page.goto(site + "/")
    page.click("details.more summary")
    page.fill("#seed", "-3")
    page.click("#create")
    assert "whole number" in page.inner_text(".lobby-form .error")
    assert not page.query_selector("#invitations")
