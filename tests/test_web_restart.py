"""A rolling restart seen from the browser: two pages play Counter by clicking through a
small proxy in front of two server processes on one PostgreSQL and one Redis; process A
is stopped (SIGTERM) and started again, then process B. Every move clicked is in the
game's record exactly once, the pages end at the server's version, and neither page
showed an error: only the "Reconnecting…" pause (one page plays in Russian, where it says
"Переподключение…"). A move clicked while its server drains (503 "restarting") is sent
again under the same idempotency key until one server takes it."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from meeple.server.process import ServerProcess, free_port
from tests.services import postgres, redis
from tests.test_web_e2e import _page, browser

__all__ = ["browser"]  # the fixture, shared with the other browser tests

# The second page plays in Russian: the pause is said in both languages.
LANGS = ("en", "ru")
YOUR_TURN = {"en": "● Your turn — meeple", "ru": "● Ваш ход — meeple"}
PAUSE = {"en": "Reconnecting…", "ru": "Переподключение…"}
DRAIN = "3"  # seconds a stopped server refuses moves before it closes: a click lands inside

# Before any script of the page: what the page showed (each text of the error line, how
# often the pause appeared) and how often a move's request met a 503 or a cut connection
# (and so was sent again), kept on window.__seen.
WATCH = """
(() => {
  const seen = window.__seen = { errors: [], pauses: 0, retried: 0 };
  let paused = false;
  const look = () => {
    const err = document.getElementById('error');
    const said = err ? err.textContent.trim() : '';
    if (said && seen.errors.at(-1) !== said) seen.errors.push(said);
    const p = document.getElementById('reconnecting');
    const now = !!(p && !p.hidden && p.textContent.startsWith(window.__pause));
    if (now && !paused) seen.pauses += 1;
    paused = now;
  };
  new MutationObserver(look).observe(document,
    { subtree: true, childList: true, characterData: true, attributes: true });
  const native = window.fetch;
  window.fetch = async (url, init) => {
    const move = init && init.method === 'POST' && String(url).endsWith('/actions');
    try {
      const r = await native(url, init);
      if (move && r.status === 503) seen.retried += 1;
      return r;
    } catch (e) {
      if (move) seen.retried += 1;
      throw e;
    }
  };
})();
"""


class _Proxy:
    """One address for the pages, as a reverse proxy gives: each new connection goes to
    the backend that took the last one, or to the next that takes it when that one has
    gone away (what a proxy's health check does), its bytes forwarded both ways."""

    def __init__(self, ports: list[int]) -> None:
        self.ports, self.current, self.switches = ports, 0, 0
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        assert ready.wait(10), "the proxy did not start"

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._client, "127.0.0.1", self.port))
        ready.set()
        self.loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for i in range(len(self.ports)):
            k = (self.current + i) % len(self.ports)
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.ports[k])
            except OSError:
                continue
            if k != self.current:
                self.current, self.switches = k, self.switches + 1
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
            return
        writer.close()  # no backend up: the browser sees a network error

    def close(self) -> None:
        async def stop() -> None:
            self.server.close()
            links = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in links:
                t.cancel()
            await asyncio.gather(*links, return_exceptions=True)
        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
    try:
        while data := await src.read(65536):
            dst.write(data)
            await dst.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            dst.close()


def _version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def _whose_turn(pages: list[Any], timeout: float = 120) -> int:
    end = time.time() + timeout
    while time.time() < end:
        for i, page in enumerate(pages):
            if page.title() == YOUR_TURN[LANGS[i]]:
                return i
        time.sleep(0.05)
    raise AssertionError(f"no page showed its turn within {timeout} s: "
                         f"versions {[_version(p) for p in pages]}")


def _pick_up_pawn(page: Any) -> None:
    """Click the pawn until it is picked up (a click that lands while the board is being
    drawn again reaches no piece: a person clicks again too)."""
    from playwright.sync_api import Error

    for _ in range(10):
        try:
            page.click('#board [data-target="select:pawn"][aria-pressed="false"]', timeout=5_000)
            page.wait_for_selector('#board [data-target="select:pawn"][aria-pressed="true"]',
                                   timeout=2_000)
            return
        except Error:
            if page.query_selector('#board [data-target="select:pawn"][aria-pressed="true"]'):
                return
    raise AssertionError("the pawn could not be picked up")


def _restart_in_background(server: ServerProcess) -> threading.Thread:
    """SIGTERM now; in a thread: wait for the process to end, then start it again on the
    same port."""
    assert server.proc is not None
    server.proc.terminate()

    def again() -> None:
        assert server.proc is not None
        server.proc.wait(60)
        server.start()

    thread = threading.Thread(target=again, daemon=True)
    thread.start()
    return thread


def test_a_rolling_restart_of_two_servers_loses_no_clicked_move_and_shows_no_error(
        browser: Any, tmp_path: Path) -> None:
    with ExitStack() as stack:
        db = stack.enter_context(postgres())
        rd = stack.enter_context(redis())
        servers = [ServerProcess(db, "--log-level", "warning", "--redis", rd, "--shared",
                                 "--bot-workers", "0", "--drain-seconds", DRAIN,
                                 log=tmp_path / f"server-{name}.log") for name in "ab"]
        for server in servers:
            server.start()
            stack.callback(server.stop)
        proxy = _Proxy([s.port for s in servers])
        stack.callback(proxy.close)

        g = httpx.post(f"{proxy.base}/api/games", timeout=30, json={
            "game": "counter", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}],
            "options": {"limit": 30}}).json()
        gid, owner = g["id"], g["owner_token"]
        pages = []
        for seat, lang in zip(g["seats"], LANGS, strict=True):
            page = _page(browser)
            page.add_init_script(f"localStorage.setItem('meeple.lang', '{lang}');"
                                 f"window.__pause = '{PAUSE[lang]}';")
            page.add_init_script(WATCH)
            dialogs: list[str] = []
            page.on("dialog", lambda d, dialogs=dialogs: (dialogs.append(d.message), d.dismiss()))
            page.dialogs = dialogs
            page.goto(f"{proxy.base}/#/game/{gid}/{seat['token']}")
            page.wait_for_selector("#turn")
            stack.callback(page.close)
            pages.append(page)

        clicks: list[tuple[int, int]] = []  # (seat, the version the click was made at)

        def play(moves: int) -> None:
            """The page whose turn it is picks up its pawn and puts it on the next number,
            ``moves`` times; each time its screen must move on."""
            for _ in range(moves):
                seat = _whose_turn(pages)
                page = pages[seat]
                v = _version(page)
                _pick_up_pawn(page)
                page.click('#board [data-target="inc"]')
                clicks.append((seat, v))
                page.wait_for_function(
                    "v => Number(document.querySelector('#table').dataset.version) > v",
                    arg=v, timeout=120_000)

        play(3)
        for server in servers:  # the rolling restart: A, then B
            back = _restart_in_background(server)
            time.sleep(0.3)  # the server has heard SIGTERM: the next click meets its drain
            play(3)  # the first while it drains, the others while the other server plays
            back.join(90)
            assert not back.is_alive(), "the server did not start again"
        play(2)

        record = httpx.get(f"{proxy.base}/api/games/{gid}/export", timeout=30,
                           headers={"Authorization": f"Bearer {owner}"}).json()
        server_version = len(record["actions"])
        for page in pages:
            page.wait_for_function(
                "v => Number(document.querySelector('#table').dataset.version) === v",
                arg=server_version, timeout=60_000)
        seen = [page.evaluate("window.__seen") for page in pages]
        errors = [(p.errors, p.dialogs) for p in pages]
        switches = proxy.switches

    # Every click is in the record once, in the order clicked, and nothing else is.
    assert [v for _, v in clicks] == list(range(len(clicks))), clicks
    assert [(a["player"], a["action"]) for a in record["actions"]] \
        == [(seat, "inc") for seat, _ in clicks]
    assert server_version == len(clicks) == 3 + 3 + 3 + 2
    assert switches >= 2  # the proxy moved the pages off A, then off B
    # No error line, dialog or script error on either page; each saw the pause.
    assert all(not s["errors"] for s in seen), seen
    assert errors == [([], []), ([], [])], errors
    assert all(s["pauses"] >= 2 for s in seen), seen  # one per restarted process
    # The clicks made while a server drained were refused with 503 and sent again.
    assert sum(s["retried"] for s in seen) >= 2, seen
