"""The table's shell in a real browser (Debian's chromium through Playwright): the board,
the status bar and the decision fit the screen at 1280x800 and on a phone; the tab's title
says when it is your turn; focus stays on the decision after an action; a game is played
with the keyboard alone; the end screen lists every player's place and says why the game
ended. Counter games are made through the API (the lobby does not offer them); their
board is the shell's two-step manipulation: pick up your pawn, then the next number."""

from __future__ import annotations

import re
from typing import Any

from tests.test_web_e2e import SHOTS, _page, browser, site

__all__ = ["browser", "site"]  # the fixtures, shared with the other browser tests

YOUR_TURN = "● Your turn — meeple"


def _game(page: Any, site: str, game: str, seats: list[str], options: dict[str, Any]
          ) -> tuple[str, list[str]]:
    """Creates a game through the API; returns its id and the human seats' secrets."""
    r = page.request.post(f"{site}/api/games", data={
        "game": game, "players": len(seats), "seats": [{"kind": k} for k in seats],
        "options": options})
    assert r.ok, r.text()
    g = r.json()
    return g["id"], [s["token"] for s in g["seats"] if s.get("token")]


def _open(page: Any, site: str, gid: str, token: str) -> None:
    page.goto(f"{site}/#/game/{gid}/{token}")
    page.wait_for_selector("#turn, #game-over")


def _in_view(page: Any, selector: str) -> bool:
    """The element is drawn wholly inside the window, with no scrolling."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["x"] >= 0 \
        and box["y"] + box["height"] <= size["height"] + 1 \
        and box["x"] + box["width"] <= size["width"] + 1


def _focus(page: Any) -> str:
    """Where the keyboard is: the region (decision panel, status bar, board) and the
    element (the action it sends, the target it is, or its id)."""
    return str(page.evaluate(
        "() => { const a = document.activeElement;"
        " if (!a || a === document.body) return 'body';"
        " const where = a.closest('#decision') ? 'decision' : a.closest('#status') ? 'status'"
        "   : a.closest('#board') ? 'board' : 'elsewhere';"
        " return where + ':' + (a.dataset.action || a.dataset.target || a.id || a.tagName); }"))


def _move_by_keys(page: Any) -> None:
    """Pick up the pawn (Enter), go to the next number (an arrow key), put it there."""
    assert _focus(page) == "board:select:pawn", _focus(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .target.selected")
    assert _focus(page) == "board:select:pawn"  # the redraw kept the keyboard on the pawn
    page.keyboard.press("ArrowRight")
    assert _focus(page) == "board:inc", _focus(page)
    page.keyboard.press("Enter")


def _move_by_mouse(page: Any) -> None:
    page.click('#board [data-target="select:pawn"]')
    page.click('#board [data-target="inc"]')


def test_the_board_status_bar_and_decision_fit_a_desktop_and_a_phone_screen(
        browser: Any, site: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    gid, tokens = _game(page, site, "cult", ["human", "random"], {"max_rounds": 3})
    _open(page, site, gid, tokens[0])
    page.wait_for_selector("#prompt .choice")
    for region in ("#board svg", "#status", "#decision"):
        assert _in_view(page, region), region
    assert page.evaluate("window.scrollY") == 0
    # The status bar says what is asked; engine counters are not shown.
    turn = page.inner_text("#turn")
    assert turn.startswith("Your turn") and " v" not in turn
    page.screenshot(path=str(SHOTS / "shell-cult-1280x800.png"))
    assert not page.errors

    phone = _page(browser, 390, 844)
    _open(phone, site, gid, tokens[0])
    phone.wait_for_selector("#status .quick .choice")
    box = phone.locator("#status").bounding_box()
    assert abs(box["y"] + box["height"] - 844) <= 1  # the status bar sits on the bottom edge
    assert _in_view(phone, "#board svg")
    assert phone.locator("#board svg").bounding_box()["width"] >= 360  # the whole width
    # Panels are tabs: one shows at a time; the decision is one tap away.
    phone.click('.tabbar [data-tab="log"]')
    assert not phone.locator("#decision").is_visible()
    phone.click("#status .to-decision")
    assert phone.locator("#decision").is_visible()
    assert _focus(phone).startswith(("decision", "status"))
    # No text under 11 px in the shell's own regions.
    small = phone.evaluate(
        "() => [...document.querySelectorAll('#status *, #decision *, .tabbar *')]"
        ".filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3"
        " && n.textContent.trim()) && e.getClientRects().length"
        " && parseFloat(getComputedStyle(e).fontSize) < 11).map(e => e.textContent)")
    assert small == []
    # The board zooms and goes back to the whole board.
    phone.click('.zoom-controls button[aria-label="Zoom in"]')
    assert "scale(" in phone.get_attribute(".zoom-inner", "style")
    phone.click('.zoom-controls button[aria-label="Whole board"]')
    assert "scale(" not in (phone.get_attribute(".zoom-inner", "style") or "")
    phone.screenshot(path=str(SHOTS / "shell-cult-phone.png"))
    assert not phone.errors


def test_the_tab_title_says_whose_turn_and_focus_stays_on_the_decision(
        browser: Any, site: str) -> None:
    a, b = _page(browser), _page(browser)
    gid, (first, second) = _game(a, site, "counter", ["human", "human"], {"limit": 4})
    _open(a, site, gid, first)
    _open(b, site, gid, second)
    a.wait_for_function("t => document.title === t", arg=YOUR_TURN)
    assert b.title() != YOUR_TURN and "Player 1" in b.inner_text("#status")
    # The your-turn moment puts the keyboard on the decision: here the pawn to move.
    before = a.inner_text("#turn")
    _move_by_keys(a)
    a.wait_for_function("t => document.title !== t", arg=YOUR_TURN)
    b.wait_for_function("t => document.title === t", arg=YOUR_TURN)
    assert a.inner_text("#turn") != before
    # After my action and the redraw, the keyboard is still on the decision panel.
    assert _focus(a).startswith("decision"), _focus(a)
    assert "Player 2" in a.inner_text("#status")
    assert a.evaluate("document.querySelector('link[rel=icon]').href").find("e8590c") < 0
    assert b.evaluate("document.querySelector('link[rel=icon]').href").find("e8590c") > 0
    # What the other did since my last move: in a few lines, and marked on the board.
    _move_by_mouse(b)
    a.wait_for_function("t => document.title === t", arg=YOUR_TURN)
    since = a.inner_text("#since").lower()
    assert "player 2 makes it 2" in since and "makes it 1" not in since  # not my own move
    assert a.inner_text("#since .who").lower() == "player 2"  # the name in its colour
    assert a.locator('#board [data-id="count"].changed').count() == 1
    assert a.locator('#board [data-id="slot-2"].changed').count() == 1
    assert not a.errors and not b.errors


def test_a_game_is_played_to_the_end_with_the_keyboard_alone(browser: Any, site: str) -> None:
    page = _page(browser)
    gid, (token,) = _game(page, site, "counter", ["human", "random"], {"limit": 8})
    page.goto(f"{site}/#/game/{gid}/{token}")
    page.wait_for_selector("#turn")
    # Tab from the top of the page: the browser tabs on from where focus last was (the
    # table may have put it on the decision's title), even after a blur; focusing a mark
    # at the top of the page and taking it away leaves the starting point there.
    page.evaluate("() => { const m = document.createElement('span'); m.tabIndex = -1;"
                  " document.body.prepend(m); m.focus(); m.remove(); }")
    # Tab from the top of the page passes the status bar and reaches the pawn.
    seen = []
    for _ in range(15):
        page.keyboard.press("Tab")
        seen.append(_focus(page))
        if seen[-1] == "board:select:pawn":
            break
    assert seen[-1] == "board:select:pawn", seen
    assert any(x.startswith("status") for x in seen), seen
    moves = 0
    while moves < 8:
        page.wait_for_function("() => document.title.startsWith('●') || "
                               "document.querySelector('#game-over')")
        if page.query_selector("#game-over"):
            break
        before = page.inner_text("#turn")
        _move_by_keys(page)  # the keyboard is never lost across redraws
        moves += 1
        page.wait_for_function("b => !document.querySelector('#turn') || "
                               "document.querySelector('#turn').innerText !== b", arg=before)
    page.wait_for_selector("#game-over")
    assert moves == 4
    # The end screen takes the keyboard too.
    assert page.evaluate("document.activeElement.id") == "game-over"
    assert not page.errors


def test_the_end_screen_lists_every_players_place_and_why_the_game_ended(
        browser: Any, site: str) -> None:
    page = _page(browser)
    gid, (token,) = _game(page, site, "counter", ["human", "random", "random"], {"limit": 3})
    _open(page, site, gid, token)
    _move_by_mouse(page)
    page.wait_for_selector("#game-over")
    text = page.inner_text("#game-over")
    assert "Game over" in text
    assert "Reason: the limit was reached" in text
    rows = page.locator("#game-over .scores tbody tr")
    assert rows.count() == 3
    for i in range(3):
        row = rows.nth(i).inner_text()
        assert f"Player {i + 1}" in row and row.startswith("1")  # a shared win: all first
    assert page.get_attribute("#replay-link", "href") == f"#/replay/{gid}/{token}"
    assert page.title() != YOUR_TURN
    # In Russian, from the same page.
    page.click("#lang")
    page.wait_for_function("(document.querySelector('#game-over') || {}).innerText"
                           "?.includes('Игра окончена')")
    assert "Игрок 2" in page.inner_text("#game-over")
    page.click("#lang")
    assert not page.errors


def test_a_decision_shows_at_most_twelve_controls_and_numbers_as_a_stepper(
        browser: Any, site: str) -> None:
    page = _page(browser)
    page.goto(site + "/")
    page.wait_for_selector("#create")
    counts = page.evaluate("""async () => {
      const { choiceControls } = await import('/js/ui/choices.js');
      const sent = [];
      const send = (a) => sent.push(a);
      const row = (els) => { const d = document.createElement('div'); d.append(...els);
        document.body.append(d); return d; };
      const places = [];
      for (let d = 1; d <= 13; d++) for (const lvl of ['P', 1, 2, 3]) {
        places.push({ action: `place ${d} ${lvl}`, text: `place priest ${lvl} in district ${d}` });
      }
      const many = row(choiceControls([...places, { action: 'pass', text: 'pass' },
        { action: 'recruit', text: 'recruit' }], send));
      const bids = [1, 2, 3, 4, 5].map((n) => ({ action: `bid ares ${n}`,
                                                 text: `offer ${n} gold` }));
      const zeus = [2, 3, 4, 5, 6].map((n) => ({ action: `bid zeus ${n}`,
                                                 text: `offer ${n} to Zeus` }));
      const bid = row(choiceControls([...bids, ...zeus, { action: 'pass', text: 'pass' }], send));
      bid.querySelector('.stepper-more').click();
      bid.querySelector('.stepper-more').click();
      bid.querySelector('.choice.go').click();
      const few = row(choiceControls(places.slice(0, 4), send));
      return { many: many.querySelectorAll('button, select, input').length
                     - many.querySelectorAll('.stepper button').length,
               manyChoices: many.querySelectorAll('.choice').length,
               bidSteppers: bid.querySelectorAll('.stepper').length, sent,
               said: bid.querySelector('.group-said').textContent,
               label: bid.querySelectorAll('.group-label')[1].textContent,
               few: few.querySelectorAll('.choice').length };
    }""")
    assert counts["many"] <= 12 and counts["manyChoices"] >= 3  # pass, recruit, the place row
    # One stepper per god, named by the text without the number.
    assert counts["bidSteppers"] == 2 and counts["sent"] == ["bid ares 3"]
    assert counts["said"] == "offer 3 gold"  # the stepper says what the number means
    assert counts["label"] == "offer … to Zeus"
    assert counts["few"] == 4  # a few choices are simply buttons
    assert not page.errors


def test_a_deadline_counts_down_in_the_status_bar(browser: Any, site: str) -> None:
    page = _page(browser)
    r = page.request.post(f"{site}/api/games", data={
        "game": "counter", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
        "options": {"limit": 4}, "deadline_seconds": 125})
    assert r.ok, r.text()
    g = r.json()
    _open(page, site, g["id"], g["seats"][0]["token"])
    first = page.inner_text("#countdown")
    assert re.fullmatch(r"2:0[0-5]", first), first  # minutes and seconds, not a raw number
    page.wait_for_function("t => document.querySelector('#countdown').innerText !== t",
                           arg=first, timeout=5_000)
    later = page.inner_text("#countdown")
    assert later < first  # "2:03" after "2:04": it counts down
    assert "left" in (page.get_attribute("#countdown-box", "aria-label") or "")
    assert not page.errors
