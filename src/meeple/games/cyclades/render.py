"""The board as text, and a sentence for each action."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.core.text import Arg, Text
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import CycladesState


def render(s: CycladesState, player: int | None) -> str:
    lines = [f"Cycle {s.cycle} — {s.phase}"]
    for p in range(s.n):
        team = f" team {s.teams[p] + 1}" if s.opt("teams") else ""
        out = " (out)" if p in s.eliminated else ""
        lines.append(f"  {s.name(p)}{team}{out}: {s.gold[p]} gold, {s.priests[p]} priests, "
                     f"{s.philosophers[p]} philosophers, {s.metropolises(p)} Metropolises")
    lines.append("Gods: " + ", ".join(
        f"{g.capitalize()}" + (f" [{s.name(s.bids[g][0])}: {s.bids[g][1]}]" if g in s.bids else "")
        for g in s.gods) + " | Apollo " + " ".join(s.name(p) for p in s.apollo))
    lines.append("Creatures: " + " | ".join(
        f"{c.capitalize() or '—'} ({[4, 3, 2][i]})" for i, c in enumerate(s.track))
        + f"; deck {len(s.deck)}")
    for t in s.board.territories:
        o = s.owner[t.id]
        who = s.name(o) if o >= 0 else "free"
        units = f" {s.troops[t.id]} troops" if s.troops[t.id] else ""
        units += f" {s.titans[t.id]} Titans" if s.titans[t.id] else ""
        extra = ", ".join(s.buildings[t.id] + ([s.specials[t.id]] if s.specials[t.id] else []))
        pros = t.prosperity + s.markers[t.id]
        lines.append(f"  [{t.id:2}] {t.name:12} {who:4}{units}"
                     + (f" | {extra}" if extra else "") + (f" | ${pros}" if pros else ""))
    fleets = [f"{x + 1}:{s.name(s.fleet_owner[x])}x{n}" for x, n in enumerate(s.fleets) if n]
    lines.append("Fleets: " + " ".join(fleets))
    if s.figures:
        lines.append("Figures: " + ", ".join(f"{f[0]} on {'sea ' if f[1] == 's' else ''}"
                                             f"{f[2] + 1 if f[1] == 's' else f[2]} ({s.name(f[3])})"
                                             for f in s.figures))
    if s.artifacts:
        lines.append("Artifacts: " + ", ".join(f"{k} {s.name(o)} on {t}"
                                               for k, (o, t) in s.artifacts.items()))
    return "\n".join(lines)


def describe(s: CycladesState, player: int, a: Action) -> Text:
    x = a.args
    top = s.pending[-1] if s.pending else {}

    def where(v: object) -> Text:
        return T.place(s, int(str(v)))

    if x and x[0] == "none" and a.kind in ("build", "prosper"):
        return T.t("do.nothing_to_take")  # a free-placement bonus with no room left
    match a.kind:
        case "bid":
            if x[0] == "apollo":
                return T.t("do.apollo")
            return T.t("do.bid", n=int(str(x[1])), god=T.god(str(x[0])))
        case "end":
            return T.t("do.end")
        case "troop" | "hire":
            return T.t(f"do.{a.kind}", at=where(x[0]))
        case "fleet":
            return T.t("do.fleet", sea=int(str(x[0])))
        case "priest" | "philosopher":
            return T.t(f"do.{a.kind}")
        case "build":
            return T.t("do.build", at=where(x[0]))
        case "sail" | "sylph":
            return T.t(f"do.{a.kind}", n=int(str(x[2])), src=int(str(x[0])), dst=int(str(x[1])))
        case "march" | "titan":
            from meeple.games.cyclades.moves import land_routes
            from meeple.games.cyclades.turn import move_cost

            steps = land_routes(s, player, int(str(x[0]))).get(int(str(x[1])), (1, ()))[0]
            along: Arg = ""
            for n in reversed(x[4:]):
                along = T.t("do.with", x=T.card(str(n)), rest=along)
            return T.t("do.move", n=int(str(x[2])), k=int(str(x[3])), src=where(x[0]),
                       dst=where(x[1]), along=along, cost=move_cost(s, a.kind, steps))
        case "buy":
            card = s.track[int(str(x[0]))]
            from meeple.games.cyclades.creatures import price

            return T.t("do.buy", card=T.card(card), n=price(s, player, int(str(x[0]))))
        case "renew":
            return T.t("do.renew", card=T.card(s.track[int(str(x[0]))]))
        case "fight":
            return T.t("do.fight")
        case "lose":
            return T.t("do.lose", what=T.unit("titan" if x[0] == "titan" else "troop"))
        case "share":
            if x[1]:
                return T.t("do.share", n=int(str(x[1])), whom=T.seat(int(str(x[0]))))
            return T.t("do.keep")
        case "retreat":
            to = where(x[0]) if top.get("kind") == "land" else T.sea(int(str(x[0])))
            return T.t("do.retreat", to=to)
        case "metropolis" | "prosper":
            return T.t(f"do.{a.kind}", at=where(x[0]))
        case "special":
            return T.t("do.special", kind=T.special(str(x[0])))
        case "free":
            if x[0] == "none":
                return T.t("do.nothing_to_take")
            return T.t("do.free", what=T.unit("titan") if x[0] == "titan"
                       else T.building(str(x[0])), name=str(x[0]), at=where(x[1]))
        case "place":
            if x[0] == "none":
                return T.t("do.nowhere")
            return T.t("do.place", a=where(x[0]), b=where(x[1]))
        case "fleets":
            if x[0] == "none":
                return T.t("do.no_sea")
            return T.t("do.fleets", a=int(str(x[0])), b=int(str(x[1])))
        case "artifact":
            return T.t("do.artifact", card=T.card(str(x[0])), at=where(x[1]))
        case "kraken":
            return T.t("do.kraken", sea=int(str(x[0])))
        case "sell":
            what = T.unit(str(x[0]))
            if len(x) == 1:
                return T.t("do.sell", what=what)
            at = where(x[1]) if x[0] == "troop" else T.sea(int(str(x[1])))
            return T.t("do.sell.at", what=what, at=at)
        case "stop":
            return T.t("do.stop")
        case "target":
            return _target(s, top, x)
    return T.t("do.other", action=str(a))


def _target(s: CycladesState, top: dict[str, object], x: tuple[object, ...]) -> Text:
    name = str(top.get("creature", ""))
    card = T.card(name)
    if x[0] == "none":
        return T.t("do.target.none", card=card)
    if name in ("satyr", "dryad", "griffon"):
        return T.t("do.target.player", card=card, p=int(str(x[0])), whom=T.seat(int(str(x[0]))))
    if name in ("sirens", "kraken"):
        return T.t("do.target.sea", card=card, sea=int(str(x[0])))
    if name == "pegasus":
        return T.t("do.target.pegasus", n=int(str(x[2])), k=int(str(x[3])),
                   src=T.place(s, int(str(x[0]))), dst=T.place(s, int(str(x[1]))))
    if name in ("giant", "cyclops"):
        at = T.place(s, int(str(x[0])))
        if len(x) > 2:
            return T.t("do.target.turn", card=card, what=T.building(str(x[1])), at=at,
                       new=T.building(str(x[2])))
        return T.t("do.target.building", card=card, what=T.building(str(x[1])), at=at)
    if name == "chimera":
        return T.t("do.target.chimera", card=T.card(str(x[0])))
    return T.t("do.target.place", card=card, at=T.place(s, int(str(x[0]))))
