"""The lobby's open games offer their free seats by the names people read (Seat 2), not
by the engine's index from 0, and a seat taken that way is the one named."""

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
