"""Where troops and fleets may go: fleet chains, sea routes, and the limits that the
figures (Medusa, Chiron, Polyphemus, the Kraken), team play and the last territory
put on them."""

from __future__ import annotations

from meeple.games.cyclades import economy
from meeple.games.cyclades.state import CycladesState


def blocked_sea(s: CycladesState, sea: int, p: int = -1) -> bool:
    """Is ``sea`` closed to ``p``'s fleets (beside another player's Polyphemus)?"""
    return any(f[0] == "polyphemus" and f[3] != p and sea in s.board.territories[f[2]].seas
               for f in s.figures)


def blocked_seas(s: CycladesState, p: int) -> set[int]:
    """Every sea closed to ``p``'s fleets (``blocked_sea`` for all seas at once)."""
    return {sea for f in s.figures if f[0] == "polyphemus" and f[3] != p
            for sea in s.board.territories[f[2]].seas}


def medusa(s: CycladesState, t: int) -> bool:
    return s.figure_at("medusa", "t", t) is not None


def chiron(s: CycladesState, t: int) -> bool:
    return s.figure_at("chiron", "t", t) is not None


def fleet_reach(s: CycladesState, p: int, start: int, any_fleets: bool = False) -> set[int]:
    """Territories joined to ``start`` by a chain of ``p``'s fleets (any player's fleets
    with the Helm of Invisibility)."""
    def mine(sea: int) -> bool:
        return s.fleets[sea] > 0 and (s.fleet_owner[sea] == p or any_fleets)

    seen = {sea for sea in s.board.territories[start].seas if mine(sea)}
    todo = list(seen)
    while todo:
        sea = todo.pop()
        for nxt in s.board.seas[sea].next:
            if nxt not in seen and mine(nxt):
                seen.add(nxt)
                todo.append(nxt)
    out: set[int] = set()
    for sea in seen:
        out.update(s.board.seas[sea].territories)
    out.discard(start)
    return out


def may_enter(s: CycladesState, p: int, t: int) -> bool:
    """May ``p``'s troops move into ``t`` (an attack if an enemy holds it)?"""
    q = s.owner[t]
    if medusa(s, t) or s.allies(p, q):
        return False
    if s.enemy(p, q):
        if chiron(s, t):
            return False
        if s.owner.count(q) == 1 and not economy.capture_completes(s, p, t):
            return False  # a player's last territory is protected
    return True


# Artifacts that change where a move may go, and so must travel with it when used.
CARRIERS = ("sandals", "helm")


def land_routes(s: CycladesState, p: int, a: int) -> dict[int, tuple[int, tuple[str, ...]]]:
    """Where ``p``'s troops on ``a`` can move: target -> (moves it takes, the artifacts
    that must travel with the group to get there). A move goes from a territory to a
    neighbour of the same island or along a chain of ``p``'s fleets, and ends there
    (D-6); crossing one's own territory is a second move. The Winged Sandals make the
    whole island neighbours; the Helm of Invisibility lets the group use any fleets and
    cross territories occupied by other players' troops, one move each, without a
    battle (an enemy's last territory too: only attacking it is limited). The fewest
    artifacts needed win, then the fewest moves."""
    if medusa(s, a):
        return {}
    here = [name for name in CARRIERS if s.artifacts.get(name, [-1, -1])[1] == a]
    routes: dict[int, tuple[int, tuple[str, ...]]] = {}
    subsets: list[tuple[str, ...]] = [()]
    for name in here:
        subsets += [(*sub, name) for sub in subsets]
    for used in sorted(subsets, key=len):
        for t, steps in _reach(s, p, a, "sandals" in used, "helm" in used).items():
            best = routes.get(t)
            if best is None or (len(best[1]) == len(used) and steps < best[0]):
                routes[t] = (steps, used)
    return routes


def _reach(s: CycladesState, p: int, a: int, sandals: bool, helm: bool) -> dict[int, int]:
    """Targets and the moves each takes (more than one only when the Helm crosses)."""
    def step(u: int) -> set[int]:
        out = set(s.board.territories[u].next) | fleet_reach(s, p, u, any_fleets=helm)
        if sandals:
            island = s.board.territories[u].island
            out |= {t.id for t in s.board.territories if t.island == island and t.id != u}
        return out

    found: dict[int, int] = {}
    seen = {a}
    frontier = [a]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for u in frontier:
            for v in sorted(step(u)):
                if v in seen:
                    continue
                seen.add(v)
                if may_enter(s, p, v):
                    found[v] = steps
                if helm and _crossable(s, p, v):
                    nxt.append(v)
        frontier = nxt
    return found


def _crossable(s: CycladesState, p: int, t: int) -> bool:
    """May a group with the Helm pass through ``t`` (another player's troops there)?"""
    q = s.owner[t]
    return q >= 0 and q != p and not s.allies(p, q) and not medusa(s, t) \
        and s.troops[t] + s.titans[t] > 0


def land_targets(s: CycladesState, p: int, a: int) -> list[int]:
    """Territories ``p``'s troops on ``a`` can reach in one order (``land_routes``)."""
    return sorted(land_routes(s, p, a))


def sea_targets(s: CycladesState, p: int, start: int,
                blocked: set[int] | None = None) -> list[int]:
    """Seas a group of fleets reaches from ``start``: up to three seas, through seas
    free of other fleets; entering a sea held by an enemy ends the move (a battle).
    ``blocked``: ``blocked_seas(s, p)`` when the caller already has it."""
    if blocked is None:
        blocked = blocked_seas(s, p)
    seas, fleets, owners, teams = s.board.seas, s.fleets, s.fleet_owner, s.teams
    team = teams[p]
    out: set[int] = set()
    frontier = [start]
    seen = {start}
    for _ in range(SAIL_RANGE):
        nxt_frontier = []
        for sea in frontier:
            for nxt in seas[sea].next:
                if nxt in seen or nxt in blocked:
                    continue
                seen.add(nxt)
                q = owners[nxt] if fleets[nxt] else -1
                if q >= 0 and q != p and teams[q] == team:  # s.allies(p, q), written out
                    continue
                out.add(nxt)
                if q == -1 or q == p:
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return sorted(out)


SAIL_RANGE = int(economy.RULES["sail_range"])
# Where each of a player's fleets can sail, by everything that decides it (a listing of
# the same fleets repeats through a turn and, in a search, across its samples). Bounded:
# cleared when full.
_SAILS: dict[tuple[object, ...], list[tuple[int, int, list[int]]]] = {}
_SAILS_MAX = 50_000


def sail_targets(s: CycladesState, p: int) -> list[tuple[int, int, list[int]]]:
    """(sea, fleets there, ``sea_targets``) for each sea holding ``p``'s fleets, in order."""
    blocked = blocked_seas(s, p)
    key = (s.board.name, p, tuple(s.teams), tuple(sorted(blocked)), tuple(s.fleets),
           tuple(s.fleet_owner))
    found = _SAILS.get(key)
    if found is None:
        if len(_SAILS) >= _SAILS_MAX:
            _SAILS.clear()
        found = _SAILS[key] = [(sea, n, sea_targets(s, p, sea, blocked))
                               for sea, n in enumerate(s.fleets)
                               if n and s.fleet_owner[sea] == p]
    return found
