"""The board as text, a sentence for each action, and card texts."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.clash.economy import government_of
from meeple.games.clash.state import DATA, MOODS, ClashState

SHORT = {"fertile": "F", "forest": "W", "mountain": "M", "barren": "B", "water": "~", "": "?"}


def card_text(card: str) -> str:
    info = DATA.action_cards[card]
    civil = info["civil"]
    parts = []
    if g := civil.get("gain"):
        parts.append("gain " + ", ".join(f"{n} {r}" for r, n in g.items()))
    for key, words in (("action", "one more action this turn"),
                       ("free_advance", "your next advance this turn is free"),
                       ("calm", "your angry cities become neutral"),
                       ("cheer", "your least happy city grows happier"),
                       ("objective", "draw an objective card")):
        if civil.get(key):
            parts.append(words)
    if u := civil.get("unit"):
        parts.append(f"a free {u} in your largest city")
    t = info["tactic"]
    bits = [f"+{t[k]} {w}" for k, w in (("dice", "die"), ("value", "combat value"),
                                         ("cancel", "hit cancelled")) if t.get(k)]
    when = {"attack": " (attacking)", "defend": " (defending)"}.get(t.get("when", ""), "")
    return (f"Civil: {'; '.join(parts)}. Tactics — {t['name']}{when}: "
            f"{', '.join(bits)} in the combat round it is played for.")


def objective_text(card: str) -> str:
    info = DATA.objective_cards[card]

    def cond(d: dict[str, int]) -> str:
        return ", ".join(f"{k.replace('_', ' ')} ≥ {n}" for k, n in d.items())

    return f"Peaceful: {cond(info['peaceful'])}. Military: {cond(info['military'])}."


def render(s: ClashState, player: int | None) -> str:
    lines = [f"Round {s.round}, turn {s.turn} — {s.phase}; order "
             + " ".join(s.name(p) for p in s.order)]
    for p in range(s.n):
        r = s.res[p]
        gov = government_of(s, p)
        lines.append(f"  {s.name(p)}: {s.vp(p):g} VP | " + " ".join(
            f"{k} {v}" for k, v in r.items()) + f" | {len(s.adv[p])} advances"
            + (f", {gov}" if gov else "") + f" | objectives {len(s.claimed[p])}")
        if player == p:
            lines.append(f"     cards: {', '.join(sorted(s.action_hand[p])) or '-'} | "
                         f"objectives: {', '.join(sorted(s.objective_hand[p])) or '-'}")
        if s.wonder_hand[p]:
            lines.append(f"     wonder cards: {', '.join(s.wonder_hand[p])}")
    b = s.board
    for row in range(b.height * 2):
        cells = []
        for h, (_q, hr) in enumerate(b.coords):
            if hr != row:
                continue
            t = SHORT[s.terrain[h] if s.known(h) else ""]
            c = s.city_at(h)
            mark = ""
            if c is not None:
                who = "B" if c["owner"] < 0 else str(c["owner"])
                mark = f"C{who}{s.size(c)}{MOODS[c['mood']][0]}"
            units = s.units_at(h)
            if units:
                mark += "/" + ",".join(f"{'B' if u[0] < 0 else u[0]}{u[1][0]}" for u in units)
            cells.append(f"{b.name(h):>5} {t}{(' ' + mark) if mark else ''}")
        lines.append("  " + " | ".join(cells))
    return "\n".join(lines)


def describe(s: ClashState, player: int, a: Action) -> str:
    x = a.args
    H = s.hname

    def at(v: object) -> str:
        return H(int(str(v)))

    match a.kind:
        case "collect":
            return f"collect {str(x[1]).replace(':', ' ').replace('+', ', ')} at {at(x[0])}"
        case "build":
            return f"build a {x[1]} at {at(x[0])}"
        case "wonder":
            return f"build the wonder {x[1]} at {at(x[0])}"
        case "recruit":
            units = str(x[1]).replace(":", " ").replace("+", ", ")
            return f"recruit {units} at {at(x[0])}" + (" (Draft/Sanitation: mood tokens)"
                                                        if len(x) > 2 else "")
        case "advance":
            return f"learn {x[0]}: {DATA.advances[str(x[0])]['text']}"
        case "found":
            return f"found a city at {at(x[0])}"
        case "move":
            return f"move {x[3]} {x[2]}{'s' if int(str(x[3])) > 1 else ''} from {at(x[0])} " \
                   f"to {at(x[1])}"
        case "happy":
            return f"make the city at {at(x[0])} happier"
        case "influence":
            return (f"cultural influence from {at(x[0])} on the {x[2]} at {at(x[1])}"
                    + (" (Arts: no action, 1 culture token)" if len(x) > 3 else ""))
        case "card":
            return f"play {x[0]}: {card_text(str(x[0]))}"
        case "tactic":
            return f"play the tactics of {x[0]}: {card_text(str(x[0])).split('Tactics — ')[1]}"
        case "barter":
            return f"discard {x[0]} for 1 gold (Bartering)"
        case "theaters":
            return "exchange 1 culture token for 1 mood token" if x[0] == "to_mood" \
                else "exchange 1 mood token for 1 culture token"
        case "absolute":
            return "pay 2 mood tokens for one more action (Absolute Power)"
        case "forced":
            return "pay 1 mood token: angry cities act as neutral this turn (Forced Labor)"
        case "statue":
            return f"discard the objective {x[0]} for one more action (Great Statue)"
        case "taxes":
            return f"collect taxes in {x[0]} (1 mood token)"
        case "lighthouse":
            return "launch a free ship (Great Lighthouse)"
        case "raze":
            return f"raze the city at {at(x[0])} for 1 gold"
        case "stop":
            return "stop"
        case "end":
            return "end the turn"
        case "none":
            return "no tactics"
        case "keep":
            if s.pending and s.pending[0]["kind"] == "orient":
                return "lay the new region as dealt"
            return "keep your cities"
        case "rotate":
            return "turn the new region half round"
        case "continue":
            return "fight another round"
        case "retreat":
            return "retreat"
    return str(a)
