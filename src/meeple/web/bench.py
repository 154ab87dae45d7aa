"""``meeple bench web``: the browser table's speed as a player sees it (issue 17).

A server on a new SQLite file, Debian's chromium driven through Playwright, one Cult
game against a bot: the first load of the table with an empty cache and again with a
warm one, then N moves clicked, each timed by the page's own clock (performance.now)
from its WebSocket update arriving to the table drawn at that version and the next frame
painted. Playwright is the optional extra ``web-bench``."""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from meeple.server.process import ServerProcess

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]

# Installed before the page's scripts run. An update is timed from its WebSocket message
# to the table's data-version attribute being written (the last step of a redraw) and
# the next frame painted; the first load from the navigation's start to the first board
# painted. The page's own measures (performance.measure 'meeple:*'), when it sets them,
# are read beside these. The table draws at most once a frame, the newest update it has
# (session 9): each entry of `updates` runs from the arrival of the message whose version
# was drawn (the newest arrival when data-version was written); `everyMessage` times
# every message, a superseded one too, from its arrival to the first drawing painted
# after it (its version or a newer one).
TIMING_SCRIPT = """
(() => {
  const m = window.__meepleBench = { updates: [], firstBoard: null, messages: 0, everyMessage: [] };
  let pending = null, waiting = [];
  const painted = (f) => requestAnimationFrame(() => setTimeout(f, 0));
  new MutationObserver((records) => {
    const board = document.querySelector('#board');
    if (m.firstBoard === null && board && board.firstElementChild) {
      m.firstBoard = -1;
      painted(() => { m.firstBoard = performance.now(); });
    }
    if (pending !== null && records.some((r) => r.type === 'attributes')) {
      const t0 = pending, all = waiting;
      pending = null;
      waiting = [];
      painted(() => {
        const now = performance.now();
        m.updates.push(now - t0);
        for (const t of all) m.everyMessage.push(now - t);
      });
    }
  }).observe(document, { childList: true, subtree: true, attributes: true,
                         attributeFilter: ['data-version'] });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        let msg = null;
        try { msg = JSON.parse(ev.data); } catch (e) { return; }
        // an update whole (the first, or every one with ?updates=full) or as a patch
        if (msg && (msg.type === 'update' || msg.type === 'patch')) {
          pending = performance.now();
          waiting.push(pending);
          m.messages += 1;
        }
      });
    }
  };
})();
"""


PARTS_SCRIPT = r"""() => {
  const r = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const end = (f) => Math.max(0, ...r.filter(f).map((e) => e.responseEnd));
  const js = r.filter((e) => e.name.endsWith('.js'));
  return { page: nav.responseEnd, modules: end((e) => e.name.endsWith('.js')),
    modules_count: js.length, modules_from_cache: js.filter((e) => e.transferSize === 0).length,
    view: end((e) => /\/api\/games\/[^/?]+$/.test(new URL(e.name).pathname)),
    log: end((e) => /\/api\/games\/[^/?]+\/log$/.test(new URL(e.name).pathname)),
    catalog: end((e) => e.name.includes('catalog')), first_table: window.__meepleBench.firstBoard };
}"""


class BenchError(RuntimeError):
    """What the bench needs and is missing, in words."""


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        raise BenchError("meeple bench web needs Debian's chromium (apt-get install chromium)")
    return exe


def _playwright() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BenchError("meeple bench web needs the Python package 'playwright' "
                         "(pip install 'meeple[web-bench]')") from None
    return sync_playwright


def _ms(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"median": None, "p95": None}
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 1),
            "p95": round(ordered[round(0.95 * (len(ordered) - 1))], 1)}


def _first_load(page: Any) -> float:
    page.wait_for_function("() => (window.__meepleBench || {}).firstBoard > 0", timeout=60_000)
    return float(page.evaluate("() => window.__meepleBench.firstBoard"))


def _load_parts(page: Any) -> dict[str, float]:
    """Where a first load went, in ms from the navigation's start (Resource Timing): the
    page received, the last script module received (and how many modules), the game's
    view, its log and its text catalog received, and the first table painted."""
    got: dict[str, float] = page.evaluate(PARTS_SCRIPT)
    return {k: round(float(v), 1) for k, v in got.items()}


def _page_measures(page: Any) -> dict[str, list[float]]:
    """The page's own measures, if it sets them (performance.measure 'meeple:...')."""
    got: dict[str, list[float]] = page.evaluate(
        "() => { const o = {}; for (const e of performance.getEntriesByType('measure')) {"
        " if (e.name.startsWith('meeple:')) (o[e.name] = o[e.name] || []).push(e.duration); }"
        " return o; }")
    return got


def _play(page: Any, moves: int) -> int:
    """Clicks the first choice of each of my decisions; the number of moves made."""
    made = 0
    while made < moves:
        page.wait_for_selector("#prompt .choice, #game-over", timeout=60_000)
        if page.query_selector("#game-over"):
            break
        before = page.get_attribute("#table", "data-version")
        try:
            page.locator("#prompt .choice").first.click(timeout=2_000)
        except Exception:  # redrawn under the pointer: look again
            continue
        made += 1
        page.wait_for_function(
            "v => document.querySelector('#table').dataset.version !== v", arg=before,
            timeout=60_000)
    return made


def bench_web(moves: int = 30, players: int = 2, rounds: int = 0,
              width: int = 1280, height: int = 800) -> dict[str, Any]:
    """The first load (cold and warm cache) and the update-to-screen times of ``moves``
    Cult moves against random bots (no round limit when ``rounds`` is 0), in ms, from the
    page's own clock."""
    if moves < 1:
        raise BenchError(f"--moves must be at least 1, got {moves}")
    if not 2 <= players <= 4:
        raise BenchError(f"--players must be 2 to 4 for Cult, got {players}")
    sync_playwright = _playwright()
    exe = _chromium()
    with tempfile.TemporaryDirectory(prefix="meeple-bench-web-") as tmp:
        server = ServerProcess(f"sqlite:///{Path(tmp) / 'bench.db'}", "--bot-workers", "0",
                               log=Path(tmp) / "serve.log")
        server.start()
        try:
            seats = [{"kind": "human"}] + [{"kind": "random"}] * (players - 1)
            r = httpx.post(f"{server.base}/api/games", timeout=60, json={
                "game": "cult", "players": players, "seats": seats,
                "options": {"max_rounds": rounds}})
            if r.status_code >= 400:
                raise BenchError(f"the server refused the game: {r.text}")
            g = r.json()
            token = next(s["token"] for s in g["seats"] if s.get("token"))
            url = f"{server.base}/#/game/{g['id']}/{token}"
            # A table is opened on a server that has served before: its first answers
            # (imports, the game's data files) are not the browser's cold cache.
            for path in ("/", f"/api/games/{g['id']}", "/api/catalog/cult"):
                httpx.get(f"{server.base}{path}", timeout=60,
                          headers={"Authorization": f"Bearer {token}"})
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
                try:
                    page = browser.new_context(viewport={"width": width, "height": height}
                                               ).new_page()
                    errors: list[str] = []
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.add_init_script(TIMING_SCRIPT)
                    page.goto(url)
                    cold = _first_load(page)
                    parts = {"cold": _load_parts(page)}
                    page.reload()  # the same context: its HTTP cache is warm
                    warm = _first_load(page)
                    parts["warm"] = _load_parts(page)
                    started = time.perf_counter()
                    made = _play(page, moves)
                    page.wait_for_timeout(300)  # the last update's frame
                    updates = [float(x) for x in
                               page.evaluate("() => window.__meepleBench.updates")]
                    messages = int(page.evaluate("() => window.__meepleBench.messages"))
                    every = [float(x) for x in
                             page.evaluate("() => window.__meepleBench.everyMessage")]
                    own = _page_measures(page)
                    elapsed = time.perf_counter() - started
                finally:
                    browser.close()
        finally:
            server.stop()
    if errors:
        raise BenchError(f"the page failed: {errors[0]}")
    upd = _ms(updates)
    return {"game": "cult", "moves": made, "updates": len(updates), "messages": messages,
            "update_median_ms": upd["median"], "update_p95_ms": upd["p95"],
            "every_message_ms": _ms(every),
            "first_load_cold_ms": round(cold, 1), "first_load_warm_ms": round(warm, 1),
            "first_load_parts_ms": parts,
            "page_measures": {k: {**_ms(v), "count": len(v)} for k, v in sorted(own.items())},
            "seconds": round(elapsed, 1), "load_avg_1m": round(os.getloadavg()[0], 2),
            "cpus": os.cpu_count() or 1}
