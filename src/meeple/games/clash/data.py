"""Clash of Cultures numbers, advances, cards and boards, loaded from ``data/``
(docs/rules/clash.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.core.saves import load_data

# Axial neighbours of a hex, and the four hexes of a region (a rhombus).
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
REGION = ((0, 0), (1, 0), (0, 1), (1, 1))


def _load(name: str) -> Any:
    return interned(load_data(__package__ or "", name))


def interned(v: Any) -> Any:
    """``v`` with every string in it, dict keys included, interned (``sys.intern``).

    The rules read the names the data gives (resources, buildings, units, terrains) as
    dict keys and compare them with the names written in the code, which the compiler
    interns: a string from the YAML loader or a parser is another object of the same
    text, and every such read then compares the texts after the pointers (the resources'
    keys, the buildings' and the terrains' names were such, issue 19;
    tests/test_clash_speed_tables.py)."""
    if isinstance(v, str):
        return sys.intern(v)
    if isinstance(v, dict):
        return {interned(k): interned(x) for k, x in v.items()}
    if isinstance(v, list):
        return [interned(x) for x in v]
    if isinstance(v, tuple):
        return tuple(interned(x) for x in v)
    return v


def matching(left: int, right: int, fits: Callable[[int, int], bool]) -> int:
    """The size of a largest matching between ``left`` and ``right`` items (augmenting
    paths; the sets here are a handful of units, slots or cities)."""
    match: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in range(right):
            if j in seen or not fits(i, j):
                continue
            seen.add(j)
            if j not in match or augment(match[j], seen):
                match[j] = i
                return True
        return False

    return sum(1 for i in range(left) if augment(i, set()))


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class Board:
    """The hexes of a map for a player count: region k holds hexes 4k..4k+3."""

    players: int
    width: int
    height: int
    coords: tuple[tuple[int, int], ...]
    adj: tuple[tuple[int, ...], ...]
    homes: tuple[int, ...]  # region of each seat's home

    @property
    def regions(self) -> int:
        return len(self.coords) // 4

    def dist(self, a: int, b: int) -> int:
        return _distances(self)[a][b]

    def ring(self, h: int, d: int) -> tuple[int, ...]:
        """The hexes exactly ``d`` from ``h``, in index order."""
        return _rings(self)[h].get(d, ())

    def name(self, h: int) -> str:
        q, r = self.coords[h]
        return f"{q},{r}"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled through the constructor (a state sent to a worker process carries its
        # board): compiled by mypyc (docs/performance.md) this class has no __dict__ for
        # pickle to fill, and a frozen dataclass's __setattr__ refuses each field.
        return (Board, (self.players, self.width, self.height, self.coords, self.adj,
                        self.homes))


# Per board, computed once: the rules ask distances tens of thousands of times a game.
# Keyed by id, each entry holding its board so the id cannot be reused while it stands.
_DIST: dict[int, tuple[Board, tuple[tuple[int, ...], ...]]] = {}
_RING: dict[int, tuple[Board, tuple[dict[int, tuple[int, ...]], ...]]] = {}


def _distances(b: Board) -> tuple[tuple[int, ...], ...]:
    got = _DIST.get(id(b))
    if got is None:
        got = _DIST[id(b)] = (b, tuple(tuple(distance(x, y) for y in b.coords)
                                       for x in b.coords))
    return got[1]


def _rings(b: Board) -> tuple[dict[int, tuple[int, ...]], ...]:
    got = _RING.get(id(b))
    if got is None:
        rings: list[dict[int, tuple[int, ...]]] = []
        for row in _distances(b):
            by: dict[int, list[int]] = {}
            for h, d in enumerate(row):
                by.setdefault(d, []).append(h)
            rings.append({d: tuple(hs) for d, hs in by.items()})
        got = _RING[id(b)] = (b, tuple(rings))
    return got[1]


def make_board(players: int, spec: dict[str, Any]) -> Board:
    w, h = int(spec["width"]), int(spec["height"])
    coords: list[tuple[int, int]] = []
    for j in range(h):
        for i in range(w):
            # Rows of regions shift left as they go down so the map stays roughly square.
            q0, r0 = 2 * i - j, 2 * j
            coords += [(q0 + dq, r0 + dr) for dq, dr in REGION]
    where = {c: k for k, c in enumerate(coords)}
    adj = tuple(tuple(sorted(where[(q + dq, r + dr)] for dq, dr in STEPS
                             if (q + dq, r + dr) in where)) for q, r in coords)
    homes = tuple(j * w + i for i, j in spec["homes"])
    return Board(players, w, h, tuple(coords), adj, homes)


@dataclass(frozen=True, eq=False)
class ClashData:
    rules: dict[str, Any]
    advances: dict[str, dict[str, Any]]
    groups: dict[str, list[str]]
    governments: dict[str, dict[str, Any]]
    wonders: dict[str, dict[str, Any]]
    action_cards: dict[str, dict[str, Any]]
    objective_cards: dict[str, dict[str, Any]]
    events: dict[str, dict[str, Any]]
    boards: dict[int, Board]

    def group_of(self, advance: str) -> str:
        return _groups_by_advance(self)[advance]


@cache
def _groups_by_advance(data: ClashData) -> dict[str, str]:
    return {a: g for g, names in data.groups.items() for a in names}


@cache
def load() -> ClashData:
    rules = _load("rules.yaml")
    adv = _load("advances.yaml")
    cards = _load("cards.yaml")
    boards = {int(n): make_board(int(n), spec) for n, spec in rules["maps"].items()}
    data = ClashData(rules, adv["advances"], adv["groups"], adv["governments"],
                     cards["wonders"], cards["action_cards"], cards["objective_cards"],
                     cards["events"], boards)
    if set(data.action_cards) & set(data.objective_cards):
        raise ValueError("cards.yaml: an action card and an objective card share a name")
    named = [a for names in data.groups.values() for a in names]
    if sorted(named) != sorted(data.advances) or len(named) != 48:
        raise ValueError("advances.yaml: the groups must name each of the 48 advances once")
    return data
