"""The creature track: prices (each temple lowers one price per cycle), buying, and
what each creature and artifact does (data/creatures.yaml; docs/rules/cyclades.md)."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.cyclades import battle, economy, moves, titans
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import BUILDINGS, DATA, FIGURES, METRO, CycladesState

RULES: dict[str, Any] = DATA.rules
NONE = Action("target", ("none",))
STOP = Action("stop")
RELIGIOUS = int(RULES["special_metropolises"]["religious"]["creature_discount"])
MULTI = ("kraken", "sphinx", "sylph")  # effects of several steps, ended by "stop"


def temples_left(s: CycladesState, p: int, mine: list[int] | None = None) -> int:
    """Price cuts ``p``'s temples (and a Religious Metropolis) still give this cycle
    (``mine``: ``p``'s territories, when the caller has them)."""
    if mine is None:
        mine = s.territories_of(p)
    temples = 0
    for t in mine:  # a Metropolis counts as one of each building (count_building)
        b = s.buildings[t]
        if b:
            temples += b.count("temple") + b.count(METRO)
        if s.specials[t] == "religious":
            temples += RELIGIOUS - 1
    return temples - s.used_temples[p]


def discount(s: CycladesState, p: int, slot: int, temples: int | None = None) -> int:
    """``temples``: ``temples_left`` when the caller already has it (one listing prices
    every slot)."""
    base = int(RULES["creature_costs"][slot])
    if s.track[slot] in DATA.artifacts:
        return 0  # temples give no discount on artifacts
    left = temples_left(s, p) if temples is None else temples
    return max(0, min(left, base - 1))


def price(s: CycladesState, p: int, slot: int, temples: int | None = None) -> int:
    return int(RULES["creature_costs"][slot]) - discount(s, p, slot, temples)


def buy(s: CycladesState, p: int, slot: int) -> None:
    card = s.track[slot]
    off = discount(s, p, slot)
    cost = int(RULES["creature_costs"][slot]) - off
    s.gold[p] -= cost
    s.used_temples[p] += off
    s.track[slot] = ""
    s.bought[p].append(card)
    s.log.add(s.cycle, T.t("log.buys.temples" if off else "log.buys", who=T.seat(p),
                           card=T.card(card), cost=cost, off=off))
    if card in DATA.artifacts:
        s.pending.append({"type": "target", "player": p, "creature": card})
        return
    begin(s, p, card)


def begin(s: CycladesState, p: int, card: str) -> None:
    if card == "fates":
        s.log.add(s.cycle, T.t("log.fates"))
        economy.revenue(s, [p])
        s.discard.append(card)
        return
    if card == "sphinx":
        s.pending.append({"type": "sphinx", "player": p})
    elif card == "sylph":
        s.pending.append({"type": "sylph", "player": p, "left": int(RULES["sylph_moves"])})
    else:
        s.pending.append({"type": "target", "player": p, "creature": card})


def _others(s: CycladesState, p: int) -> list[int]:
    return [q for q in range(s.n) if q != p and q not in s.eliminated]


def _multi_legal(s: CycladesState, top: dict[str, Any], p: int) -> list[Action]:
    out = [STOP]
    if top["type"] == "kraken":
        if s.gold[p] >= 1:
            out += [Action("kraken", (x,)) for x in s.board.seas[int(top["at"])].next]
    elif top["type"] == "sphinx":
        out += [Action("sell", ("troop", t)) for t in s.territories_of(p) if s.troops[t]]
        out += [Action("sell", ("fleet", x)) for x, n in enumerate(s.fleets)
                if n and s.fleet_owner[x] == p]
        out += [Action("sell", (k,)) for k, have in (("priest", s.priests),
                                                     ("philosopher", s.philosophers)) if have[p]]
    else:  # sylph: one sea at a time
        for x, n in enumerate(s.fleets):
            if n and s.fleet_owner[x] == p:
                for y in s.board.seas[x].next:
                    q = s.fleet_owner[y] if s.fleets[y] else -1
                    if not moves.blocked_sea(s, y, p) and not s.allies(p, q):
                        out += [Action("sylph", (x, y, k)) for k in range(1, n + 1)]
    return out


def target_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    p, card = int(top["player"]), str(top.get("creature", ""))
    if top["type"] in MULTI:
        return _multi_legal(s, top, p)
    T = range(len(s.owner))
    out: list[Action] = []
    if card in DATA.artifacts:
        out = [Action("target", (t,)) for t in s.territories_of(p)]
    elif card in ("satyr", "dryad", "griffon"):
        have = {"satyr": s.philosophers, "dryad": s.priests, "griffon": s.gold}[card]
        out = [Action("target", (q,)) for q in _others(s, p)
               if have[q] > (1 if card == "griffon" else 0)]
    elif card == "sirens":
        out = [Action("target", (x,)) for x, n in enumerate(s.fleets)
               if n == 1 and s.enemy(p, s.fleet_owner[x])]
    elif card == "pegasus":
        for a in s.territories_of(p):
            if moves.medusa(s, a) or not s.troops[a] + s.titans[a]:
                continue
            for b in T:
                if b != a and moves.may_enter(s, p, b):
                    out += [Action("target", (a, b, n, k)) for k in range(s.titans[a] + 1)
                            for n in range(0 if k else 1, s.troops[a] + 1)]
    elif card == "giant":
        out = [Action("target", (t, k)) for t in T for k in sorted(set(s.buildings[t]))
               if k in BUILDINGS and not moves.chiron(s, t)]
    elif card == "cyclops":
        out = [Action("target", (t, k, new)) for t in s.territories_of(p)
               for k in sorted(set(s.buildings[t])) if k in BUILDINGS
               for new in BUILDINGS if new != k]
    elif card == "harpy":
        out = [Action("target", (t,)) for t in T if s.troops[t] and s.enemy(p, s.owner[t])
               and not moves.chiron(s, t)]
    elif card == "chimera":
        out = [Action("target", (c,)) for c in sorted(set(s.discard)) if c != "chimera"]
    elif card in ("minotaur", "medusa", "chiron", "polyphemus"):
        # [B] these four figures go on the island of the buyer's choice.
        out = [Action("target", (t,)) for t in T]
    elif card == "kraken":
        out = [Action("target", (x,)) for x in range(len(s.fleets))]
    return out or [NONE]


def apply_target(s: CycladesState, top: dict[str, Any], a: Action) -> None:
    s.pending.pop()
    p, card = int(top["player"]), str(top.get("creature", top["type"]))
    if top["type"] in MULTI:
        _apply_multi(s, top, p, a)
        return
    if a == NONE:
        s.log.add(s.cycle, T.t("log.nothing", card=T.card(card)))
        if card not in DATA.artifacts:
            s.discard.append(card)
        return
    x = list(a.args)
    if card in DATA.artifacts:
        titans.place_artifact(s, p, card, int(x[0]))
        return
    if card in FIGURES:
        _figure(s, p, card, int(x[0]))
        return
    if card != "chimera":
        s.discard.append(card)
    if card in ("satyr", "dryad", "griffon"):
        _steal(s, p, card, int(x[0]))
    elif card == "sirens":
        sea = int(x[0])
        q = s.fleet_owner[sea]
        s.fleet_owner[sea] = p
        if s.fleets_total(p) > RULES["max_fleets"]:  # none in reserve: one comes from the board
            other = max((y for y in range(len(s.fleets)) if y != sea and s.fleet_owner[y] == p),
                        key=lambda y: (s.fleets[y], -y))
            s.fleets[other] -= 1
            if not s.fleets[other]:
                s.fleet_owner[other] = -1
        s.log.add(s.cycle, T.t("log.sirens", whom=T.seat(q), sea=sea, who=T.seat(p)))
    elif card == "pegasus":
        battle.march(s, p, int(x[0]), int(x[1]), int(x[2]), int(x[3]), 0, how="flies")
    elif card == "giant":
        t, k = int(x[0]), str(x[1])
        s.buildings[t].remove(k)
        s.log.add(s.cycle, T.t("log.giant", what=T.building(k), at=T.place(s, t)))
    elif card == "cyclops":
        t, old, new = int(x[0]), str(x[1]), str(x[2])
        s.buildings[t][s.buildings[t].index(old)] = new
        s.log.add(s.cycle, T.t("log.cyclops", old=T.building(old), at=T.place(s, t),
                               new=T.building(new)))
        economy.check_metropolis(s, p)
    elif card == "harpy":
        t = int(x[0])
        s.troops[t] -= 1
        s.log.add(s.cycle, T.t("log.harpy", whom=T.seat(s.owner[t]), at=T.place(s, t)))
    elif card == "chimera":
        c = str(x[0])
        s.discard.remove(c)
        s.deck += [*s.discard, "chimera"]
        s.discard = []
        s.rng.shuffle(s.deck)
        s.log.add(s.cycle, T.t("log.chimera", card=T.card(c)))
        begin(s, p, c)


def _steal(s: CycladesState, p: int, card: str, q: int) -> None:
    if card == "griffon":
        half = s.gold[q] // 2
        s.gold[q] -= half
        s.gold[p] += half
        s.log.add(s.cycle, T.t("log.griffon", n=half, whom=T.seat(q)))
        return
    have = s.philosophers if card == "satyr" else s.priests
    have[q] -= 1
    have[p] += 1
    s.log.add(s.cycle, T.t(f"log.{card}", whom=T.seat(q)))
    if card == "satyr":
        economy.check_metropolis(s, p)


def _apply_multi(s: CycladesState, top: dict[str, Any], p: int, a: Action) -> None:
    kind = str(top["type"])
    if a == STOP:
        if kind != "kraken":
            s.discard.append(kind)
        return
    if kind == "kraken":
        sea = int(a.args[0])
        s.gold[p] -= 1
        for f in s.figures:
            if f[0] == "kraken":
                f[2] = sea
        s.log.add(s.cycle, T.t("log.kraken_moves", sea=sea))
        _wreck(s, sea)
        s.pending.append({"type": "kraken", "player": p, "at": sea})
    elif kind == "sphinx":
        what = str(a.args[0])
        if what == "troop":
            s.troops[int(a.args[1])] -= 1
        elif what == "fleet":
            sea = int(a.args[1])
            s.fleets[sea] -= 1
            if not s.fleets[sea]:
                s.fleet_owner[sea] = -1
        else:
            (s.priests if what == "priest" else s.philosophers)[p] -= 1
        s.gold[p] += int(RULES["sphinx_price"])
        s.log.add(s.cycle, T.t("log.sphinx", who=T.seat(p), what=T.unit(what),
                               n=int(RULES["sphinx_price"])))
        s.pending.append(top)
    else:
        left = int(top["left"]) - 1
        if left:
            s.pending.append({**top, "left": left})
        else:
            s.discard.append("sylph")
        src, dst, n = (int(v) for v in a.args)
        battle.sail(s, p, src, dst, n, 0)


def _wreck(s: CycladesState, sea: int) -> None:
    if s.fleets[sea]:
        s.log.add(s.cycle, T.t("log.kraken_sinks", n=s.fleets[sea],
                               whom=T.seat(s.fleet_owner[sea]), sea=sea))
        s.fleets[sea], s.fleet_owner[sea] = 0, -1


def _figure(s: CycladesState, p: int, card: str, place: int) -> None:
    if card == "kraken":
        s.figures = [f for f in s.figures if f[0] != "kraken"]
        s.figures.append(["kraken", "s", place, p])
        s.discard.append("kraken")  # its card goes round again; the figure stays
        s.log.add(s.cycle, T.t("log.kraken", who=T.seat(p), sea=place))
        _wreck(s, place)
        s.pending.append({"type": "kraken", "player": p, "at": place})
        return
    other = next((f for f in s.figures if f[1] == "t" and f[2] == place), None)
    if other:
        s.figures.remove(other)
        s.discard += [other[0], card]
        s.log.add(s.cycle, T.t("log.figures_meet", a=T.card(card), b=T.card(str(other[0])),
                               at=T.place(s, place)))
        return
    s.figures.append([card, "t", place, p])
    s.log.add(s.cycle, T.t("log.figure", who=T.seat(p), card=T.card(card),
                           at=T.place(s, place)))
    if card == "polyphemus":
        _push_fleets(s, p, place)


def _push_fleets(s: CycladesState, p: int, t: int) -> None:
    """Polyphemus pushes other players' fleets off the seas around his territory, each
    group to the first sea beside it that is outside the ring and free of others' fleets
    (sunk if there is none)."""
    ring = set(s.board.territories[t].seas)
    for sea in sorted(ring):
        q = s.fleet_owner[sea] if s.fleets[sea] else -1
        if q < 0 or q == p:
            continue
        n = s.fleets[sea]
        s.fleets[sea], s.fleet_owner[sea] = 0, -1
        to = next((y for y in s.board.seas[sea].next if y not in ring
                   and (not s.fleets[y] or s.fleet_owner[y] == q)), -1)
        if to < 0:
            s.log.add(s.cycle, T.t("log.polyphemus_sinks", n=n, whom=T.seat(q), sea=sea))
            continue
        s.fleets[to] += n
        s.fleet_owner[to] = q
        s.log.add(s.cycle, T.t("log.polyphemus_pushes", n=n, whom=T.seat(q), sea=sea,
                               to=to))
