"""The schema comes from Alembic's migrations and matches what the code queries."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from meeple.server import db


def test_migrations_build_the_schema_the_code_uses(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    db.migrate(url)
    engine = create_engine(url)
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), db.metadata)
        tables = set(inspect(c).get_table_names())
    engine.dispose()
    assert diff == []
    assert {"games", "seats", "actions", "snapshots", "outbox", "alembic_version"} <= tables


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    db.migrate(url)
    db.migrate(url)
    engine = create_engine(url)
    with engine.connect() as c:
        assert c.exec_driver_sql("select version_num from alembic_version").scalar() == "0001"
    engine.dispose()
