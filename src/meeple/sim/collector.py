"""The cyclic garbage collector set for a batch of games.

Random play allocates hundreds of thousands of small objects a second (actions, texts,
lists) that die young and rarely form cycles, yet Python's default threshold scans the
youngest generation every 700 allocations, and each full scan walks every module, catalog
and data table loaded before the batch: the collector took 15-25% of random play's CPU
time (docs/performance.md). A batch freezes what was alive when it started out of the scans
and collects the young generation every 100,000 allocations; results cannot change (the
collector only frees what nothing can reach), which tests/test_sim_collector.py checks.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

BATCH_THRESHOLD = (100_000, 50, 1000)


def tune_for_batch() -> None:
    """For a worker process that only plays games (no restore needed: it ends with them)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*BATCH_THRESHOLD)


@contextmanager
def batch_collector() -> Iterator[None]:
    """The batch setting while the block runs, the process's own setting after."""
    before = gc.get_threshold()
    tune_for_batch()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
