"""The Cult table in a real browser, played only by what a person clicks or types on the
keyboard: priests picked up and put on highlighted districts, cards and abilities
clicked, popovers answered; in English at 1280x800 to the end, in Russian on a phone
through several decisions, and a whole game by keyboard alone. Also: the client's copy
of the data's numbers (js/cult/facts.js) equals the data files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from meeple.core.rng import Rng
from tests.test_web_e2e import SHOTS, _create, _page, browser, site  # noqa: F401
from tests.web_helpers import violations

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "meeple" / "games" / "cult" / "data"
FACTS = ROOT / "src" / "meeple" / "web" / "static" / "js" / "cult" / "facts.js"
# Engine forms a player must never read on the table (ids, seat numbers from 0).
ENGINE_FORMS = re.compile(r"\b(?:[mcl]\d{1,2}|P[0-9]|G:)\b|place \d|ability [a-z_]+")


def cult_facts() -> dict[str, Any]:
    """The numbers of Cult's data files the browser shows, in the shape of facts.js."""
    def load(name: str) -> Any:
        return yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))

    def drop(row: dict[str, Any], *keys: str) -> dict[str, Any]:
        return {k: v for k, v in row.items() if k not in keys}

    miracles: list[dict[str, Any]] = []
    for row in load("miracles"):
        miracles += [drop(row, "count")] * row["count"]
    conspiracies: list[dict[str, Any]] = []
    for row in load("conspiracies"):
        conspiracies += [drop(row, "name", "name_ru")] * 3
    greatness, rules = load("greatness"), load("rules")
    return {
        "miracles": {f"m{i + 1}": m for i, m in enumerate(miracles)},
        "conspiracies": {f"c{i + 1}": c for i, c in enumerate(conspiracies)},
        "licences": {f"l{i + 1}": drop(row, "name", "name_ru")
                     for i, row in enumerate(load("licences"))},
        "cults": {c["key"]: {"power": c["power"],
                             "abilities": [drop(a, "name", "name_ru") for a in c["abilities"]]}
                  for c in load("cults")},
        "districts": [drop(d, "name", "name_ru") for d in load("districts")],
        "greatness": {"bonus": greatness["bonus"],
                      "festival": [drop(f, "name", "name_ru") for f in greatness["festival"]]},
        "rules": {k: rules[k] for k in ("start", "max_followers", "max_level", "altar_influence",
                                        "free_placements", "victory", "palace_slots")},
    }


def test_the_tables_numbers_are_the_data_files_numbers() -> None:
    text = FACTS.read_text(encoding="utf-8")
    found = re.search(r"export const FACTS = (\{.*\});", text, re.S)
    assert found, "facts.js holds no FACTS object"
    assert json.loads(found.group(1)) == cult_facts()


# --- playing by clicking ------------------------------------------------------------------

def _wait_turn(page: Any) -> None:
    page.wait_for_selector("#status .is-mine, #game-over", timeout=90_000)


def _version(page: Any) -> str:
    return str(page.evaluate("() => (document.querySelector('#turn') || {}).innerText || ''"))


def _after(page: Any, before: str) -> None:
    page.wait_for_function(
        "b => document.querySelector('#game-over') || !document.querySelector('#turn') || "
        "document.querySelector('#turn').innerText !== b || "
        "document.querySelector('#error').innerText", arg=before, timeout=60_000)
    refused = page.inner_text("#error")
    assert not refused or "version" in refused, refused


def _answer_popover(page: Any, rng: Rng) -> None:
    """A place or card with several choices lists them beside it: pick one."""
    page.wait_for_selector("#popover", state="attached")
    if not page.locator("#popover").is_visible():  # on a phone it is docked in the decision tab
        page.click('.tabbar [data-tab="decide"]')
    rows = page.locator("#popover .group-row .go")
    if rows.count():
        rows.nth(0).click()
        return
    buttons = page.locator("#popover .choice")
    buttons.nth(rng.below(buttons.count())).click()


def _one_decision(page: Any, rng: Rng, stats: dict[str, int]) -> None:
    """What a newcomer does: put a priest on the board when asked to place (piece, then
    district, or the district and a level from its list), click a highlighted card,
    ability or district otherwise, or press one of the decision's buttons."""
    before = _version(page)
    priests = page.locator("#mine .cu-priest.selectable")
    if priests.count() and rng.below(4):
        priests.nth(rng.below(priests.count())).click()
        page.wait_for_selector("#mine .cu-priest.selected")
        places = page.locator("#board .district.target")
        assert places.count() >= 1
        places.nth(rng.below(places.count())).click()
        stats["two_step"] += 1
    else:
        # What can be seen now (on a phone, what the open tab and the board show).
        targets = page.locator("#table .target:not(.selectable):visible")
        buttons = page.locator("#prompt .choice:visible")
        if not targets.count() and not buttons.count() and page.query_selector(".tabbar"):
            page.click('.tabbar [data-tab="decide"]')
        if targets.count() and (not buttons.count() or rng.below(3)):
            targets.nth(rng.below(targets.count())).click()
            stats["targets"] += 1
            page.wait_for_timeout(50)
            if page.query_selector("#popover") and _version(page) == before:
                _answer_popover(page, rng)
        elif buttons.count():
            buttons.nth(rng.below(buttons.count())).click()
            stats["buttons"] += 1
        else:  # the fallback list, for what neither the board nor a button shows
            if page.query_selector(".tabbar"):
                page.click('.tabbar [data-tab="decide"]')
            page.click("#all-options summary")
            opts = page.locator("#all-options .opt")
            opts.nth(rng.below(opts.count())).click()
            stats["fallback"] += 1
    _after(page, before)


def play_cult_by_clicking(page: Any, rng: Rng, limit: int = 2_000,
                          shot: str | None = None) -> dict[str, int]:
    """Clicks a Cult game through to its end; returns what kind of clicks it took."""
    stats = {"two_step": 0, "targets": 0, "buttons": 0, "fallback": 0}
    for _ in range(limit):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            return stats
        if shot and len(page.query_selector_all("#board .piece-token")) >= 4:
            page.screenshot(path=str(SHOTS / shot))
            shot = None
        _one_decision(page, rng, stats)
    raise AssertionError("the game did not end")


def _accessible(page: Any) -> None:
    """axe-core finds no serious or critical fault in what the Cult module draws."""
    bad = violations(page, include=("#board", "#mine", "#side", "#extra"))
    assert bad == [], bad


def _no_engine_forms(page: Any) -> None:
    text = page.inner_text("#board") + page.inner_text("#mine") + page.inner_text("#side")
    assert not ENGINE_FORMS.search(text), ENGINE_FORMS.search(text)


def test_a_newcomer_plays_cult_to_the_end_with_pieces_and_cards(browser: Any,  # noqa: F811
                                                                 site: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "cult", ["human", "random"], {"max_rounds": "2"})
    _wait_turn(page)
    # The board: 13 districts with their names; hovering one explains its service.
    assert page.locator("#board .district").count() == 13
    page.hover('#board .district[data-district="1"]')
    page.wait_for_selector("#tooltip:not([hidden])")
    assert "Draw the top miracle card" in page.inner_text("#tooltip")
    page.hover("#mine .cu-ability >> nth=0")
    page.wait_for_function("document.querySelector('#tooltip').innerText.includes('Cost') || "
                           "document.querySelector('#tooltip').innerText.includes('Master')")
    # The player panels count with icons whose tooltips say what they count.
    assert page.locator("#side .pp").count() == 2
    assert "Player 1 (you)" in page.inner_text("#side")
    _no_engine_forms(page)
    _accessible(page)
    page.click("#mine .cu-priest.selectable >> nth=0")  # a priest picked up: still accessible
    page.wait_for_selector("#mine .cu-priest.selected")
    _accessible(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#mine .cu-priest.selected", state="detached")
    # The board, my free priests and the decision fit the screen without scrolling.
    for sel in ("#board svg", "#mine .cu-free", "#status"):
        box = page.locator(sel).bounding_box()
        assert box and box["y"] + box["height"] <= 800, sel
    stats = play_cult_by_clicking(page, Rng(11), shot="cult-table-1280x800.png")
    assert stats["two_step"] >= 2 and stats["targets"] >= 1, stats
    text = page.inner_text("#game-over")
    assert "Game over" in text and "Mystic power" in text
    # Every cult's standing towards the three victories, and why the game ended, in words.
    assert len(re.findall(r"altars \d of 5, fanatic mobs \d of 4, summonings \d of 2", text)) == 2
    assert "the round limit was reached" in text or "victory by" in text, text
    page.screenshot(path=str(SHOTS / "cult-table-game-over.png"))
    assert not page.errors


def test_a_russian_player_on_a_phone_plays_cult_by_tapping(browser: Any,  # noqa: F811
                                                           site: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('meeple.lang', 'ru')")
    _create(page, site, "cult", ["human", "random", "random"], {"max_rounds": "2"})
    _wait_turn(page)
    page.wait_for_selector("#board .district.target")
    board = page.inner_text("#board")
    for word in ("Пустоши", "Храмовый", "Разлом"):
        assert word in board
    assert "Wastelands" not in board
    # Every word on the board is at least 11 px tall on the phone.
    small = page.evaluate(
        "() => [...document.querySelectorAll('#board svg text')].filter(e => e.textContent.trim())"
        ".map(e => [e.textContent, parseFloat(e.getAttribute('font-size')) * e.getScreenCTM().a])"
        ".filter(([, px]) => px < 11)")
    assert small == []
    assert page.locator("#board svg").bounding_box()["width"] >= 360
    rng, stats = Rng(3), {"two_step": 0, "targets": 0, "buttons": 0, "fallback": 0}
    for n in range(8):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            break
        if n == 2:
            page.screenshot(path=str(SHOTS / "cult-table-phone-ru.png"))
        page.click('.tabbar [data-tab="mine"]')  # my priests and cards are one tab away
        _one_decision(page, rng, stats)
    assert stats["two_step"] >= 1, stats
    page.click('.tabbar [data-tab="mine"]')
    assert "Щиток культа" in page.inner_text("#mine")
    _no_engine_forms(page)
    _accessible(page)
    assert not page.errors


# --- playing by keyboard alone -------------------------------------------------------------

def _tab_to(page: Any, selector: str, limit: int = 250) -> bool:
    for _ in range(limit):
        if page.evaluate("s => !!(document.activeElement && document.activeElement.matches(s))",
                         selector):
            return True
        page.keyboard.press("Tab")
    return False


def test_a_whole_cult_game_is_played_by_keyboard_alone(browser: Any,  # noqa: F811
                                                       site: str) -> None:  # noqa: F811
    page = _page(browser)
    _create(page, site, "cult", ["human", "random"], {"max_rounds": "1"})
    rng, placed, moves = Rng(7), 0, 0
    for _ in range(400):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            break
        # Focus comes back to the table for every decision (never lost to the page).
        page.wait_for_function("() => document.activeElement !== document.body")
        before = _version(page)
        if page.query_selector("#mine .cu-priest.selectable") and placed < 5:
            # Pick a priest up with Enter, then Tab to a highlighted district and Enter.
            assert _tab_to(page, "#mine .cu-priest.selectable")
            page.keyboard.press("Enter")
            page.wait_for_selector("#mine .cu-priest.selected")
            for _ in range(rng.below(3)):
                page.keyboard.press("Tab")
            assert _tab_to(page, "#board .district.target")
            page.keyboard.press("Enter")
            placed += 1
        elif page.query_selector("#status .quick .choice") and rng.below(3):
            assert _tab_to(page, "#status .quick .choice")
            page.keyboard.press("Enter")
        else:
            assert _tab_to(page, "#table .target:not(.selectable), #prompt .choice")
            page.keyboard.press("Enter")
            page.wait_for_timeout(50)
            if page.query_selector("#popover") and _version(page) == before:
                # Focus is in the list beside the place: Enter picks, a list needs Choose.
                if page.evaluate("() => document.activeElement.tagName") == "SELECT":
                    assert _tab_to(page, "#popover .go")
                page.keyboard.press("Enter")
        moves += 1
        _after(page, before)
    assert page.query_selector("#game-over"), "the game did not end"
    assert placed >= 2 and moves >= 4
    assert not page.errors
