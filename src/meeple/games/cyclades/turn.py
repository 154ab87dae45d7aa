"""A player's turn with a god: recruit, build, the god's special action (Poseidon's
sail, Ares's march, Zeus's renewal of a creature, Kronos's Titans), creatures and
artifacts bought from the track, Titan moves, and the end of the turn."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.cyclades import battle, creatures, economy, moves, titans
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.listing import Listing
from meeple.games.cyclades.state import APOLLO, DATA, CycladesState

RULES: dict[str, Any] = DATA.rules
GODS: dict[str, dict[str, Any]] = RULES["gods"]
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
    costs = GODS[god]["costs"]
    k = s.used.get("recruit", 0)
    return int(costs[k]) if k < len(costs) else None


def legal(s: CycladesState, p: int) -> list[Action]:
    return options(s, p).listed()


def options(s: CycladesState, p: int) -> Listing:
    """The turn's legal actions in their order, the long parts (sails, moves) made only
    when listed or drawn."""
    god = str(s.turns[s.turn][0])
    info = GODS[god]  # read only (DATA.god copies)
    special = info["special"]
    used = s.used
    gold = s.gold[p]
    mine = s.territories_of(p)
    out = Listing()
    out.add([END])
    cost = recruit_cost(s, god)
    if cost is not None and cost <= gold:
        _recruits(out, s, p, str(info["recruit"]), mine)
    if info["building"] in economy.BUILD_KINDS and gold >= RULES["build_cost"]:
        out.each("build", [t for t in mine if s.free_slots(t) > 0])
    if special == "sail" and gold >= RULES["move_cost"]:
        for sea, n, targets in moves.sail_targets(s, p):
            _sails(out, sea, n, targets)
    if special == "march" and gold >= RULES["move_cost"]:
        _land_moves(out, s, p, "march", mine)
    if special == "renew" and not used.get("renew") and gold >= RULES["zeus_renew_cost"]:
        out.each("renew", [i for i, c in enumerate(s.track) if c and c not in DATA.artifacts])
    if special == "titans" and not used.get("hire") and gold >= RULES["titan_hire_cost"] \
            and sum(s.titans[t] for t in mine) < RULES["max_titans"]:
        out.each("hire", mine)
    if gold >= used.get("titan_moves", 0) + 1 and any(s.titans[t] for t in mine):
        _land_moves(out, s, p, "titan", mine)
    if any(s.track):
        out.each("buy", _affordable(s, p, mine, gold))
    if not used or set(used) <= titans.TRANSFERS:  # at the turn's start, each artifact once
        out.add(titans.ally_transfers(s, p))
    return out


def _affordable(s: CycladesState, p: int, mine: list[int], gold: int) -> list[int]:
    """The track's slots ``p`` can pay for (``creatures.price``, temples counted once)."""
    costs = RULES["creature_costs"]
    temples: int | None = None
    out = []
    for i, c in enumerate(s.track):
        if not c:
            continue
        cost = int(costs[i])
        if c not in DATA.artifacts:  # temples give no discount on artifacts
            if temples is None:
                temples = creatures.temples_left(s, p, mine)
            cost -= max(0, min(temples, cost - 1))
        if cost <= gold:
            out.append(i)
    return out


def _sails(out: Listing, sea: int, n: int, targets: list[int]) -> None:
    """``sail SEA TO K``: each target, each number of fleets from 1 to ``n``."""
    def nth(i: int) -> Action:
        return Action("sail", (sea, targets[i // n], i % n + 1))

    def whole() -> list[Action]:
        return [Action("sail", (sea, to, k)) for to in targets for k in range(1, n + 1)]

    out.lazy(len(targets) * n, nth, whole)


def _recruits(out: Listing, s: CycladesState, p: int, kind: str, mine: list[int]) -> None:
    if kind == "troop":
        if sum(s.troops[t] for t in mine) < RULES["max_troops"]:
            out.each("troop", mine)
    elif kind == "fleet":
        if s.fleets_total(p) < RULES["max_fleets"]:
            blocked = moves.blocked_seas(s, p)
            out.each("fleet", sorted({sea for t in mine for sea in s.board.territories[t].seas
                                      if (s.fleets[sea] == 0 or s.fleet_owner[sea] == p)
                                      and sea not in blocked}))
    elif kind in ("priest", "philosopher"):
        out.add([Action(kind)])


def move_cost(s: CycladesState, kind: str, steps: int) -> int:
    """Gold for a group's ``steps`` moves: 1 each with Ares; as Titan moves, the next
    ones of the turn (1, then 2, then 3...)."""
    if kind == "march":
        return int(RULES["move_cost"]) * steps
    done = s.used.get("titan_moves", 0)
    return sum(done + i for i in range(1, steps + 1))


def _land_moves(out: Listing, s: CycladesState, p: int, kind: str, mine: list[int]) -> None:
    """Troop (or Titan) moves: source, target, Titans, troops, then the artifacts that go
    along: those the route needs, and any others of the source the owner takes (D-12)."""
    for a in mine:
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
            _group_moves(out, kind, a, b, troops, tit, low_titans, taken)


def _group_moves(out: Listing, kind: str, a: int, b: int, troops: int, tit: int, low: int,
                 taken: list[tuple[str, ...]]) -> None:
    """``KIND A B N K ARTS...`` for K Titans from ``low`` up, N troops (at least one unit),
    each set of artifacts: in that order, the artifacts varying fastest."""
    per = len(taken)
    # groups without a Titan (N from 1), then N from 0 for each number of Titans
    plain = troops if low == 0 else 0
    count = (plain + tit * (troops + 1)) * per

    def nth(i: int) -> Action:
        group, arts = divmod(i, per)
        if group < plain:
            k, n = 0, group + 1
        else:
            k, n = divmod(group - plain, troops + 1)
            k += 1
        return Action(kind, (a, b, n, k, *taken[arts]))

    def whole() -> list[Action]:
        return [Action(kind, (a, b, n, k, *arts)) for k in range(low, tit + 1)
                for n in range(0 if k else 1, troops + 1) for arts in taken]

    out.lazy(count, nth, whole)


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
