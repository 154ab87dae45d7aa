"""The Colonies table in a real browser: the Master's console. Resolving while a player
is still writing orders asks first and names them; the personal-event form shows only
when the phase accepts events; a season's report is drawn as headings and lists, never
as raw Markdown, and what a player wrote stays text."""

from __future__ import annotations

from typing import Any

from tests.test_web_e2e import SHOTS, _page, browser, site  # noqa: F401


def test_the_master_is_warned_before_resolving_over_unsent_orders(browser: Any, site: str  # noqa: F811
                                                                  ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    m = _page(browser)
    m.goto(site + "/")
    m.select_option("#game", "colonies")
    m.select_option("#players", "2")
    m.fill('[data-option="seasons"]', "2")
    m.check('[data-option="master"]')
    for i in range(3):
        if m.query_selector(f"#seat-{i}"):
            m.select_option(f"#seat-{i}", "human")
    m.click("#create")
    m.wait_for_selector("#invitations")  # at seat 1's table, with the others' links
    links = [m.url, m.input_value('#invitations input[aria-label^="join link for seat 2"]'),
             m.input_value('#invitations input[aria-label="the Master"]')]
    a, b = _page(browser), _page(browser, 390, 844)
    a.goto(links[0])
    b.goto(links[1])
    m.goto(links[2])
    for page in (a, b):
        page.wait_for_selector('#prompt .choice[data-action="ready"]')
        page.click('#prompt .choice[data-action="ready"]')
    # The Master approves both goals (the decision's buttons), then the orders phase.
    for _ in range(20):
        if m.query_selector(".col-seal"):
            break
        m.wait_for_selector('#prompt .choice[data-action^="approve"], .col-seal', timeout=10_000)
        if m.query_selector('#prompt .choice[data-action^="approve"]'):
            m.click('#prompt .choice[data-action^="approve"]')
            m.wait_for_timeout(300)
    m.wait_for_selector(".col-seal")
    # Events are accepted in the orders phase: the form is there.
    assert m.query_selector("#event-text") is not None
    a.wait_for_selector("#raven-text")
    a.click('#prompt .choice[data-action="submit"]')
    # Player 2 (on the phone) has not sent orders: the seal asks, naming them.
    m.wait_for_function("(w => w && w.textContent.includes('Player 2') && "
                        "!w.textContent.includes('Player 1'))"
                        "(document.querySelector('#master-waiting'))")
    m.click(".col-seal")
    m.wait_for_selector("#popover")
    assert "Player 2" in m.inner_text("#popover")
    m.screenshot(path=str(SHOTS / "colonies-master-confirm.png"))
    # Every other path to resolve asks too: the action typed in the decision panel.
    m.click("#popover .pop-close")
    m.wait_for_selector("#popover", state="detached")
    m.fill("#action-text", "resolve")
    m.press("#action-text", "Enter")
    m.wait_for_selector("#popover")
    assert "Player 2" in m.inner_text("#popover")
    m.click('#popover .choice[data-action="resolve"]')
    m.wait_for_function("document.querySelector('#report h3, #report h4')", timeout=30_000)
    report = m.text_content("#report")
    assert "##" not in report
    # Resolved: no event form outside the orders phase.
    m.wait_for_function("!document.querySelector('#event-text') || "
                        "document.querySelector('.col-seal')")
    assert not m.errors and not a.errors and not b.errors


def test_two_people_play_colonies_to_the_end_in_russian_by_clicking(browser: Any, site: str  # noqa: F811
                                                                    ) -> None:
    a = _page(browser)
    a.goto(site + "/")
    a.click("#lang")  # the interface switched to Russian, as a person would
    a.select_option("#game", "colonies")
    a.select_option("#players", "2")
    a.fill('[data-option="seasons"]', "2")
    for i in range(2):
        a.select_option(f"#seat-{i}", "human")
    a.click("#create")
    a.wait_for_selector("#invitations")  # at seat 1's table, with seat 2's link
    links = [a.url, a.get_attribute("#invitations .link-row input", "value")]
    b = _page(browser, 390, 844)
    b.goto(site + "/")
    b.click("#lang")
    a.goto(links[0])
    b.goto(links[1])
    for page in (a, b):
        page.wait_for_selector('#prompt .choice[data-action="ready"]')
        page.click('#prompt .choice[data-action="ready"]')
    # On the phone every word of the map is 11 px tall or more.
    b.wait_for_selector(".col-board text")
    small = b.evaluate(
        "() => [...document.querySelectorAll('.col-board text')].filter(e => e.textContent.trim()"
        ").map(e => [e.textContent, parseFloat(e.getAttribute('font-size'))"
        " * e.getScreenCTM().a]).filter(([, px]) => px < 11)")
    assert small == []
    for season in range(2):
        # An order given by clicking a highlighted province (one is sent at once; several
        # open a list beside it), then the orders are sent from the status bar.
        for page in (a, b):
            page.wait_for_selector(".province.target", timeout=30_000)
            for attempt in range(4):  # an update may redraw the map under the pointer
                page.locator(".province.target").nth(attempt).click()
                if page.query_selector("#popover"):
                    page.locator("#popover button[data-action]").first.click()
                try:
                    page.wait_for_selector(".col-orders li", state="attached", timeout=5_000)
                    break
                except Exception:
                    continue
            page.wait_for_selector(".col-orders li", state="attached")
            if season == 0:
                size = "phone" if page is b else "1280"
                page.screenshot(path=str(SHOTS / f"colonies-table-ru-{size}.png"))
            page.click('#prompt .choice[data-action="submit"]')
        if season == 0:
            a.wait_for_function("document.querySelector('#report h3, #report h4')", timeout=30_000)
            assert "##" not in a.text_content("#report")
    for page in (a, b):
        page.wait_for_selector("#game-over", state="attached", timeout=30_000)
        text = page.text_content("#tablegrid, #table") or ""
        assert "Игрок 1" in text and "P0" not in page.text_content("#side")
        # The season on the map's banner is named in Russian, from the glossary.
        assert "Сезон" in page.inner_text(".col-map .banner")
        # Who won and why, in Russian.
        over = page.inner_text("#game-over")
        assert "Победных Очков" in over and "victory" not in over, over
    a.screenshot(path=str(SHOTS / "colonies-table-ru-over.png"))
    assert "Ваш дом" in a.inner_text("#mine")
    assert not a.errors and not b.errors
