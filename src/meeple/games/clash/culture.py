"""Cultural influence, action cards' civil halves, and the powers advances and wonders
give as actions or free actions."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.games.clash.economy import draw, has_wonder, largest, payment, spend
from meeple.games.clash.recruits import ship_spawn
from meeple.games.clash.state import DATA, RULES, ClashState
from meeple.games.clash.texts import building, name, pile, res, t, unit, who

City = dict[str, Any]


def protected(s: ClashState, p: int, c: City) -> str:
    """Why a rival city's buildings are out of ``p``'s reach ("" if they are not)."""
    q = c["owner"]
    if q == p or q < 0:
        return ""
    if c["mood"] == 2 and s.has(q, "Separation of Power"):
        return "Separation of Power"
    if s.army_at(c["hex"], q) and s.has(q, "Totalitarianism"):
        return "Totalitarianism"
    if c["wonders"] and s.has(q, "Monuments"):
        return "Monuments"
    return ""


def reach(s: ClashState, p: int, src: City) -> int:
    """A happy city reaches as one size larger, an angry one as size 1."""
    mood = int(src["mood"])
    size = 1 if mood == 0 else s.size(src) + (1 if mood == 2 else 0)
    return size + (1 if s.has(p, "Sculpture") else 0)


def influence_options(s: ClashState, p: int, free: bool) -> list[Action]:
    """One attempt per target building, from the nearest of ``p``'s cities; hexes beyond
    a city's reach cost a culture token each."""
    sources = s.cities_of(p)
    out = []
    for tgt in s.cities:
        # a city with no building to take is passed before asking whether it is protected
        kinds = [k for k, o in tgt["bld"].items() if o != p and k != "obelisk"]
        if not kinds or not sources or protected(s, p, tgt):
            continue
        src = _nearest(s, p, sources, tgt["hex"])
        if influence_cost(s, p, src, tgt, free) is None:
            continue
        if free:
            out += [Action.of("influence", src["hex"], tgt["hex"], k, "arts")
                    for k in sorted(kinds)]
        else:
            out += [Action.of("influence", src["hex"], tgt["hex"], k) for k in sorted(kinds)]
    return out


def _nearest(s: ClashState, p: int, sources: list[City], h: int) -> City:
    """The first of ``sources`` with the fewest hexes beyond its reach to ``h``, then the
    lowest hex: ``min`` with that key, by comparisons (compiled, ``min`` with a key is a
    generic call, and its key a Python-level call per city)."""
    best = sources[0]
    best_far = -1
    best_hex = 0
    for c in sources:
        here: int = c["hex"]
        far = max(0, s.board.dist(here, h) - reach(s, p, c))
        if best_far < 0 or far < best_far or (far == best_far and here < best_hex):
            best, best_far, best_hex = c, far, here
    return best


def influence_cost(s: ClashState, p: int, src: City, tgt: City,
                   free: bool) -> dict[str, int] | None:
    extra = max(0, s.board.dist(src["hex"], tgt["hex"]) - reach(s, p, src)) + int(free)
    return payment(s, p, {"culture": extra} if extra else {})


def do_influence(s: ClashState, p: int, src: City, tgt: City, kind: str, free: bool) -> None:
    paid = influence_cost(s, p, src, tgt, free)
    assert paid is not None
    spend(s, p, paid)
    need = int(RULES["influence_success"]) - (1 if s.has(p, "Conversion") else 0)
    q = tgt["owner"]
    if q >= 0 and q != p and "temple" in tgt["bld"] and s.has(q, "Devotion"):
        need = 6
    roll = s.roll()
    ok = roll >= need
    if not s.log.quiet:
        s.log.add(s.round, t("influence.arts" if free else "influence", who=who(p),
                             src=s.hname(src["hex"]), building=building(kind),
                             hex=s.hname(tgt["hex"]), paid=pile(paid), roll=roll, need=need,
                             result=t("influence.ok" if ok else "influence.failed")))
    if ok:
        tgt["bld"] = {**tgt["bld"], kind: p}  # a new dict: quiet copies share it


# ---- action cards ------------------------------------------------------------------------
def play_card(s: ClashState, p: int, card: str) -> None:
    s.own_cards()
    s.action_hand[p].remove(card)
    s.discard.append(card)
    civil = DATA.action_cards[card]["civil"]
    term = name("action", card)
    if not s.log.quiet:
        s.log.add(s.round, t("card.played", who=who(p), card=term))
    if gain := civil.get("gain"):
        s.gain(p, dict(gain), term)
    if civil.get("action"):
        s.actions_left += int(civil["action"])
        s.log.add(s.round, t("card.action", who=who(p), card=term))
    if civil.get("free_advance"):
        s.used.append("free_advance")
    if kind := civil.get("unit"):
        c = largest(s, p)
        room = c is not None and (kind != "infantry"
                                  or s.army_at(c["hex"], p) < int(RULES["stack_limit"]))
        if c is not None and room and s.count_units(p, kind) < int(RULES["units"][kind]["limit"]):
            s.own_units()  # (shared only by a search's quiet copies)
            s.units.append([p, kind, c["hex"], 0])
            s.log.add(s.round, t("card.unit", who=who(p), unit=unit(kind), hex=s.hname(c["hex"])))
    if civil.get("calm"):
        for c in s.cities_of(p):
            if c["mood"] == 0:
                c["mood"] = 1
                s.log.add(s.round, t("calms", hex=s.hname(c["hex"]), why=term))
    if civil.get("cheer"):
        unhappy = [c for c in s.cities_of(p) if c["mood"] < 2]
        if unhappy:
            c = min(unhappy, key=lambda c: (c["mood"], -s.size(c), c["hex"]))
            c["mood"] += 1
            s.log.add(s.round, t("grows", hex=s.hname(c["hex"]),
                                 mood=name("mood_is", ["angry", "neutral", "happy"][c["mood"]]),
                                 why=term))
    if civil.get("objective"):
        draw(s, p, "objective", term)


# ---- powers of advances and wonders ----------------------------------------------------------
def power_options(s: ClashState, p: int) -> list[Action]:
    """Once-per-turn powers: free actions, and the two that cost an action (Taxes, the
    Great Lighthouse) when an action is left."""
    used = s.used
    out: list[Action] = []
    if "card" not in used:
        out += [Action.of("card", c) for c in sorted(set(s.action_hand[p]))]
    if s.has(p, "Bartering") and "Bartering" not in used:
        out += [Action.of("barter", c) for c in sorted(set(s.action_hand[p]))]
    if s.has(p, "Theaters") and "Theaters" not in used:
        out += [Action.of("theaters", x) for x, r in (("to_mood", "culture"),
                                                      ("to_culture", "mood")) if s.res[p][r]]
    if s.has(p, "Absolute Power") and "Absolute Power" not in used and s.res[p]["mood"] >= 2:
        out.append(Action("absolute"))
    if s.has(p, "Forced Labor") and "Forced Labor" not in used \
            and payment(s, p, dict(RULES["forced_labor_cost"])) is not None:
        out.append(Action("forced"))
    if has_wonder(s, p, "Great Statue") and "Great Statue" not in used:
        out += [Action.of("statue", c) for c in sorted(set(s.objective_hand[p]))]
    if s.actions_left > 0:
        if s.has(p, "Taxes") and "Taxes" not in used and s.res[p]["mood"] >= 1:
            kinds = ["food", "wood", "ore"] + (["gold"] if s.has(p, "Currency") else [])
            out += [Action.of("taxes", k) for k in kinds]
        if lighthouse_spot(s, p) is not None and "Great Lighthouse" not in used:
            out.append(Action("lighthouse"))
    return out


def lighthouse_spot(s: ClashState, p: int) -> int | None:
    for c in s.cities_of(p):
        if "Great Lighthouse" in c["wonders"] and \
                s.count_units(p, "ship") < int(RULES["units"]["ship"]["limit"]):
            return ship_spawn(s, p, c)
    return None


def use_power(s: ClashState, p: int, a: Action) -> bool:
    """Apply a power; True if it used up one of the turn's actions."""
    k = a.kind
    if k == "card":
        s.used.append("card")
        play_card(s, p, str(a.args[0]))
        return False
    if k == "barter":
        s.used.append("Bartering")
        s.own_cards()
        s.action_hand[p].remove(str(a.args[0]))
        s.discard.append(str(a.args[0]))
        s.gain(p, {"gold": 1}, t("why.bartering"))
        return False
    if k == "theaters":
        s.used.append("Theaters")
        give, get = ("culture", "mood") if a.args[0] == "to_mood" else ("mood", "culture")
        s.res[p][give] -= 1
        s.gain(p, {get: 1}, t("why.theaters", token=res(give)))
        return False
    if k == "absolute":
        s.used.append("Absolute Power")
        s.res[p]["mood"] -= 2
        s.actions_left += 1
        s.log.add(s.round, t("absolute", who=who(p)))
        return False
    if k == "forced":
        s.used.append("Forced Labor")
        paid = payment(s, p, dict(RULES["forced_labor_cost"]))
        assert paid is not None
        spend(s, p, paid)
        s.log.add(s.round, t("forced", who=who(p), paid=pile(paid)))
        return False
    if k == "statue":
        s.used.append("Great Statue")
        s.own_cards()
        s.objective_hand[p].remove(str(a.args[0]))
        s.actions_left += 1
        s.log.add(s.round, t("statue", who=who(p)))
        return False
    if k == "taxes":
        s.used.append("Taxes")
        s.res[p]["mood"] -= 1
        s.gain(p, {str(a.args[0]): len(s.cities_of(p))}, t("why.taxes"))
        return True
    if k == "lighthouse":
        s.used.append("Great Lighthouse")
        h = lighthouse_spot(s, p)
        assert h is not None
        s.own_units()  # (shared only by a search's quiet copies)
        s.units.append([p, "ship", h, 0])
        s.log.add(s.round, t("lighthouse", who=who(p), hex=s.hname(h)))
        return True
    raise ValueError(f"not a power: {a}")


POWERS: tuple[str, ...] = ("card", "barter", "theaters", "absolute", "forced", "statue", "taxes",
                          "lighthouse")
