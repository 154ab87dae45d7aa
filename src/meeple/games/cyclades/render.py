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
    match a.kind:
        case "bid":
            return "go to Apollo" if x[0] == "apollo" else f"offer {x[1]} to {str(x[0]).capitalize()}"
        case "end":
            return "end your turn"
        case "troop":
            return f"recruit a troop on {T(int(x[0]))}"
        case "fleet":
            return f"recruit a fleet in sea {x[0]}"
        case "priest" | "philosopher":
            return f"gain a {a.kind}"
        case "build":
            return f"build on {T(int(x[0]))}"
        case "sail":
            return f"sail {x[2]} fleet(s) from sea {x[0]} to sea {x[1]}"
        case "march" | "titan":
            return f"move {x[2]} troop(s) and {x[3]} Titan(s) from {T(int(x[0]))} to {T(int(x[1]))}"
        case "buy":
            return f"buy {s.track[int(x[0])].capitalize()}"
        case "fight":
            return "fight another round"
        case "retreat":
            return f"retreat to {T(int(x[0])) if s.pending and s.pending[-1].get('kind') == 'land' else f'sea {x[0]}'}"
    return str(a)
