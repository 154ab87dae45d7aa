"""The table tried by a newcomer (issue 42), in a real browser at 1280x800 and 390x844, in
English and Russian: "Create and play" opens the table; a turn with only Pass left says
why; the hint counts the highlighted places; a player has one name everywhere; the end
screen's heads break between words; the phone's tabs and status bar fit and sideways rows
show that they scroll; titles in the reader's language; a dozen alike choices are one
control and the page opens at its top; Clash on a phone keeps its decision short with
whole entries; axe-core (current release, every rule on, AAA included) finds nothing serious."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.test_web_e2e import _page, browser, site
from tests.web_helpers import SIZES, assert_accessible, make_game, play_through_api, set_language

__all__ = ["browser", "site"]

LANGS = ("en", "ru")
SEAT = {"en": "Player", "ru": "Игрок"}
# "Fafnir #1", «Генерал №1»: a seat named the engine's way (a district is «№1 «…»»).
ENGINE_SEAT = re.compile(r"#\d|[А-ЯЁ][а-яё]+ №\d|\bSeat 0\b|\bPlayer 0\b|Игрок 0")
TITLES = {"en": {"cult": "Cult", "clash": "Clash of Cultures", "colonies": "Colonies 1402",
                 "cyclades": "Cyclades (with the Titans expansion)"},
          "ru": {"cult": "Культ", "clash": "Столкновение культур", "colonies": "Колонии 1402",
                 "cyclades": "Киклады (с дополнением «Титаны»)"}}


def _open(page: Any, site: str, gid: str, token: str, lang: str) -> None:
    page.goto(f"{site}/")
    set_language(page, lang)
    page.goto(f"{site}/#/game/{gid}/{token}")
    page.reload()
    page.wait_for_selector("#turn, #game-over")
    page.wait_for_selector("#board > *")


def _sizes_and_langs() -> list[tuple[str, int, int, str]]:
    return [(size, w, h, lang) for size, (w, h) in SIZES.items() for lang in LANGS]


def test_create_and_play_opens_the_table_and_offers_only_the_other_links_there(
        browser: Any, site: str) -> None:
    for size, w, h, lang in _sizes_and_langs():
        page = _page(browser, w, h)
        page.goto(site + "/")
        set_language(page, lang)
        page.reload()
        page.wait_for_selector("#seat-1")
        page.select_option("#players", "3")
        page.wait_for_selector("#seat-2")
        page.select_option("#seat-1", "human")
        page.select_option("#seat-2", "random")
        page.click("#create")
        # The table itself, with no further click: the board and the first seat's view.
        page.wait_for_url(re.compile(r"#/game/[0-9a-f]+/.+"))
        page.wait_for_selector("#board svg")
        assert page.query_selector("#new-game-title") is None, f"{size} {lang}: still the lobby"
        links = page.locator("#invitations input").evaluate_all("xs => xs.map(x => x.ariaLabel)")
        seat = "join link for seat" if lang == "en" else "ссылка для места"
        assert f"{seat} 2" in links, (size, lang, links)
        assert f"{seat} 1" not in links  # my own seat is no invitation
        assert len(links) == 2  # seat 2 and the spectators
        mine = page.url.split("#/game/")[1]
        assert all(mine not in v for v in page.locator("#invitations input").evaluate_all(
            "xs => xs.map(x => x.value)"))
        assert not page.errors
        page.close()


def _cult_with_only_pass(page: Any, site: str) -> tuple[str, str]:
    """A Cult game against a bot played through the API up to a placement turn where the
    person has no free priest left: only Pass remains."""
    g = make_game(page, site, "cult", ["human", "random"], {"max_rounds": 2})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    headers = {"Authorization": f"Bearer {token}"}
    end = time.monotonic() + 120
    while time.monotonic() < end:
        p = page.request.get(f"{site}/api/games/{g['id']}", headers=headers).json()
        assert not p["finished"], "the game ended before a turn with only Pass"
        actions = [c["action"] for c in p.get("choices") or []]
        if not actions:
            time.sleep(0.05)
            continue
        mine = p["view"]["players"][p["seat"]]
        if actions == ["pass"] and not mine["free"]:
            return g["id"], token
        # Place a priest while one is free (the cheapest district first), else close.
        pick = next((a for a in actions if a.startswith("place ")), None) or next(
            (a for a in actions if a in ("pass", "done", "decline", "take")), actions[0])
        page.request.post(f"{site}/api/games/{g['id']}/actions", headers=headers,
                          data={"action": pick, "version": p["version"]})
    raise AssertionError("no turn with only Pass in 120 s")


def test_a_turn_with_only_pass_left_says_why_at_both_sizes_in_both_languages(
        browser: Any, site: str) -> None:
    page = _page(browser)
    gid, token = _cult_with_only_pass(page, site)
    why = {"en": "no free priest left to place — pass",
           "ru": "свободных жрецов не осталось — спасуйте"}
    for size, w, h, lang in _sizes_and_langs():
        page.set_viewport_size({"width": w, "height": h})
        _open(page, site, gid, token, lang)
        page.wait_for_selector("#status .is-mine")
        ask = page.inner_text("#status-line")
        assert why[lang] in ask, (size, lang, ask)
        assert why[lang] in page.inner_text("#decision")
        assert "place a free priest, or pass" not in ask and "разместите свободного" not in ask
        assert page.locator("#mine .cu-free .cu-priest").count() == 0
    assert not page.errors


def test_the_hint_counts_the_highlighted_places_not_their_choices(browser: Any, site: str
                                                                  ) -> None:
    page = _page(browser)
    g = make_game(page, site, "cult", ["human", "random"], {"max_rounds": 1})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    for size, w, h, lang in _sizes_and_langs():
        page.set_viewport_size({"width": w, "height": h})
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#decision .hint", timeout=60_000)
        places = page.locator("#board .district.target").count()
        choices = page.evaluate("() => document.querySelectorAll('#all-options .opt').length")
        hint = page.inner_text("#decision .hint")
        assert f"({places})" in hint, (size, lang, hint, places)
        assert places < choices - 1  # each district stands for several levels
    assert not page.errors


def _words_broken(page: Any, selector: str) -> list[str]:
    """Words of the elements ``selector`` finds that the browser drew on two lines."""
    got: list[str] = page.evaluate("""sel => {
      const out = [];
      for (const el of document.querySelectorAll(sel)) {
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          for (const m of n.textContent.matchAll(/[\\p{L}\\d]+/gu)) {
            const r = document.createRange();
            r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
            const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
            if (tops.size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    }""", selector)
    return got


def test_one_name_per_player_and_an_end_screen_whose_heads_break_between_words(
        browser: Any, site: str) -> None:
    page = _page(browser)
    g = make_game(page, site, "cult", ["human", "random", "random"], {"max_rounds": 1})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    # The prompt and the log name the seats as the panels do, before the end...
    for size, w, h, lang in _sizes_and_langs():
        page.set_viewport_size({"width": w, "height": h})
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#status .is-mine", timeout=60_000)
        names = page.locator("#side .pp-name").all_text_contents()
        assert [n.split(" (")[0] for n in names] == [f"{SEAT[lang]} {i}" for i in (1, 2, 3)]
        text = " ".join(page.locator(sel).first.text_content() or ""
                        for sel in ("#status", "#decision", "#log", "#side"))
        assert not ENGINE_SEAT.search(text), (size, lang, ENGINE_SEAT.search(text))
        assert f"{SEAT[lang]} 1:" in page.inner_text("#status-line")
        assert re.search(rf"{SEAT[lang]} [23]\b", page.text_content("#log") or "")
    # ...and at the end: the same names, heads and names never cut inside a word.
    play_through_api(page, site, g["id"], token)
    for size, w, h, lang in _sizes_and_langs():
        page.set_viewport_size({"width": w, "height": h})
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#game-over")
        rows = page.locator("#game-over tbody tr td:nth-child(2)").all_text_contents()
        assert sorted(re.search(rf"{SEAT[lang]} \d", r).group(0) for r in rows) == [  # type: ignore[union-attr]
            f"{SEAT[lang]} {i}" for i in (1, 2, 3)], rows
        over = page.text_content("#game-over") or ""
        assert not ENGINE_SEAT.search(over), ENGINE_SEAT.search(over)
        broken = _words_broken(page, "#game-over th, #game-over h2")
        assert broken == [], (size, lang, broken)
        assert_accessible(page, f"the Cult end screen {size} {lang}")
    assert not page.errors


def test_a_phone_fits_its_tabs_and_question_and_shows_rows_that_scroll(browser: Any, site: str
                                                                       ) -> None:
    page = _page(browser, 390, 844)
    g = make_game(page, site, "cult", ["human", "random", "random"], {"max_rounds": 1})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    for lang in LANGS:
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#status .is-mine", timeout=60_000)
        bar = page.evaluate("""() => {
          const b = document.querySelector('.tabbar'), tabs = [...b.querySelectorAll('.tab')];
          return { scroll: b.scrollWidth, client: b.clientWidth,
                   rights: tabs.map((t) => t.getBoundingClientRect().right),
                   cut: tabs.filter((t) => t.scrollWidth > t.clientWidth + 1).length }; }""")
        assert bar["scroll"] <= bar["client"] + 1, (lang, bar)
        assert max(bar["rights"]) <= 390 and bar["cut"] == 0, (lang, bar)
        # The question on the bottom edge, whole: no ellipsis, nothing past the edge.
        ask = page.evaluate("""() => { const e = document.querySelector('#status-line');
          const r = e.getBoundingClientRect();
          return { over: e.scrollWidth - e.clientWidth, deep: e.scrollHeight - e.clientHeight,
                   ellipsis: getComputedStyle(e).textOverflow, right: r.right,
                   bottom: r.bottom }; }""")
        assert ask["over"] <= 1 and ask["deep"] <= 1 and ask["ellipsis"] != "ellipsis", ask
        assert ask["right"] <= 390 and ask["bottom"] <= 844, ask
        # The Palace's licences run past the edge: the row says it scrolls (its edge fades).
        rows = page.evaluate("""() => [...document.querySelectorAll('.hand')]
          .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 2)
          .map((e) => { const st = getComputedStyle(e);
            return { cls: e.className, mask: st.maskImage || st.webkitMaskImage }; })""")
        assert rows, "no row runs past the screen: nothing to check"
        for r in rows:
            assert "scrolls" in r["cls"] and "more-right" in r["cls"], r
            assert r["mask"] and r["mask"] != "none", r
        page.locator(".cu-palace .hand.scrolls").first.evaluate("e => e.scrollTo(e.scrollWidth, 0)")
        page.wait_for_function("() => document.querySelector('.cu-palace .hand.scrolls.more-left')")
        assert_accessible(page, f"the Cult table 390x844 {lang}")
    assert not page.errors


def test_titles_are_in_the_readers_language(browser: Any, site: str) -> None:
    for _size, w, h, lang in _sizes_and_langs():
        page = _page(browser, w, h)
        page.goto(site + "/")
        set_language(page, lang)
        page.reload()
        page.wait_for_selector("#seat-1")
        offered = dict(zip(page.eval_on_selector_all("#game option", "os => os.map(o => o.value)"),
                           page.locator("#game option").all_text_contents(), strict=True))
        assert {k: offered[k] for k in TITLES[lang]} == TITLES[lang], offered
        page.click("#create")  # a Cult game: its table names it in the reader's language
        page.wait_for_selector("#board svg")
        assert (page.text_content("#status h1") or "").startswith(TITLES[lang]["cult"] + " — ")
        page.goto(site + "/")
        page.wait_for_selector("table.mygames td")
        page.wait_for_function("t => [...document.querySelectorAll('table.mygames td')]"
                               ".some((td) => td.textContent === t)", arg=TITLES[lang]["cult"])
        assert not page.errors
        page.close()


def test_colonies_first_decision_is_one_control_and_the_table_opens_at_its_top(
        browser: Any, site: str) -> None:
    page = _page(browser)
    g = make_game(page, site, "colonies", ["human", "random", "random"], {"seasons": 1})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    for size, w, h, lang in _sizes_and_langs():
        page.set_viewport_size({"width": w, "height": h})
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#decision .group-row select", timeout=60_000)
        swaps = page.locator("#decision .choices .choice[data-action^='swap']").count()
        assert swaps == 1, (size, lang, swaps)  # the list's one Choose button
        assert page.locator("#decision .choices select option").count() == 12
        assert page.locator("#decision .choices > *").count() <= 3
        page.wait_for_timeout(300)
        assert page.evaluate("window.scrollY") == 0, (size, lang)
        top = page.locator("header.top, .top").first.bounding_box()
        assert top and top["y"] >= 0
        assert_accessible(page, f"the Colonies table {size} {lang}")
    assert not page.errors


def test_clash_on_a_phone_has_a_short_decision_with_whole_entries(browser: Any, site: str
                                                                  ) -> None:
    page = _page(browser, 390, 844)
    g = make_game(page, site, "clash", ["human", "heuristic"], {"rounds": 1})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    for lang in LANGS:
        _open(page, site, g["id"], token, lang)
        page.wait_for_selector("#status .is-mine", timeout=60_000)
        page.click('.tabbar [data-tab="decide"]')
        count = page.evaluate("""() => [...document.querySelectorAll(
            'button, select, input, a[href], summary, [tabindex="0"]')].filter((e) => {
              if (!e.getClientRects().length) return false;
              const closed = e.closest('details:not([open])');
              return !closed || e.parentElement === closed && e.tagName === 'SUMMARY'; }).length""")
        assert count <= 30, (lang, count)  # 57 before: every advance tile a stop
        # Every entry of every list in the decision shows whole in its list's width.
        cut = page.evaluate("""() => {
          const c = document.createElement('canvas').getContext('2d'), out = [];
          for (const sel of document.querySelectorAll('#decision select')) {
            const st = getComputedStyle(sel); c.font = `${st.fontSize} ${st.fontFamily}`;
            const room = sel.clientWidth - 28;  // the arrow and the padding
            for (const o of sel.options) if (c.measureText(o.text).width > room) out.push(o.text);
          }
          return out; }""")
        assert cut == [], (lang, cut)
        # The whole text of the entry picked, under its list.
        assert page.locator("#decision .group-said:visible").count() >= 1
        # The tree is one tap away, whole.
        page.click("#advances summary")
        assert page.locator("#advances .advance:visible").count() == 48
        page.click("#advances summary")
        assert_accessible(page, f"the Clash table 390x844 {lang}")
    assert not page.errors
