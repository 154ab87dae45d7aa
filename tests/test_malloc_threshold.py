"""The server takes large memory blocks straight from the system with a fixed threshold
(`meeple serve --mmap-threshold-kib`, default 64), so that a block freed is given back
instead of leaving a hole in the heap: the 30-minute soak's memory growth
(docs/reliability.md). Each case runs in a process of its own: the setting is process-wide."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meeple.server.memory import heap

pytestmark = pytest.mark.skipif(heap() is None, reason="glibc's malloc only")

# Allocate a 200 KiB block, free it, allocate it again: is the second one mapped?
PROBE = """
import sys
from meeple.server.memory import fix_mmap_threshold, heap
if sys.argv[1] == "fixed":
    assert fix_mmap_threshold(64)
first = bytearray(200 * 1024)
del first
before = heap().mapped_blocks
second = bytearray(200 * 1024)
print(heap().mapped_blocks - before)
"""


def _new_mapped_blocks(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True,
                         text=True, check=True)
    return int(out.stdout)


def test_with_the_fixed_threshold_a_large_block_freed_and_taken_again_is_mapped_again() -> None:
    assert _new_mapped_blocks("fixed") == 1


def test_glibcs_own_threshold_moves_up_after_a_free_and_serves_it_from_the_heap() -> None:
    # Why the setting exists: without it the same block lands in the heap the second time.
    assert _new_mapped_blocks("default") == 0
