"""The schema comes from Alembic's migrations and matches what the code queries; a
database made before accounts (revision 0001) upgrades in place with its games playable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from meeple.server import db
from tests.server_helpers import auth, server, wait_for


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
        assert c.exec_driver_sql("select version_num from alembic_version").scalar() == "0003"
    engine.dispose()


def _upgrade_to(url: str, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, revision)


def _old_game(url: str) -> None:
    """A game as a server before accounts stored it: its row, two seats, one action."""
    engine = create_engine(url)
    with engine.begin() as c:
        c.exec_driver_sql(
            "insert into games (id, game, players, seed, options, settings, owner_hash, "
            "spectator_hash, version, finished, deadline_at, created_at) values ('old1', "
            "'cult', 2, 7, '{\"max_rounds\": 2}', '{\"zombie\": \"pass\"}', 'o', 's', 0, "
            "false, null, 1.0)")
        for seat, kind, secret in ((0, "human", "a" * 64), (1, "random", "b" * 64)):
            c.exec_driver_sql(
                "insert into seats (game_id, seat, kind, name, secret_hash, joined, webhook)"
                f" values ('old1', {seat}, '{kind}', 'P{seat}', '{secret}', true, null)")
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'm.db'}"
        return
    from tests.services import postgres

    with postgres() as url:
        yield url


def test_a_database_from_before_accounts_upgrades_with_its_games_intact(database: str
                                                                        ) -> None:
    _upgrade_to(database, "0001")
    _old_game(database)
    db.migrate(database)
    engine = create_engine(database)
    with engine.connect() as c:
        assert c.exec_driver_sql("select version_num from alembic_version").scalar() == "0003"
        seats = c.exec_driver_sql(
            "select seat, kind, name, account_id from seats where game_id = 'old1' "
            "order by seat").all()
        diff = compare_metadata(MigrationContext.configure(c), db.metadata)
    engine.dispose()
    assert [tuple(r) for r in seats] == [(0, "human", "P0", None), (1, "random", "P1", None)]
    assert diff == []


def test_an_upgraded_game_is_still_playable(tmp_path: Path) -> None:
    """The old game's guest seat still acts with its secret after the upgrade."""
    from meeple.server.lobby import digest

    url = f"sqlite:///{tmp_path / 'm.db'}"
    _upgrade_to(url, "0001")
    _old_game(url)
    engine = create_engine(url)
    with engine.begin() as c:  # a secret we know, for the guest seat
        c.exec_driver_sql(f"update seats set secret_hash = '{digest('guest-secret-0')}' "
                          "where game_id = 'old1' and seat = 0")
    engine.dispose()
    with server(tmp_path / "m.db") as client:
        view = wait_for(client, "old1", "guest-secret-0", seat_waiting=0)
        r = client.post("/api/games/old1/actions", headers=auth("guest-secret-0"),
                        json={"action": view["legal"][0], "version": view["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == view["version"] + 1
