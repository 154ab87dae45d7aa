"""Notices to accounts: the outbox also carries email notices (an account instead of a
webhook URL; a kind; a key that makes a notice once), announcements, and the server's
signing key for unsubscribe links. Existing rows are webhook notices and stay as they are.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as outbox:
        # An account notice has no URL; an announcement belongs to no single game.
        outbox.alter_column("url", existing_type=sa.Text, nullable=True)
        outbox.alter_column("game_id", existing_type=sa.String(32), nullable=True)
        outbox.alter_column("seat", existing_type=sa.Integer, nullable=True)
        outbox.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        outbox.add_column(sa.Column("kind", sa.String(24), nullable=True))
        outbox.add_column(sa.Column("dedup", sa.String(120), nullable=True))
        outbox.add_column(sa.Column("created_at", sa.Float, nullable=True))
        outbox.create_foreign_key("fk_outbox_account_id", "accounts", ["account_id"], ["id"])
        outbox.create_unique_constraint("uq_outbox_dedup", ["dedup"])
        outbox.create_index("ix_outbox_account_id", ["account_id"])
    op.create_table(
        "announcements",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("author_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("recipients", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("announcements")
    op.execute("DELETE FROM outbox WHERE url IS NULL")
    with op.batch_alter_table("outbox") as outbox:
        outbox.drop_index("ix_outbox_account_id")
        outbox.drop_constraint("uq_outbox_dedup", type_="unique")
        outbox.drop_constraint("fk_outbox_account_id", type_="foreignkey")
        for name in ("created_at", "dedup", "kind", "account_id"):
            outbox.drop_column(name)
        outbox.alter_column("seat", existing_type=sa.Integer, nullable=False)
        outbox.alter_column("game_id", existing_type=sa.String(32), nullable=False)
        outbox.alter_column("url", existing_type=sa.Text, nullable=False)
