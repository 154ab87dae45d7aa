"""The board as text, a sentence for each action, and card texts."""

from __future__ import annotations

from babel.numbers import format_decimal

from meeple.core.actions import Action
from meeple.core.text import DEFAULT_LANG, Arg, Message, Text
from meeple.games.clash.economy import government_of
from meeple.games.clash.state import DATA, MOODS, ClashState
from meeple.games.clash.texts import adv, area, building, name, pile, res, t, tally, unit, units


def card_text(card: str) -> Text:
    """Both halves of an action card, in the reader's language."""
    return t("card.text", civil=civil_text(card), tactic=tactic_text(card))


def civil_text(card: str) -> Arg:
    """An action card's civil half: what playing it as an action gives."""
    civil = DATA.action_cards[card]["civil"]
    parts: list[Arg] = []
    if g := civil.get("gain"):
        parts.append(t("civil.gain", what=pile(dict(g))))
    for key in ("action", "free_advance", "calm", "cheer", "objective"):
        if civil.get(key):
            parts.append(t(f"civil.{key}"))
    if u := civil.get("unit"):
        parts.append(t("civil.unit", unit=unit(str(u))))
    return chain(parts, "semi")


def tactic_text(card: str) -> Text:
    """An action card's tactics half: its name, when it serves, and what it adds."""
    tac = DATA.action_cards[card]["tactic"]
    bits: list[Arg] = [t(f"bit.{k}", n=int(tac[k])) for k in ("dice", "value", "cancel")
                       if tac.get(k)]
    when = {"attack": ".attack", "defend": ".defend"}.get(tac.get("when", ""), "")
    return t(f"tactic.text{when}", tactic=name("tactic", str(tac["name"])),
             bits=chain(bits, "comma"))


def objective_text(card: str) -> Text:
    """Both halves of an objective card, in the reader's language."""
    return t("objective.text", peaceful=objective_half(card, "peaceful"),
             military=objective_half(card, "military"))


def objective_half(card: str, half: str) -> Arg:
    """What one half of an objective card asks ("peaceful" or "military")."""
    need: dict[str, int] = DATA.objective_cards[card][half]
    return chain([t("cond", what=name("measure", k), n=int(n)) for k, n in need.items()],
                 "comma")


def chain(items: list[Arg], sep: str) -> Arg:
    """Items joined by "; " (sep "semi") or ", " (sep "comma") in every language."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t(sep, a=item, b=out)
    return out


def render(s: ClashState, player: int | None, lang: str = DEFAULT_LANG) -> str:
    """The board as text in the reader's language (the catalog's ``board.*`` entries and
    the names of the game's terms and places)."""
    def say(key: str, **args: Arg) -> str:
        return t(f"board.{key}", **args).render(lang)

    def names(kind: str, keys: list[str]) -> str:
        return ", ".join(name(kind, k).render(lang) for k in keys) or say("none")

    sep = say("sep")
    phase = t("board.phase.play") if s.phase == "play" else name("phase", s.phase)
    lines = [say("title", round=s.round, turn=s.turn, phase=phase,
                 order=sep.join(s.who(p).render(lang) for p in s.order))]
    for p in range(s.n):
        gov = government_of(s, p)
        lines.append(say(
            "player", who=s.who(p), vp=format_decimal(s.vp(p), locale=lang),
            res=sep.join(say("res", res=res(k), n=v) for k, v in s.res[p].items()),
            advances=len(s.adv[p]), gov=say("gov", gov=name("government", gov)) if gov else "",
            objectives=len(s.claimed[p])))
        if player == p:
            lines.append(say("hand", cards=names("action", sorted(s.action_hand[p])),
                             objectives=names("objective", sorted(s.objective_hand[p]))))
        if s.wonder_hand[p]:
            lines.append(say("wonders", cards=names("wonder", list(s.wonder_hand[p]))))
    # The map hex by hex as the log names places ("the forest east of Knossos"), each
    # explored region's hexes together; the face-down regions in one line.
    hidden = []
    for region in range(s.board.regions):
        if not s.revealed[region]:
            hidden.append(area(region).render(lang))
            continue
        for h in range(4 * region, 4 * region + 4):
            facts = _hex_facts(s, h, lang)
            lines.append(say("hex.facts", hex=s.hname(h), facts=facts) if facts
                         else say("hex", hex=s.hname(h)))
    if hidden:
        lines.append(say("unexplored", areas=", ".join(hidden)))
    return "\n".join(lines)


def _hex_facts(s: ClashState, h: int, lang: str) -> str:
    """What stands on a hex: a city (and its terrain, which its name does not say), units
    by owner."""
    parts = []
    c = s.city_at(h)
    if c is not None:
        extra = "".join(", " + name(kind, k).render(lang) for kind, keys in
                        (("building", c["bld"]), ("wonder", c["wonders"])) for k in keys)
        parts.append(t("board.city", terrain=name("terrain", s.terrain[h]),
                       who=s.who(c["owner"]), size=s.size(c),
                       mood=name("mood", MOODS[c["mood"]]), extra=extra).render(lang))
    owners: dict[int, dict[str, int]] = {}
    for u in s.units_at(h):
        kinds = owners.setdefault(u[0], {})
        kinds[u[1]] = kinds.get(u[1], 0) + 1
    for q, kinds in owners.items():
        parts.append(t("board.units", who=s.who(q), units=", ".join(
            t("board.unit", n=n, kind=unit(k), count=units(k, n)).render(lang)
            for k, n in kinds.items())).render(lang))
    return "; ".join(parts)


def describe(s: ClashState, player: int, a: Action) -> Message:
    x = a.args
    H = s.hname

    def at(v: object) -> Text:
        return H(int(str(v)))

    match a.kind:
        case "collect":
            return t("do.collect", what=tally(str(x[1]), "res"), hex=at(x[0]))
        case "build":
            return t("do.build", building=building(str(x[1])), hex=at(x[0]))
        case "wonder":
            return t("do.wonder", wonder=name("wonder", str(x[1])), hex=at(x[0]))
        case "recruit":
            return t("do.recruit.tokens" if len(x) > 2 else "do.recruit",
                     units=tally(str(x[1]), "unit"), hex=at(x[0]))
        case "advance":
            return t("do.advance", adv=adv(str(x[0])), text=name("adv", f"{x[0]}.text"))
        case "found":
            return t("do.found", hex=at(x[0]))
        case "move":
            return t("do.move", units=units(str(x[2]), int(str(x[3]))), hex=at(x[0]),
                     to=at(x[1]))
        case "happy":
            return t("do.happy", hex=at(x[0]))
        case "influence":
            return t("do.influence.arts" if len(x) > 3 else "do.influence", src=at(x[0]),
                     building=building(str(x[2])), hex=at(x[1]))
        case "card":
            return t("do.card", card=name("action", str(x[0])), text=card_text(str(x[0])))
        case "tactic":
            return t("do.tactic", card=name("action", str(x[0])), text=tactic_text(str(x[0])))
        case "barter":
            return t("do.barter", card=name("action", str(x[0])))
        case "theaters":
            return t("do.theaters.to_mood" if x[0] == "to_mood" else "do.theaters.to_culture")
        case "statue":
            return t("do.statue", card=name("objective", str(x[0])))
        case "taxes":
            return t("do.taxes", res=res(str(x[0])))
        case "raze":
            return t("do.raze", hex=at(x[0]))
        case "keep":
            if s.pending and s.pending[0]["kind"] == "orient":
                return t("do.keep.orient")
            return t("do.keep")
        case "absolute" | "forced" | "lighthouse" | "stop" | "end" | "none" | "rotate" \
                | "continue" | "retreat":
            return t(f"do.{a.kind}")
    return str(a)
