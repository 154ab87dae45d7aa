"""Results of finished games and the ratings made from them (synchronous).

When a game ends, each seat's place and score are written with the final action (from the
engine's final state: ``returns()`` orders the seats, the game's own score breaks ties
where it has one). A game with at least two account seats is rated: every seat — a person,
or a bot kind, which is one rated player per game and player count — is a team of one in
openskill's Plackett-Luce model. Rated games enter the ratings one at a time, numbered by
``rating_seq``; ``recompute`` replays them in that order from the defaults and so gives
the same numbers.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, Engine, delete, false, func, insert, select, text, update

from meeple.core.game import State
from meeple.core.places import places, scores
from meeple.server import db
from meeple.server.accounts import display_names

MODEL = PlackettLuce()  # a newcomer: mu 25, sigma 25/3, so mu - 3 sigma = 0
_LOCK = 1_802_001  # PostgreSQL advisory lock: one rating update at a time


def shown(mu: float, sigma: float) -> int:
    """The number people see: a cautious estimate of skill (openskill's ordinal,
    mu - 3 sigma, 0 for a newcomer) on a familiar scale — 1000 for a newcomer, 40 points
    per unit — so that it is a whole number and does not go below zero after a loss."""
    return round(1000 + 40 * (mu - 3 * sigma))


def subject(account_id: int | None, bot: str | None) -> str | None:
    """Who a seat's rating belongs to; None for a guest (nobody: rated from the
    defaults each game, never stored)."""
    if account_id is not None:
        return f"account:{account_id}"
    return f"bot:{bot}" if bot is not None else None


def final_result(game_id: str, game: str, seats: list[dict[str, Any]], state: State
                 ) -> dict[str, Any]:
    """The rows to write when ``state`` (terminal) ends the game: place 1 for the winner
    (shared victories share it), then by the game's score where it reports one."""
    n = state.num_players
    found = scores(state.result(), n)
    place = places(state)
    rows = []
    for p in range(n):
        s = seats[p]
        account = s.get("account_id")
        rows.append({"game_id": game_id, "seat": p, "account_id": account,
                     "bot": None if s["kind"] in ("human", "master") else str(s["kind"]),
                     "place": place[p], "score": found[p] if found else None,
                     "mu": None, "sigma": None})
    accounts = {r["account_id"] for r in rows if r["account_id"] is not None}
    rated = len(accounts) >= 2
    return {"game": {"game_id": game_id, "game": game, "players": n,
                     "finished_at": time.time(), "rated": rated, "rating_seq": None},
            "seats": rows}


def write_result(c: Connection, result: dict[str, Any]) -> None:
    c.execute(insert(db.results).values(**result["game"]))
    c.execute(insert(db.result_seats), result["seats"])


def _serialize(c: Connection) -> None:
    """Take the ratings for this transaction: PostgreSQL by an advisory lock, SQLite by
    starting with a write (its one writer lock)."""
    if c.dialect.name == "postgresql":
        c.execute(text(f"select pg_advisory_xact_lock({_LOCK})"))
    else:
        c.execute(update(db.results).where(false()).values(rated=True))


def _rate(c: Connection, game_id: str, seq: int) -> None:
    g = c.execute(select(db.results).where(db.results.c.game_id == game_id)).mappings().one()
    seats = [dict(r) for r in c.execute(select(db.result_seats).where(
        db.result_seats.c.game_id == game_id).order_by(db.result_seats.c.seat)).mappings()]
    subjects = [subject(s["account_id"], s["bot"]) for s in seats]
    stored = {r["subject"]: r for r in c.execute(select(db.ratings).where(
        (db.ratings.c.game == g["game"]) & (db.ratings.c.players == g["players"])
        & db.ratings.c.subject.in_({x for x in subjects if x}))).mappings()}
    teams = [[MODEL.rating(mu=stored[s]["mu"], sigma=stored[s]["sigma"]) if s in stored
              else MODEL.rating()] for s in subjects]
    after = MODEL.rate(teams, ranks=[float(s["place"]) for s in seats])
    # Two seats of one bot kind are one player: it takes the mean of their two updates.
    new: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for s, team in zip(subjects, after, strict=True):
        if s is not None:
            new[s].append((team[0].mu, team[0].sigma))
    for s, ups in new.items():
        mu = sum(u[0] for u in ups) / len(ups)
        sigma = sum(u[1] for u in ups) / len(ups)
        if s in stored:
            c.execute(update(db.ratings).where(
                (db.ratings.c.game == g["game"]) & (db.ratings.c.players == g["players"])
                & (db.ratings.c.subject == s)).values(mu=mu, sigma=sigma,
                                                      games=db.ratings.c.games + 1))
        else:
            c.execute(insert(db.ratings).values(game=g["game"], players=g["players"],
                                                subject=s, mu=mu, sigma=sigma, games=1))
        new[s] = [(mu, sigma)]
    for seat, s in zip(seats, subjects, strict=True):
        if s is None:
            continue
        mu, sigma = new[s][0]
        c.execute(update(db.result_seats).where(
            (db.result_seats.c.game_id == game_id) & (db.result_seats.c.seat == seat["seat"]))
            .values(mu=mu, sigma=sigma))
    c.execute(update(db.results).where(db.results.c.game_id == game_id)
              .values(rating_seq=seq))


def apply_pending(engine: Engine) -> int:
    """Rate every finished rated game not rated yet, oldest first; how many."""
    done = 0
    while True:
        with engine.begin() as c:
            _serialize(c)
            gid = c.execute(select(db.results.c.game_id).where(
                db.results.c.rated.is_(True) & db.results.c.rating_seq.is_(None))
                .order_by(db.results.c.finished_at, db.results.c.game_id).limit(1)).scalar()
            if gid is None:
                return done
            last = c.execute(select(func.max(db.results.c.rating_seq))).scalar()
            _rate(c, gid, int(last or 0) + 1)
        done += 1


def recompute(engine: Engine) -> int:
    """Every rating again from the stored results, in the order they were first rated
    (then any not rated yet); how many games."""
    with engine.begin() as c:
        _serialize(c)
        order = [r[0] for r in c.execute(select(db.results.c.game_id).where(
            db.results.c.rated.is_(True)).order_by(
            db.results.c.rating_seq.is_(None), db.results.c.rating_seq,
            db.results.c.finished_at, db.results.c.game_id)).all()]
        c.execute(delete(db.ratings))
        c.execute(update(db.results).values(rating_seq=None))
        c.execute(update(db.result_seats).values(mu=None, sigma=None))
        for i, gid in enumerate(order):
            _rate(c, gid, i + 1)
    return len(order)


def table(engine: Engine) -> list[dict[str, Any]]:
    """Every rating row, in a fixed order (what the recompute test compares)."""
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(db.ratings).order_by(
            db.ratings.c.game, db.ratings.c.players, db.ratings.c.subject)).mappings()]


def leaderboard(engine: Engine, game: str, players: int, limit: int = 100
                ) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = [dict(r) for r in c.execute(select(db.ratings).where(
            (db.ratings.c.game == game) & (db.ratings.c.players == players))).mappings()]
        names = display_names(c, {int(r["subject"].split(":")[1]) for r in rows
                                  if r["subject"].startswith("account:")})
    rows.sort(key=lambda r: (-(r["mu"] - 3 * r["sigma"]), r["subject"]))
    out = []
    for i, r in enumerate(rows[:limit]):
        kind, _, who = str(r["subject"]).partition(":")
        out.append({"rank": i + 1, "bot": who if kind == "bot" else None,
                    "name": names.get(int(who), "?") if kind == "account" else None,
                    "rating": shown(r["mu"], r["sigma"]), "games": r["games"]})
    return out


def of_subjects(engine: Engine, game: str, players: int, subjects: list[str | None]
                ) -> dict[str, int]:
    """The shown rating of each subject that has one in this game and player count."""
    wanted = {x for x in subjects if x}
    with engine.connect() as c:
        return {str(r["subject"]): shown(r["mu"], r["sigma"]) for r in c.execute(
            select(db.ratings).where((db.ratings.c.game == game)
                                     & (db.ratings.c.players == players)
                                     & db.ratings.c.subject.in_(wanted))).mappings()}


def of_account(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(db.ratings).where(
            db.ratings.c.subject == subject(account_id, None)).order_by(
            db.ratings.c.game, db.ratings.c.players)).mappings().all()
    return [{"game": r["game"], "players": r["players"], "rating": shown(r["mu"], r["sigma"]),
             "games": r["games"]} for r in rows]
