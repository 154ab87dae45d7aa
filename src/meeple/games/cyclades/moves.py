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
        if len(s.territories_of(q)) == 1 and not economy.capture_completes(s, p, t):
            return False  # a player's last territory is protected
    return True


def land_targets(s: CycladesState, p: int, a: int) -> list[int]:
    """Territories ``p`` can move to from ``a``. One move goes from territory to
    territory — to a neighbour on the same island, or along a chain of ``p``'s fleets —
    and may go on through ``p``'s own territories; it stops where it enters any other.
    With the Helm of Invisibility any fleets will do and occupied territories may be
    crossed; with the Winged Sandals every territory of the island is a neighbour."""
    if medusa(s, a):
        return []
    art = {name for name, (_, where) in s.artifacts.items() if where == a}
    helm = "helm" in art
    first = set(s.board.territories[a].next)
    if "sandals" in art:
        island = s.board.territories[a].island
        first |= {t.id for t in s.board.territories if t.island == island and t.id != a}
    targets: set[int] = set()
    seen = {a}
    frontier = [a]
    while frontier:
        u = frontier.pop()
        step = (first if u == a else set(s.board.territories[u].next)) | \
            fleet_reach(s, p, u, any_fleets=helm)
        for v in step:
            if v in seen:
                continue
            seen.add(v)
            if not may_enter(s, p, v):
                continue
            targets.add(v)
            crossing = s.owner[v] == p or (helm and not s.allies(p, s.owner[v]))
            if crossing and not medusa(s, v):
                frontier.append(v)
    return sorted(targets)


def sea_targets(s: CycladesState, p: int, start: int) -> list[int]:
    """Seas a group of fleets reaches from ``start``: up to three seas, through seas
    free of other fleets; entering a sea held by an enemy ends the move (a battle)."""
    reach_n = int(economy.RULES["sail_range"])
    out: set[int] = set()
    frontier = [start]
    seen = {start}
    for _ in range(reach_n):
        nxt_frontier = []
        for sea in frontier:
            for nxt in s.board.seas[sea].next:
                if nxt in seen or blocked_sea(s, nxt, p):
                    continue
                seen.add(nxt)
                q = s.fleet_owner[nxt] if s.fleets[nxt] else -1
                if s.allies(p, q):
                    continue
                out.add(nxt)
                if q in (-1, p):
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return sorted(out)
