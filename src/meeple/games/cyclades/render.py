"""The board as text, and a sentence for each action."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.cyclades.state import CycladesState


def render(s: CycladesState, player: int | None) -> str:
    lines = [f"Cycle {s.cycle} — {s.phase}"]
    for p in range(s.n):
        team = f" team {s.teams[p] + 1}" if s.opt("teams") else ""
        out = " (out)" if p in s.eliminated else ""
        lines.append(f"  P{p}{team}{out}: {s.gold[p]} gold, {s.priests[p]} priests, "
                     f"{s.philosophers[p]} philosophers, {s.metropolises(p)} Metropolises")
    lines.append("Gods: " + ", ".join(
        f"{g.capitalize()}" + (f" [P{s.bids[g][0]}: {s.bids[g][1]}]" if g in s.bids else "")
        for g in s.gods) + " | Apollo " + " ".join(f"P{p}" for p in s.apollo))
    lines.append("Creatures: " + " | ".join(
        f"{c.capitalize() or '—'} ({[4, 3, 2][i]})" for i, c in enumerate(s.track))
        + f"; deck {len(s.deck)}")
    for t in s.board.territories:
        o = s.owner[t.id]
        who = f"P{o}" if o >= 0 else "free"
        units = f" {s.troops[t.id]} troops" if s.troops[t.id] else ""
        units += f" {s.titans[t.id]} Titans" if s.titans[t.id] else ""
        extra = ", ".join(s.buildings[t.id] + ([s.specials[t.id]] if s.specials[t.id] else []))
        pros = t.prosperity + s.markers[t.id]
        lines.append(f"  [{t.id:2}] {t.name:12} {who:4}{units}"
                     + (f" | {extra}" if extra else "") + (f" | ${pros}" if pros else ""))
    fleets = [f"{x}:P{s.fleet_owner[x]}x{n}" for x, n in enumerate(s.fleets) if n]
    lines.append("Fleets: " + " ".join(fleets))
    if s.figures:
        lines.append("Figures: " + ", ".join(f"{f[0]} on {'sea ' if f[1] == 's' else ''}"
                                             f"{f[2]} (P{f[3]})" for f in s.figures))
    if s.artifacts:
        lines.append("Artifacts: " + ", ".join(f"{k} P{o} on {t}"
                                               for k, (o, t) in s.artifacts.items()))
    return "\n".join(lines)


def describe(s: CycladesState, player: int, a: Action) -> str:
    x = a.args
    T = s.tname
    top = s.pending[-1] if s.pending else {}

    def where(v: object) -> str:
        return T(int(str(v)))

    match a.kind:
        case "bid":
            if x[0] == "apollo":
                return "go to Apollo (free)"
            return f"offer {x[1]} gold to {str(x[0]).capitalize()}"
        case "end":
            return "end your turn"
        case "troop" | "hire":
            what = "a troop" if a.kind == "troop" else "a Titan (2 gold)"
            return f"recruit {what} on {where(x[0])}"
        case "fleet":
            return f"recruit a fleet in sea {x[0]}"
        case "priest" | "philosopher":
            return f"gain a {a.kind}"
        case "build":
            return f"build on {where(x[0])} (2 gold)"
        case "sail":
            return f"sail {x[2]} fleet(s) from sea {x[0]} to sea {x[1]} (1 gold)"
        case "sylph":
            return f"move {x[2]} fleet(s) from sea {x[0]} to sea {x[1]} (Sylph)"
        case "march" | "titan":
            from meeple.games.cyclades.moves import land_routes
            from meeple.games.cyclades.turn import move_cost

            steps = land_routes(s, player, int(x[0])).get(int(x[1]), (1, ()))[0]
            along = "".join(f", with the {str(n).capitalize()}" for n in x[4:])
            return (f"move {x[2]} troop(s) and {x[3]} Titan(s) from {where(x[0])} to "
                    f"{where(x[1])}{along} ({move_cost(s, a.kind, steps)} gold)")
        case "buy":
            card = s.track[int(x[0])]
            from meeple.games.cyclades.creatures import price

            return f"buy {card.capitalize()} for {price(s, player, int(x[0]))} gold"
        case "renew":
            return f"send {s.track[int(x[0])].capitalize()} away for a new creature (1 gold)"
        case "fight":
            return "fight another round"
        case "lose":
            return f"lose a {'Titan' if x[0] == 'titan' else 'troop'}"
        case "share":
            return f"give {x[1]} gold to P{x[0]}" if x[1] else "keep the gold"
        case "retreat":
            return f"retreat to {where(x[0]) if top.get('kind') == 'land' else f'sea {x[0]}'}"
        case "metropolis" | "prosper":
            what = "raise the Metropolis" if a.kind == "metropolis" else "put a prosperity marker"
            return f"{what} on {where(x[0])}"
        case "special":
            return f"take the {str(x[0]).capitalize()} Metropolis"
        case "free":
            if x[0] == "none":
                return "nothing to take"
            return f"a free {x[0]} on {where(x[1])} (Kronos)"
        case "place":
            if x[0] == "none":
                return "nowhere to start"
            return f"start on {where(x[0])} (with any extra troop or Titan) and {where(x[1])}"
        case "fleets":
            return "no sea left" if x[0] == "none" else \
                f"fleets in seas {x[0]} (with any extra fleet) and {x[1]}"
        case "artifact":
            return f"send the {str(x[0]).capitalize()} to {where(x[1])} (1 gold)"
        case "kraken":
            return f"move the Kraken to sea {x[0]} (1 gold)"
        case "sell":
            if len(x) == 1:
                return f"sell a {x[0]} for 2 gold"
            at = where(x[1]) if x[0] == "troop" else f"sea {x[1]}"
            return f"sell a {x[0]} for 2 gold ({at})"
        case "stop":
            return "stop"
        case "target":
            return _target(s, top, x)
    return str(a)


def _target(s: CycladesState, top: dict[str, object], x: tuple[object, ...]) -> str:
    card = str(top.get("creature", ""))
    if x[0] == "none":
        return f"{card.capitalize()}: nothing to act on"
    if card in ("satyr", "dryad", "griffon"):
        return f"{card.capitalize()}: take from P{x[0]}"
    if card in ("sirens", "kraken"):
        return f"{card.capitalize()}: sea {x[0]}"
    if card == "pegasus":
        return (f"Pegasus: {x[2]} troop(s), {x[3]} Titan(s) from {s.tname(int(str(x[0])))} "
                f"to {s.tname(int(str(x[1])))}")
    if card in ("giant", "cyclops"):
        new = f" into a {x[2]}" if len(x) > 2 else ""
        return f"{card.capitalize()}: the {x[1]} on {s.tname(int(str(x[0])))}{new}"
    if card == "chimera":
        return f"Chimera: use {str(x[0]).capitalize()}"
    return f"{card.capitalize()}: {s.tname(int(str(x[0])))}"
