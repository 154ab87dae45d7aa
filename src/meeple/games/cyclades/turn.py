"""A player's turn with a god: recruit, build, the god's special action (Poseidon's
sail, Ares's march, Zeus's renewal of a creature, Kronos's Titans), creatures and
artifacts bought from the track, Titan moves, and the end of the turn."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.cyclades import battle, creatures, economy, moves, titans
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import APOLLO, DATA, CycladesState

RULES = DATA.rules
END = Action("end")


def start(s: CycladesState) -> None:
    god, p = s.current()
    s.used = {}
    mine = [f for f in s.figures if f[3] == p and f[0] != "kraken"]
    for f in mine:  # a figure lasts until its owner's next turn (the Kraken stays)
        s.figures.remove(f)
        s.discard.append(f[0])
        s.log.add(s.cycle, T.t("log.figure_leaves", card=T.card(str(f[0])), who=T.seat(p)))
    if p in s.eliminated:
        s.used["ended"] = 1
        return
    s.log.add(s.cycle, T.t("log.plays", who=T.seat(p), god=T.god(god)))
    if god == APOLLO:
        economy.apollo(s, p)
        s.used["ended"] = 1
        if titans.ally_transfers(s, p):  # an Apollo turn has a start too [T p.3]
            s.pending.append({"type": "transfer", "player": p})
    elif god == "kronos":
        titans.kronos_bonus(s, p)


def recruit_cost(s: CycladesState, god: str) -> int | None:
    costs = DATA.god(god)["costs"]
    k = s.used.get("recruit", 0)
    return int(costs[k]) if k < len(costs) else None


def legal(s: CycladesState, p: int) -> list[Action]:
    god, _ = s.current()
    info = DATA.god(god)
    out = [END]
    cost = recruit_cost(s, god)
    if cost is not None and cost <= s.gold[p]:
        out += _recruits(s, p, str(info["recruit"]))
    if info["building"] in economy.BUILD_KINDS and s.gold[p] >= RULES["build_cost"]:
        out += [Action("build", (t,)) for t in s.territories_of(p) if s.free_slots(t) > 0]
    gold = s.gold[p]
    if info["special"] == "sail" and gold >= RULES["move_cost"]:
        for sea, n in enumerate(s.fleets):
            if n and s.fleet_owner[sea] == p:
                for to in moves.sea_targets(s, p, sea):
                    out += [Action("sail", (sea, to, k)) for k in range(1, n + 1)]
    if info["special"] == "march" and gold >= RULES["move_cost"]:
        out += _land_moves(s, p, "march")
    if info["special"] == "renew" and not s.used.get("renew") and gold >= RULES["zeus_renew_cost"]:
        out += [Action("renew", (i,)) for i, c in enumerate(s.track)
                if c and c not in DATA.artifacts]
    if info["special"] == "titans" and not s.used.get("hire") and \
            gold >= RULES["titan_hire_cost"] and s.titans_total(p) < RULES["max_titans"]:
        out += [Action("hire", (t,)) for t in s.territories_of(p)]
    if gold >= s.used.get("titan_moves", 0) + 1:
        out += _land_moves(s, p, "titan")
    for i, c in enumerate(s.track):
        if c and creatures.price(s, p, i) <= gold:
            out.append(Action("buy", (i,)))
    if set(s.used) <= titans.TRANSFERS:  # at the start of the turn, each artifact once
        out += titans.ally_transfers(s, p)
    return out


def _recruits(s: CycladesState, p: int, kind: str) -> list[Action]:
    if kind == "troop" and s.troops_total(p) < RULES["max_troops"]:
        return [Action("troop", (t,)) for t in s.territories_of(p)]
    if kind == "fleet" and s.fleets_total(p) < RULES["max_fleets"]:
        seas = sorted({sea for t in s.territories_of(p) for sea in s.board.territories[t].seas
                       if (s.fleets[sea] == 0 or s.fleet_owner[sea] == p)
                       and not moves.blocked_sea(s, sea, p)})
        return [Action("fleet", (sea,)) for sea in seas]
    if kind in ("priest", "philosopher"):
        return [Action(kind)]
    return []


def move_cost(s: CycladesState, kind: str, steps: int) -> int:
    """Gold for a group's ``steps`` moves: 1 each with Ares; as Titan moves, the next
    ones of the turn (1, then 2, then 3...)."""
    if kind == "march":
        return int(RULES["move_cost"]) * steps
    done = s.used.get("titan_moves", 0)
    return sum(done + i for i in range(1, steps + 1))


def _land_moves(s: CycladesState, p: int, kind: str) -> list[Action]:
    """Troop (or Titan) moves: source, target, troops, Titans, then the artifacts that go
    along: those the route needs, and any others of the source the owner takes (D-12)."""
    out = []
    for a in s.territories_of(p):
        troops, tit = s.troops[a], s.titans[a]
        if kind == "titan" and not tit:
            continue
        if not troops + tit:
            continue
        here = sorted(name for name, (o, t) in s.artifacts.items() if t == a and o == p)
        low_titans = 1 if kind == "titan" else 0
        for b, (steps, needed) in sorted(moves.land_routes(s, p, a).items()):
            if move_cost(s, kind, steps) > s.gold[p]:
                continue
            extra = [name for name in here if name not in needed]
            taken: list[tuple[str, ...]] = [tuple(needed)]
            for name in extra:
                taken += [tuple(sorted((*sub, name))) for sub in taken]
            for k in range(low_titans, tit + 1):
                for n in range(0 if k else 1, troops + 1):
                    out += [Action(kind, (a, b, n, k, *arts)) for arts in taken]
    return out


def apply(s: CycladesState, p: int, a: Action) -> None:
    god, _ = s.current()
    kind = a.kind
    if kind == "end":
        s.used["ended"] = 1
        s.log.add(s.cycle, T.t("log.ends", who=T.seat(p)))
    elif kind in ("troop", "fleet", "priest", "philosopher"):
        cost = recruit_cost(s, god) or 0
        s.gold[p] -= cost
        s.used["recruit"] = s.used.get("recruit", 0) + 1
        economy.recruit(s, p, kind, int(a.args[0]) if a.args else -1, cost)
    elif kind == "build":
        t = int(a.args[0])
        s.gold[p] -= RULES["build_cost"]
        s.used["built"] = 1
        building = str(DATA.god(god)["building"])
        s.buildings[t].append(building)
        s.log.add(s.cycle, T.t("log.builds", who=T.seat(p), what=T.building(building),
                               at=T.place(s, t), n=int(RULES["build_cost"])))
        economy.check_metropolis(s, p)
    elif kind == "sail":
        s.gold[p] -= RULES["move_cost"]
        battle.sail(s, p, int(a.args[0]), int(a.args[1]), int(a.args[2]))
    elif kind in ("march", "titan"):
        src, dst, n, k = (int(x) for x in a.args[:4])
        steps = moves.land_routes(s, p, src)[dst][0]
        cost = move_cost(s, kind, steps)
        if kind == "titan":
            s.used["titan_moves"] = s.used.get("titan_moves", 0) + steps
        s.gold[p] -= cost
        battle.march(s, p, src, dst, n, k, cost, arts=[str(x) for x in a.args[4:]])
    elif kind == "renew":
        i = int(a.args[0])
        s.gold[p] -= RULES["zeus_renew_cost"]
        s.used["renew"] = 1
        old = s.track[i]
        s.discard.append(old)
        from meeple.games.cyclades.flow import draw

        s.track[i] = draw(s)
        new = T.card(s.track[i]) if s.track[i] else T.t("nothing")
        s.log.add(s.cycle, T.t("log.renew", who=T.seat(p), old=T.card(old), new=new))
    elif kind == "hire":
        t = int(a.args[0])
        s.gold[p] -= RULES["titan_hire_cost"]
        s.used["hire"] = 1
        s.titans[t] += 1
        s.log.add(s.cycle, T.t("log.hire", who=T.seat(p), at=T.place(s, t),
                               n=int(RULES["titan_hire_cost"])))
    elif kind == "buy":
        creatures.buy(s, p, int(a.args[0]))
    elif kind == "artifact":
        titans.transfer(s, p, str(a.args[0]), int(a.args[1]))
