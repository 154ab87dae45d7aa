"""A random player's action drawn without listing every action (issue 19).

Listing a turn's actions is most of a random game's time, and most of it goes to parts a
draw never lands in: every origin's moves, every city's recruit mixes. So the legal list
is cut into parts (a city's collect piles, one origin's moves of one kind, a city's
recruits...), each with an upper bound on its size that costs next to nothing; a slot is
drawn uniformly among all the bounds' slots, and only the part it falls in is listed. A
slot past that part's real size is drawn again, with the part's bound now its size.

Uniform: in every draw each legal action owns exactly one slot, and all slots are equally
likely, so whichever action is returned, each had the same chance (rejection sampling; the
bounds may only shrink to the listed sizes between draws). The parts together are
``flow.legal``'s list, in another order: the same set of actions, each once
(``tests/test_clash_speed.py`` checks both, and that no part outgrows its bound).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from meeple.core.actions import Action
from meeple.core.rng import Rng
from meeple.games.clash import cities, culture, moves
from meeple.games.clash.economy import learnable
from meeple.games.clash.state import RULES, ClashState

Lister = Callable[[], list[Action]]


class Parts:
    """Parts of a legal list: listed ones, and lazy ones known by an upper bound."""

    __slots__ = ("bounds", "listers", "lists")

    def __init__(self) -> None:
        self.bounds: list[int] = []
        self.listers: list[Lister | None] = []
        self.lists: list[list[Action] | None] = []

    def add(self, actions: list[Action]) -> None:
        if actions:
            self.bounds.append(len(actions))
            self.listers.append(None)
            self.lists.append(actions)

    def lazy(self, bound: int, lister: Lister) -> None:
        if bound > 0:
            self.bounds.append(bound)
            self.listers.append(lister)
            self.lists.append(None)

    def listed(self, i: int) -> list[Action]:
        got = self.lists[i]
        if got is None:
            lister = self.listers[i]
            assert lister is not None
            got = self.lists[i] = lister()
            if len(got) > self.bounds[i]:  # a bound too small would bias the draw
                raise AssertionError(f"a part of {len(got)} actions over its bound "
                                     f"{self.bounds[i]}")
            self.bounds[i] = len(got)
        return got

    def all(self) -> list[Action]:
        out: list[Action] = []
        for i in range(len(self.bounds)):
            out += self.listed(i)
        return out

    def draw(self, rng: Rng) -> Action:
        bounds = self.bounds
        while True:
            k = rng.below(sum(bounds))
            i = 0
            while k >= bounds[i]:
                k -= bounds[i]
                i += 1
            got = self.listed(i)
            if k < len(got):
                return got[k]


def random_action(s: ClashState, p: int, rng: Rng) -> Action:
    """A legal action of ``p``'s (who is asked now), uniformly at random."""
    from meeple.games.clash.flow import legal

    if s.pending and s.pending[0]["kind"] != "move":
        return rng.choice(legal(s, p))
    s.index_hexes()
    try:
        return parts(s, p).draw(rng)
    finally:
        s.drop_index()


def parts(s: ClashState, p: int) -> Parts:
    """``flow.legal``'s actions in parts (the hex index set, as while listing)."""
    out = Parts()
    if s.pending:  # more groups of a move action
        _groups(s, p, out)
        out.add([Action("stop")])
        return out
    if s.actions_left > 0:
        for c in s.cities_of(p):
            _city(s, p, c, out)
        out.add([Action("advance", (a,)) for a in learnable(s, p)])
        out.add([Action("found", (h,)) for h in cities.found_options(s, p)])
        _groups(s, p, out)
        out.add([Action("happy", (h,)) for h in cities.happy_options(s, p)])
        # at most one attempt per rival building in any city
        rivals = sum(1 for c in s.cities for k, o in c["bld"].items()
                     if o != p and k != "obelisk")
        out.lazy(rivals, lambda: culture.influence_options(s, p, False))
        if s.has(p, "Arts") and "Arts" not in s.used:
            out.lazy(rivals, lambda: culture.influence_options(s, p, True))
    out.add(culture.power_options(s, p))
    out.add([Action("end")])
    return out


def _city(s: ClashState, p: int, c: dict[str, Any], out: Parts) -> None:
    h = c["hex"]
    out.add([Action("collect", (h, m)) for m in cities.collect_mixes(s, p, c)])
    out.add([Action("build", (h, k)) for k in cities.build_options(s, p, c)])
    out.add([Action("wonder", (h, w)) for w in cities.wonder_options(s, p, c)])
    out.lazy(_recruit_bound(s, p, c), lambda: [
        Action("recruit", (h, u, *([t] if t else []))) for u, t in cities.recruit_options(s, p, c)])


def _recruit_bound(s: ClashState, p: int, c: dict[str, Any]) -> int:
    """At most every mix of 1..room units within each kind's free count, twice if tokens
    may pay (Draft, Sanitation)."""
    room = cities.activation_size(s, c)
    units = cities.UNITS
    have = dict.fromkeys(units, 0)
    for u in s.units:
        if u[0] == p:
            have[u[1]] += 1
    caps = tuple(min(room, max(0, int(units[k]["limit"]) - have[k])) for k in units
                 if k != "ship" or "port" in c["bld"])
    tokens = s.has(p, "Draft") or s.has(p, "Sanitation")
    return _mixes_up_to(caps, room) * (2 if tokens else 1)


@cache
def _mixes_up_to(caps: tuple[int, ...], room: int) -> int:
    """How many count vectors, each count within its cap, sum to 1..room."""
    ways = [1] + [0] * room  # ways[t]: vectors of the kinds so far summing to t
    for cap in caps:
        ways = [sum(ways[t - j] for j in range(min(cap, t) + 1)) for t in range(room + 1)]
    return sum(ways[1:])


def _groups(s: ClashState, p: int, out: Parts) -> None:
    """``moves.group_options`` by origin and kind, each bounded by its units times the
    hexes it could reach (neighbours, and the ring two away with Roads; for ships every
    hex within their range, or the whole map around its edge with Navigation)."""
    origins = sorted({u[2] for u in s.units if u[0] == p and not u[3]})
    adj = s.board.adj
    roads = s.has(p, "Roads")
    reach = int(RULES["ship_range"])
    near_ships = 3 * reach * (reach + 1)
    for h in origins:
        mine = [u for u in s.units_at(h, p) if not u[3]]
        for kind in moves.LAND:
            n = sum(1 for u in mine if u[1] == kind)
            if n:
                targets = len(adj[h]) + (12 if roads and not s.is_water(h) else 0)
                out.lazy(n * targets, _land_lister(s, p, h, kind, n))
        if any(u[1] == "ship" for u in mine):
            ships = sum(1 for u in mine if u[1] == "ship")
            far = s.has(p, "Navigation") and moves.edge(s, h)
            out.lazy(len(s.terrain) if far else near_ships, _sea_lister(s, p, h, ships))


def _land_lister(s: ClashState, p: int, h: int, kind: str, n: int) -> Lister:
    return lambda: [Action("move", (h, to, kind, k)) for to in moves._land_targets(s, p, h, kind)
                    for k in range(1, n + 1) if moves._fits(s, p, to, kind, k)]


def _sea_lister(s: ClashState, p: int, h: int, ships: int) -> Lister:
    return lambda: [Action("move", (h, to, "ship", ships)) for to in moves._sea_targets(s, p, h)]
