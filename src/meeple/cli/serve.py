"""``meeple serve``: the game server."""

from __future__ import annotations

import asyncio
import os
from types import FrameType
from typing import Annotated

import typer
import uvicorn
from fastapi import FastAPI


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL: sqlite:///path.db (default: meeple.db here, or "
             "$MEEPLE_DATABASE_URL) or postgresql+psycopg://user:pw@host/db.")] = None,
    redis: Annotated[str | None, typer.Option(
        help="Redis URL: pass WebSocket updates between several server processes.")] = None,
    bot_workers: Annotated[int, typer.Option(
        help="Processes that compute bot moves (0: a thread of the server).")] = 1,
    shared: Annotated[bool, typer.Option(
        help="Other server processes use the same database.")] = False,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    log_format: Annotated[str, typer.Option(
        help="plain, or json: one JSON object a line (time, level, logger, message).")]
    = "plain",
    rate: Annotated[float, typer.Option(
        help="Requests per second per client address, in bursts of twice that (0: no "
             "limit).")] = 200.0,
    ws_rate: Annotated[float, typer.Option(
        help="WebSocket messages per second per connection, in bursts of twice that (0: "
             "no limit).")] = 20.0,
    smtp: Annotated[str | None, typer.Option(
        help="Email notices through this SMTP server: smtp://[user:password@]host[:port]"
             "[?from=ADDRESS] (smtp+starttls:// or smtps:// for TLS; default "
             "$MEEPLE_SMTP_URL; none: notices are only shown in the browser).")] = None,
    public_url: Annotated[str | None, typer.Option(
        help="This server's address as players reach it, for the links in emails "
             "(default http://HOST:PORT).")] = None,
    max_live_games: Annotated[int, typer.Option(
        min=1, help="Games held in memory at most; the others are rebuilt from the "
                    "database when asked for.")] = 10_000,
    idle_seconds: Annotated[float, typer.Option(
        min=0, help="An unfinished game nobody touched for this long leaves memory.")]
    = 600.0,
    finished_seconds: Annotated[float, typer.Option(
        min=0, help="A finished game leaves memory this long after its last use.")] = 5.0,
    mmap_threshold_kib: Annotated[int, typer.Option(
        min=0, help="Memory blocks of this many KiB and more are taken from the system "
                    "and given back when freed (glibc; 0: the C library's own moving "
                    "threshold, which lets a long-running server's heap fill with "
                    "holes).")] = 64,
    malloc_arenas: Annotated[int, typer.Option(
        min=0, help="Heaps the C library keeps for the server's threads (glibc; 0: its "
                    "own limit, eight per core).")] = 1,
    writer: Annotated[str, typer.Option(
        help="Where moves are committed: process (a process of its own, on another core; "
             "an in-memory database stays in the server) or thread (a thread of the "
             "server).")] = "process",
    drain_seconds: Annotated[float, typer.Option(
        min=0, help="On SIGTERM: how long the server says it is not ready and refuses "
                    "moves (telling clients to come back) before it closes.")] = 1.0,
) -> None:
    """Run the game server (HTTP API at /api, OpenAPI schema at /docs and /openapi.json)."""
    from meeple.server.memory import fix_mmap_threshold, limit_arenas

    # Before any thread starts: the arenas are chosen as threads first allocate.
    if mmap_threshold_kib:
        fix_mmap_threshold(mmap_threshold_kib)
    if malloc_arenas:
        limit_arenas(malloc_arenas)
    from meeple.server.app import Config, create_app
    from meeple.server.db import default_url

    if log_format not in ("plain", "json"):
        raise typer.BadParameter(f"{log_format!r}: plain or json", param_hint="--log-format")
    if writer not in ("process", "thread"):
        raise typer.BadParameter(f"{writer!r}: process or thread", param_hint="--writer")
    url = db or os.environ.get("MEEPLE_DATABASE_URL") or default_url()
    redis = redis or os.environ.get("MEEPLE_REDIS_URL") or None
    if redis:
        from meeple.server.fanout import unreachable

        problem = unreachable(redis)
        if problem:
            raise typer.BadParameter(problem, param_hint="--redis")
    smtp = smtp or os.environ.get("MEEPLE_SMTP_URL") or None
    if smtp:
        from meeple.server.mail import Smtp, SmtpUrlError

        try:
            Smtp.parse(smtp)
        except SmtpUrlError as e:
            raise typer.BadParameter(str(e), param_hint="--smtp") from None
    config = Config(database_url=url, bot_workers=bot_workers, redis_url=redis,
                    shared=shared, rate=rate, burst=2 * rate, ws_rate=ws_rate,
                    ws_burst=2 * ws_rate, smtp_url=smtp, max_live_games=max_live_games,
                    idle_seconds=idle_seconds, finished_seconds=finished_seconds,
                    writer_process=writer == "process",
                    public_url=public_url or f"http://{host}:{port}")
    typer.echo(f"meeple server on http://{host}:{port} (database {_safe(url)})")
    app = create_app(config)
    server = _DrainingServer(uvicorn_config(app, host, port, log_level, log_format,
                                            config.max_body), app, drain_seconds)
    server.run()


def uvicorn_config(app: FastAPI, host: str, port: int, log_level: str, log_format: str,
                   max_body: int) -> uvicorn.Config:
    """How uvicorn runs the app. The WebSocket implementation is named, not left to
    ``auto``: uvicorn before 0.50 picked its legacy one, which cost the server 6–13% more
    CPU a Cult move than the sans-I/O one (docs/performance.md, session 21)."""
    from meeple.server.logs import log_config

    # Each update is a small JSON view: compressing it costs more CPU than it saves.
    return uvicorn.Config(
        app, host=host, port=port, log_level=log_level, ws="websockets-sansio",
        ws_per_message_deflate=False, log_config=log_config(log_level, log_format),
        loop="auto", ws_max_size=max_body)


class _DrainingServer(uvicorn.Server):
    """On SIGTERM (or Ctrl-C): readiness turns false and moves are refused with 503 at
    once, every WebSocket is told to come back, and ``drain_seconds`` later uvicorn's own
    graceful shutdown begins (requests in progress finish; sockets close with 1012)."""

    def __init__(self, config: uvicorn.Config, app: FastAPI, drain_seconds: float) -> None:
        super().__init__(config)
        self.app = app
        self.drain_seconds = drain_seconds

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        hub = getattr(self.app.state, "hub", None)
        if hub is None or hub.draining or self.should_exit:
            super().handle_exit(sig, frame)
            return
        loop = asyncio.get_event_loop()
        loop.call_soon_threadsafe(hub.drain)
        loop.call_later(self.drain_seconds, super().handle_exit, sig, frame)


def _safe(url: str) -> str:
    """The URL without its password, for the console."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, cred = head.partition("://")
    return f"{scheme}://{cred.partition(':')[0]}:***@{tail}"
