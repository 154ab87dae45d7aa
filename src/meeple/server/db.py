"""The server's tables. The schema is created and changed only by Alembic migrations
(``meeple/server/migrations``); this module describes it for queries.

A game is its row (what it is and how it is played), its seats, and its action log:
one row per accepted action, numbered 1, 2, 3... by ``seq`` (the state version it
produced). The primary key (game, seq) is what serializes concurrent submissions, also
between server processes; (game, idempotency key) is unique, so a retried request is
never applied twice. Snapshots only shorten the replay.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import make_url

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("settings", JSON, nullable=False),  # server-side: deadlines, zombie policy, public
    Column("owner_hash", String(64), nullable=False),
    Column("spectator_hash", String(64), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("finished", Boolean, nullable=False, default=False),
    Column("deadline_at", Float, nullable=True),
    Column("created_at", Float, nullable=False),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),  # "human", "master" or a bot kind
    Column("name", String(64), nullable=True),
    Column("secret_hash", String(64), nullable=False, unique=True),
    Column("joined", Boolean, nullable=False, default=False),
    Column("webhook", String(500), nullable=True),
    # The account the seat belongs to (created or claimed while signed in); None: a guest.
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("player", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("source", String(16), nullable=False),  # seat, bot, timeout, import
    Column("idem_key", String(100), nullable=True),
    Column("at", Float, nullable=False),
    UniqueConstraint("game_id", "idem_key", name="uq_actions_idem"),
)

snapshots = Table(
    "snapshots", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", JSON, nullable=False),
)

outbox = Table(
    "outbox", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=True),  # None: news
    Column("seat", Integer, nullable=True),
    Column("url", Text, nullable=True),  # a webhook notice; None: an account's (email)
    Column("payload", JSON, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("next_at", Float, nullable=False),
    Column("delivered", Boolean, nullable=False, default=False),
    Column("error", Text, nullable=True),
    # Account notices (migration 0003; docs/server.md, "Notifications, announcements and
    # numbers"): to whom, what kind, and a key that lets a notice be made only once.
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    Column("kind", String(24), nullable=True),
    Column("dedup", String(120), nullable=True, unique=True),
    Column("created_at", Float, nullable=True),
)
Index("ix_outbox_pending", outbox.c.delivered, outbox.c.next_at)

announcements = Table(
    "announcements", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),  # sent to the opted-in players of this game
    Column("subject", String(200), nullable=False),
    Column("body", Text, nullable=False),
    Column("author_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("recipients", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)

server_keys = Table(  # secrets of the server itself, e.g. the unsubscribe links' key
    "server_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)


# --- people (migration 0002; docs/server.md, "People") -----------------------------------

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),  # as typed at sign-up: what one signs in with
    Column("name_key", String(32), nullable=False, unique=True),  # casefolded: one owner
    Column("password_hash", String(200), nullable=False),  # argon2id, salt and cost inside
    Column("display_name", String(64), nullable=False),
    Column("email", String(254), nullable=True),  # optional; only its owner ever sees it
    Column("language", String(8), nullable=False),  # "en" or "ru"
    # Notification kinds -> on/off, e.g. {"your_turn": true, "deadline": true,
    # "game_over": false}; every kind off until chosen.
    Column("notify", JSON, nullable=False),
    Column("news", Boolean, nullable=False),  # opted in to announcements
    Column("is_admin", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's secret
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),  # the token writes must repeat in a header
    Column("created_at", Float, nullable=False),
)

results = Table(
    "results", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("rated", Boolean, nullable=False),  # at least two account seats
    # Order in which rated games entered the ratings (None: not yet); recomputing replays
    # them in this order, so it gives the same numbers.
    Column("rating_seq", Integer, nullable=True, unique=True),
)

result_seats = Table(
    "result_seats", metadata,
    Column("game_id", String(32), ForeignKey("results.game_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    Column("bot", String(32), nullable=True),  # the bot kind of a bot seat
    Column("place", Integer, nullable=False),  # 1 = won; tied seats share a place
    Column("score", Float, nullable=True),  # the game's own final score, where it has one
    Column("mu", Float, nullable=True),  # the seat's rating after this game (rated games)
    Column("sigma", Float, nullable=True),
)

ratings = Table(
    "ratings", metadata,
    Column("game", String(32), primary_key=True),
    Column("players", Integer, primary_key=True),
    # "account:ID" or "bot:KIND": every bot kind is one rated player.
    Column("subject", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)


def sqlite_in_memory(url: str) -> bool:
    """Whether ``url`` names an SQLite database that lives in memory (no file behind it):
    it exists in the one process that opened it, and has nothing to back up."""
    u = make_url(url)
    return u.get_backend_name() == "sqlite" and (
        u.database in (None, "", ":memory:") or "mode=memory" in url)


def default_url(directory: Path | None = None) -> str:
    return f"sqlite:///{(directory or Path.cwd()) / 'meeple.db'}"


def make_engine(url: str, timeout: float = 10.0) -> Engine:
    """An engine for ``url``; SQLite in WAL mode with full fsync, so that an action
    committed is on disk before it is acknowledged. A database locked by someone else
    is waited for ``timeout`` seconds, then reported."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": timeout})

        @event.listens_for(engine, "connect")
        def _pragmas(conn, _record):  # type: ignore[no-untyped-def]
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")
