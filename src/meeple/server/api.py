"""The HTTP and WebSocket API. Every route names who may call it; secrets travel in the
``Authorization: Bearer`` header (the WebSocket, which browsers cannot give headers,
takes ``?token=``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import PlainTextResponse
from sqlalchemy.exc import DBAPIError

from meeple.core.record import GameRecord, RecordedAction
from meeple.core.text import localized_json
from meeple.server import lobby
from meeple.server.errors import ApiError, Forbidden, NotFound, storage_failed
from meeple.server.hub import Hub
from meeple.server.limits import Bucket
from meeple.server.live import Subscriber
from meeple.server.schemas import Claim, CreateGame, ImportGame, Join, Submit
from meeple.server.store import Credential

router = APIRouter(prefix="/api")
Auth = Annotated[str | None, Header(description="Bearer SECRET of a seat, spectator or owner")]
Lang = Annotated[Literal["en", "ru"], Query(
    description="The language of prompts, choices, the log and the result")]


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _token(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


async def _cred(hub: Hub, gid: str, authorization: str | None) -> Credential:
    return await lobby.authorize(hub, gid, _token(authorization))


def _seat_of(cred: Credential) -> int | None:
    return cred.seat if cred.role == "seat" else None


@router.get("/health", summary="Is the server up")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/games", summary="Public games, newest first, with their free seats")
async def list_games(request: Request, lang: Lang = "en") -> list[dict[str, Any]]:
    from meeple.core.registry import game_title

    rows = await asyncio.to_thread(_hub(request).store.list_games, True)
    return [{"id": r["id"], "game": r["game"], "title": game_title(r["game"], lang),
             "players": r["players"],
             "version": r["version"], "finished": r["finished"],
             "free_seats": r["free_seats"], "created_at": r["created_at"]} for r in rows]


@router.post("/games", status_code=201, summary="Create a game: seats, options, deadlines")
async def create_game(request: Request, body: CreateGame) -> dict[str, Any]:
    return await lobby.create(_hub(request), body)


@router.post("/games/import", status_code=201, summary="Create a game from an exported record")
async def import_game(request: Request, body: ImportGame) -> dict[str, Any]:
    return await lobby.import_game(_hub(request), body)


@router.post("/join", summary="Take the seat a join secret opens")
async def join(request: Request, body: Join) -> dict[str, Any]:
    return await lobby.join(_hub(request), body)


@router.post("/games/{gid}/seats/{seat}/claim",
             summary="Take a free human seat of a public game; returns its secret")
async def claim(request: Request, gid: str, seat: int, body: Claim) -> dict[str, Any]:
    return await lobby.claim(_hub(request), gid, seat, body)


@router.get("/games/{gid}", summary="The game as the caller may see it")
async def game_view(request: Request, gid: str, authorization: Auth = None,
                    lang: Lang = "en") -> dict[str, Any]:
    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    live = await hub.live(gid)
    return hub.payload(live, _seat_of(cred), cred.role, lang=lang)


@router.post("/games/{gid}/actions", summary="Submit an action for the caller's seat")
async def submit(request: Request, gid: str, body: Submit, authorization: Auth = None,
                 idempotency_key: Annotated[str | None, Header(max_length=100)] = None,
                 ) -> dict[str, Any]:
    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    seat = _seat_of(cred)
    if seat is None:
        raise Forbidden(f"a {cred.role} secret cannot act; use the secret of a seat")
    return await hub.submit(gid, seat, body.action, body.version, body.key or idempotency_key)


@router.get("/games/{gid}/log", summary="The log lines the caller may see")
async def game_log(request: Request, gid: str, authorization: Auth = None,
                   since: Annotated[int, Query(ge=0)] = 0,
                   lang: Lang = "en") -> list[dict[str, Any]]:
    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    return hub.visible_log(await hub.live(gid), _seat_of(cred), since, lang)


@router.get("/games/{gid}/export",
            summary="The game record (seed and every action): for the owner, or anyone "
                    "once the game is over")
async def export(request: Request, gid: str, authorization: Auth = None) -> dict[str, Any]:
    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    live = await hub.live(gid)
    if cred.role != "owner" and not live.state.is_terminal():
        raise Forbidden("the record reveals every hidden card: only the owner may export "
                        "a game before it ends")
    rows = await asyncio.to_thread(hub.store.actions_after, gid, 0)
    record = GameRecord(game=live.game.name, players=int(live.row["players"]),
                        seed=int(live.row["seed"]), options=dict(live.row["options"]),
                        actions=[RecordedAction(player=a.player, action=a.action)
                                 for a in rows])
    return record.model_dump()


@router.get("/games/{gid}/replay",
            summary="A finished game after any number of actions, as the caller saw it")
async def replay(request: Request, gid: str, authorization: Auth = None,
                 version: Annotated[int, Query(ge=0)] = 0,
                 lang: Lang = "en") -> dict[str, Any]:
    from meeple.server.replay import replay as position

    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    live = await hub.live(gid)
    if not live.state.is_terminal():
        raise Forbidden("only a finished game can be replayed")
    rows = await asyncio.to_thread(hub.store.actions_after, gid, 0)
    if version > len(rows):
        raise NotFound(f"game {gid} has {len(rows)} actions, not {version}")
    return await asyncio.to_thread(position, live.row, rows, version, _seat_of(cred), lang)


@router.get("/meta", summary="The games this server hosts (titled in the reader's language), "
                          "their options, and the bots")
async def meta(lang: Lang = "en") -> dict[str, Any]:
    from meeple.bots.base import bot_kinds
    from meeple.core.registry import game_names, game_text, game_title, get_game

    games = []
    for name in game_names():
        g = get_game(name)
        # an option's label and help in the reader's language, where the game's catalog
        # has them (option.KEY, option.KEY.help); ``help`` is the option's own English
        options = {k: {"default": o.default, "help": o.help,
                       "label": game_text(name, f"option.{k}", lang),
                       "hint": game_text(name, f"option.{k}.help", lang)}
                   for k, o in g.options.items()}
        games.append({"name": name, "title": game_title(name, lang), "min_players": g.min_players,
                      "max_players": g.max_players, "default_players": g.default_players,
                      "options": options})
    return {"games": games, "bots": bot_kinds()}


@router.get("/catalog/{game}", summary="Names of a game's cards and other public pieces")
async def catalog(game: str, lang: Lang = "en") -> dict[str, str]:
    import inspect
    from collections.abc import Callable

    from meeple.core.registry import get_game

    try:
        names: Callable[..., dict[str, str]] = get_game(game).catalog
    except KeyError as e:
        raise NotFound(str(e.args[0])) from None
    # A game whose glossary has languages takes ``lang``; the others answer in English.
    return names(lang) if "lang" in inspect.signature(names).parameters else names()


@router.get("/games/{gid}/report", response_class=PlainTextResponse,
            summary="Colonies: a season's report for the caller (Markdown or BBCode)")
async def report(request: Request, gid: str, authorization: Auth = None,
                 season: Annotated[int, Query(ge=0, le=1000)] = 0,
                 fmt: Annotated[str, Query(alias="format", pattern="^(md|bbcode)$")] = "md",
                 lang: Lang = "en") -> str:
    hub = _hub(request)
    cred = await _cred(hub, gid, authorization)
    live = await hub.live(gid)
    if live.game.name != "colonies":
        raise NotFound(f"{live.game.title} has no season reports")
    from meeple.games.colonies import report as rep

    s: Any = live.state
    last = max(0, s.season_no - (s.phase == "orders"))  # index of the last season reported
    if season - 1 > last:
        raise NotFound(f"season {season} has no report yet (the latest is season {last + 1})")
    index = season - 1 if season else last
    text = rep.lines(s, index, _seat_of(cred), lang)
    return rep.markdown(text) if fmt == "md" else rep.bbcode(text)


@router.get("/games/{gid}/opening", response_class=PlainTextResponse,
            summary="Colonies: the opening post, every approved character sheet's public lines")
async def opening(request: Request, gid: str, authorization: Auth = None,
                  fmt: Annotated[str, Query(alias="format", pattern="^(md|bbcode)$")] = "md",
                  lang: Annotated[str, Query(pattern="^(en|ru)$")] = "en") -> str:
    hub = _hub(request)
    await _cred(hub, gid, authorization)
    live = await hub.live(gid)
    from meeple.games.colonies import sheets

    s: Any = live.state
    if live.game.name != "colonies" or not sheets.enabled(s):
        raise NotFound(f"{live.game.title} game {gid} has no character sheets")
    return sheets.opening_post(s, fmt, lang)


Updates = Annotated[Literal["patch", "full"], Query(
    description="patch (the default): the whole payload first, then each change as a JSON "
                "Patch from the payload before it, a move made on this socket acknowledged "
                "inside its update; full: every update the whole payload, each move "
                "acknowledged on its own (the protocol before patches)")]


@router.websocket("/games/{gid}/ws")
async def socket(ws: WebSocket, gid: str, token: str | None = None,
                 board: bool = False, lang: Lang = "en", updates: Updates = "patch") -> None:
    """Sends the caller's payload now and an update after every change (with
    ``?board=true`` also the board as text; ``?lang=ru``: prompts, choices and result in
    Russian; docs/server.md, "Updates"); takes actions as ``{"action": ..., "version":
    ..., "key": ...}`` and ``{"type": "sync"}`` (the whole payload again)."""
    hub: Hub = ws.app.state.hub
    try:
        cred = await lobby.authorize(hub, gid, token)
        live = await hub.live(gid)
    except ApiError as e:
        await ws.close(code=4403 if e.status in (401, 403) else 4404, reason=e.message[:120])
        return
    await ws.accept()
    sub = Subscriber(_seat_of(cred), cred.role, board, lang, full=updates == "full")
    live.subscribers.add(sub)
    hub.metrics.websockets.inc()
    first = hub.first(live, sub)
    sub.put(first.full() if sub.full else (first, None))
    sender = asyncio.create_task(_send(ws, sub))
    config = ws.app.state.config
    bucket = Bucket(config.ws_rate, config.ws_burst) if config.ws_rate > 0 else None
    try:
        while True:
            text = _text_of(await ws.receive())
            if bucket is not None and not bucket.take():
                await ws.send_json({"type": "error", "code": "rate_limited",
                                    "message": "too many messages: slow down"})
                continue
            try:
                if text is None:
                    raise ValueError("a binary message is read as UTF-8, and this one is not")
                msg = json.loads(text)
            except ValueError as e:
                said = f"{e}; " if text is None else ""
                await ws.send_json({"type": "error", "code": "bad_request",
                                    "message": f"{said}a message is a JSON object: "
                                               '{"action": ..., "version": ...}'})
                continue
            if isinstance(msg, dict) and msg.get("type") == "sync" and len(msg) == 1:
                again = hub.first(live, sub)  # after the updates already queued, in order
                sub.put(again.full() if sub.full else (again, None))
                continue
            answer = await _ws_submit(hub, gid, sub, msg)
            if answer is not None:
                # As compact JSON (as ``send_json`` wrote it), by the updates' encoder.
                await ws.send_text(localized_json(answer))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.metrics.websockets.dec()
        live.subscribers.discard(sub)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


def _text_of(message: Any) -> str | None:
    """A received WebSocket message's text: a text frame's, or a binary frame's bytes read
    as UTF-8 (clients that write JSON as bytes), None when they are not UTF-8."""
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is not None:
        return str(text)
    try:
        return bytes(message.get("bytes") or b"").decode("utf-8")
    except UnicodeDecodeError:
        return None


async def _send(ws: WebSocket, sub: Subscriber) -> None:
    while True:
        message = await sub.get()
        if sub.lost_acks:  # updates let go while this reader was behind: not their answers
            for lost in sub.acks_lost():
                await ws.send_text(lost)
        if isinstance(message, tuple):  # a change: a patch, or the whole payload
            text = sub.message(message)
            if text is not None:
                await ws.send_text(text)
        elif isinstance(message, str):  # an update, encoded once for every reader like us
            await ws.send_text(message)
        else:
            await ws.send_json(message)


async def _ws_submit(hub: Hub, gid: str, sub: Subscriber, msg: Any) -> dict[str, Any] | None:
    """The answer to a move sent on the socket, or None when it went in the update the
    move made (a reader of patches)."""
    try:
        if sub.seat is None:
            raise Forbidden("spectators cannot act")
        body = Submit.model_validate(msg)
        ack = await hub.submit(gid, sub.seat, body.action, body.version, body.key, origin=sub)
        if not ack["duplicate"] and sub.folded == ack["version"]:
            return None
        return {"type": "ack", **ack}
    except ApiError as e:
        return {"type": "error", **e.to_json()["error"]}
    except DBAPIError as e:  # as the HTTP route's handler answers it (app.py)
        return {"type": "error", "code": "storage_unavailable",
                "message": storage_failed(e, hub.metrics)}
    except ValueError as e:
        return {"type": "error", "code": "bad_request", "message": str(e)[:500]}
