"""What the plain evaluation (``evaluate.worth``) does not see and Clash games turn on,
for the ``general`` bot (issue 21): a city is lost to the first enemy infantry that walks
into it with no defender there [G: "A city is captured if your Army units are alone in
the city"], and a player left with no city ends the game as its loser (D-29). Between two
heuristic players about a third of the games ended that way; the plain evaluation counts
a city only for its pieces' victory points and an undefended capital beside enemy
infantry as safe.

Every figure here reads the public board only (cities, units, terrain), so a bot judging
by it is blind to hidden cards by construction.
"""

from __future__ import annotations

from meeple.games.clash.state import RULES, ClashState

NO_CITY_ON = frozenset(RULES["no_city_on"])

# How many hexes an army crosses in a turn of three move actions (one hex each).
REACH = 3
# The weight of an enemy army unit at 1, 2 and 3 hexes from a city: the nearer, the
# sooner it can strike (a unit 3 hexes away needs the whole turn).
NEAR = (1.0, 1.0, 0.6, 0.3)
# What losing a city costs beyond its pieces' points: its production for the rest of the
# game, and, for the last city, the game itself.
CITY_VALUE = 2.0
LAST_CITY = 8.0
# The share of a city's value at stake when it has no defender, per unit of threat.
EXPOSED = 0.6


def distances(s: ClashState, start: int, limit: int = REACH) -> dict[int, int]:
    """Land hexes (face-down ones included: an army may explore them) within ``limit``
    steps of ``start``, walking over land only."""
    adj = s.board.adj
    seen = {start: 0}
    frontier = [start]
    for d in range(1, limit + 1):
        nxt = []
        for h in frontier:
            for t in adj[h]:
                if t not in seen and not s.is_water(t):
                    seen[t] = d
                    nxt.append(t)
        frontier = nxt
    return seen


def danger(s: ClashState, p: int) -> float:
    """Victory points p can expect to lose to armies near its cities: each city's value
    times how outnumbered its defenders are by enemy infantry (barbarians included) within
    reach, weighted by distance."""
    cities = s.cities_of(p)
    if not cities:
        return 0.0
    armies: dict[int, int] = {}
    for u in s.units:
        if u[0] != p and u[1] == "infantry":
            armies[u[2]] = armies.get(u[2], 0) + 1
    if not armies:
        return 0.0
    total = 0.0
    last = len(cities) == 1
    for c in cities:
        h = int(c["hex"])
        threat = 0.0
        for x, d in distances(s, h).items():
            if x in armies:
                threat += NEAR[d] * armies[x]
        if threat <= 0.0:
            continue
        guard = s.army_at(h, p) + (1 if "fortress" in c["bld"] else 0)
        value = s.size(c) + CITY_VALUE + (LAST_CITY if last else 0.0)
        if guard == 0:
            total += value * min(1.0, EXPOSED * threat)
        else:
            total += value * 0.25 * min(1.0, max(0.0, threat - guard) / (guard + 1))
    return total


# A settler standing where it may found a city, or one hex from such a place: the
# one-ply bot then walks it out of its city's ring (founding is barred beside a city) and
# founds, instead of moving it back and forth among equal hexes.
ON_SITE = 0.4
NEAR_SITE = 0.2


def site(s: ClashState, h: int) -> bool:
    """A known land hex where a city may stand: not barren, no city on it or beside it."""
    if not s.known(h) or s.is_water(h) or s.terrain[h] in NO_CITY_ON:
        return False
    return s.city_at(h) is None and all(s.city_at(x) is None for x in s.board.adj[h])


def settler_sites(s: ClashState, p: int) -> float:
    """What p's settlers are worth for where they stand (ON_SITE, NEAR_SITE)."""
    total = 0.0
    for u in s.units:
        if u[0] != p or u[1] != "settler" or s.is_water(u[2]):
            continue
        h = int(u[2])
        if site(s, h):
            total += ON_SITE
        elif any(site(s, x) for x in s.board.adj[h]):
            total += NEAR_SITE
    return total
