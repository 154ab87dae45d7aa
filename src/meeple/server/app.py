"""The ASGI application: ``create_app(config)`` for uvicorn and for tests."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException

from meeple.server.bots import BotRunner
from meeple.server.errors import ApiError, storage_failed
from meeple.server.fanout import Fanout
from meeple.server.hub import Hub
from meeple.server.mail import Smtp, deliver_mail, warn_deadlines
from meeple.server.metrics import Metrics
from meeple.server.notify import deliver_due
from meeple.server.store import Store

log = logging.getLogger("meeple.server")

# The cyclic collector's thresholds while the server runs (Python's are 700, 10, 10). Every
# move leaves a new state behind (the copy the move was applied to) and builds views that
# die at once: with Python's setting the collector scanned the young objects every 700
# allocations and the whole heap, every game and module, several times in ten seconds of
# the Cult benchmark, 100-240 ms each — about a fifth of the server's CPU and its longest
# pauses. At 10,000 the young scans still took 10 ms each, 40-50 of them and 4 middle ones
# (30-60 ms) in ten seconds of that load, 5-6% of the server's time: the young objects are
# mostly the games' current states (60 lists each in Cult), alive when scanned whatever the
# threshold. At 50,000: 10-11 young scans of 20-31 ms, 2% (docs/performance.md, session
# 18). It frees only what nothing can reach: no update, ack or stored move changes.
SERVER_GC_THRESHOLD = (50_000, 10, 10)


@dataclass
class Config:
    database_url: str
    bot_workers: int = 1
    snapshot_every: int = 50
    tick_seconds: float = 1.0
    redis_url: str | None = None
    shared: bool = False  # several server processes on one database
    max_body: int = 512 * 1024  # bytes of a request body (a long game's record is ~70 KB)
    rate: float = 200.0  # requests per second per client address (0: no limit)
    burst: float = 400.0
    ws_rate: float = 20.0  # WebSocket messages per second per connection
    ws_burst: float = 40.0
    db_timeout: float = 10.0  # seconds to wait for a database locked by someone else
    # Commits in a process of their own (meeple.server.writer), not a thread of the server.
    writer_process: bool = False
    max_live_games: int = 10_000  # games held in memory at most (the rest are rebuilt)
    idle_seconds: float = 600.0  # an unfinished game nobody touched leaves memory after this
    finished_seconds: float = 5.0  # a finished game leaves memory this long after its use
    signin_rate: float = 0.2  # sign-in attempts per second per address and per name
    signin_burst: float = 10.0
    smtp_url: str | None = None  # where notices are emailed (mail.Smtp); None: not emailed
    public_url: str = "http://127.0.0.1:8000"  # this server as people reach it (links)
    # The collector's thresholds while the app runs, what was alive at its start frozen out
    # of the scans (``server_collector``); None leaves the process's setting alone.
    gc_threshold: tuple[int, int, int] | None = SERVER_GC_THRESHOLD


@contextlib.contextmanager
def server_collector(threshold: tuple[int, int, int] | None) -> Iterator[None]:
    """While the block runs: the cyclic collector at ``threshold`` and every object alive
    at its start (modules, catalogs, the games loaded at start) frozen out of its scans
    (``gc.freeze``); afterwards the process's own setting and nothing frozen. Frozen
    objects are still freed when nothing refers to them; only a cycle among them waits
    for the end. Without a threshold, nothing is changed."""
    if threshold is None:
        yield
        return
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*threshold)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def create_app(config: Config) -> FastAPI:
    smtp = Smtp.parse(config.smtp_url) if config.smtp_url else None  # a bad URL stops here

    metrics = Metrics()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, config.database_url, True, config.db_timeout)
        bots = BotRunner(config.bot_workers)
        hub = Hub(store, bots, config.snapshot_every,
                  shared=config.shared or config.redis_url is not None, metrics=metrics,
                  max_games=config.max_live_games, idle_seconds=config.idle_seconds,
                  finished_seconds=config.finished_seconds,
                  writer_process=config.writer_process)
        metrics.read("meeple_live_games", "Games held in memory", lambda: len(hub.games))
        metrics.read("meeple_outbox_backlog", "Notices not yet delivered", store.outbox_backlog)
        app.state.hub = hub
        fanout = None
        if config.redis_url:
            fanout = Fanout(config.redis_url, hub)
            await fanout.start()
        await hub.start()
        ticker = asyncio.create_task(_tick(hub, config, smtp, fanout))
        try:
            with server_collector(config.gc_threshold):
                yield
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
            if fanout is not None:
                await fanout.close()
            await hub.close()
            bots.close()
            store.close()

    app = FastAPI(title="meeple", version="1", lifespan=lifespan,
                  description="Strategy board games with every rule enforced. Each seat "
                              "sees only what its player may see.")
    from meeple.server.account_api import Sessions
    from meeple.server.account_api import router as people
    from meeple.server.api import router

    app.include_router(router)
    app.include_router(people)
    from meeple.server.admin_api import router as admin

    app.include_router(admin)
    _errors(app)
    app.state.config = config
    app.state.metrics = metrics
    from meeple.server.ops import router as ops

    app.include_router(ops)
    from meeple.server.limits import Limits

    app.add_middleware(Sessions)  # inside the limits: a flood is refused before any lookup
    app.add_middleware(Limits, max_body=config.max_body, rate=config.rate,
                       burst=config.burst)
    from meeple.web.app import Site

    site = Site(Path(__file__).resolve().parent.parent / "web" / "static")

    @app.get("/", include_in_schema=False)
    @app.get("/index.html", include_in_schema=False)
    async def index() -> HTMLResponse:
        return site.index()

    app.mount("/", site, name="web")
    return app


async def _tick(hub: Hub, config: Config, smtp: Smtp | None, fanout: Fanout | None) -> None:
    """Deadlines, deadline warnings, webhook and email deliveries, memory, and (while Redis
    is away) other processes' moves, checked every ``config.tick_seconds``."""
    async with httpx.AsyncClient() as client:
        while True:
            await asyncio.sleep(config.tick_seconds)
            try:
                now = time.time()
                await hub.expire(now)
                hub.trim()
                if fanout is not None:
                    await fanout.tick()
                await warn_deadlines(hub, now)
                await deliver_mail(hub.store.engine, smtp, config.public_url)
                await deliver_due(hub.store, client)
            except Exception:
                log.exception("background tick failed")


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_r: Request, e: ApiError) -> JSONResponse:
        return JSONResponse(e.to_json(), status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_r: Request, e: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg')}"
            for err in e.errors()[:5])
        return JSONResponse({"error": {"code": "bad_request", "message": problems}},
                            status_code=400)

    @app.exception_handler(DBAPIError)
    async def storage(r: Request, e: DBAPIError) -> JSONResponse:
        # Nothing was applied: a game changes in memory only after its commit.
        said = storage_failed(e, r.app.state.metrics)
        return JSONResponse({"error": {"code": "storage_unavailable", "message": said}},
                            status_code=503, headers={"retry-after": "5"})

    @app.exception_handler(HTTPException)
    async def http_error(_r: Request, e: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(e.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": str(e.detail)}},
                            status_code=e.status_code)
