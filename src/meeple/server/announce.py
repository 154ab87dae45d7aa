"""Announcements: one message from an admin to every player of a game who opted in to
news (the seed's publisher telling Cult's players about its Kickstarter), sent through
the notice outbox, each email with its own unsubscribe link.

An unsubscribe link carries a token signed with the server's key (HMAC-SHA256 of the
account's id), so it works without signing in and cannot be made for another account.
The key is made once, at random, and kept in the database (``server_keys``), so links
keep working across restarts and server processes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any

from sqlalchemy import Engine, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server import db

KEY_NAME = "unsubscribe"


def _key(engine: Engine) -> bytes:
    with engine.connect() as c:
        found = c.execute(select(db.server_keys.c.value)
                          .where(db.server_keys.c.name == KEY_NAME)).scalar()
    if found is None:
        try:
            with engine.begin() as c:
                c.execute(insert(db.server_keys).values(name=KEY_NAME,
                                                        value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another process made it first: use theirs
        with engine.connect() as c:
            found = c.execute(select(db.server_keys.c.value)
                              .where(db.server_keys.c.name == KEY_NAME)).scalar_one()
    return bytes.fromhex(str(found))


def _sign(key: bytes, account_id: int) -> str:
    return hmac.new(key, f"unsubscribe:news:{account_id}".encode(), hashlib.sha256
                    ).hexdigest()[:32]


def token(engine: Engine, account_id: int) -> str:
    return f"{account_id}.{_sign(_key(engine), account_id)}"


def account_of(engine: Engine, text: str) -> int | None:
    """The account an unsubscribe token was made for, or None if it is not genuine."""
    head, _, mac = text.partition(".")
    if not (head.isascii() and head.isdigit()) or len(head) > 12 or not mac:
        return None
    account = int(head)
    if not hmac.compare_digest(mac, _sign(_key(engine), account)):
        return None
    with engine.connect() as c:
        exists = c.execute(select(db.accounts.c.id).where(db.accounts.c.id == account)
                           ).scalar()
    return account if exists is not None else None


def unsubscribe(engine: Engine, account_id: int) -> None:
    with engine.begin() as c:
        c.execute(update(db.accounts).where(db.accounts.c.id == account_id)
                  .values(news=False))


def recipients(engine: Engine, game: str) -> list[int]:
    """Accounts that opted in to news, have an address, and hold a seat in a game of
    ``game`` (any game of it, finished or not)."""
    with engine.connect() as c:
        rows = c.execute(
            select(db.accounts.c.id).distinct()
            .select_from(db.accounts.join(db.seats, db.seats.c.account_id == db.accounts.c.id)
                         .join(db.games, db.games.c.id == db.seats.c.game_id))
            .where(and_(db.games.c.game == game, db.accounts.c.news.is_(True),
                        db.accounts.c.email.is_not(None), db.accounts.c.email != ""))
            .order_by(db.accounts.c.id)).all()
    return [int(r[0]) for r in rows]


def send(engine: Engine, author_id: int, game: str, subject: str, body: str
         ) -> dict[str, Any]:
    """Write the announcement and one outbox notice per recipient, in one transaction."""
    now = time.time()
    to = recipients(engine, game)
    with engine.begin() as c:
        made = c.execute(insert(db.announcements).values(
            game=game, subject=subject, body=body, author_id=author_id, recipients=len(to),
            created_at=now)).inserted_primary_key
        assert made is not None
        ann = int(made[0])
        if to:
            c.execute(insert(db.outbox), [
                {"game_id": None, "seat": None, "url": None, "account_id": a,
                 "kind": "announcement", "dedup": f"announcement:{ann}:{a}",
                 "created_at": now, "attempts": 0, "next_at": now, "delivered": False,
                 "payload": {"event": "announcement", "announcement": ann}} for a in to])
    return {"id": ann, "game": game, "recipients": len(to)}


def history(engine: Engine, limit: int = 50) -> list[dict[str, Any]]:
    """The announcements sent, newest first, each with how many of its emails went out."""
    with engine.connect() as c:
        rows = c.execute(select(db.announcements).order_by(db.announcements.c.id.desc())
                         .limit(limit)).mappings().all()
        out = []
        for r in rows:
            sent = c.execute(select(db.outbox.c.id).where(and_(
                db.outbox.c.dedup.like(f"announcement:{r['id']}:%"),
                db.outbox.c.delivered.is_(True), db.outbox.c.error.is_(None)))).all()
            out.append({"id": r["id"], "game": r["game"], "subject": r["subject"],
                        "body": r["body"], "recipients": r["recipients"],
                        "sent": len(sent), "created_at": r["created_at"]})
    return out


FOOTER = {
    "en": ("You get this because you opted in to news about the games you play on meeple. "
           "To stop: {url}"),
    "ru": ("Вы получили это письмо, потому что подписались на новости об играх, в которые "
           "играете на meeple. Отписаться: {url}"),
}


def unsubscribe_url(engine: Engine, public_url: str, account_id: int) -> str:
    return f"{public_url.rstrip('/')}/api/unsubscribe?token={token(engine, account_id)}"


def message(engine: Engine, row: dict[str, Any], who: dict[str, Any], public_url: str
            ) -> tuple[str, str, dict[str, str]]:
    """(subject, body, extra headers) of one announcement email."""
    ann = int(dict(row["payload"])["announcement"])
    with engine.connect() as c:
        a = c.execute(select(db.announcements.c.subject, db.announcements.c.body)
                      .where(db.announcements.c.id == ann)).one()
    url = unsubscribe_url(engine, public_url, int(row["account_id"]))
    footer = FOOTER.get(str(who["language"]), FOOTER["en"]).format(url=url)
    body = f"{a[1].rstrip()}\n\n--\n{footer}\n"
    # RFC 8058: mail programs offer a one-click unsubscribe that POSTs to the same link.
    headers = {"List-Unsubscribe": f"<{url}>",
               "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    return str(a[0]), body, headers
