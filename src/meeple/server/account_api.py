"""Accounts over HTTP: sign-up, sign-in (rate-limited), sessions in cookies, the
profile, "my games", ratings and leaderboards.

A session is two cookies: ``meeple_session`` (the secret: HTTP-only) and ``meeple_csrf``
(readable by the page). CSRF defence is a double-submit token bound to the session: a
cookie-authenticated write (any method but GET/HEAD/OPTIONS) counts as signed in only if
its ``X-CSRF-Token`` header equals the session's token, which another site can neither
read nor set; a WebSocket counts as signed in only from a page of this server (its Origin
header). Without the token a write is a guest's (seat secrets still work). Both cookies
are SameSite=Lax, and Secure when the server is reached over https.
"""

from __future__ import annotations

import asyncio
import hmac
from http.cookies import SimpleCookie
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request, Response
from pydantic import Field

from meeple.server import accounts, lobby, ratings
from meeple.server.errors import ApiError, BadRequest, Forbidden, NotFound, Unauthorized
from meeple.server.hub import Hub
from meeple.server.limits import ASGIApp, Bucket, Receive, Scope, Send
from meeple.server.schemas import Body

Lang = Annotated[Literal["en", "ru"], Query(description="The language of the games' titles")]

router = APIRouter(prefix="/api")
PRINTABLE = r"^[^\x00-\x1f\x7f]+$"  # no control characters (PostgreSQL refuses NUL)
_PART = r"[^@\s\x00-\x1f\x7f]+"
EMAIL = rf"^$|^{_PART}@{_PART}\.{_PART}$"  # or empty: remove it
SESSION, CSRF, CSRF_HEADER = "meeple_session", "meeple_csrf", "x-csrf-token"
MAX_AGE = 60 * 60 * 24 * 30  # a session cookie lasts 30 days
SAFE = ("GET", "HEAD", "OPTIONS")


class TooMany(ApiError):
    status = 429
    code = "rate_limited"


class NameUnavailable(ApiError):
    status = 409
    code = "name_unavailable"


# --- the session middleware --------------------------------------------------------


def _cookie(scope: Scope, name: str) -> str | None:
    for key, value in scope.get("headers") or []:
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:
                return None
            if name in jar:
                return jar[name].value
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _same_origin(scope: Scope) -> bool:
    origin, host = _header(scope, b"origin"), _header(scope, b"host")
    return origin is not None and host is not None and urlsplit(origin).netloc == host


class Sessions:
    """Finds the account a request acts for (``accounts.acting()``) from its cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _cookie(scope, SESSION) if scope["type"] in ("http", "websocket") else None
        if not token:
            await self.app(scope, receive, send)
            return
        hub: Hub = scope["app"].state.hub
        found = await asyncio.to_thread(accounts.session, hub.store.engine, token)
        allowed = False
        if found is not None:
            if scope["type"] == "websocket":
                allowed = _same_origin(scope)
            elif scope["method"] in SAFE:
                allowed = True
            else:
                allowed = hmac.compare_digest(_header(scope, CSRF_HEADER.encode()) or "",
                                              found.csrf)
        scope.setdefault("state", {})["session"] = (token, found, allowed)
        mark = accounts.ACTING.set(found.account_id if found and allowed else None)
        try:
            await self.app(scope, receive, send)
        finally:
            accounts.ACTING.reset(mark)


def _signed_in(request: Request) -> int:
    """The account of a request that must be signed in (with the CSRF token if a write)."""
    _token, found, allowed = request.scope.get("state", {}).get("session",
                                                                (None, None, False))
    if found is None:
        raise Unauthorized("sign in first")
    if not allowed:
        raise Forbidden(f"a signed-in write must repeat the {CSRF} cookie in the "
                        "X-CSRF-Token header")
    return int(found.account_id)


def _session_token(request: Request) -> str | None:
    token: str | None = request.scope.get("state", {}).get("session", (None,))[0]
    return token


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _set_cookies(request: Request, response: Response, token: str, csrf: str) -> None:
    secure = request.url.scheme == "https"
    response.set_cookie(SESSION, token, max_age=MAX_AGE, httponly=True, samesite="lax",
                        secure=secure, path="/")
    response.set_cookie(CSRF, csrf, max_age=MAX_AGE, httponly=False, samesite="lax",
                        secure=secure, path="/")


def _clear_cookies(response: Response) -> None:
    response.delete_cookie(SESSION, path="/")
    response.delete_cookie(CSRF, path="/")


def _from_this_site(request: Request) -> None:
    """Sign-in and sign-up have no session yet: a browser's request must come from a page
    of this server (Origin), so another site cannot sign a visitor in as someone else."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise Forbidden("sign-in and sign-up are accepted only from this server's pages")


# --- bodies ----------------------------------------------------------------------------


class SignUp(Body):
    name: str = Field(min_length=1, max_length=64, description="What you sign in with.")
    password: str = Field(min_length=1, max_length=200)
    display_name: str | None = Field(None, min_length=1, max_length=64, pattern=PRINTABLE)
    language: str | None = Field(None, pattern="^(en|ru)$")


class SignIn(Body):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=200)


class PasswordChange(Body):
    old: str = Field(min_length=1, max_length=200)
    new: str = Field(min_length=1, max_length=200)


class Notify(Body):
    your_turn: bool | None = None
    deadline: bool | None = None
    game_over: bool | None = None


class Profile(Body):
    display_name: str | None = Field(None, min_length=1, max_length=64, pattern=PRINTABLE)
    language: str | None = Field(None, pattern="^(en|ru)$")
    email: str | None = Field(None, max_length=254, pattern=EMAIL,
                              description="Empty to remove it; only you ever see it.")
    notify: Notify | None = None
    news: bool | None = Field(None, description="Announcements about the games you play.")


class Adopt(Body):
    token: str = Field(min_length=10, max_length=100, description="A seat's secret.")


# --- signing in and out -----------------------------------------------------------------


def _limited(request: Request, name: str) -> None:
    """Sign-in attempts: a bucket per client address and one per name."""
    config = request.app.state.config
    if config.signin_rate <= 0:
        return
    buckets: dict[str, Bucket] | None = getattr(request.app.state, "signin_buckets", None)
    if buckets is None:
        buckets = request.app.state.signin_buckets = {}
    if len(buckets) > 100_000:
        buckets.clear()
    client = request.client.host if request.client else "?"
    for key in (f"addr:{client}", f"name:{name.casefold()}"):
        bucket = buckets.setdefault(key, Bucket(config.signin_rate, config.signin_burst))
        if not bucket.take():
            raise TooMany("too many sign-in attempts: wait a minute and try again")


@router.post("/account/signup", status_code=201, summary="Make an account and sign in")
async def sign_up(request: Request, response: Response, body: SignUp) -> dict[str, Any]:
    _from_this_site(request)
    problem = accounts.name_problem(body.name) or accounts.password_problem(body.password)
    if problem:
        raise BadRequest(problem)
    engine = _hub(request).store.engine
    try:
        account = await asyncio.to_thread(accounts.sign_up, engine, body.name, body.password,
                                          body.display_name, body.language or "en")
    except accounts.NameUnavailable:
        raise NameUnavailable("that name cannot be used: choose another") from None
    return await _start_session(request, response, account)


@router.post("/account/signin", summary="Sign in (a new session; the old one ends)")
async def sign_in(request: Request, response: Response, body: SignIn) -> dict[str, Any]:
    _from_this_site(request)
    _limited(request, body.name)
    account = await asyncio.to_thread(accounts.check_password, _hub(request).store.engine,
                                      body.name, body.password)
    if account is None:
        raise Unauthorized("wrong name or password")
    return await _start_session(request, response, account)


async def _start_session(request: Request, response: Response, account: int
                         ) -> dict[str, Any]:
    engine = _hub(request).store.engine
    token, csrf = await asyncio.to_thread(accounts.new_session, engine, account,
                                          _session_token(request))
    _set_cookies(request, response, token, csrf)
    return {**await asyncio.to_thread(accounts.profile, engine, account), "csrf": csrf}


@router.post("/account/signout", summary="End this session")
async def sign_out(request: Request, response: Response) -> dict[str, int]:
    _signed_in(request)
    token = _session_token(request)
    if token:
        await asyncio.to_thread(accounts.end_session, _hub(request).store.engine, token)
    _clear_cookies(response)
    return {"ended": 1}


@router.post("/account/signout-everywhere", summary="End every session of this account")
async def sign_out_everywhere(request: Request, response: Response) -> dict[str, int]:
    account = _signed_in(request)
    n = await asyncio.to_thread(accounts.end_sessions, _hub(request).store.engine, account)
    _clear_cookies(response)
    return {"ended": n}


@router.post("/account/password",
             summary="Change the password (every other session of the account ends)")
async def change_password(request: Request, body: PasswordChange) -> dict[str, int]:
    account = _signed_in(request)
    problem = accounts.password_problem(body.new)
    if problem:
        raise BadRequest(problem)
    engine = _hub(request).store.engine
    if not await asyncio.to_thread(accounts.change_password, engine, account, body.old,
                                   body.new):
        raise Forbidden("the current password is wrong")
    ended = await asyncio.to_thread(accounts.end_sessions, engine, account,
                                    _session_token(request))
    return {"ended": ended}


# --- the profile ------------------------------------------------------------------------


@router.get("/account", summary="Your profile and ratings")
async def me(request: Request) -> dict[str, Any]:
    account = _signed_in(request)
    engine = _hub(request).store.engine
    _token, found, _ok = request.scope["state"]["session"]
    return {**await asyncio.to_thread(accounts.profile, engine, account), "csrf": found.csrf,
            "ratings": await asyncio.to_thread(ratings.of_account, engine, account)}


@router.patch("/account", summary="Change your display name, language, email or notices")
async def edit(request: Request, body: Profile) -> dict[str, Any]:
    account = _signed_in(request)
    changes = body.model_dump(exclude_none=True)  # what was not given stays as it is
    if changes.get("email") == "":
        changes["email"] = None
    engine = _hub(request).store.engine
    await asyncio.to_thread(accounts.update_profile, engine, account, changes)
    return await asyncio.to_thread(accounts.profile, engine, account)


@router.post("/account/seats", summary="Make a seat you hold the secret of your account's")
async def adopt(request: Request, body: Adopt) -> dict[str, Any]:
    account = _signed_in(request)
    hub = _hub(request)
    cred = await asyncio.to_thread(hub.store.credential, lobby.digest(body.token))
    if cred is None or cred.role != "seat" or cred.seat is None:
        raise Forbidden("that is not the secret of a seat")
    if not await asyncio.to_thread(hub.store.adopt, cred.game_id, cred.seat, account):
        raise Forbidden("that seat belongs to another account, or you hold another seat "
                        "of that game")
    await hub.reload_seats(await hub.live(cred.game_id))
    return {"game_id": cred.game_id, "seat": cred.seat}


@router.get("/account/games", summary="Your games: your turn first, then the others, "
                                      "and the finished ones with places and ratings")
async def my_games(request: Request, lang: Lang = "en") -> dict[str, Any]:
    from meeple.server.mine import my_games as listing

    account = _signed_in(request)
    return await listing(_hub(request), account, lang)


# --- ratings ------------------------------------------------------------------------------


@router.get("/ratings/{game}", summary="The leaderboard of a game at a player count")
async def leaderboard(request: Request, game: str,
                      players: Annotated[int, Query(ge=1, le=16)] = 2,
                      ) -> list[dict[str, Any]]:
    from meeple.core.registry import game_names

    if game not in game_names():
        raise NotFound(f"no game {game!r} on this server")
    return await asyncio.to_thread(ratings.leaderboard, _hub(request).store.engine, game,
                                   players)


@router.get("/games/{gid}/ratings",
            summary="The rating of each seat's player (public games, or a seat's own game)")
async def seat_ratings(request: Request, gid: str) -> list[dict[str, Any]]:
    hub = _hub(request)
    live = await hub.live(gid)
    if not live.settings.get("public"):
        auth = request.headers.get("authorization", "")
        await lobby.authorize(hub, gid, auth.partition(" ")[2].strip() or None)
    players = int(live.row["players"])
    seats = live.seats[:players]
    subjects = [ratings.subject(s.get("account_id"),
                                None if s["kind"] in ("human", "master") else str(s["kind"]))
                for s in seats]
    found = await asyncio.to_thread(ratings.of_subjects, hub.store.engine, live.game.name,
                                    players, subjects)
    return [{"seat": s["seat"], "name": s["name"], "kind": s["kind"],
             "joined": bool(s["joined"]) or s["kind"] not in ("human", "master"),
             "rating": found.get(x, ratings.shown(ratings.MODEL.mu, ratings.MODEL.sigma))
             if x else None}
            for s, x in zip(seats, subjects, strict=True)]
