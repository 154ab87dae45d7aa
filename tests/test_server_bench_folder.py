"""``meeple bench server`` (and its ``--finish-games`` memory run) lets its run's folder
go: the database and the server's log, 19 MB a Cult run (200 runs had filled /tmp with 1.8
GB, session 19). A run that lost moves keeps it and names it: its database is the
evidence."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

import meeple.server.bench as bench
from meeple.server import db


def _recording(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    made: list[Path] = []
    real = tempfile.mkdtemp

    def mkdtemp(*args: Any, **kwargs: Any) -> str:
        path = str(real(*args, **kwargs))
        made.append(Path(path))
        return path

    monkeypatch.setattr(tempfile, "mkdtemp", mkdtemp)
    return made


def test_a_run_that_lost_nothing_leaves_no_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _recording(monkeypatch)
    result = bench.bench_server("counter", 1, 2, 0.5)
    assert result["lost"] == 0 and result["moves"] > 0
    assert result["kept_folder"] is None
    assert len(made) == 1 and not made[0].exists()


def test_a_run_that_lost_moves_keeps_its_folder_and_names_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = _recording(monkeypatch)
    # The acknowledged moves looked for in an empty database: every one is lost.
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    db.metadata.create_all(create_engine(empty))
    monkeypatch.setattr(bench, "create_engine", lambda _url: create_engine(empty))
    result = bench.bench_server("counter", 1, 2, 0.5)
    assert result["lost"] > 0
    assert result["kept_folder"] == str(made[0])
    assert (made[0] / "bench.db").exists() and (made[0] / "server.log").exists()


def test_a_memory_run_leaves_no_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.server.memory_bench import bench_memory

    made = _recording(monkeypatch)
    result = bench_memory("counter", games=3, players=1, samples=1, finished_seconds=0.2)
    assert result["finished_games"] == 3
    assert len(made) == 1 and not made[0].exists()
