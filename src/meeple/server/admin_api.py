"""Routes of notices, announcements and the publisher's numbers.

An account reads its own notices; only an admin sends announcements and sees the
numbers (anyone else: 403). The unsubscribe link needs no sign-in: its token is signed
for one account (``announce``).
"""

from __future__ import annotations

import asyncio
import html
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import Field

from meeple.core.registry import game_names
from meeple.server import accounts, announce, mail, stats
from meeple.server.account_api import _signed_in
from meeple.server.errors import BadRequest, Forbidden, NotFound
from meeple.server.hub import Hub
from meeple.server.schemas import Body

router = APIRouter(prefix="/api")
PLOT_FILE = re.compile(r"^[A-Za-z0-9_ -]{1,80}\.png$")
REPORT_TTL = 300.0  # seconds a generated report's plots are reused


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _admin(request: Request) -> int:
    account = _signed_in(request)
    me = await asyncio.to_thread(accounts.profile, _hub(request).store.engine, account)
    if not me["is_admin"]:
        raise Forbidden("only an admin sees the numbers and sends announcements")
    return account


def _game(game: str) -> str:
    if game not in game_names():
        raise NotFound(f"no game {game!r} on this server")
    return game


def _since(since: str | None) -> float | None:
    if not since:
        return None
    try:
        return stats.parse_since(since)
    except ValueError as e:
        raise BadRequest(str(e)) from None


# --- notices ---------------------------------------------------------------------------------


@router.get("/account/notices", summary="Your notices (the kinds you chose), after id N")
async def notices(request: Request, after: Annotated[int, Query(ge=0, le=2**62)] = 0
                  ) -> list[dict[str, Any]]:
    account = _signed_in(request)
    return await asyncio.to_thread(mail.recent, _hub(request).store.engine, account, after)


# --- announcements ---------------------------------------------------------------------------


class Announcement(Body):
    game: str = Field(min_length=1, max_length=32,
                      description="Sent to the players of this game who opted in to news.")
    subject: str = Field(min_length=1, max_length=200)
    body: str = Field(min_length=1, max_length=20_000)


@router.post("/admin/announcements", status_code=201,
             summary="Email one message to every opted-in player of a game (admins)")
async def send_announcement(request: Request, body: Announcement) -> dict[str, Any]:
    author = await _admin(request)
    _game(body.game)
    if not body.subject.strip() or not body.body.strip():
        raise BadRequest("an announcement needs a subject and a text that are not blank")
    if "\n" in body.subject or "\r" in body.subject:
        raise BadRequest("the subject is one line")
    return await asyncio.to_thread(announce.send, _hub(request).store.engine, author,
                                   body.game, body.subject.strip(), body.body)


@router.get("/admin/announcements", summary="The announcements sent (admins)")
async def announcements(request: Request) -> list[dict[str, Any]]:
    await _admin(request)
    return await asyncio.to_thread(announce.history, _hub(request).store.engine)


@router.get("/admin/recipients/{game}",
            summary="How many players an announcement about a game would reach (admins)")
async def recipients(request: Request, game: str) -> dict[str, Any]:
    await _admin(request)
    found = await asyncio.to_thread(announce.recipients, _hub(request).store.engine,
                                    _game(game))
    return {"game": game, "recipients": len(found)}


_PAGE = ("<!doctype html><html lang='{lang}'><meta charset='utf-8'>"
         "<meta name='viewport' content='width=device-width, initial-scale=1'>"
         "<title>meeple</title><style>body{{font-family:sans-serif;max-width:32em;"
         "margin:3em auto;padding:0 1em;line-height:1.5}}button{{font-size:1em;"
         "padding:.5em 1.2em}}</style><h1>meeple</h1>{body}</html>")
_UNSUB = {
    "en": {"ask": "Stop the news about the games you play on meeple for {name}?",
           "button": "Unsubscribe", "done": "Done: {name} gets no more news. You can "
           "opt in again in your profile.", "bad": "This unsubscribe link is not valid."},
    "ru": {"ask": "Больше не присылать {name} новости об играх на meeple?",
           "button": "Отписаться", "done": "Готово: {name} больше не получает новости. "
           "Подписаться снова можно в профиле.", "bad": "Эта ссылка для отписки неверна."},
}


async def _unsubscriber(request: Request, token: str) -> tuple[int, dict[str, Any]] | None:
    engine = _hub(request).store.engine
    account = await asyncio.to_thread(announce.account_of, engine, token)
    if account is None:
        return None
    return account, await asyncio.to_thread(accounts.profile, engine, account)


@router.get("/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_page(request: Request, token: str = "") -> HTMLResponse:
    """The link in an announcement: a page that asks (mail scanners open links; only the
    button, a POST, unsubscribes)."""
    found = await _unsubscriber(request, token)
    if found is None:
        return HTMLResponse(_PAGE.format(lang="en", body=f"<p>{_UNSUB['en']['bad']}</p>"),
                            status_code=400)
    _account, me = found
    t = _UNSUB.get(me["language"], _UNSUB["en"])
    name = html.escape(me["display_name"])
    form = (f"<p>{t['ask'].format(name=name)}</p><form method='post' action='/api/"
            f"unsubscribe?token={html.escape(token)}'><button type='submit'>{t['button']}"
            "</button></form>")
    return HTMLResponse(_PAGE.format(lang=me["language"], body=form))


@router.post("/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe(request: Request, token: str = "") -> HTMLResponse:
    """The page's button, and mail programs' one-click unsubscribe (RFC 8058)."""
    found = await _unsubscriber(request, token)
    if found is None:
        return HTMLResponse(_PAGE.format(lang="en", body=f"<p>{_UNSUB['en']['bad']}</p>"),
                            status_code=400)
    account, me = found
    await asyncio.to_thread(announce.unsubscribe, _hub(request).store.engine, account)
    t = _UNSUB.get(me["language"], _UNSUB["en"])
    done = t["done"].format(name=html.escape(me["display_name"]))
    return HTMLResponse(_PAGE.format(lang=me["language"], body=f"<p>{done}</p>"))


# --- the numbers -----------------------------------------------------------------------------


@router.get("/admin/stats/{game}", summary="The publisher's numbers of a game (admins)")
async def game_stats(request: Request, game: str, since: str | None = None
                     ) -> dict[str, Any]:
    await _admin(request)
    return await asyncio.to_thread(stats.compute, _hub(request).store.engine, _game(game),
                                   _since(since))


@router.get("/admin/stats/{game}/csv", summary="The numbers of a game as CSV (admins)")
async def game_stats_csv(request: Request, game: str, since: str | None = None
                         ) -> Response:
    await _admin(request)
    numbers = await asyncio.to_thread(stats.compute, _hub(request).store.engine,
                                      _game(game), _since(since))
    return Response(stats.to_csv(numbers), media_type="text/csv; charset=utf-8", headers={
        "content-disposition": f'attachment; filename="meeple-{game}-stats.csv"'})


async def _report_dir(request: Request, game: str, group: str, since: str | None) -> Path:
    """The report of (game, group, since), made again after ``REPORT_TTL`` seconds."""
    if group not in stats.GROUPS:
        raise NotFound(f"no group {group!r}: one of {', '.join(stats.GROUPS)}")
    cache: dict[tuple[str, str, str], tuple[float, Path]] = \
        request.app.state.__dict__.setdefault("stat_reports", {})
    key = (game, group, since or "")
    found = cache.get(key)
    if found is not None and time.time() - found[0] < REPORT_TTL and found[1].exists():
        return found[1]
    numbers = await asyncio.to_thread(stats.compute, _hub(request).store.engine, game,
                                      _since(since), None, stats.ABANDONED_DAYS, True)
    out = Path(tempfile.mkdtemp(prefix="meeple-stats-"))
    page = await asyncio.to_thread(stats.write_plots, numbers, group, out)
    if page is None:
        shutil.rmtree(out, ignore_errors=True)
        raise NotFound(f"no finished {group.replace('_', ' ')} games of {game} to plot")
    if found is not None:
        shutil.rmtree(found[1], ignore_errors=True)
    cache[key] = (time.time(), out)
    return out


@router.get("/admin/stats/{game}/report/{group}/", response_class=HTMLResponse,
            summary="The simulation report's plots for one group's games (admins)")
async def game_report(request: Request, game: str, group: str, since: str | None = None
                      ) -> HTMLResponse:
    await _admin(request)
    out = await _report_dir(request, _game(game), group, since)
    page = (out / "report.html").read_text("utf-8")
    if since:  # the plots' relative links carry the same period
        page = page.replace(".png'", f".png?since={quote(since)}'")
    return HTMLResponse(page)


@router.get("/admin/stats/{game}/report/{group}/{name}", summary="One plot (admins)")
async def game_plot(request: Request, game: str, group: str, name: str,
                    since: str | None = None) -> FileResponse:
    await _admin(request)
    if not PLOT_FILE.match(name):
        raise NotFound(f"no plot {name!r}")
    out = await _report_dir(request, _game(game), group, since)
    path = out / name
    if not path.is_file():
        raise NotFound(f"no plot {name!r}")
    return FileResponse(path, media_type="image/png")
