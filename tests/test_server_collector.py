"""While the server runs, the cyclic collector runs at the server's thresholds with what
was alive at the start frozen out of its scans (meeple.server.app.server_collector); the
process gets its own setting back when the server stops. The collector frees only what
nothing can reach: the updates stay as they were (test_server_update_payloads.py runs
under this setting)."""

from __future__ import annotations

import gc
from pathlib import Path

from meeple.server.app import SERVER_GC_THRESHOLD
from tests.server_helpers import create, server


def test_the_server_runs_at_its_collector_thresholds_and_gives_the_process_its_own_back(
        tmp_path: Path) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own, whatever the test process had
    try:
        with server(tmp_path / "t.db") as c:
            create(c, game="counter", players=2)
            assert gc.get_threshold() == SERVER_GC_THRESHOLD
            assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (700, 10, 10)
        assert gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*before)


def test_a_server_told_to_leave_the_collector_alone_does(tmp_path: Path) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        with server(tmp_path / "t.db", gc_threshold=None) as c:
            create(c, game="counter", players=2)
            assert gc.get_threshold() == (700, 10, 10)
            assert gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*before)
