"""Every read and write of the server's database, synchronous (the hub runs them in
threads). Each write is one transaction: an action, the game's new version, its
snapshot and its notifications are committed together or not at all."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.server import db
from meeple.server.errors import NotFound
from meeple.server.ratings import write_result


class StaleVersion(Exception):
    """Another submission (maybe in another server process) got this version first."""


class DuplicateKey(Exception):
    """An action with this idempotency key is already in the game's log."""


@dataclass(frozen=True)
class Credential:
    game_id: str
    role: str  # "seat", "owner" or "spectator"
    seat: int | None


@dataclass
class Append:
    """One action to commit, with what changes with it."""

    game_id: str
    action: Appended
    finished: bool
    deadline_at: float | None
    snapshot: Any | None
    notices: list[dict[str, Any]]
    result: dict[str, Any] | None = None  # places and scores, with a game's last action


@dataclass
class Appended:
    seq: int
    player: int
    action: str
    source: str
    idem_key: str | None


# Built once: statements are the hot path of every move.
_MOVE = update(db.games).where(
    and_(db.games.c.id == bindparam("gid"), db.games.c.version == bindparam("prev"))
).values(version=bindparam("seq"), finished=bindparam("fin"), deadline_at=bindparam("dl"))
_INSERT_ACTION = insert(db.actions)


def _move_params(item: Append) -> dict[str, Any]:
    return {"gid": item.game_id, "prev": item.action.seq - 1, "seq": item.action.seq,
            "fin": item.finished, "dl": item.deadline_at}


class Store:
    def __init__(self, url: str, migrate: bool = True, timeout: float = 10.0) -> None:
        if migrate:
            db.migrate(url)
        self.url = url
        self.timeout = timeout
        self.engine: Engine = db.make_engine(url, timeout)

    def close(self) -> None:
        self.engine.dispose()

    # --- games and seats -------------------------------------------------------------

    def create_game(self, row: dict[str, Any], seat_rows: list[dict[str, Any]],
                    imported: list[tuple[int, str]] | None = None) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(insert(db.games).values(**row, created_at=now))
            c.execute(insert(db.seats), [{"game_id": row["id"], **s} for s in seat_rows])
            if imported:
                c.execute(insert(db.actions), [
                    {"game_id": row["id"], "seq": i + 1, "player": p, "action": a,
                     "source": "import", "idem_key": None, "at": now}
                    for i, (p, a) in enumerate(imported)])

    def game(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            r = c.execute(select(db.games).where(db.games.c.id == game_id)).mappings().first()
            return dict(r) if r else None

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(db.seats).where(db.seats.c.game_id == game_id)
                             .order_by(db.seats.c.seat)).mappings().all()
            return [dict(r) for r in rows]

    def seat_of_account(self, game_id: str, account_id: int | None) -> int | None:
        with self.engine.connect() as c:
            r = c.execute(select(db.seats.c.seat).where(and_(
                db.seats.c.game_id == game_id, db.seats.c.account_id == account_id))).first()
        return int(r[0]) if r else None

    def credential(self, secret_hash: str) -> Credential | None:
        with self.engine.connect() as c:
            r = c.execute(select(db.seats.c.game_id, db.seats.c.seat)
                          .where(db.seats.c.secret_hash == secret_hash)).first()
            if r:
                return Credential(r[0], "seat", r[1])
            for role, col in (("owner", db.games.c.owner_hash),
                              ("spectator", db.games.c.spectator_hash)):
                g = c.execute(select(db.games.c.id).where(col == secret_hash)).first()
                if g:
                    return Credential(g[0], role, None)
        return None

    def join(self, game_id: str, seat: int, name: str, webhook: str | None,
             new_hash: str | None = None, account_id: int | None = None) -> bool:
        """Mark a seat taken; with ``new_hash`` only if it was free (a public claim);
        with ``account_id`` it becomes that account's, unless it is someone else's or
        the account holds another seat of the game (then it stays a guest seat)."""
        values: dict[str, Any] = {"joined": True, "name": name, "webhook": webhook}
        cond = and_(db.seats.c.game_id == game_id, db.seats.c.seat == seat)
        if new_hash is not None:
            values["secret_hash"] = new_hash
            cond = and_(cond, db.seats.c.joined.is_(False))
        with self.engine.begin() as c:
            done = c.execute(update(db.seats).where(cond).values(**values)).rowcount == 1
            if done and account_id is not None:
                self._adopt(c, game_id, seat, account_id)
            return done

    def adopt(self, game_id: str, seat: int, account_id: int) -> bool:
        """Make a seat the account's; False if it is another account's or the account
        already holds a seat of this game."""
        with self.engine.begin() as c:
            return self._adopt(c, game_id, seat, account_id)

    @staticmethod
    def _adopt(c: Connection, game_id: str, seat: int, account_id: int) -> bool:
        held = c.execute(select(db.seats.c.seat).where(and_(
            db.seats.c.game_id == game_id, db.seats.c.account_id == account_id))).first()
        if held is not None:
            return int(held[0]) == seat
        return c.execute(update(db.seats).where(and_(
            db.seats.c.game_id == game_id, db.seats.c.seat == seat,
            db.seats.c.account_id.is_(None))).values(account_id=account_id)).rowcount == 1

    def list_games(self, public_only: bool, limit: int = 100) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            q = select(db.games).order_by(db.games.c.created_at.desc()).limit(limit)
            rows = [dict(r) for r in c.execute(q).mappings().all()]
            free: dict[str, int] = dict(c.execute(
                select(db.seats.c.game_id, func.count()).where(
                    and_(db.seats.c.joined.is_(False), db.seats.c.kind == "human"))
                .group_by(db.seats.c.game_id)).all())
        out = []
        for r in rows:
            if public_only and not r["settings"].get("public"):
                continue
            out.append({**r, "free_seats": int(free.get(r["id"], 0))})
        return out

    def unfinished(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(
                select(db.games.c.id).where(db.games.c.finished.is_(False))).all()]

    # --- the action log ------------------------------------------------------------

    def game_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(select(db.games.c.id).order_by(db.games.c.id))]

    def latest_snapshot(self, game_id: str, upto: int | None = None) -> tuple[int, Any] | None:
        """The newest snapshot (at version ``upto`` or before, if given)."""
        cond = db.snapshots.c.game_id == game_id
        if upto is not None:
            cond = and_(cond, db.snapshots.c.seq <= upto)
        with self.engine.connect() as c:
            r = c.execute(select(db.snapshots.c.seq, db.snapshots.c.state).where(cond)
                          .order_by(db.snapshots.c.seq.desc()).limit(1)).first()
            return (int(r[0]), r[1]) if r else None

    def rebuild(self, game_id: str, upto: int | None = None) -> tuple[dict[str, Any], int, State]:
        """A game's row, version and state, from its newest snapshot and the actions after
        it (up to version ``upto``, if given)."""
        row = self.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r} on this server")
        game = get_game(row["game"])
        snap = self.latest_snapshot(game_id, upto)
        if snap is not None:
            seq, state = snap[0], game.state_from_json(snap[1])
        else:
            seq, state = 0, game.new_state(row["players"], row["seed"], row["options"])
        for a in self.actions_after(game_id, seq):
            if upto is not None and a.seq > upto:
                break
            state.apply(a.player, Action.parse(a.action))
            seq = a.seq
        return row, seq, state

    def actions_after(self, game_id: str, seq: int) -> list[Appended]:
        with self.engine.connect() as c:
            rows = c.execute(select(db.actions).where(
                and_(db.actions.c.game_id == game_id, db.actions.c.seq > seq))
                .order_by(db.actions.c.seq)).mappings().all()
        return [Appended(r["seq"], r["player"], r["action"], r["source"], r["idem_key"])
                for r in rows]

    def find_key(self, game_id: str, key: str) -> Appended | None:
        with self.engine.connect() as c:
            r = c.execute(select(db.actions).where(
                and_(db.actions.c.game_id == game_id, db.actions.c.idem_key == key))
            ).mappings().first()
        return Appended(r["seq"], r["player"], r["action"], r["source"], r["idem_key"]) \
            if r else None

    def append(self, game_id: str, a: Appended, finished: bool, deadline_at: float | None,
               snapshot: Any | None, notices: list[dict[str, Any]]) -> None:
        """Commit one action as version ``a.seq``; StaleVersion if the game is no longer
        at ``a.seq - 1``, DuplicateKey if its idempotency key was used."""
        problem = self.append_batch([Append(game_id, a, finished, deadline_at, snapshot,
                                            notices)])[0]
        if problem is not None:
            raise problem

    def append_batch(self, batch: list[Append]) -> list[Exception | None]:
        """Commit several actions (of any games) in one transaction — one disk flush for
        all. If one of them is refused, they are done again one by one, each in its own
        savepoint, so the refused one leaves the others committed."""
        now = time.time()
        if len(batch) == 1 or self.engine.dialect.supports_sane_multi_rowcount:
            try:
                with self.engine.begin() as c:
                    moved = c.execute(_MOVE, [_move_params(item) for item in batch])
                    if moved.rowcount != len(batch):
                        raise StaleVersion(batch[0].action.seq - 1)
                    self._insert_rows(c, batch, now)
                return [None] * len(batch)
            except (StaleVersion, DuplicateKey) as e:
                if len(batch) == 1:
                    return [e]
                # all rolled back: one by one below
        out: list[Exception | None] = []
        with self.engine.begin() as c:
            for item in batch:
                try:
                    with c.begin_nested():
                        if c.execute(_MOVE, _move_params(item)).rowcount != 1:
                            raise StaleVersion(item.action.seq - 1)
                        self._insert_rows(c, [item], now)
                    out.append(None)
                except (StaleVersion, DuplicateKey) as e:
                    out.append(e)
        return out

    @staticmethod
    def _insert_rows(c: Connection, batch: list[Append], now: float) -> None:
        try:
            c.execute(_INSERT_ACTION, [
                {"game_id": i.game_id, "seq": i.action.seq, "player": i.action.player,
                 "action": i.action.action, "source": i.action.source,
                 "idem_key": i.action.idem_key, "at": now} for i in batch])
        except IntegrityError:
            raise DuplicateKey(batch[0].action.idem_key) from None
        snaps = [{"game_id": i.game_id, "seq": i.action.seq, "state": i.snapshot}
                 for i in batch if i.snapshot is not None]
        if snaps:
            c.execute(insert(db.snapshots), snaps)
        notices = [{"game_id": i.game_id, "attempts": 0, "next_at": now, "delivered": False,
                    **n} for i in batch for n in i.notices]
        if notices:
            c.execute(insert(db.outbox), notices)
        for i in batch:
            if i.result is not None:
                write_result(c, i.result)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        with self.engine.connect() as c:
            return {r[0]: int(r[1]) for r in c.execute(
                select(db.games.c.id, db.games.c.version).where(db.games.c.id.in_(game_ids)))}

    def due_deadlines(self, now: float) -> list[str]:
        """Unfinished games whose deadline has passed."""
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(select(db.games.c.id).where(and_(
                db.games.c.finished.is_(False), db.games.c.deadline_at <= now)))]

    def set_deadline(self, game_id: str, deadline_at: float | None) -> None:
        with self.engine.begin() as c:
            c.execute(update(db.games).where(db.games.c.id == game_id)
                      .values(deadline_at=deadline_at))

    # --- the notification outbox ----------------------------------------------------

    def outbox_backlog(self) -> int:
        """Notices (webhooks and emails) not yet delivered."""
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(db.outbox)
                                 .where(db.outbox.c.delivered.is_(False))).scalar_one())

    def ping(self) -> None:
        """Raises if the database cannot answer now."""
        with self.engine.connect() as c:
            c.execute(select(1))

    def due_notices(self, now: float, limit: int = 50) -> list[dict[str, Any]]:
        """Webhook notices due now (an account's notices, with no URL, are mail's), so a
        long queue of emails never holds up the webhooks."""
        with self.engine.connect() as c:
            rows = c.execute(select(db.outbox).where(
                and_(db.outbox.c.delivered.is_(False), db.outbox.c.next_at <= now,
                     db.outbox.c.url.is_not(None)))
                .order_by(db.outbox.c.id).limit(limit)).mappings().all()
            return [dict(r) for r in rows]

    def notice_done(self, notice_id: int, ok: bool, error: str | None, retry_at: float) -> None:
        with self.engine.begin() as c:
            c.execute(update(db.outbox).where(db.outbox.c.id == notice_id).values(
                delivered=ok, error=error, attempts=db.outbox.c.attempts + 1,
                next_at=retry_at))

    def notices(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(db.outbox).where(db.outbox.c.game_id == game_id)
                             .order_by(db.outbox.c.id)).mappings().all()
            return [dict(r) for r in rows]
