"""Backups taken while the server plays (meeple db backup / restore / verify): a restore
holds every move acknowledged before the backup began, each game in the very state it
had, on SQLite and on PostgreSQL; a wrong or damaged file, or a database that is not
empty, is refused with a message and changes nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.server.backup import BackupError, backup, digest, game_hashes, restore
from tests.services import meeple_server, postgres


class Load:
    """Moves submitted to several Counter games from a thread until stopped; ``acked``
    holds each game's newest acknowledged version."""

    def __init__(self, base: str, games: int = 4) -> None:
        self.base = base
        self.acked: dict[str, int] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.tokens: dict[str, str] = {}
        with httpx.Client(timeout=30) as http:
            for _ in range(games):
                g = http.post(f"{base}/api/games", json={
                    "game": "counter", "players": 1, "options": {"limit": 0}}).json()
                self.tokens[g["id"]] = g["seats"][0]["token"]
                self.acked[g["id"]] = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with httpx.Client(timeout=30) as http:
            while not self.stop.is_set():
                for gid, token in self.tokens.items():
                    version = self.acked[gid]
                    r = http.post(f"{self.base}/api/games/{gid}/actions",
                                  headers={"Authorization": f"Bearer {token}"},
                                  json={"action": "inc", "version": version})
                    assert r.status_code == 200, r.text
                    with self.lock:
                        self.acked[gid] = r.json()["version"]

    def snapshot(self) -> dict[str, int]:
        with self.lock:
            return dict(self.acked)


@contextmanager
def under_load(db_url: str) -> Iterator[Load]:
    with meeple_server(db_url, "--rate", "0") as (base, _):
        load = Load(base)
        load.thread.start()
        try:
            while sum(load.snapshot().values()) < 40:
                time.sleep(0.02)
            yield load
        finally:
            load.stop.set()
            load.thread.join(30)


def _check_restored(source_url: str, restored_url: str, acked: dict[str, int]) -> None:
    restored = game_hashes(restored_url)
    assert set(restored) == set(acked)
    for gid, version in acked.items():
        assert restored[gid][0] >= version, f"{gid}: acknowledged move {version} lost"
    # Each restored game is exactly the source game at the same version.
    at_same_version = game_hashes(source_url, {g: v for g, (v, _) in restored.items()})
    assert at_same_version == restored
    assert digest(at_same_version) == digest(restored)


def test_a_sqlite_backup_taken_under_load_restores_every_acknowledged_move(
        tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'live.db'}"
    with under_load(source) as load:
        acked = load.snapshot()
        done = backup(source, tmp_path / "backup.db")
        assert sum(load.snapshot().values()) >= sum(acked.values())
    assert done.kind == "sqlite" and done.bytes > 0
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    restore(tmp_path / "backup.db", target)
    _check_restored(source, target, acked)


def _create_database(url: str, name: str) -> str:
    u = make_url(url)
    with psycopg.connect(u.set(drivername="postgresql").render_as_string(False),
                         autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    return u.set(database=name).render_as_string(hide_password=False)


def test_a_postgresql_backup_taken_under_load_restores_every_acknowledged_move(
        tmp_path: Path) -> None:
    with postgres() as source:
        with under_load(source) as load:
            acked = load.snapshot()
            backup(source, tmp_path / "backup.pgdump")
        target = _create_database(source, "restored")
        restore(tmp_path / "backup.pgdump", target)
        _check_restored(source, target, acked)
        with pytest.raises(BackupError, match="not empty"):
            restore(tmp_path / "backup.pgdump", target)
        assert game_hashes(target) == game_hashes(target)


def test_a_restore_refuses_a_wrong_file_or_a_database_in_use(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'live.db'}"
    with under_load(source):
        backup(source, tmp_path / "b.db")
    before = game_hashes(source)
    with pytest.raises(BackupError, match="already exists"):
        restore(tmp_path / "b.db", source)
    assert game_hashes(source) == before
    (tmp_path / "junk").write_bytes(b"not a database at all")
    with pytest.raises(BackupError, match="not a meeple backup"):
        restore(tmp_path / "junk", f"sqlite:///{tmp_path / 'new.db'}")
    assert not (tmp_path / "new.db").exists()
    with pytest.raises(BackupError, match="cannot be restored into a postgresql"):
        restore(tmp_path / "b.db", "postgresql+psycopg://nobody@127.0.0.1:1/x")
    with pytest.raises(BackupError, match="no such database file"):
        backup(f"sqlite:///{tmp_path / 'missing.db'}", tmp_path / "c.db")
    assert not (tmp_path / "c.db").exists()


def test_the_db_commands_back_up_restore_and_verify(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'live.db'}"
    with under_load(source):
        pass
    runner = CliRunner()
    r = runner.invoke(app, ["db", "backup", str(tmp_path / "b.db"), "--db", source])
    assert r.exit_code == 0 and "backed up the sqlite database" in r.output
    target = f"sqlite:///{tmp_path / 'r.db'}"
    r = runner.invoke(app, ["db", "restore", str(tmp_path / "b.db"), "--db", target])
    assert r.exit_code == 0, r.output
    one = runner.invoke(app, ["db", "verify", "--db", source]).output
    two = runner.invoke(app, ["db", "verify", "--db", target]).output
    assert one == two and "4 games rebuilt" in one
    r = runner.invoke(app, ["db", "restore", str(tmp_path / "b.db"), "--db", target])
    assert r.exit_code == 2 and "already exists" in r.output


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:",
                                 "sqlite:///file:m?mode=memory&uri=true"])
def test_an_in_memory_database_is_refused_as_having_no_file_to_back_up(
        tmp_path: Path, url: str) -> None:
    with pytest.raises(BackupError, match="in-memory SQLite database has no file"):
        backup(url, tmp_path / "copy.sqlite")
    assert list(tmp_path.iterdir()) == []  # nothing half-written is left
