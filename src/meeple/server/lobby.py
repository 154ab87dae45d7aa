"""Creating, importing and joining games, and the secrets that open them.

Each human seat, the owner and spectators get their own secret: 32 random bytes, shown
once, stored only as a SHA-256 hash. A secret is looked up by its hash, so checking one
compares no secret byte by byte.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from typing import Any

from meeple.bots.base import make_bot
from meeple.core.errors import MeepleError
from meeple.core.game import Game
from meeple.core.record import GameRecord
from meeple.core.registry import get_game
from meeple.server import accounts
from meeple.server.accounts import acting
from meeple.server.errors import BadRequest, Forbidden, NotFound, Unauthorized
from meeple.server.hub import Hub
from meeple.server.live import HUMAN_KINDS
from meeple.server.schemas import Claim, CreateGame, ImportGame, Join, SeatSpec, Settings
from meeple.server.store import Credential


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


async def authorize(hub: Hub, gid: str, token: str | None) -> Credential:
    if not token and acting() is not None:
        # Signed in: the account's own seat of this game, from any browser.
        seat = await asyncio.to_thread(hub.store.seat_of_account, gid, acting())
        if seat is None:
            raise Forbidden(f"your account has no seat in game {gid!r}")
        return Credential(gid, "seat", seat)
    if not token:
        raise Unauthorized("this needs the secret of a seat, a spectator link or the owner: "
                           "send 'Authorization: Bearer SECRET', or sign in")
    cred = await asyncio.to_thread(hub.store.credential, digest(token))
    if cred is None or cred.game_id != gid:
        raise Forbidden(f"that secret does not open game {gid!r}")
    return cred


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError as e:
        raise BadRequest(str(e.args[0])) from None


def _seats(game: Game, players: int, given: list[SeatSpec] | None,
           master: bool) -> list[SeatSpec]:
    specs = list(given) if given is not None else [
        SeatSpec(kind="human", name=None) for _ in range(players)]
    if len(specs) != players:
        raise BadRequest(f"{len(specs)} seats given for {players} players")
    for i, s in enumerate(specs):
        if s.kind in HUMAN_KINDS:
            if s.kind == "master":
                raise BadRequest(f"seat {i}: the master seat is added by the game's "
                                 "'master' option, not listed")
            continue
        try:
            make_bot(s.kind, game.name, 0)
        except ValueError as e:
            raise BadRequest(f"seat {i}: {e}") from None
    if master:
        specs.append(SeatSpec(kind="master", name="Master"))
    return specs


async def create(hub: Hub, req: CreateGame) -> dict[str, Any]:
    game = _game(req.game)
    players = req.players or game.default_players
    try:
        game.check_players(players)
        options = game.resolve_options(req.options)
        seed = req.seed if req.seed is not None else secrets.randbits(63)
        game.new_state(players, seed, options)
    except ValueError as e:
        raise BadRequest(str(e)) from None
    return await _store_game(hub, game, players, seed, options, req, req.seats, [])


async def import_game(hub: Hub, req: ImportGame) -> dict[str, Any]:
    try:
        record = GameRecord.parse(req.record)
        record.replay()
    except MeepleError as e:
        raise BadRequest(f"cannot import: {e}") from None
    game = _game(record.game)
    actions = [(a.player, a.action) for a in record.actions]
    return await _store_game(hub, game, record.players, record.seed,
                             game.resolve_options(record.options), req, req.seats, actions)


async def _store_game(hub: Hub, game: Game, players: int, seed: int, options: dict[str, Any],
                      settings: Settings, seats: list[SeatSpec] | None,
                      actions: list[tuple[int, str]]) -> dict[str, Any]:
    if settings.zombie == "bot":
        try:
            make_bot(settings.zombie_bot, game.name, 0)
        except ValueError as e:
            raise BadRequest(f"zombie_bot: {e}") from None
    specs = _seats(game, players, seats, bool(options.get("master")))
    if options.get("sheets") and any(s.kind not in HUMAN_KINDS for s in specs):
        # Colonies' character sheets are free text: a bot could never hand one in, and
        # the first season would wait for it forever.
        raise BadRequest("a game with character sheets needs a person in every seat "
                         "(a bot cannot write a sheet)")
    gid = secrets.token_hex(8)
    owner, spectator = new_secret(), new_secret()
    tokens = [new_secret() for _ in specs]
    row = {"id": gid, "game": game.name, "players": players, "seed": seed,
           "options": options, "settings": settings.model_dump(include=set(Settings.model_fields)),
           "owner_hash": digest(owner), "spectator_hash": digest(spectator),
           "version": len(actions), "finished": False, "deadline_at": None}
    seat_rows = [{"seat": i, "kind": s.kind, "name": s.name, "secret_hash": digest(t),
                  "joined": s.kind not in HUMAN_KINDS, "webhook": None, "account_id": None}
                 for i, (s, t) in enumerate(zip(specs, tokens, strict=True))]
    account = acting()
    mine = next((r for r in seat_rows if r["kind"] == "human"), None)
    if account is not None and mine is not None:
        # Signed in: the first human seat is the creator's (the others are invitations).
        profile = await asyncio.to_thread(accounts.profile, hub.store.engine, account)
        mine.update(account_id=account, joined=True,
                    name=mine["name"] or profile["display_name"])
    await asyncio.to_thread(hub.store.create_game, row, seat_rows, actions)
    live = await hub.live(gid)
    await hub.start_game(live)
    return {
        "id": gid, "game": game.name, "players": players, "version": live.version,
        "owner_token": owner, "spectator_token": spectator,
        "seats": [{"seat": i, "kind": s.kind, "name": seat_rows[i]["name"],
                   **({"token": t} if s.kind in HUMAN_KINDS else {})}
                  for i, (s, t) in enumerate(zip(specs, tokens, strict=True))],
    }


async def join(hub: Hub, req: Join) -> dict[str, Any]:
    cred = await asyncio.to_thread(hub.store.credential, digest(req.token))
    if cred is None or cred.role != "seat" or cred.seat is None:
        raise Forbidden("that is not the secret of a seat")
    await asyncio.to_thread(hub.store.join, cred.game_id, cred.seat, req.name, req.webhook,
                            None, acting())
    await hub.reload_seats(await hub.live(cred.game_id))
    return {"game_id": cred.game_id, "seat": cred.seat, "name": req.name}


async def claim(hub: Hub, gid: str, seat: int, req: Claim) -> dict[str, Any]:
    live = await hub.live(gid)
    if not live.settings.get("public"):
        raise Forbidden(f"game {gid} is not public: join it with the link its host sent")
    if not 0 <= seat < len(live.seats):
        raise NotFound(f"game {gid} has no seat {seat}")
    if live.seats[seat]["kind"] != "human":
        raise Forbidden(f"seat {seat} is not a human seat")
    token = new_secret()
    ok = await asyncio.to_thread(hub.store.join, gid, seat, req.name, req.webhook,
                                 digest(token), acting())
    if not ok:
        raise Forbidden(f"seat {seat} of game {gid} is taken")
    await hub.reload_seats(live)
    return {"game_id": gid, "seat": seat, "name": req.name, "token": token}
