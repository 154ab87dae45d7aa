"""The creature track: prices (temples lower them), buying, and what each creature
and artifact does (data/creatures.yaml; docs/rules/cyclades.md)."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.cyclades import battle, economy, moves, titans
from meeple.games.cyclades.state import BUILDINGS, DATA, CycladesState

RULES = DATA.rules
NONE = Action("target", ("none",))
STOP = Action("stop")


def price(s: CycladesState, p: int, slot: int) -> int:
    base = int(RULES["creature_costs"][slot])
    if s.track[slot] in DATA.artifacts:
        return base  # temples give no discount on artifacts
    discount = s.count_building(p, "temple")
    religious = int(RULES["special_metropolises"]["religious"]["creature_discount"])
    discount += sum(religious - 1 for t, k in enumerate(s.specials)
                    if k == "religious" and s.owner[t] == p)
    return max(1, base - discount)


def buy(s: CycladesState, p: int, slot: int) -> None:
    card = s.track[slot]
    cost = price(s, p, slot)
    s.gold[p] -= cost
    s.track[slot] = ""
    s.log.add(s.cycle, f"{s.name(p)} buys {card.capitalize()} ({cost} gold).")
    if card in DATA.artifacts:
        s.pending.append({"type": "target", "player": p, "creature": card})
        return
    begin(s, p, card)


def begin(s: CycladesState, p: int, card: str) -> None:
    if card == "fates":
        s.log.add(s.cycle, "The Fates: revenue once more.")
        economy.revenue(s, [p])
        s.discard.append(card)
        return
    s.pending.append({"type": "target", "player": p, "creature": card})


def _others(s: CycladesState, p: int) -> list[int]:
    return [q for q in range(s.n) if q != p and q not in s.eliminated]


def target_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    p, card = int(top["player"]), str(top.get("creature", ""))
    T = range(len(s.owner))
    if top["type"] == "kraken":
        sea = int(top["at"])
        out = [STOP]
        if s.gold[p] >= 1:
            out += [Action("kraken", (x,)) for x in s.board.seas[sea].next
                    if not moves.blocked_sea(s, x)]
        return out
    if top["type"] == "sphinx":
        return [STOP] + [Action("sell", (t, k)) for t in s.territories_of(p)
                         for k in sorted(set(s.buildings[t])) if k in BUILDINGS]
    out: list[Action] = []
    if card in DATA.artifacts or card in ("minotaur", "chiron", "cyclops"):
        if card != "cyclops" or s.troops_total(p) < RULES["max_troops"]:
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
    elif card == "harpy":
        out = [Action("target", (t,)) for t in T if s.troops[t] and s.enemy(p, s.owner[t])
               and not moves.chiron(s, t)]
    elif card == "sphinx":
        out = [Action("target", ("sell",))]
    elif card == "chimera":
        out = [Action("target", (c,)) for c in sorted(set(s.discard))
               if c not in ("chimera",) and not DATA.creatures[c].get("figure")]
    elif card == "sylph":
        free = [x for x, n in enumerate(s.fleets) if not n and not moves.blocked_sea(s, x)]
        out = [Action("target", (a, b)) for a, n in enumerate(s.fleets)
               if n and s.fleet_owner[a] == p for b in free]
    elif card == "medusa":
        out = [Action("target", (t,)) for t in T]
    elif card in ("polyphemus", "kraken"):
        out = [Action("target", (x,)) for x in range(len(s.fleets))
               if card == "polyphemus" or not moves.blocked_sea(s, x)]
    return out or [NONE]


def apply_target(s: CycladesState, top: dict[str, Any], a: Action) -> None:
    s.pending.pop()
    p, card = int(top["player"]), str(top.get("creature", ""))
    if top["type"] == "kraken":
        if a.kind == "kraken":
            s.gold[p] -= 1
            for f in s.figures:
                if f[0] == "kraken" and f[3] == p:
                    f[2] = int(a.args[0])
            s.log.add(s.cycle, f"The Kraken moves to sea {a.args[0]} (1 gold).")
            _wreck(s, int(a.args[0]))
            s.pending.append({"type": "kraken", "player": p, "at": int(a.args[0])})
        return
    if top["type"] == "sphinx":
        if a.kind == "sell":
            t, k = int(a.args[0]), str(a.args[1])
            s.buildings[t].remove(k)
            s.gold[p] += 2
            s.log.add(s.cycle, f"{s.name(p)} sells a {k} on {s.tname(t)} for 2 gold (Sphinx).")
            s.pending.append(top)
        else:
            s.discard.append("sphinx")
        return
    if a == NONE:
        s.log.add(s.cycle, f"{card.capitalize()} finds nothing to act on.")
        if card not in DATA.artifacts:
            s.discard.append(card)
        return
    x = [int(v) if isinstance(v, int) else v for v in a.args]
    if card in DATA.artifacts:
        titans.place_artifact(s, p, card, int(x[0]))
        return
    if DATA.creatures[card].get("figure"):
        _figure(s, p, card, x[0])
        return
    s.discard.append(card)
    if card in ("satyr", "dryad", "griffon"):
        q = int(x[0])
        if card == "griffon":
            half = s.gold[q] // 2
            s.gold[q] -= half
            s.gold[p] += half
            s.log.add(s.cycle, f"The Griffon takes {half} gold from {s.name(q)}.")
        else:
            have = s.philosophers if card == "satyr" else s.priests
            have[q] -= 1
            have[p] += 1
            what = "philosopher" if card == "satyr" else "priest"
            s.log.add(s.cycle, f"The {card.capitalize()} takes a {what} from {s.name(q)}.")
            if card == "satyr":
                economy.check_metropolis(s, p)
    elif card == "sirens":
        sea = int(x[0])
        q = s.fleet_owner[sea]
        s.fleet_owner[sea] = p
        s.log.add(s.cycle, f"The Sirens turn {s.name(q)}'s fleet in sea {sea} into "
                  f"{s.name(p)}'s.")
    elif card == "pegasus":
        battle.march(s, p, int(x[0]), int(x[1]), int(x[2]), int(x[3]), 0, how="flies (Pegasus)")
    elif card == "giant":
        t, k = int(x[0]), str(x[1])
        s.buildings[t].remove(k)
        s.log.add(s.cycle, f"The Giant destroys a {k} on {s.tname(t)}.")
    elif card == "harpy":
        t = int(x[0])
        s.troops[t] -= 1
        s.log.add(s.cycle, f"The Harpy kills a troop of {s.name(s.owner[t])} on {s.tname(t)}.")
    elif card == "sphinx":
        s.discard.remove("sphinx")
        s.pending.append({"type": "sphinx", "player": p})
    elif card == "chimera":
        c = str(x[0])
        s.discard.remove(c)
        s.log.add(s.cycle, f"The Chimera calls {c.capitalize()} back from the discard pile.")
        begin(s, p, c)
    elif card == "sylph":
        src, dst = int(x[0]), int(x[1])
        s.fleets[dst], s.fleet_owner[dst] = s.fleets[src], p
        s.fleets[src], s.fleet_owner[src] = 0, -1
        s.log.add(s.cycle, f"The Sylph carries {s.name(p)}'s fleets from sea {src} to sea {dst}.")
    elif card == "cyclops":
        s.troops[int(x[0])] += 1
        s.log.add(s.cycle, f"The Cyclops: a free troop on {s.tname(int(x[0]))}.")


def _wreck(s: CycladesState, sea: int) -> None:
    if s.fleets[sea]:
        s.log.add(s.cycle, f"The Kraken sinks {s.fleets[sea]} fleet(s) of "
                  f"{s.name(s.fleet_owner[sea])} in sea {sea}.")
        s.fleets[sea], s.fleet_owner[sea] = 0, -1


def _figure(s: CycladesState, p: int, card: str, place: Any) -> None:
    where = "s" if card in ("polyphemus", "kraken") else "t"
    place = int(place)
    other = next((f for f in s.figures if f[1] == where and f[2] == place), None)
    label = f"sea {place}" if where == "s" else s.tname(place)
    if other:
        s.figures.remove(other)
        s.discard += [other[0], card]
        s.log.add(s.cycle, f"{card.capitalize()} and {other[0].capitalize()} meet on {label} "
                  "and destroy each other.")
        return
    s.figures.append([card, where, place, p])
    s.log.add(s.cycle, f"{s.name(p)} puts {card.capitalize()} on {label}.")
    if card == "kraken":
        _wreck(s, place)
        s.pending.append({"type": "kraken", "player": p, "at": place})
