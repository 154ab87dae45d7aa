"""The move action: up to three groups, land units one hex (two on Roads), ships through
the sea, carrying land units; exploring face-down regions; entering enemy hexes."""

from __future__ import annotations

from typing import Any, Final

from meeple.core.actions import Action
from meeple.core.text import Arg, Text
from meeple.games.clash import texts as tx
from meeple.games.clash.economy import payment, spend
from meeple.games.clash.state import RULES, ClashState
from meeple.games.clash.texts import adv, comma, name, region, who

LAND = ("settler", "infantry")
# read once: compiled, int() of a rules table's value is a generic call at each use
_SHIP_CAPACITY: Final = int(RULES["ship_capacity"])
_STACK_LIMIT: Final = int(RULES["stack_limit"])
ROAD_COST = {"food": 1, "ore": 1}


def group_options(s: ClashState, p: int) -> list[Action]:
    out: list[Action] = []
    # (typed: compiled, each unit's owner was compared through Python's generic
    # comparison, issue 19)
    starts: set[int] = set()
    for u in s.units:
        o: int = u[0]
        if o == p and not u[3]:
            start: int = u[2]
            starts.add(start)
    origins = sorted(starts)
    roads: bool | None = None  # whether p may take a road (asked once, if needed)
    for h in origins:
        # p's units here that have not moved, by kind, in one pass
        settlers = infantry = ships = 0
        for u in s.units_at(h, p):
            if not u[3]:
                kind: str = u[1]
                if kind == "settler":
                    settlers += 1
                elif kind == "infantry":
                    infantry += 1
                elif kind == "ship":
                    ships += 1
        if settlers or infantry:
            if roads is None:
                roads = s.has(p, "Roads") and payment(s, p, ROAD_COST) is not None
            # in LAND's order (a zip with strict=True is a generic call when compiled)
            by_kind = _land_targets_by_kind(s, p, h, roads)
            for kind, n, targets in (("settler", settlers, by_kind[0]),
                                     ("infantry", infantry, by_kind[1])):
                for to in targets if n else []:
                    out += [move_action(h, to, kind, k) for k in range(1, n + 1)
                            if _fits(s, p, to, kind, k)]
        if ships:
            out += [move_action(h, to, "ship", ships) for to in _sea_targets(s, p, h)]
    return out


def move_action(h: int, to: int, kind: str, k: int) -> Action:
    """``Action.of("move", h, to, kind, k)``, made once and kept by a number that holds
    the four (a move of a land kind or of ships): the search lists the same moves
    thousands of times a second, and making each anew cost a tuple's construction
    through Python's generic call and its freeing (issue 19)."""
    # (the kind's number by comparisons: the names are interned, and compiled, two dict
    # reads cost more, issue 19)
    number = 0 if kind == "settler" else 1 if kind == "infantry" else 2 if kind == "ship" \
        else -1
    if not (0 <= h < 128 and 0 <= to < 128 and 0 <= k < 64) or number < 0:
        return Action.of("move", h, to, kind, k)
    key = ((h * 128 + to) * 4 + number) * 64 + k
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Action.of("move", h, to, kind, k)
    return found


_MOVES: dict[int, Action] = {}


def _land_targets_by_kind(s: ClashState, p: int, h: int,
                          roads: bool) -> tuple[list[int], list[int]]:
    """:func:`_land_targets` of a settler and of an infantry at ``h`` (in LAND's order),
    each hex looked at once: the two differ only where a settler may not enter a hostile
    hex (the listing asks this for every origin, issue 19; tests/test_clash_speed.py
    compares it with :func:`land_target`)."""
    settler: list[int] = []
    infantry: list[int] = []
    adj = s.board.adj
    near = adj[h]
    # (a set: compiled, ``in`` a tuple of ints compared each item through Python's
    # generic comparison)
    neighbours = set(near)
    # whether a hex is known and water read from the fields themselves (two calls less
    # for each hex near each origin)
    revealed, terrain = s.revealed, s.terrain
    from_water = terrain[h] == "water"
    # for the road's far hexes: the neighbours a road may run through (known land nobody
    # hostile holds), and whether the road starts at a city of p's (_road_end), found once
    through: set[int] | None = None
    from_city: bool | None = None
    for t in sorted(land_candidates(s, h, roads)):
        if from_water:  # disembarking onto known land
            if not revealed[t // 4] or terrain[t] == "water":
                continue
            both = False
        elif t in neighbours:
            if not revealed[t // 4]:
                both = True
            elif terrain[t] == "water":
                if s.enemy_at(t, p) or not any(u[1] == "ship" for u in s.units_at(t, p)):
                    continue
                both = True
            else:
                both = False
        else:  # two away on a road: the same test for both kinds (land_target's)
            if not revealed[t // 4] or terrain[t] == "water" or _hostile(s, p, t):
                continue
            if from_city is None:
                home = s.city_at(h)
                from_city = home is not None and home["owner"] == p
            if not from_city:
                there = s.city_at(t)
                if there is None or there["owner"] != p:
                    continue
            if through is None:
                through = {m for m in near if revealed[m // 4] and terrain[m] != "water"
                           and not _hostile(s, p, m)}
            if through.isdisjoint(adj[t]):
                continue
            both = True
        infantry.append(t)
        if both or not _hostile(s, p, t):
            settler.append(t)
    return settler, infantry


def _fits(s: ClashState, p: int, to: int, kind: str, k: int) -> bool:
    if not s.known(to):
        return True
    if s.is_water(to):
        ships = sum(1 for u in s.units_at(to, p) if u[1] == "ship")
        carried = sum(1 for u in s.units_at(to, p) if u[1] != "ship")
        return carried + k <= ships * _SHIP_CAPACITY
    return kind != "infantry" or s.army_at(to, p) + k <= _STACK_LIMIT


def _hostile(s: ClashState, p: int, h: int) -> bool:
    if s.enemy_at(h, p):
        return True
    city = s.city_at(h)
    return city is not None and city["owner"] != p


def _land_targets(s: ClashState, p: int, h: int, kind: str) -> list[int]:
    roads = s.has(p, "Roads") and payment(s, p, ROAD_COST) is not None
    return sorted(t for t in land_candidates(s, h, roads) if land_target(s, p, h, kind, t))


def land_candidates(s: ClashState, h: int, roads: bool) -> tuple[int, ...]:
    """The hexes a land group at ``h`` might reach: its neighbours, and with Roads (when
    paid for) the hexes two away; :func:`land_target` tells which it may."""
    if roads and not s.is_water(h):
        return s.board.adj[h] + s.board.ring(h, 2)
    return s.board.adj[h]


def land_target(s: ClashState, p: int, h: int, kind: str, t: int) -> bool:
    """Whether a land group at ``h`` may move to ``t``, one of :func:`land_candidates`
    (each hex is asked alone, so a random player checks only the hex it drew)."""
    adj = s.board.adj
    if s.is_water(h):  # disembarking onto known land
        return (s.known(t) and not s.is_water(t)
                and (kind == "infantry" or not _hostile(s, p, t)))
    if t in adj[h]:
        if not s.known(t):
            return True
        if s.is_water(t):
            return not s.enemy_at(t, p) and any(u[1] == "ship" for u in s.units_at(t, p))
        return kind == "infantry" or not _hostile(s, p, t)
    # two away on a road: through a known land hex nobody hostile holds, to a known
    # land hex nobody hostile holds, from or to a city of p's
    if not s.known(t) or s.is_water(t) or _hostile(s, p, t) or not _road_end(s, p, h, t):
        return False
    return any(mid in adj[h] and s.known(mid) and not s.is_water(mid)
               and not _hostile(s, p, mid) for mid in adj[t])


def _road_end(s: ClashState, p: int, a: int, b: int) -> bool:
    return any(c is not None and c["owner"] == p for c in (s.city_at(a), s.city_at(b)))


def _sea_targets(s: ClashState, p: int, h: int) -> list[int]:
    reach = int(RULES["ship_range"])
    seen, frontier = {h}, [h]
    out: set[int] = set()
    if s.has(p, "Navigation") and edge(s, h):
        # around the outside of the map: any known sea hex on the edge
        out.update(t for t in range(len(s.terrain)) if t != h and edge(s, t)
                   and s.known(t) and s.is_water(t))
    for _ in range(reach):
        nxt = []
        for x in frontier:
            for t in s.board.adj[x]:
                if t in seen:
                    continue
                seen.add(t)
                if not s.known(t):
                    out.add(t)  # exploring stops the ships
                elif s.is_water(t):
                    out.add(t)
                    if not s.enemy_at(t, p):
                        nxt.append(t)
        frontier = nxt
    return sorted(out)


def edge(s: ClashState, h: int) -> bool:
    return len(s.board.adj[h]) < 6


def do_move(s: ClashState, p: int, h: int, to: int, kind: str, k: int) -> None:
    s.own_units()  # before any unit is read: the movers change in place
    here = s.units_at(h, p)  # (its numbers compared as ints: state.city_at's note)
    movers = [u for u in here if u[1] == kind and not u[3]][:k]
    if kind == "ship":
        movers += [u for u in here if u[1] != "ship"]
    for u in movers:
        u[3] = 1
    if s.board.dist(h, to) == 2 and kind != "ship":
        paid = payment(s, p, ROAD_COST)
        assert paid is not None
        spend(s, p, paid)
        s.log.add(s.round, tx.t("roads", who=who(p)))
    if s.known(to):
        _arrive(s, p, h, to, kind, movers)
        return
    s.own_rare()  # the tiles, the map and explored_by change (shared by a quiet copy)
    tile = s.tiles.pop()
    terrain = [str(x) for x in RULES["tiles"][tile]["terrain"]]
    ways = orientations(terrain, to % 4, kind)
    _lay(s, p, to, ways[0] if ways else terrain)
    if len(ways) == 2:  # either way suits the mover: the explorer chooses
        s.pending.insert(0, {"kind": "orient", "player": p, "tile": tile, "from": h,
                             "to": to, "unit": kind, "k": k})
        return
    _barbarians(s, to, tile)
    _arrive(s, p, h, to, kind, movers, explored=True)


def orientations(terrain: list[str], i: int, kind: str) -> list[list[str]]:
    """The ways a region may be laid (as dealt, or a half turn: hex i <-> 3 - i) that let
    the mover into hex ``i`` — land units on land, ships on the sea."""
    ways = [terrain] if terrain == terrain[::-1] else [terrain, terrain[::-1]]
    return [w for w in ways if (w[i] == "water") == (kind == "ship")]


def orient(s: ClashState, p: int, item: dict[str, Any], rotate: bool) -> None:
    """The explorer's answer: the region as dealt or turned; then the move goes on."""
    h, to, kind, k = int(item["from"]), int(item["to"]), str(item["unit"]), int(item["k"])
    first = 4 * s.region_of(to)
    if rotate:
        s.own_rare()
        s.terrain[first:first + 4] = s.terrain[first:first + 4][::-1]
        s.log.add(s.round, tx.t("rotates", who=who(p), hex=tx.area(s.region_of(first)),
                             terrain=_terrain(s.terrain[first:first + 4])))
    _barbarians(s, to, int(item["tile"]))
    s.own_units()  # (shared only by a search's quiet copies)
    # units are alike: the group is any k of the kind still there (those marked first)
    group = sorted((u for u in s.units if u[2] == h and u[0] == p and u[1] == kind),
                   key=lambda u: -u[3])[:k]
    if kind == "ship":
        group += [u for u in s.units if u[2] == h and u[0] == p and u[1] != "ship"]
    moving = any(x["kind"] == "move" and x["player"] == p for x in s.pending)
    for u in group:
        u[3] = int(moving)
    _arrive(s, p, h, to, kind, group, explored=True)


def _arrive(s: ClashState, p: int, h: int, to: int, kind: str, movers: list[list[Any]],
            explored: bool = False) -> None:
    from meeple.games.clash.combat import enter

    if explored and s.is_water(to) != (kind == "ship"):
        s.log.add(s.round, tx.t("cannot_enter", who=who(p), units=name("unit_pl", kind),
                             hex=s.hname(to), terrain=name("terrain", s.terrain[to]),
                             stay=s.hname(h)))
        return
    k = sum(1 for u in movers if u[1] == kind)
    for u in movers:
        u[2] = to
    if not s.log.quiet:
        s.log.add(s.round, Text(f"clash.moves.{kind}", who=who(p), n=k, hex=s.hname(h),
                                to=s.hname(to)))
    enter(s, p, to, h)


def _lay(s: ClashState, p: int, h: int, terrain: list[str]) -> None:
    """Turn a region face up with the tile's terrain in the given order."""
    first = 4 * s.region_of(h)
    s.own_rare()
    s.terrain[first:first + 4] = terrain
    s.revealed[s.region_of(h)] = True
    s.explored_by[p] += 1
    s.log.add(s.round, tx.t("explores", who=who(p), hex=tx.area(s.region_of(h)),
                           terrain=_terrain(terrain)))


def _barbarians(s: ClashState, h: int, tile: int) -> None:
    """A barbarian tile: a barbarian city with an infantry on a free land hex."""
    if not RULES["tiles"][tile].get("barbarians"):
        return
    first = 4 * s.region_of(h)
    spots = [x for x in range(first, first + 4)
             if not s.is_water(x) and x != h and not s.units_at(x)
             and not any(s.city_at(y) for y in (x, *s.board.adj[x]))]
    if spots:
        s.cities.append({"hex": spots[0], "owner": -1, "mood": 1, "acts": 0,
                         "bld": {}, "wonders": []})
        s.own_units()  # (shared only by a search's quiet copies)
        s.units.append([-1, "infantry", spots[0], 0])
        s.log.add(s.round, tx.t("barbarian_city", hex=s.hname(spots[0])))


def end_move(s: ClashState, p: int, item: dict[str, Any]) -> None:
    if item.get("ship") and s.has(p, "Cartography"):
        s.gain(p, {"ideas": 1}, adv("Cartography"))
    if any(u[3] for u in s.units):  # (a copy of the units only when one has moved)
        s.own_units()  # (shared only by a search's quiet copies)
        for u in s.units:
            u[3] = 0



def _terrain(terrain: list[str]) -> Arg:
    if len(terrain) == 4:  # a region, in one text
        return region(terrain)
    return comma([name("terrain", x) for x in terrain])
