"""Large blocks straight from the system, so that memory the server frees goes back to it.

glibc serves a block of 128 KiB or more with its own ``mmap`` and unmaps it when freed, but
each time such a block is freed it raises that threshold to the block's size (up to 32 MiB).
After a few long games' views (JSON of a hundred KiB and more) the server's large,
short-lived buffers came from the heap instead and left holes there: in the 30-minute soak
the heap's free bytes grew from 6 to 21 MiB in ten minutes while the bytes in use stayed at
28 MiB, and the resident memory rose about 40 MiB an hour. A fixed threshold (which also
stops glibc from moving it) slowed that; one arena for the server's threads (the database
calls run in a pool of them) slowed it again (docs/reliability.md)."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from dataclasses import dataclass
from functools import cache

M_MMAP_THRESHOLD = -3  # glibc's malloc.h
M_ARENA_MAX = -8


@cache  # /metrics reads the heap at every scrape
def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6")
    except OSError:
        return None
    if hasattr(libc, "mallinfo2"):
        libc.mallinfo2.restype = _MallInfo2
    return libc


def _mallopt(option: int, value: int) -> bool:
    libc = _libc()
    if libc is None or not hasattr(libc, "mallopt") or not hasattr(libc, "gnu_get_libc_version"):
        return False
    return bool(libc.mallopt(option, value))


def fix_mmap_threshold(kib: int) -> bool:
    """Blocks of ``kib`` KiB and more come from ``mmap`` from now on; False where the C
    library has no such setting (not glibc) or refused it."""
    return _mallopt(M_MMAP_THRESHOLD, kib * 1024)


def limit_arenas(arenas: int) -> bool:
    """At most ``arenas`` heaps for all threads (glibc makes up to eight per core, and a
    block freed in one cannot serve a thread of another). Call before threads start."""
    return _mallopt(M_ARENA_MAX, arenas)


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


@dataclass(frozen=True)
class Heap:
    """glibc's own account of the C heap, in bytes."""
    in_use: int
    free: int
    mapped: int  # blocks served by mmap
    mapped_blocks: int


def heap() -> Heap | None:
    """The C heap's numbers (glibc 2.33 and later), or None elsewhere."""
    libc = _libc()
    if libc is None or not hasattr(libc, "mallinfo2"):
        return None
    m = libc.mallinfo2()
    return Heap(in_use=m.uordblks, free=m.fordblks, mapped=m.hblkhd, mapped_blocks=m.hblks)
