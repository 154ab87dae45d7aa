"""Every kit game in a real browser (Debian's chromium, driven by Playwright), drawn by the
shared table alone: a person plays it to the end against a bot by clicking — highlighted
pieces and places first, the decision's buttons where nothing on the table stands for a
choice — at 1280x800 in English and at 390x844 in Russian; every screen at both sizes in
both languages has no engine words, no serious or critical axe-core finding, and goes to
the gallery (docs/web.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.kit.lines import kit_games
from tests.services import meeple_server
from tests.test_web_e2e import browser as browser  # the shared fixture
from tests.web_helpers import assert_accessible, make_game, play_through_api, set_language, shoot

GAMES = kit_games()
# A choice on the table (a piece, a space, a zone's heading), else in the status bar or the
# decision panel; a list opened beside a place is answered from the list.
ON_TABLE = "#board .target, #extra .target"
BUTTONS = "#status .quick .choice, #decision .choices .choice"
ENGINE_WORDS = re.compile(r"\b(?:seat\d|p\d+|[a-z]+\.[a-z_]+\.[a-z_]+)\b|\{[a-z_0-9]+\}")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    with meeple_server(f"sqlite:///{tmp_path / 'kit.db'}", "--bot-workers", "0") as (base, _):
        yield base


def _open(browser: Any, site: str, game: str, lang: str, size: tuple[int, int],
          seed: int, seats: list[str] | None = None) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(site + "/")
    set_language(page, lang)
    if seats is None:
        g = get_game(game)
        seats = ["human"] + ["random"] * (g.min_players - 1)
        options = dict(getattr(g, "test_options", {}))
    else:
        options = {}
    made = make_game(page, site, game, seats, options)
    page.goto(f"{site}/#/game/{made['id']}/{made['seats'][0]['token']}")
    page.reload()
    page.wait_for_selector("#table[data-version]", timeout=30_000)
    return page


def _click(page: Any, selector: str, rng: Rng) -> bool:
    from playwright.sync_api import Error

    found = page.locator(selector)
    visible = [i for i in range(found.count()) if found.nth(i).is_visible()]
    if not visible:
        return False
    try:
        found.nth(visible[rng.below(len(visible))]).click(timeout=3_000)
    except Error:
        return False
    return True


def _play_to_the_end(page: Any, rng: Rng, limit: int = 1500) -> dict[str, int]:
    """Click until the end screen; how many choices went by the table and by buttons."""
    sent = {"table": 0, "buttons": 0}
    for _ in range(limit):
        page.wait_for_selector(f"{ON_TABLE}, {BUTTONS}, #game-over", timeout=60_000)
        if page.query_selector("#game-over"):
            return sent
        version = page.get_attribute("#table", "data-version")
        if _click(page, ON_TABLE, rng):
            sent["table"] += 1
            if page.query_selector("#popover"):
                assert _click(page, "#popover .choice", rng), "a list beside a place was empty"
        elif _click(page, BUTTONS, rng):
            sent["buttons"] += 1
        else:
            continue
        page.wait_for_function(
            "v => document.querySelector('#game-over') || "
            "document.querySelector('#table').dataset.version !== v || "
            "document.querySelector('#error').innerText", arg=version, timeout=60_000)
        refused = page.inner_text("#error")
        assert not refused or "version" in refused, refused
    raise AssertionError(f"no end after {limit} decisions")


def _settled(page: Any) -> None:
    """What changed pulses once (380 ms): looked at after it, as a player reads it."""
    page.wait_for_timeout(500)


def _no_engine_words(page: Any, where: str, root: str = "#table") -> None:
    text = page.inner_text(root)
    found = sorted(set(ENGINE_WORDS.findall(text)))
    assert not found, f"{where}: engine words on the screen: {found}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_person_plays_a_kit_game_to_the_end_by_clicking(browser: Any, site: str, game: str,
                                                          lang: str, size: tuple[int, int]
                                                          ) -> None:
    page = _open(browser, site, game, lang, size, seed=1)
    where = f"{game} {lang} {size[0]}x{size[1]}"
    sent = _play_to_the_end(page, Rng(7))
    assert sent["table"] > sent["buttons"], f"{where}: most choices should be made on the table"
    end = page.inner_text("#game-over")
    assert ("Game over" if lang == "en" else "Игра окончена") in end
    reason = page.inner_text("#game-over .end-reason")
    if lang == "ru":  # the reason in words, not its code
        assert not re.search("[a-z]", reason.split(":", 1)[1]), f"{where}: {reason!r}"
    _no_engine_words(page, f"{where} at the end")
    _settled(page)
    assert_accessible(page, f"{where}, the end screen")
    shoot(page, f"{game}-end-{size[0]}x{size[1]}-{lang}")
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_kit_game_table_reads_in_the_language_with_no_engine_words(
        browser: Any, site: str, game: str, lang: str, size: tuple[int, int]) -> None:
    page = _open(browser, site, game, lang, size, seed=2)
    where = f"{game} {lang} {size[0]}x{size[1]}"
    _no_engine_words(page, where)
    assert page.locator(ON_TABLE).count() > 0, f"{where}: nothing to click on the table"
    if lang == "ru":
        assert re.search("[а-яА-Я]", page.inner_text("#board")), f"{where}: no Russian"
    widest = page.evaluate("() => document.documentElement.scrollWidth")
    assert widest <= size[0], f"{where}: the page scrolls sideways ({widest} px)"
    _settled(page)
    assert_accessible(page, where)
    shoot(page, f"{game}-{size[0]}x{size[1]}-{lang}")
    assert page.errors == []
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_kit_game_replays_step_by_step_on_the_kit_table(browser: Any, site: str, game: str
                                                        ) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + "/")
    g = get_game(game)
    made = make_game(page, site, game, ["human"] + ["random"] * (g.min_players - 1),
                     dict(getattr(g, "test_options", {})))
    token = made["seats"][0]["token"]
    play_through_api(page, site, made["id"], token)
    for lang, size in [("en", (1280, 800)), ("ru", (1280, 800)), ("en", (390, 844)),
                       ("ru", (390, 844))]:
        where = f"the {game} replay {lang} {size[0]}x{size[1]}"
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(site + "/")
        set_language(page, lang)
        page.goto(f"{site}/#/replay/{made['id']}/{token}")
        page.reload()
        page.wait_for_selector("#replay-pos")
        assert page.inner_text("#replay-pos").startswith("0 /")
        assert page.locator("#board .kt-zone").count() > 0, f"{where}: no zones drawn"
        first = page.inner_html("#board")
        total = int(page.inner_text("#replay-pos").split("/")[1])
        # The slider shows the step at once and draws it a moment later.
        page.locator("#replay-slider").fill(str(total // 2))
        page.wait_for_function("b => document.querySelector('#board').innerHTML !== b",
                               arg=first, timeout=10_000)
        assert page.inner_text("#replay-pos").startswith(f"{total // 2} /"), where
        _no_engine_words(page, where, "main")
        _settled(page)
        assert_accessible(page, where)
        shoot(page, f"replay-{game}-{size[0]}x{size[1]}-{lang}")
    assert errors == []
    page.close()


def test_a_game_meeple_new_writes_plays_in_the_browser_at_once(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/authoring.md §1 as a new author follows it: `meeple new`, then the server."""
    root = tmp_path / "checkout"
    shutil.copytree(Path(__file__).resolve().parent.parent / "src", root / "src",
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("PYTHONPATH", str(root / "src"))
    made = subprocess.run([sys.executable, "-m", "meeple", "new", "my_race", "--title",
                           "My Race", "--title-ru", "Моя гонка"], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    with meeple_server(f"sqlite:///{tmp_path / 'new.db'}", "--bot-workers", "0") as (base, _):
        page = _open(browser, base, "my_race", "ru", (1280, 800), seed=3,
                     seats=["human", "random"])
        assert "Моя гонка" in page.title() or "Моя гонка" in page.inner_text("body")
        _play_to_the_end(page, Rng(3))
        assert "Игра окончена" in page.inner_text("#game-over")
        _settled(page)
        assert_accessible(page, "a game from meeple new, its end screen")
        assert page.errors == []
        page.close()
