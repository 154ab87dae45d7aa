"""A batch of games runs with the cyclic collector set for it (meeple.sim.collector): the
same rows as with Python's own setting, and that setting back afterwards."""

from __future__ import annotations

import gc

from meeple.sim.collector import BATCH_THRESHOLD, batch_collector
from meeple.sim.runner import run_games


def test_the_batch_collector_setting_changes_no_result() -> None:
    plain = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's default, whatever the test process had
    try:
        tuned = run_games("cult", 3, ["random"], 11, 3, {}, 1)
        gc.disable()
        try:
            none = run_games("cult", 3, ["random"], 11, 3, {}, 1)
        finally:
            gc.enable()
        assert [r["hash"] for r in tuned] == [r["hash"] for r in none]
        assert tuned == none
    finally:
        gc.set_threshold(*plain)


def test_the_process_gets_its_own_setting_back_after_a_batch() -> None:
    before = gc.get_threshold()
    with batch_collector():
        assert gc.get_threshold() == BATCH_THRESHOLD
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
