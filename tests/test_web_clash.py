"""The Clash of Cultures table in a real browser: open advances readable (contrast), every
advance explained on hover, players named and counted from 1 (never by engine seat ids)."""

from __future__ import annotations

from typing import Any

from tests.test_web_e2e import SHOTS, _create, _page, browser, site  # noqa: F401

# The relative luminance contrast of an element's ink on its own background (WCAG 2).
CONTRAST_JS = """el => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const st = getComputedStyle(el);
  const a = lum(st.color), b = lum(st.backgroundColor);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_open_advances_are_readable_explained_and_players_are_named(browser: Any, site: str  # noqa: F811
                                                                    ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "clash", ["human", "heuristic"], {})
    page.click("#play-first")
    page.wait_for_selector("#advances .advance.choice", timeout=60_000)
    # Open advances were white on beige (1.14:1); the AA minimum for text is 4.5:1.
    for cell in page.locator("#advances .advance").all()[:48]:
        assert cell.evaluate(CONTRAST_JS) >= 4.5, cell.inner_text()
    # Every advance says what it does on hover, by its name and its catalog text (scrolled
    # into view first: a scroll hides an open tooltip).
    farming = page.locator('#advances [data-advance="Farming"]')
    farming.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    farming.hover()
    page.wait_for_selector("#tooltip:not([hidden])")
    tip = page.inner_text("#tooltip")
    assert "Farming" in tip and len(tip) > len("Farming") + 10
    # Players are named and counted from 1: no "P0" / "P1" anywhere in their panels.
    panels = page.inner_text(".players")
    assert "P0" not in panels and "P1" not in panels
    page.screenshot(path=str(SHOTS / "clash-advances-1280x800.png"))
    assert not page.errors
