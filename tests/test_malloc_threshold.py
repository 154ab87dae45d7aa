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


# Four threads allocate; glibc's malloc_stats (on stderr) lists one "Arena N:" per heap.
ARENAS = """
import ctypes, sys, threading
from meeple.server.memory import limit_arenas
if sys.argv[1] == "one":
    assert limit_arenas(1)
def work():
    kept = [bytearray(1000) for _ in range(1000)]
    ready.wait()
    done.wait()
ready, done = threading.Barrier(5), threading.Event()
threads = [threading.Thread(target=work) for _ in range(4)]
for t in threads:
    t.start()
ready.wait()
ctypes.CDLL("libc.so.6").malloc_stats()
done.set()
for t in threads:
    t.join()
"""


def _arenas(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", ARENAS, mode], capture_output=True,
                         text=True, check=True)
    return sum(line.startswith("Arena ") for line in out.stderr.splitlines())


def test_the_servers_threads_share_one_heap_when_the_arenas_are_limited() -> None:
    assert _arenas("one") == 1


def test_glibc_gives_threads_heaps_of_their_own_by_default() -> None:
    assert _arenas("default") > 1
