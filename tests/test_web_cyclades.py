"""The Cyclades table in a real browser, played only by what a person clicks: highlighted
territories, seas, gods and creature cards, the lists beside them, the decision's buttons;
in English at 1280x800 to the end of the game, in Russian on a phone through several
decisions. Pieces explain themselves on hover; no engine forms reach the player."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from meeple.core.rng import Rng
from tests.test_web_cult import _after, _answer_popover, _version, _wait_turn
from tests.test_web_e2e import SHOTS, _create, _page, browser, site  # noqa: F401
from tests.web_helpers import violations

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "src" / "meeple" / "web" / "static" / "js" / "cyclades" / "facts.js"
RULES = ROOT / "src" / "meeple" / "games" / "cyclades" / "data" / "rules.yaml"
# Engine forms a player must never read on the table (seats counted from 0, raw actions).
ENGINE_FORMS = re.compile(r"\b(?:P[0-9]|И[0-9])\b|\b(?:bid|march|sail|place) \d")


def test_the_creature_prices_shown_are_the_data_files_prices() -> None:
    found = re.search(r"export const FACTS = (\{.*\});", FACTS.read_text(encoding="utf-8"), re.S)
    assert found, "facts.js holds no FACTS object"
    rules = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    assert json.loads(found.group(1)) == {"creature_costs": rules["creature_costs"]}


def _one_decision(page: Any, rng: Rng, stats: dict[str, int]) -> None:
    """A highlighted place (territory, sea, god, creature) two times in three, else one of
    the decision's buttons, else the full list of options."""
    before = _version(page)
    targets = page.locator("#table .target:visible")
    buttons = page.locator("#prompt .choice:visible")
    if not targets.count() and not buttons.count() and page.query_selector(".tabbar"):
        page.click('.tabbar [data-tab="decide"]')
        targets = page.locator("#table .target:visible")
        buttons = page.locator("#prompt .choice:visible")
    if targets.count() and (not buttons.count() or rng.below(3)):
        targets.nth(rng.below(targets.count())).click()
        stats["targets"] += 1
        page.wait_for_timeout(50)
        if page.query_selector("#popover") and _version(page) == before:
            _answer_popover(page, rng)
    elif buttons.count():
        buttons.nth(rng.below(buttons.count())).click()
        stats["buttons"] += 1
    else:
        if page.query_selector(".tabbar"):
            page.click('.tabbar [data-tab="decide"]')
        page.click("#all-options summary")
        opts = page.locator("#all-options .opt")
        opts.nth(rng.below(opts.count())).click()
        stats["fallback"] += 1
    _after(page, before)


def play_cyclades_by_clicking(page: Any, rng: Rng, limit: int = 3_000,
                              shot: str | None = None) -> dict[str, int]:
    """Clicks a Cyclades game through to its end; returns what kind of clicks it took."""
    stats = {"targets": 0, "buttons": 0, "fallback": 0}
    for _ in range(limit):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            return stats
        if shot and page.locator("#board .territory.target").count():
            page.screenshot(path=str(SHOTS / shot))
            shot = None
        _one_decision(page, rng, stats)
    raise AssertionError("the game did not end")


def _no_engine_forms(page: Any) -> None:
    text = page.inner_text("#board") + page.inner_text("#side") + page.inner_text("#extra")
    assert not ENGINE_FORMS.search(text), ENGINE_FORMS.search(text)


def _accessible(page: Any) -> None:
    bad = violations(page, include=("#board", "#mine", "#side", "#extra"))
    assert bad == [], bad


def test_a_newcomer_plays_cyclades_to_the_end_by_clicking_the_map(browser: Any,  # noqa: F811
                                                                  site: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser)
    _create(page, site, "cyclades", ["human", "heuristic", "heuristic"], {"max_rounds": "3"})
    _wait_turn(page)
    page.wait_for_selector("#gods")
    assert page.locator("#board .territory").count() == 9
    assert page.locator("#board .sea").count() == 24
    assert "Apollo" in page.inner_text("#gods")
    # A god tile explains what its god gives.
    page.hover('#gods .cy-god[data-god="apollo"]')
    page.wait_for_selector("#tooltip:not([hidden])")
    assert "gold" in page.inner_text("#tooltip")
    assert page.locator("#side .pp").count() == 3
    assert "Player 1 (you)" in page.inner_text("#side")
    _no_engine_forms(page)
    _accessible(page)
    stats = play_cyclades_by_clicking(page, Rng(9), shot="cyclades-table-1280x800.png")
    assert stats["targets"] >= 3, stats
    over = page.inner_text("#game-over")
    assert "Game over" in over
    # Who won and why in words, the tie-break if gold decided, every player's place.
    assert "The cycle limit (3) is reached." in over and "Standing: 1. " in over, over
    assert " wins with " in over or " share the victory" in over, over
    # The engine's sentences name seats P1, P2... counted from 1, as the table does.
    assert not re.search(r"\b(?:P|И)0\b", over), over
    page.screenshot(path=str(SHOTS / "cyclades-table-game-over.png"))
    assert not page.errors


def test_a_russian_player_on_a_phone_plays_cyclades_by_tapping(browser: Any,  # noqa: F811
                                                               site: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('meeple.lang', 'ru')")
    _create(page, site, "cyclades", ["human", "heuristic", "heuristic"], {"max_rounds": "2"})
    _wait_turn(page)
    board = page.inner_text("#board")
    assert "Наксос" in board or "Парос" in board, board
    # (waited for: the board is drawn again when a bot's move comes, and for that instant
    # it has no box)
    page.wait_for_function("() => { const s = document.querySelector('#board svg');"
                           " return s !== null && s.getBoundingClientRect().width >= 360; }",
                           timeout=10_000)
    # Every word on the map is at least 11 px tall on the phone.
    small = page.evaluate(
        "() => [...document.querySelectorAll('#board svg text')].filter(e => e.textContent.trim()"
        ").map(e => [e.textContent, parseFloat(e.getAttribute('font-size'))"
        " * e.getScreenCTM().a]).filter(([, px]) => px < 11)")
    assert small == []
    # Nothing of the god track runs off the screen.
    right = page.evaluate("() => Math.max(...[...document.querySelectorAll('#gods *')]"
                          ".map(e => e.getBoundingClientRect().right))")
    assert right <= 390
    rng, stats = Rng(3), {"targets": 0, "buttons": 0, "fallback": 0}
    for n in range(8):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            break
        if n == 2:
            page.screenshot(path=str(SHOTS / "cyclades-table-phone-ru.png"))
        _one_decision(page, rng, stats)
    assert stats["targets"] >= 1, stats
    page.click('.tabbar [data-tab="decide"]')
    assert "Аполлон" in page.inner_text("#gods")
    _no_engine_forms(page)
    _accessible(page)
    assert not page.errors


# English words of the engine's Cyclades texts (log, prompts, result): none may reach a
# Russian reader.
ENGLISH = re.compile(r"\b(?:the|and|of|wins|with|gold|Player|Game over|Reason|cycle|limit"
                     r"|sea|troops?|fleets?|share|victory|Standing|nobody)\b")
# Engine ids: catalog keys, raw actions, Python forms.
IDS = re.compile(r"cyclades\.|\b(?:bid|march|sail|place|buy|recruit|build) \d|\('|\{'")


def test_a_russian_player_on_a_phone_plays_cyclades_to_the_end_screen(
        browser: Any, site: str) -> None:  # noqa: F811
    """A whole game of three (two random bots), clicked on a phone by a Russian browser,
    to the end screen: who won and why in Russian, no English of the engine, no ids."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 390, "height": 844}, locale="ru-RU")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create(page, site, "cyclades", ["human", "random", "random"], {"max_rounds": "2"})
    stats = play_cyclades_by_clicking(page, Rng(21))
    assert stats["targets"] + stats["buttons"] >= 3, stats
    over = page.inner_text("#game-over")
    assert "Игра окончена" in over, over
    # The winner named as the table names a seat, and the reason, in Russian.
    assert "Достигнут предел раундов (2)." in over, over
    assert re.search(r"Побеждает (?:команда \d+ \()?Игрок \d|Игрок \d и Игрок \d делят победу",
                     over), over
    assert "Места: 1. Игрок " in over, over
    # The table's places are the engine's standing (gold breaks a tie of Metropolises).
    standing = re.findall(r"(\d)\. (Игрок \d) — (\d+) Метропол\w*, (\d+) золот", over)
    rows = page.evaluate(
        "() => [...document.querySelectorAll('#game-over .scores tbody tr')].map(tr =>"
        " [tr.cells[0].textContent.trim(), tr.cells[1].textContent])")
    assert len(standing) == len(rows) == 3, (standing, rows)
    by_name = {name: place for place, name, _, _ in standing}
    for place, cell in rows:
        name = re.search(r"Игрок \d", cell).group(0)  # type: ignore[union-attr]
        assert by_name[name] == place, (name, place, standing)
        assert "золото: " in cell.lower(), cell  # each player's gold under the name
    # The scores' one-word column heads are never cut inside a word («Мест/о»).
    lines = page.evaluate(
        "() => [...document.querySelectorAll('#game-over .scores thead th')].map(th => {"
        " const r = document.createRange(); r.selectNodeContents(th);"
        " return [th.textContent, r.getClientRects().length]; })")
    assert lines and all(n == 1 for _, n in lines), lines
    page.screenshot(path=str(SHOTS / "cyclades-game-over-390x844-ru.png"), full_page=True)
    # What the player reads: the end screen, the log, the panels and the map.
    read = " ".join(page.text_content(sel) or "" for sel in
                    ("#game-over", "#log", "#side", "#board", "#extra"))
    assert "Игрок 2" in (page.text_content("#log") or "")  # the log is read, in Russian
    assert not ENGLISH.search(read), ENGLISH.search(read)
    assert not IDS.search(read), IDS.search(read)
    assert not ENGINE_FORMS.search(read), ENGINE_FORMS.search(read)
    assert errors == []
