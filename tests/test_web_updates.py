"""A burst of updates at the Cult table (Debian's chromium through Playwright): the bots'
moves after mine arrive together (held back by a wrapper around the page's WebSocket and
let go in one task); the table draws the newest version, fewer drawings than updates, and
keeps every log line, the "since your last move" count and the change marks of the
versions it did not draw (docs/performance.md, "Update to screen", session 9)."""

from __future__ import annotations

import itertools
from typing import Any

from tests.test_web_e2e import _page, browser, site
from tests.web_helpers import make_game

__all__ = ["browser", "site"]

# Holds the table's WebSocket messages of a version above window.__burst.after and delivers
# them all in one task on release(); records each version the table writes as drawn. The
# bar is set before my click, so the bots' moves after mine are held however fast they come
# (a bar raised once my move was drawn let quick bots through before it). Each message is
# also made whole, as the page makes it (patches applied by the page's own js/patch.js), so
# that the test reads the payload of every version held.
BURST_SCRIPT = """
(() => {
  const B = window.__burst = { after: null, held: [], drawn: [], apply: null };
  import("/js/patch.js").then((m) => { B.apply = m.applyPatch; });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    set onmessage(f) {
      this.__handler = f;
      super.onmessage = (ev) => {
        const m = JSON.parse(ev.data);
        let whole = null;
        if (m.type === "update") {
          const { ack, ...doc } = m;
          this.__doc = structuredClone(doc);
          whole = m;
        } else if (m.type === "patch" && this.__doc && B.apply) {
          this.__doc = B.apply(this.__doc, m.ops);
          this.__doc.version = m.version;
          whole = { ...structuredClone(this.__doc), type: "update", log_tail: m.log_tail };
        }
        const v = B.after === null || !whole ? null : whole.version;
        if (v !== null && v > B.after) B.held.push([this, ev.data, whole]);
        else f.call(this, ev);
      };
    }
    get onmessage() { return this.__handler; }
  };
  B.release = () => {
    B.after = null;
    for (const [ws, data] of B.held) ws.__handler.call(ws, new MessageEvent('message', { data }));
  };
  new MutationObserver(() => {
    const t = document.querySelector('#table');
    if (t && t.dataset.version) B.drawn.push(Number(t.dataset.version));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-version'] });
})();
"""

# The bots are done: the last update held asks me (or ends the game); or none was held
# and the table asks me (my decisions followed one another).
BURST_DONE = """() => {
  const h = window.__burst.held;
  if (!h.length) return Boolean(document.querySelector('#prompt .choice, #game-over'));
  const m = h[h.length - 1][2];
  return m.finished || m.waiting.includes(m.seat);
}"""


def _district_changes(updates: list[dict[str, Any]]) -> set[str]:
    """The districts each update changed from the one before (the marks' ids)."""
    out: set[str] = set()
    for a, b in itertools.pairwise(updates):
        for da, db in zip(a["view"]["districts"], b["view"]["districts"], strict=True):
            if any(da[k] != db[k] for k in ("priests", "altars", "seized_by", "smile")):
                out.add(f"d-{db['number']}")
    return out


def _burst(page: Any) -> list[dict[str, Any]]:
    """Clicks my first choice, lets my move's update through and holds every later one
    until the bots are done (my turn again or the end); the updates held, in order (maybe
    none)."""
    before = page.get_attribute("#table", "data-version")
    page.evaluate("v => { const b = window.__burst; b.held = []; b.after = v; }",
                  int(before or 0) + 1)
    page.locator("#prompt .choice").first.click(timeout=5_000)
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=before, timeout=30_000)
    page.evaluate("() => { window.__burst.drawn = []; }")
    page.wait_for_function(BURST_DONE, timeout=60_000)
    held: list[dict[str, Any]] = page.evaluate(
        "() => window.__burst.held.map(([, , whole]) => whole)")
    return held


def test_a_burst_of_updates_draws_the_newest_and_keeps_every_log_line_and_mark(
        browser: Any, site: str) -> None:
    page = _page(browser)
    g = make_game(page, site, "cult", ["human", "random", "random", "random"], {"max_rounds": 2})
    token = next(s["token"] for s in g["seats"] if s.get("token"))
    page.add_init_script(BURST_SCRIPT)
    page.goto(f"{site}/#/game/{g['id']}/{token}")
    burst: list[dict[str, Any]] = []
    for _ in range(30):  # my own decisions may follow one another: until the bots move
        page.wait_for_selector("#prompt .choice", timeout=60_000)
        burst = _burst(page)
        if len(burst) >= 3:
            break
        page.evaluate("() => window.__burst.release()")
        if burst:
            page.wait_for_function("v => document.querySelector('#table').dataset.version == v",
                                   arg=str(burst[-1]["version"]), timeout=30_000)
    assert len(burst) >= 3, "no burst of three updates in 30 moves"
    page.evaluate("() => window.__burst.release()")
    last = burst[-1]
    page.wait_for_function("v => document.querySelector('#table').dataset.version == v",
                           arg=str(last["version"]), timeout=30_000)
    page.wait_for_timeout(200)  # any drawing still to come
    drawn: list[int] = page.evaluate("() => window.__burst.drawn")
    # The newest version is on the screen, reached with fewer drawings than updates.
    assert drawn[-1] == last["version"], drawn
    assert len(drawn) < len(burst), (drawn, [m["version"] for m in burst])
    # Every log line once, in order, the skipped versions' lines too.
    shown = page.eval_on_selector_all("#log > li", "els => els.map((e) => e.textContent)")
    r = page.request.get(f"{site}/api/games/{g['id']}/log?since=0",
                         headers={"Authorization": f"Bearer {token}"})
    assert r.ok, r.text()
    assert shown == [e["text"] for e in r.json()][:last["log_size"]]
    assert len(shown) == last["log_size"]
    # Since my move (drawn before the burst): every line, the skipped versions' too.
    mark = int(page.evaluate("k => localStorage.getItem(k)", f"meeple.mark.{g['id']}.0"))
    assert mark <= burst[0]["log_size"] - len(burst[0]["log_tail"]), (mark, burst[0]["log_size"])
    heading = page.inner_text("#since h2")
    assert f"({last['log_size'] - mark})" in heading, (last["log_size"], mark, heading)
    # A district changed by a version that was never drawn is still marked.
    marked = set(page.eval_on_selector_all("#board .changed[data-id]",
                                           "els => els.map((e) => e.dataset.id)"))
    assert _district_changes(burst) <= marked, (_district_changes(burst), marked)
    assert not page.errors
