"""The first schema: games, seats, the action log, snapshots and the webhook outbox.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("spectator_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("deadline_at", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("joined", sa.Boolean, nullable=False),
        sa.Column("webhook", sa.String(500), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("idem_key", sa.String(100), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("game_id", "idem_key", name="uq_actions_idem"),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("state", sa.JSON, nullable=False),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_at", sa.Float, nullable=False),
        sa.Column("delivered", sa.Boolean, nullable=False),
        sa.Column("error", sa.Text, nullable=True),
    )
    op.create_index("ix_outbox_pending", "outbox", ["delivered", "next_at"])


def downgrade() -> None:
    op.drop_index("ix_outbox_pending", "outbox")
    for name in ("outbox", "snapshots", "actions", "seats", "games"):
        op.drop_table(name)
