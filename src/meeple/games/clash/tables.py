"""The tables of answers Clash's rules keep (issue 19): ``kept``, a bounded table of
answers that depend on their key alone, and ``Advances``, a set of advances with the
answers the rules derive from that set (kept with a player's list, ``ClashState.has``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar


class Advances:
    """A set of advances, and the answers the rules derive from that set alone, each
    made when first asked (by the module that asks it). One object per set, kept in a
    table: a player's list of advances changes a few times a game, and the listing and
    the evaluation asked their tables by a tuple of the list's names, hashed and
    compared name by name at every call (issue 19; tests/test_clash_speed_tables.py
    compares the answers with the rules asked afresh)."""

    def __init__(self, have: frozenset[str]) -> None:
        self.have = have
        # collect.collect_slots: each terrain's yield
        self.yields: dict[str, tuple[str, ...]] | None = None
        # economy.learnable: the advances open to learn, in the groups' order
        self.open: tuple[str, ...] | None = None
        # cities.build_options: the buildings allowed, without and with the extra ones
        self.buildable: tuple[str, ...] | None = None
        self.buildable_extra: tuple[str, ...] | None = None
        # status.advance_measures: (a government or not, whole groups)
        self.measures: tuple[int, int] | None = None

    def __reduce__(self) -> tuple[type[Advances], tuple[frozenset[str]]]:
        # the set alone: the answers are made again when asked (compiled, the class has no
        # default pickling, and a state sent to a worker process holds these)
        return (Advances, (self.have,))


_ADVANCES: dict[frozenset[str], Advances] = {}
NO_ADVANCES: Final = Advances(frozenset())


_K = TypeVar("_K")
_V = TypeVar("_V")


def kept(table: dict[_K, _V], key: _K, make: Callable[[_K], _V], size: int = 4096) -> _V:
    """``make(key)``, kept in ``table``, which is emptied when it holds ``size`` (as a
    bounded cache forgets). The rules' tables of answers that depend on their key alone
    use it instead of ``functools`` caches: compiled, a call through a cache's wrapper is
    Python's generic call, dearer than the look-up (issue 19)."""
    found = table.get(key)
    if found is None:
        if len(table) >= size:
            table.clear()
        found = table[key] = make(key)
    return found
