"""What the plain evaluation (``evaluate.worth``) does not see and Clash games turn on,
for the ``general`` bot (issue 21): a city is lost to the first enemy infantry that walks
into it with no defender there [G: "A city is captured if your Army units are alone in
the city"], and a player left with no city ends the game as its loser (D-29). Between two
heuristic players about a third of the games ended that way; the plain evaluation counts
a city only for its pieces' victory points and an undefended capital beside enemy
infantry as safe.

Every figure here reads the public board only (cities, units, terrain), so a bot judging
by it is blind to hidden cards by construction.

The second half of the module is what the learned evaluation reads (``names``,
``features``, ``features_all``; ``meeple train clash``), these threat figures among it.
"""

from __future__ import annotations

from meeple.games.clash.economy import government_of
from meeple.games.clash.state import RESOURCES, RULES, ClashState
from meeple.games.clash.status import met, score_parts

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


# ---- the learned evaluation's features (meeple.bots.learned, ``meeple train clash``) ----
#
# A seat's picture of the position: the public board (cities, units, resources, advances,
# claimed objectives, wonder cards, the round's order, battle tallies, the size of every
# hand) and its own objective cards; another player's action and objective cards are
# counted, never read (tests/test_clash_learned.py checks the features on redealt states).
# Seats come in turn order starting with the seat judged (seat p, then p+1...), so a model
# learns "me" and "the player after me" rather than seat numbers.

MAX_SEATS = 4
KEEP = ("temple", "academy", "fortress", "port")
KEPT = ("temples", "academies", "fortresses", "ports")
PER_SEAT = ("present", "vp", "vp_pieces", "vp_advances", "vp_objectives", "vp_wonders",
            "cities", "city_pieces", "biggest_city", "happy_cities", "angry_cities",
            *KEPT, "foreign_buildings", "advances", "government",
            *(f"res_{r}" for r in RESOURCES), "infantry", "ships", "settlers", "danger",
            "exposed_cities", "settler_sites", "objectives", "action_cards",
            "objective_cards", "wonder_cards", "wins", "captures", "order", "deciding",
            "no_city")
HEAD = ("round", "rounds_left", "turn", "actions_left", "players", "status_phase",
        "in_battle", "explored", "barbarian_army", "ends_this_round", "my_objectives_met",
        "my_objectives_unmet")


def names() -> list[str]:
    return [*HEAD, *(f"seat{k}.{f}" for k in range(MAX_SEATS) for f in PER_SEAT)]


def exposed_cities(s: ClashState, p: int) -> int:
    """p's cities with no infantry of p's in them and enemy infantry (barbarians too)
    within REACH hexes: the ones the next enemy turn may take."""
    armies = {u[2] for u in s.units if u[0] != p and u[1] == "infantry"}
    if not armies:
        return 0
    return sum(1 for c in s.cities if c["owner"] == p and s.army_at(int(c["hex"]), p) == 0
               and any(x in armies for x in distances(s, int(c["hex"]))))


def _seat(s: ClashState, q: int) -> list[float]:
    parts = score_parts(s, q)
    mine = s.cities_of(q)
    units = {"infantry": 0, "ship": 0, "settler": 0}
    for u in s.units:
        if u[0] == q:
            units[u[1]] += 1
    foreign = sum(1 for c in s.cities if c["owner"] != q for o in c["bld"].values() if o == q)
    pending = s.current_players()
    return [1.0, sum(parts.values()), parts["pieces"], parts["advances"], parts["objectives"],
            parts["wonders"], float(len(mine)), float(sum(s.size(c) for c in mine)),
            float(max((s.size(c) for c in mine), default=0)),
            float(sum(1 for c in mine if c["mood"] == 2)),
            float(sum(1 for c in mine if c["mood"] == 0)),
            *(float(sum(1 for c in mine if b in c["bld"])) for b in KEEP),
            float(foreign), float(len(s.adv[q])), float(government_of(s, q) is not None),
            *(float(s.res[q][r]) for r in RESOURCES),
            float(units["infantry"]), float(units["ship"]), float(units["settler"]),
            danger(s, q), float(exposed_cities(s, q)), settler_sites(s, q),
            float(len(s.claimed[q])), float(len(s.action_hand[q])),
            float(len(s.objective_hand[q])), float(len(s.wonder_hand[q])),
            float(s.stats[q].get("wins", 0)), float(s.stats[q].get("captures", 0)),
            float(s.order.index(q)), float(q in pending), float(not mine)]


def _head(s: ClashState, p: int) -> list[float]:
    rounds = int(s.options.get("rounds") or RULES["rounds"])
    known: dict[str, int] = {}
    hand = s.objective_hand[p]
    done = sum(1 for card in hand if met(s, p, card, "peaceful", known))
    return [float(s.round), float(rounds - s.round), float(s.turn), float(s.actions_left),
            float(s.n), float(s.phase.startswith("status")), float(bool(s.battle)),
            sum(s.revealed) / len(s.revealed),
            float(sum(1 for u in s.units if u[0] < 0 and u[1] == "infantry")),
            float(any(not s.cities_of(q) for q in range(s.n))), float(done),
            float(len(hand) - done)]


def features(s: ClashState, p: int) -> list[float]:
    """Seat p's picture of the position (length ``len(names())``)."""
    return features_all(s, [p])[0]


def features_all(s: ClashState, seats: list[int] | None = None) -> list[list[float]]:
    """The pictures of ``seats`` (every seat by default), each seat's public figures
    taken once."""
    public = [_seat(s, q) for q in range(s.n)]
    pad = [0.0] * len(PER_SEAT) * (MAX_SEATS - s.n)
    return [_head(s, p) + [x for k in range(s.n) for x in public[(p + k) % s.n]] + pad
            for p in (range(s.n) if seats is None else seats)]
