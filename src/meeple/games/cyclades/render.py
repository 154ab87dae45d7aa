"""The board as text, and a sentence for each action."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.core.text import DEFAULT_LANG, Arg, Text
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import CycladesState


def render(s: CycladesState, player: int | None, lang: str = DEFAULT_LANG) -> str:
    """The board as text in the reader's language (the catalog's ``terminal.*`` entries and
    the names of the table)."""
    def say(key: str, **args: Arg) -> str:
        return Text.of(f"{T.CATALOG}.terminal.{key}", args).render(lang)

    def who(p: int) -> str:
        return T.seat(p).render(lang)

    def name(text: Text) -> str:
        return text.render(lang)

    lines = [say("title", n=s.cycle, phase=T.t(f"phase.{s.phase}"))]
    for p in range(s.n):
        lines.append(say("player", who=who(p),
                         team=say("team", n=s.teams[p] + 1) if s.opt("teams") else "",
                         out=say("out") if p in s.eliminated else "", gold=s.gold[p],
                         priests=s.priests[p], philosophers=s.philosophers[p],
                         metropolises=s.metropolises(p)))
    gods = ", ".join(say("bid", god=T.god(g), who=who(s.bids[g][0]), n=s.bids[g][1])
                     if g in s.bids else say("god", god=T.god(g)) for g in s.gods)
    lines.append(say("gods", gods=gods,
                     apollo=", ".join(who(p) for p in s.apollo) or say("nobody")))
    track = " | ".join(say("creature", card=T.card(c) if c else say("nobody"),
                           price=[4, 3, 2][i]) for i, c in enumerate(s.track))
    lines.append(say("creatures", track=track, deck=len(s.deck)))
    for t in s.board.territories:
        o = s.owner[t.id]
        units = ", ".join(([say("troops", n=s.troops[t.id])] if s.troops[t.id] else [])
                          + ([say("titans", n=s.titans[t.id])] if s.titans[t.id] else []))
        extra = ", ".join([name(T.building(b)) for b in s.buildings[t.id]]
                          + ([name(T.special(s.specials[t.id]))] if s.specials[t.id] else []))
        pros = t.prosperity + s.markers[t.id]
        lines.append(say("territory", id=t.id, name=T.place(s, t.id),
                         who=who(o) if o >= 0 else say("free"), units=f" {units}" if units else "",
                         extra=say("buildings", what=extra) if extra else "",
                         prosperity=say("prosperity", n=pros) if pros else "").rstrip())
    fleets = [say("fleet", sea=T.sea(x), who=who(s.fleet_owner[x]), n=n)
              for x, n in enumerate(s.fleets) if n]
    lines.append(say("fleets", fleets="; ".join(fleets) or say("nobody")))
    if s.figures:
        lines.append(say("figures", figures="; ".join(
            say("figure", card=T.card(str(f[0])),
                at=T.sea(int(f[2])) if f[1] == "s" else T.place(s, int(f[2])), who=who(f[3]))
            for f in s.figures)))
    if s.artifacts:
        lines.append(say("artifacts", artifacts="; ".join(
            say("artifact", card=T.card(k), who=who(o), at=T.place(s, at))
            for k, (o, at) in s.artifacts.items())))
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
