"""Accounts and their sign-in sessions (synchronous; the routes run them in threads).

Passwords are hashed with argon2id (salt and cost stored in the hash). A name is checked
against a wrong password and an unknown name in the same way — an unknown name is
verified against a dummy hash — so neither the answer nor its time tells whether a name
exists. A session is a random secret in an HTTP-only cookie, stored only as its SHA-256;
each session has its own CSRF token that cookie-authenticated writes repeat in a header.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server import db

# OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): about 0.1 s per check here, which
# bounds what a flood of sign-ins can cost the server.
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
_DUMMY = HASHER.hash("a password nobody has")
NAME = re.compile(r"^[^\W_][\w.-]{1,31}$")  # letters (any alphabet), digits, . _ -
NOTICE_KINDS = ("your_turn", "deadline", "game_over")
LANGUAGES = ("en", "ru")


# The account a request acts for: set by the session middleware (account_api.Sessions)
# only when the session cookie is valid and, for a write, its CSRF token came with it.
ACTING: ContextVar[int | None] = ContextVar("meeple_account", default=None)


def acting() -> int | None:
    return ACTING.get()


class NameUnavailable(Exception):
    """The name cannot be used (taken, or taken by someone else at the same moment)."""


@dataclass(frozen=True)
class Session:
    account_id: int
    csrf: str


def name_problem(name: str) -> str | None:
    if not NAME.match(name) or len(name.casefold()) > 32:  # "ß" casefolds to "ss"
        return ("a name is 2 to 32 letters, digits, dots, dashes or underscores, starting "
                "with a letter or digit")
    return None


def password_problem(password: str) -> str | None:
    if len(password) < 8:
        return "a password has at least 8 characters"
    if len(password) > 200:
        return "a password has at most 200 characters"
    return None


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _key(name: str) -> str:
    return name.casefold()


def sign_up(engine: Engine, name: str, password: str, display_name: str | None = None,
            language: str = "en", admin: bool = False) -> int:
    """A new account; the first account of a server is its admin. NameUnavailable if the
    name (in any letter case) is taken, also when two sign up with it at once."""
    hashed = HASHER.hash(password)
    row = {"name": name, "name_key": _key(name), "password_hash": hashed,
           "display_name": display_name or name, "email": None,
           "language": language if language in LANGUAGES else "en",
           "notify": {k: False for k in NOTICE_KINDS}, "news": False, "is_admin": admin,
           "created_at": time.time()}
    try:
        with engine.begin() as c:
            made = c.execute(insert(db.accounts).values(**row)).inserted_primary_key
            assert made is not None
            new_id = int(made[0])
            first = c.execute(select(func.min(db.accounts.c.id))).scalar_one()
            if first == new_id:
                c.execute(update(db.accounts).where(db.accounts.c.id == new_id)
                          .values(is_admin=True))
    except IntegrityError:
        raise NameUnavailable(name) from None
    return new_id


def check_password(engine: Engine, name: str, password: str) -> int | None:
    """The account's id if the name and password match, else None — in similar time
    whether the name is unknown or the password wrong."""
    with engine.connect() as c:
        r = c.execute(select(db.accounts.c.id, db.accounts.c.password_hash)
                      .where(db.accounts.c.name_key == _key(name))).first()
    stored = r[1] if r else _DUMMY
    try:
        HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return None
    if r is None:
        return None
    if HASHER.check_needs_rehash(stored):
        with engine.begin() as c:
            c.execute(update(db.accounts).where(db.accounts.c.id == r[0])
                      .values(password_hash=HASHER.hash(password)))
    return int(r[0])


def new_session(engine: Engine, account_id: int, replaces: str | None = None
                ) -> tuple[str, str]:
    """(cookie secret, CSRF token) of a fresh session; the session the browser had
    before (``replaces``) ends, so a session fixed before sign-in is worth nothing."""
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    with engine.begin() as c:
        if replaces:
            c.execute(delete(db.sessions).where(db.sessions.c.token_hash == _digest(replaces)))
        c.execute(insert(db.sessions).values(token_hash=_digest(token), account_id=account_id,
                                             csrf=csrf, created_at=time.time()))
    return token, csrf


def session(engine: Engine, token: str) -> Session | None:
    with engine.connect() as c:
        r = c.execute(select(db.sessions.c.account_id, db.sessions.c.csrf)
                      .where(db.sessions.c.token_hash == _digest(token))).first()
    return Session(int(r[0]), str(r[1])) if r else None


def end_session(engine: Engine, token: str) -> None:
    with engine.begin() as c:
        c.execute(delete(db.sessions).where(db.sessions.c.token_hash == _digest(token)))


def end_sessions(engine: Engine, account_id: int, keep: str | None = None) -> int:
    """End every session of the account (but ``keep``); how many ended."""
    cond = db.sessions.c.account_id == account_id
    if keep:
        cond = and_(cond, db.sessions.c.token_hash != _digest(keep))
    with engine.begin() as c:
        return int(c.execute(delete(db.sessions).where(cond)).rowcount)


def change_password(engine: Engine, account_id: int, old: str, new: str) -> bool:
    with engine.connect() as c:
        stored = c.execute(select(db.accounts.c.password_hash)
                           .where(db.accounts.c.id == account_id)).scalar_one()
    try:
        HASHER.verify(stored, old)
    except (VerificationError, InvalidHashError):
        return False
    with engine.begin() as c:
        c.execute(update(db.accounts).where(db.accounts.c.id == account_id)
                  .values(password_hash=HASHER.hash(new)))
    return True


def profile(engine: Engine, account_id: int) -> dict[str, Any]:
    """Everything about the account that its owner may read (never the hash)."""
    with engine.connect() as c:
        r = c.execute(select(db.accounts).where(db.accounts.c.id == account_id)
                      ).mappings().one()
    return {"id": r["id"], "name": r["name"], "display_name": r["display_name"],
            "email": r["email"], "language": r["language"],
            "notify": {k: bool(dict(r["notify"]).get(k, False)) for k in NOTICE_KINDS},
            "news": bool(r["news"]), "is_admin": bool(r["is_admin"])}


def update_profile(engine: Engine, account_id: int, changes: dict[str, Any]) -> None:
    if "notify" in changes:
        current = profile(engine, account_id)["notify"]
        changes = {**changes, "notify": {**current, **changes["notify"]}}
    if changes:
        with engine.begin() as c:
            c.execute(update(db.accounts).where(db.accounts.c.id == account_id)
                      .values(**changes))


def display_names(c: Connection, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return {int(i): str(n) for i, n in c.execute(
        select(db.accounts.c.id, db.accounts.c.display_name)
        .where(db.accounts.c.id.in_(ids))).all()}


def make_admin(engine: Engine, name: str, password: str | None) -> tuple[int, bool]:
    """(account id, created): NAME becomes an admin, made with ``password`` if new."""
    with engine.begin() as c:
        found = c.execute(select(db.accounts.c.id)
                          .where(db.accounts.c.name_key == _key(name))).scalar()
        if found is not None:
            c.execute(update(db.accounts).where(db.accounts.c.id == found)
                      .values(is_admin=True))
            return int(found), False
    if password is None:
        raise ValueError(f"there is no account {name!r}: give a password to create it")
    return sign_up(engine, name, password, admin=True), True
