"""Alembic's entry point: runs the migrations against the URL the server was given."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from meeple.server.db import metadata

url = context.config.get_main_option("sqlalchemy.url")
assert url, "sqlalchemy.url must be set"
engine = create_engine(url)
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=url.startswith("sqlite"))
    with context.begin_transaction():
        context.run_migrations()
engine.dispose()
