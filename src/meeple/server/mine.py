"""An account's games: those in progress (the ones waiting for you first, then by
deadline) and the finished ones with every seat's place and score and your rating after.
Only what the account's own seat may see: who is waited on as that seat may know it."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Engine, select

from meeple.core.errors import MeepleError
from meeple.core.registry import game_title
from meeple.server import db
from meeple.server.errors import ApiError
from meeple.server.hub import Hub
from meeple.server.ratings import shown


def _seats(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    with engine.connect() as c:
        return [dict(r) for r in c.execute(
            select(db.seats.c.game_id, db.seats.c.seat, db.games.c.game,
                   db.games.c.players, db.games.c.finished, db.games.c.created_at)
            .join(db.games, db.games.c.id == db.seats.c.game_id)
            .where(db.seats.c.account_id == account_id)
            .order_by(db.games.c.created_at.desc()).limit(500)).mappings()]


def _results(engine: Engine, game_ids: list[str]) -> dict[str, dict[str, Any]]:
    if not game_ids:
        return {}
    out: dict[str, dict[str, Any]] = {}
    with engine.connect() as c:
        for r in c.execute(select(db.results).where(db.results.c.game_id.in_(game_ids))
                           ).mappings():
            out[r["game_id"]] = {**dict(r), "seats": []}
        for r in c.execute(select(db.result_seats, db.seats.c.name, db.seats.c.kind).join(
                db.seats, (db.seats.c.game_id == db.result_seats.c.game_id)
                & (db.seats.c.seat == db.result_seats.c.seat)).where(
                db.result_seats.c.game_id.in_(game_ids)).order_by(
                db.result_seats.c.seat)).mappings():
            out[r["game_id"]]["seats"].append(dict(r))
    return out


async def my_games(hub: Hub, account_id: int, lang: str = "en") -> dict[str, Any]:
    """The account's games, each titled in ``lang``."""
    rows = await asyncio.to_thread(_seats, hub.store.engine, account_id)
    playing, finished = [], []
    for r in rows:
        if r["finished"]:
            finished.append(r)
            continue
        try:
            live = await hub.live(r["game_id"])
        except (ApiError, MeepleError):
            continue  # a game that cannot be rebuilt is reported in the server's log
        if live.state.is_terminal():
            finished.append(r)
            continue
        seat = int(r["seat"])
        waiting = live.game.visible_waiting(live.state, seat)
        playing.append({"id": live.id, "game": live.game.name,
                        "title": game_title(live.game.name, lang),
                        "players": r["players"], "seat": seat, "round": live.state.round,
                        "your_turn": seat in waiting, "waiting": waiting,
                        "deadline_at": live.deadline_at if waiting else None,
                        "seats": [{"seat": x["seat"], "name": x["name"], "kind": x["kind"]}
                                  for x in live.seats],
                        "created_at": r["created_at"]})
    playing.sort(key=lambda g: (not g["your_turn"], g["deadline_at"] or float("inf"),
                                -g["created_at"]))
    results = await asyncio.to_thread(_results, hub.store.engine,
                                      [r["game_id"] for r in finished])
    history = []
    for r in finished:
        res = results.get(r["game_id"])
        seat = int(r["seat"])
        mine = next((s for s in res["seats"] if s["seat"] == seat), None) if res else None
        history.append({
            "id": r["game_id"], "game": r["game"], "title": game_title(r["game"], lang),
            "players": r["players"], "seat": seat,
            "finished_at": res["finished_at"] if res else None,
            "rated": bool(res["rated"]) if res else False,
            "place": mine["place"] if mine else None,
            "score": mine["score"] if mine else None,
            "rating": shown(mine["mu"], mine["sigma"])
            if mine and mine["mu"] is not None else None,
            "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"],
                       "place": s["place"], "score": s["score"]}
                      for s in (res["seats"] if res else [])]})
    history.sort(key=lambda g: -(g["finished_at"] or 0.0))
    return {"playing": playing, "history": history}
