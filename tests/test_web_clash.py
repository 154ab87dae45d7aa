"""The Clash of Cultures table in a real browser, played only by what a person clicks:
unit stacks picked up and then a highlighted hex, highlighted hexes, advance tiles and
cards, the decision's buttons. Open advances readable (contrast), every advance and
card explained, players named and counted from 1, nothing of the engine's forms; a
whole game in English at 1280x800 and in Russian on a phone; screenshots and axe-core
at both sizes in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from meeple.core.rng import Rng
from tests.test_web_cult import _after, _answer_popover, _version, _wait_turn
from tests.test_web_e2e import CLASH_DEAL, CLASH_END, SHOTS, _create, _page, browser, site  # noqa: F401
from tests.web_helpers import SIZES, assert_accessible, shoot

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "src" / "meeple" / "web" / "static" / "js" / "clash" / "facts.js"
RULES = ROOT / "src" / "meeple" / "games" / "clash" / "data" / "rules.yaml"
# Engine forms a player must never read on the table: seats counted from 0, raw actions.
# Engine forms: the short seat names ("P1", «И1»: the table says "Player 1" / «Игрок 1»)
# and raw actions.
ENGINE_FORMS = re.compile(r"\b(?:P|И)\d+\b|\b(?:move|collect|recruit|advance|build) \d")
# A hex's coordinates as the engine keeps them ("2,-1"): a player reads terrain instead.
COORDS = re.compile(r"-?\d+,-?\d+")

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
# Every word on the map, with its height on the screen in px.
TEXT_SIZES_JS = """() => [...document.querySelectorAll('#board svg text')]
  .filter(e => e.textContent.trim() && e.getClientRects().length)
  .map(e => [e.textContent, parseFloat(e.getAttribute('font-size')) * e.getScreenCTM().a])"""


def test_the_numbers_the_table_shows_are_the_data_files() -> None:
    found = re.search(r"export const FACTS = (\{.*\});", FACTS.read_text(encoding="utf-8"), re.S)
    assert found, "facts.js holds no FACTS object"
    rules = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    keys = ("rounds", "turns_per_round", "actions_per_turn", "advance_cost", "hit_every", "vp")
    assert json.loads(found.group(1)) == {k: rules[k] for k in keys}


def _one_decision(page: Any, rng: Rng, stats: dict[str, int]) -> None:
    """What a newcomer does: pick up a unit stack and send it to a highlighted hex, click
    a highlighted hex, advance or card, or press one of the decision's buttons."""
    before = _version(page)
    # Never a wall of buttons: a dozen at most in the decision (the rest behind "All options").
    assert page.locator("#decision .choice").count() <= 12
    if page.query_selector(".tabbar") and not page.locator("#board .target:visible").count() \
            and not page.locator("#prompt .choice:visible").count():
        page.click('.tabbar [data-tab="decide"]')
    stacks = page.locator("#board .stack.target")
    if stacks.count() and rng.below(2):
        stacks.nth(rng.below(stacks.count())).click()
        page.wait_for_selector("#board .stack.selected")
        hexes = page.locator("#board .hex.target")
        hexes.nth(rng.below(hexes.count())).click()
        stats["moves"] += 1
    else:
        targets = page.locator("#table .target:visible:not(.stack)")
        buttons = page.locator("#prompt .choice:visible")
        if targets.count() and (not buttons.count() or rng.below(3)):
            targets.nth(rng.below(targets.count())).click()
            stats["targets"] += 1
        elif buttons.count():
            buttons.nth(rng.below(buttons.count())).click()
            stats["buttons"] += 1
            _after(page, before)
            return
        else:
            page.click("#all-options summary")
            opts = page.locator("#all-options .opt")
            opts.nth(rng.below(opts.count())).click()
            stats["fallback"] += 1
            _after(page, before)
            return
    page.wait_for_timeout(50)
    if page.query_selector("#popover") and _version(page) == before:
        assert page.locator("#popover .choice").count() <= 12
        _answer_popover(page, rng)
    _after(page, before)


def _play(page: Any, rng: Rng, shot: str) -> dict[str, int]:
    stats = {"moves": 0, "targets": 0, "buttons": 0, "fallback": 0}
    for _ in range(2_000):
        _wait_turn(page)
        if page.query_selector("#game-over"):
            return stats
        if shot and page.locator("#board .stack.target").count():
            shoot(page, shot)
            shot = ""
        _one_decision(page, rng, stats)
    raise AssertionError("the game did not end")


def _no_engine_forms(page: Any) -> None:
    text = " ".join(page.inner_text(sel) for sel in ("#board", "#side", "#mine", "#extra",
                                                     "#log", "#prompt"))
    assert not ENGINE_FORMS.search(text), ENGINE_FORMS.search(text)
    # The map shows terrain, cities and units: no coordinates written on it.
    assert not COORDS.search(page.inner_text("#board")), COORDS.search(page.inner_text("#board"))


def _start(browser: Any, site: str, lang: str, size: str, rounds: int = 0) -> Any:  # noqa: F811
    page = _page(browser, *SIZES[size])
    page.add_init_script(f"localStorage.setItem('meeple.lang', '{lang}')")
    _create(page, site, "clash", ["human", "heuristic"], {"rounds": str(rounds)} if rounds else {},
            seed=CLASH_DEAL)
    # On a phone the tree is folded: its tiles are there, not shown.
    page.wait_for_selector("#advances .advance.choice", state="attached", timeout=60_000)
    return page


def test_open_advances_are_readable_explained_and_players_are_named(browser: Any, site: str  # noqa: F811
                                                                    ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _start(browser, site, "en", "1280x800")
    # Open advances were white on beige (1.14:1); the AA minimum for text is 4.5:1.
    # All tiles are read in one script: an update redrawing the tree between reading one
    # tile and the next would leave a detached tile with no colours.
    ratios = page.eval_on_selector_all(
        "#advances .advance", f"els => els.map(e => [e.innerText, ({CONTRAST_JS})(e)])")
    assert len(ratios) == 48
    for text, ratio in ratios:
        assert ratio >= 4.5, text
    # The tree is a board: a column per group, four advances each, two of them known.
    assert page.locator("#advances .cl-group").count() == 12
    assert page.locator("#advances .advance").count() == 48
    assert page.locator("#advances .advance.have").count() == 2  # Farming and Mining
    # Every advance says what it does on hover, by its name and its catalog text (scrolled
    # into view first: a scroll hides an open tooltip).
    farming = page.locator('#advances [data-advance="Farming"]')
    farming.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    farming.hover()
    page.wait_for_selector("#tooltip:not([hidden])")
    tip = page.inner_text("#tooltip")
    assert "Farming" in tip and len(tip) > len("Farming") + 10
    # Players are named and counted from 1: no "P0" / "P1" anywhere in their panels; their
    # resources are icons that explain themselves.
    panels = page.inner_text("#side")
    assert "P0" not in panels and "P1" not in panels and "Player 1 (you)" in panels
    # The log, the prompt and the panels name them alike; the map shows no coordinates.
    assert "Player 1" in page.inner_text("#log")
    _no_engine_forms(page)
    assert page.locator("#side .pp").count() == 2
    assert page.locator("#side .pp-stat svg.icon").count() >= 2 * 7
    # Units stand on the map as figures: a settler and a city on each home.
    assert page.locator("#board .city").count() == 2
    assert page.locator("#board .piece-settler").count() == 2
    # Learning an advance by clicking its tile.
    before = page.locator("#advances .advance.have").count()
    page.click("#advances .advance.choice")
    page.wait_for_function("n => document.querySelectorAll('#advances .advance.have').length > n",
                           arg=before, timeout=30_000)
    assert not page.errors


def test_a_newcomer_plays_clash_to_the_end_by_clicking(browser: Any, site: str  # noqa: F811
                                                      ) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _start(browser, site, "en", "1280x800")
    _no_engine_forms(page)
    stats = _play(page, Rng(17), "clash-table-1280x800-en")
    assert stats["moves"] >= 2 and stats["targets"] >= 3, stats
    text = page.inner_text("#game-over")
    assert "Game over" in text and CLASH_END.search(text), text
    # Victory points by source for every player, adding up to their score.
    rows = page.locator("#vp-sources tbody tr")
    assert rows.count() == 2
    for i in range(2):
        cells = [float(x) for x in rows.nth(i).locator("td").all_inner_texts()]
        assert sum(cells[:-1]) == cells[-1]
    shoot(page, "clash-game-over-1280x800-en", full_page=True)
    _no_engine_forms(page)
    assert not page.errors


def test_a_russian_player_on_a_phone_plays_clash_to_the_end_by_tapping(browser: Any,  # noqa: F811
                                                                      site: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _start(browser, site, "ru", "390x844", rounds=2)
    assert "Земледелие" in (page.text_content("#advances") or "")
    small = [x for x in page.evaluate(TEXT_SIZES_JS) if x[1] < 11]
    assert small == [], small
    stats = _play(page, Rng(5), "clash-table-390x844-ru")
    assert stats["moves"] + stats["targets"] >= 3, stats
    assert "Игра окончена" in page.inner_text("#game-over")
    # Still no word or number under 11 px with the map full of units, cities and buildings.
    small = [x for x in page.evaluate(TEXT_SIZES_JS) if x[1] < 11]
    assert small == [], small
    assert "Победные очки по источникам" in page.inner_text("#extra")
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, "clash-game-over-390x844-ru")
    _no_engine_forms(page)
    assert not page.errors


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_is_accessible_and_drawn_at_both_sizes_in_both_languages(
        browser: Any, site: str, size: str, lang: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = _start(browser, site, lang, size)
    _wait_turn(page)
    _no_engine_forms(page)
    if size == "390x844":
        small = [x for x in page.evaluate(TEXT_SIZES_JS) if x[1] < 11]
        assert small == [], small
    # A unit stack picked up: its destinations highlighted, every other hex inert.
    page.click("#board .stack.target")
    page.wait_for_selector("#board .stack.selected")
    hexes = page.locator("#board .hex.target").count()
    assert 0 < hexes < page.locator("#board .hex").count()
    assert_accessible(page, f"the Clash table {size} {lang}")
    shoot(page, f"clash-table-{size}-{lang}-picked")
    # A card in the hand shows both its halves.
    assert page.locator("#mine .gcard").count() >= 1
    assert page.locator("#mine .gcard").first.locator(".cl-half").count() == 2
    if size == "390x844":  # the panels as tabs: my cards, then the players
        for tab in ("mine", "players"):
            page.click(f'.tabbar [data-tab="{tab}"]')
            page.wait_for_selector(f'.tabbar [data-tab="{tab}"][aria-selected="true"]')
            shoot(page, f"clash-table-{size}-{lang}-{tab}")
        assert_accessible(page, f"the Clash table's tabs {size} {lang}")
    assert not page.errors
