"""Notices to accounts: made in the webhook outbox (``db.outbox`` rows with an account and
no URL), emailed over SMTP, and listed for the web client while it is open.

A your-turn or game-over notice is written with the action that causes it (the hub's
``_notices``, one transaction); a deadline warning is made by the background tick once
per deadline (its ``dedup`` key is unique). The sender claims a notice before sending it
(the claim moves ``next_at`` ahead, guarded by its old value), so two server processes
never both send one; a failed send is retried after 2, 4, 8... s, at most ``MAX_TRIES``
times. Whether an account wants a kind of notice, and its address, are read when the
notice is sent: a choice changed meanwhile is respected.

What a notice says is only which game, whose turn, the deadline and the result: never
anything from a seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import Engine, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.core.game import State
from meeple.server import db
from meeple.server.accounts import NOTICE_KINDS

if TYPE_CHECKING:
    from meeple.server.hub import Hub

log = logging.getLogger("meeple.server")
MAX_TRIES = 8
LEASE = 300.0  # seconds a claimed notice waits before another sender may take it
HUMAN = ("human", "master")


class SmtpUrlError(ValueError):
    """An SMTP URL that cannot be used."""


@dataclass(frozen=True)
class Smtp:
    """Where mail goes: ``smtp://[user:password@]host[:port][?from=ADDRESS]``;
    ``smtp+starttls://`` upgrades the connection, ``smtps://`` is TLS from the start."""

    host: str
    port: int
    security: str  # "none", "starttls" or "tls"
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def parse(cls, url: str) -> Smtp:
        parts = urlsplit(url)
        security = {"smtp": "none", "smtp+starttls": "starttls", "smtps": "tls"}.get(
            parts.scheme)
        if security is None:
            raise SmtpUrlError(f"an SMTP URL starts with smtp://, smtp+starttls:// or "
                               f"smtps://, not {parts.scheme or '(nothing)'}://")
        if not parts.hostname:
            raise SmtpUrlError("the SMTP URL names no host")
        try:
            port = parts.port or (465 if security == "tls" else 25)
        except ValueError:
            raise SmtpUrlError("the SMTP URL's port is not a number from 1 to 65535") from None
        sender = parse_qs(parts.query).get("from", [f"meeple@{parts.hostname}"])[0]
        if "@" not in sender:
            raise SmtpUrlError(f"the sender {sender!r} (from=) is not an email address")
        return cls(parts.hostname, port, security,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None, sender)

    def send(self, message: EmailMessage, timeout: float = 10.0) -> None:
        """Blocking: the caller runs it in a thread."""
        message["From"] = self.sender
        client: smtplib.SMTP
        if self.security == "tls":
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=timeout,
                                      context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=timeout)
        with client:
            if self.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if self.user:
                client.login(self.user, self.password or "")
            client.send_message(message)


# --- making notices ---------------------------------------------------------------------


def game_notices(game_id: str, seats: list[dict[str, Any]], new: State, before: set[int],
                 version: int, watching: set[int] | None = None) -> list[dict[str, Any]]:
    """Outbox rows for the account seats after an action (the hub's notice hook): a
    person newly waited on is told it is their turn — unless they are at the table
    (``watching``: seats with a WebSocket open here), so a game played live sends no
    mail each turn and a play-by-post one does; at the end every account seat is told
    the result (the winners' names and the reason, public once the game is over)."""
    watching = watching or set()
    over = new.is_terminal()
    newly = set(new.current_players()) - before
    result: dict[str, Any] = {}
    if over:
        res = new.result()
        winners = res.get("winners") or ([res["winner"]] if res.get("winner") is not None
                                         else [])
        result = {"winners": [_seat_label(seats, int(w)) for w in winners],
                  "reason": str(res.get("reason", ""))}
    now = time.time()
    out = []
    for s in seats:
        account, seat = s.get("account_id"), int(s["seat"])
        if account is None or s["kind"] not in HUMAN:
            continue
        kind = "game_over" if over else (
            "your_turn" if seat in newly and seat not in watching else None)
        if kind is None:
            continue
        out.append({"seat": seat, "url": None, "account_id": int(account), "kind": kind,
                    "created_at": now,
                    "payload": {"event": kind, "game_id": game_id, "seat": seat,
                                "version": version, **result}})
    return out


def _seat_label(seats: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """A winner as the notice names it: the seat's public name, else its bot kind."""
    s = seats[seat] if seat < len(seats) else {}
    kind = str(s.get("kind", "human"))
    return {"seat": seat, "name": s.get("name"), "bot": None if kind in HUMAN else kind}


def _winner(t: dict[str, Any], w: Any) -> str:
    if isinstance(w, str):
        return w
    if w.get("name"):
        return str(w["name"])
    if w.get("bot"):
        return str(t["bot"]).format(kind=w["bot"])
    return str(t["seat"]).format(n=int(w["seat"]) + 1)


def warn_deadline(engine: Engine, game_id: str, seats: list[dict[str, Any]],
                  waiting: list[int], deadline_at: float) -> int:
    """A deadline warning to each account seat still waited on; made once per seat and
    deadline (however often the tick, or how many server processes, look). How many
    were made now."""
    made = 0
    now = time.time()
    for p in waiting:
        s = seats[p] if p < len(seats) else None
        if s is None or s.get("account_id") is None or s["kind"] != "human":
            continue
        row = {"game_id": game_id, "seat": p, "url": None, "account_id": int(s["account_id"]),
               "kind": "deadline", "created_at": now, "attempts": 0, "next_at": now,
               "delivered": False, "dedup": f"deadline:{game_id}:{p}:{int(deadline_at)}",
               "payload": {"event": "deadline", "game_id": game_id, "seat": p,
                           "deadline_at": deadline_at}}
        try:
            with engine.begin() as c:
                c.execute(insert(db.outbox).values(**row))
            made += 1
        except IntegrityError:
            pass  # already warned about this deadline
    return made


def warning_due(deadline_at: float, seconds: float, now: float) -> bool:
    """A deadline is near once a quarter of the time given is left, and at most an hour
    before it: a day's turn is warned an hour ahead, a minute's 15 s ahead."""
    return now >= deadline_at - min(seconds / 4, 3600.0)


# --- sending -------------------------------------------------------------------------------


def _due(engine: Engine, now: float, limit: int) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(db.outbox).where(and_(
            db.outbox.c.delivered.is_(False), db.outbox.c.url.is_(None),
            db.outbox.c.account_id.is_not(None), db.outbox.c.next_at <= now))
            .order_by(db.outbox.c.id).limit(limit)).mappings().all()
    return [dict(r) for r in rows]


def _claim(engine: Engine, row: dict[str, Any], now: float) -> bool:
    with engine.begin() as c:
        return c.execute(update(db.outbox).where(and_(
            db.outbox.c.id == row["id"], db.outbox.c.next_at == row["next_at"],
            db.outbox.c.delivered.is_(False))).values(next_at=now + LEASE)).rowcount == 1


def _done(engine: Engine, notice_id: int, ok: bool, error: str | None,
          retry_at: float) -> None:
    with engine.begin() as c:
        c.execute(update(db.outbox).where(db.outbox.c.id == notice_id).values(
            delivered=ok, error=error, attempts=db.outbox.c.attempts + 1, next_at=retry_at))


def _recipient(engine: Engine, account_id: int) -> dict[str, Any] | None:
    with engine.connect() as c:
        r = c.execute(select(db.accounts.c.email, db.accounts.c.language,
                             db.accounts.c.notify, db.accounts.c.news,
                             db.accounts.c.display_name)
                      .where(db.accounts.c.id == account_id)).mappings().first()
    return dict(r) if r else None


def _game_facts(engine: Engine, game_id: str | None) -> dict[str, Any]:
    if game_id is None:
        return {}
    with engine.connect() as c:
        r = c.execute(select(db.games.c.game, db.games.c.deadline_at, db.games.c.finished)
                      .where(db.games.c.id == game_id)).mappings().first()
    return dict(r) if r else {}


def skip_reason(row: dict[str, Any], who: dict[str, Any] | None, smtp: Smtp | None
                ) -> str | None:
    """Why this notice is not emailed (it is then done, not retried), or None."""
    if who is None:
        return "the account is gone"
    kind = str(row["kind"])
    if kind in NOTICE_KINDS and not dict(who["notify"]).get(kind, False):
        return f"the account does not want {kind} notices"
    if kind == "announcement" and not who["news"]:
        return "the account does not want news"
    if not who["email"]:
        return "the account has no email address"
    if smtp is None:
        return "the server has no SMTP server (--smtp)"
    return None


TEXTS: dict[str, dict[str, Any]] = {
    "en": {
        "your_turn": ("Your turn in {title}", "It is your turn in {title} (game {game_id})."),
        "deadline": ("Your deadline in {title} is near",
                     "Your deadline in {title} (game {game_id}) is {deadline}. If you do "
                     "not act by then, the game acts for you."),
        "game_over": ("{title} is over", "Game {game_id} of {title} is over. {result}"),
        "winners": "Won: {names} ({reason}).",
        "nobody": "Nobody won ({reason}).",
        "bot": "the {kind} bot", "seat": "seat {n}",
        "deadline_line": "Deadline: {deadline}.",
        "open": "Open the game from your games: {url}",
        "why": "You get this because you chose these notices in your meeple profile; "
               "switch them off there.",
    },
    "ru": {
        "your_turn": ("Ваш ход: {title}", "Ваш ход в игре «{title}» (партия {game_id})."),
        "deadline": ("Скоро ваш срок: {title}",
                     "Ваш срок в игре «{title}» (партия {game_id}) истекает {deadline}. Если "
                     "не сходить до этого, игра сходит за вас."),
        "game_over": ("Игра окончена: {title}",
                      "Партия {game_id} игры «{title}» окончена. {result}"),
        "winners": "Победа: {names} ({reason}).",
        "nobody": "Никто не победил ({reason}).",
        "bot": "бот {kind}", "seat": "место {n}",
        "deadline_line": "Срок: {deadline}.",
        "open": "Откройте игру в списке своих игр: {url}",
        "why": "Вы получили это письмо, потому что выбрали такие уведомления в профиле "
               "meeple; там же их можно отключить.",
    },
}


def _when(at: float | None) -> str:
    if at is None:
        return "-"
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def compose(row: dict[str, Any], who: dict[str, Any], facts: dict[str, Any],
            public_url: str) -> tuple[str, str]:
    """(subject, body) of a game notice in the account's language. Only the game, the
    seat's turn, the deadline and the result go in: nothing from any seat's view."""
    from meeple.core.registry import game_title

    t = TEXTS.get(str(who["language"]), TEXTS["en"])
    p = dict(row["payload"])
    kind = str(row["kind"])
    name = str(facts.get("game") or "")
    try:
        title = game_title(name, str(who["language"]) if who["language"] in TEXTS else "en")
    except Exception:
        title = name or "meeple"
    result = ""
    if kind == "game_over":
        reason = str(p.get("reason") or "-").replace("_", " ")
        names = [_winner(t, w) for w in p.get("winners") or []]
        result = (t["winners"].format(names=", ".join(names), reason=reason) if names
                  else t["nobody"].format(reason=reason))
    deadline = p.get("deadline_at") or facts.get("deadline_at")
    fields = {"title": title, "game_id": p.get("game_id", row.get("game_id")),
              "deadline": _when(deadline), "result": result}
    subject_t, first_t = t[kind]
    lines = [first_t.format(**fields)]
    if kind == "your_turn" and deadline and not facts.get("finished"):
        lines.append(t["deadline_line"].format(**fields))
    lines += ["", t["open"].format(url=public_url.rstrip("/") + "/#/"), "", "--", t["why"]]
    return subject_t.format(**fields), "\n".join(lines) + "\n"


def build_message(row: dict[str, Any], who: dict[str, Any], public_url: str,
                  engine: Engine) -> EmailMessage:
    headers: dict[str, str] = {}
    if row["kind"] == "announcement":
        from meeple.server.announce import message

        subject, body, headers = message(engine, row, who, public_url)
    else:
        subject, body = compose(row, who, _game_facts(engine, row.get("game_id")),
                                public_url)
    msg = EmailMessage()
    msg["To"] = str(who["email"])
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False)
    # One Message-ID per notice: a copy sent again after a crash is recognisably the same.
    msg["Message-ID"] = make_msgid(idstring=f"notice-{row['id']}", domain="meeple")
    for key, value in headers.items():
        msg[key] = value
    msg.set_content(body)
    return msg


async def deliver_mail(engine: Engine, smtp: Smtp | None, public_url: str,
                       limit: int = 50) -> int:
    """Send the account notices that are due; how many were emailed."""
    sent = 0
    now = time.time()
    for row in await asyncio.to_thread(_due, engine, now, limit):
        if not await asyncio.to_thread(_claim, engine, row, now):
            continue  # another process took it
        who = await asyncio.to_thread(_recipient, engine, int(row["account_id"]))
        reason = skip_reason(row, who, smtp)
        if reason is not None or who is None or smtp is None:
            await asyncio.to_thread(_done, engine, row["id"], True, f"not sent: {reason}",
                                    now)
            continue
        try:
            msg = await asyncio.to_thread(build_message, row, who, public_url, engine)
            await asyncio.to_thread(smtp.send, msg)
            ok, error = True, None
        except (OSError, smtplib.SMTPException) as e:
            ok, error = False, f"{type(e).__name__}: {e}"[:300]
        tries = int(row["attempts"]) + 1
        retry_at = time.time() + min(2.0 ** tries, 600.0)
        if not ok and tries >= MAX_TRIES:
            retry_at = float("inf")  # given up: kept with its error for the admin
        await asyncio.to_thread(_done, engine, row["id"], ok, error, retry_at)
        sent += ok
    return sent


# --- the web client's list ---------------------------------------------------------------


def recent(engine: Engine, account_id: int, after: int = 0, limit: int = 20
           ) -> list[dict[str, Any]]:
    """The account's own notices after id ``after`` (the kinds it chose), newest last,
    with the game's name; only this account's rows are ever read."""
    with engine.connect() as c:
        who = c.execute(select(db.accounts.c.notify)
                        .where(db.accounts.c.id == account_id)).scalar()
        wanted = [k for k in NOTICE_KINDS if dict(who or {}).get(k, False)]
        rows = c.execute(
            select(db.outbox.c.id, db.outbox.c.kind, db.outbox.c.game_id,
                   db.outbox.c.payload, db.outbox.c.created_at, db.games.c.game)
            .select_from(db.outbox.outerjoin(db.games, db.games.c.id == db.outbox.c.game_id))
            .where(and_(db.outbox.c.account_id == account_id, db.outbox.c.id > after,
                        db.outbox.c.kind.in_(wanted)))
            .order_by(db.outbox.c.id.desc()).limit(limit)).mappings().all()
    out = []
    for r in reversed(rows):
        p = dict(r["payload"])
        out.append({"id": r["id"], "kind": r["kind"], "game_id": r["game_id"],
                    "game": r["game"], "seat": p.get("seat"),
                    "deadline_at": p.get("deadline_at"), "winners": p.get("winners"),
                    "reason": p.get("reason"), "at": r["created_at"]})
    return out


def _near_deadlines(engine: Engine, now: float) -> list[str]:
    """Unfinished games whose deadline warning is due and not yet made."""
    out = []
    with engine.connect() as c:
        rows = c.execute(select(db.games.c.id, db.games.c.deadline_at, db.games.c.settings)
                         .where(and_(db.games.c.finished.is_(False),
                                     db.games.c.deadline_at > now,
                                     db.games.c.deadline_at <= now + 3600.0))).all()
        for gid, deadline_at, settings in rows:
            seconds = dict(settings or {}).get("deadline_seconds")
            if not seconds or not warning_due(float(deadline_at), float(seconds), now):
                continue
            made = c.execute(select(db.outbox.c.id).where(db.outbox.c.dedup.like(
                f"deadline:{gid}:%:{int(deadline_at)}")).limit(1)).first()
            if made is None:
                out.append(str(gid))
    return out


async def warn_deadlines(hub: Hub, now: float) -> int:
    """Deadline warnings for the live games whose deadline is near (the tick's hook,
    beside the hub's own ``expire``)."""
    made = 0
    near = await asyncio.to_thread(_near_deadlines, hub.store.engine, now)
    for gid in set(near) - set(hub.games):  # games that left memory while waiting
        try:
            await hub.live(gid)
        except Exception as e:  # a game that cannot be rebuilt is reported by expire
            log.debug("game %s not loaded for its deadline warning: %s", gid, e)
    for live in list(hub.games.values()):
        seconds = live.settings.get("deadline_seconds")
        if (live.deadline_at is None or not seconds or live.state.is_terminal()
                or not warning_due(live.deadline_at, float(seconds), now)
                or live.deadline_at <= now):
            continue
        made += await asyncio.to_thread(warn_deadline, hub.store.engine, live.id, live.seats,
                                        list(live.state.current_players()), live.deadline_at)
    return made
