"""Activating a city (its mood as it acts, building, wonders), founding cities and raising
their mood: the legal choices and their effects. Collecting is in ``collect``, recruiting in
``recruits``, and the listing of a city's actions in ``flow``."""

from __future__ import annotations

from sys import intern
from typing import Any, Final

from meeple.core.text import Text
from meeple.games.clash.economy import angrier, draw, payment, spend
from meeple.games.clash.state import DATA, RULES, ClashState
from meeple.games.clash.tables import Advances, kept
from meeple.games.clash.texts import adv, building, name, pile, t, who

City = dict[str, Any]
UNITS: dict[str, dict[str, Any]] = RULES["units"]
BUILDINGS: dict[str, dict[str, Any]] = RULES["buildings"]


def mood_of(s: ClashState, c: City) -> int:
    """The mood a city acts with (Forced Labor, paid this turn: angry cities act as
    neutral)."""
    if c["mood"] == 0 and "Forced Labor" in s.used and s.phase == "play" \
            and s.player() == c["owner"]:
        return 1
    mood: int = c["mood"]  # (an int: compiled, int() of it was a generic call)
    return mood


def activation_size(s: ClashState, c: City) -> int:
    mood = mood_of(s, c)
    return 1 if mood == 0 else s.size(c) + (1 if mood == 2 else 0)


def activate(s: ClashState, c: City) -> None:
    """A city activated a second time in a turn grows angrier (after it acted)."""
    c["acts"] += 1
    if c["acts"] > 1:
        angrier(s, c, t("why.again"))


def parse_pile(text: str) -> dict[str, int]:
    # a new dict each time, from a table of the piles read so far (every collect and
    # recruit applied reads one: thousands a second in a search, issue 19)
    pairs: tuple[tuple[str, int], ...] = kept(_PILES, text, _pile)
    return dict(pairs)


def _pile(text: str) -> tuple[tuple[str, int], ...]:
    # the names interned (data.interned): they become keys of resources and unit kinds
    return tuple((intern(r), int(n)) for r, n in (x.split(":") for x in text.split("+") if x))


_PILES: dict[str, tuple[tuple[str, int], ...]] = {}


# ---- build ----------------------------------------------------------------------------
def can_build_here(s: ClashState, p: int, c: City) -> bool:
    return mood_of(s, c) > 0 and len(c["bld"]) < len(s.cities_of(p))


def building_cost(s: ClashState, p: int, kind: str) -> dict[str, int]:
    cost = dict(RULES["building_cost"])
    if kind == "temple" and s.has(p, "State Religion") and "State Religion" not in s.used:
        cost.pop("food")
    return cost


def build_options(s: ClashState, p: int, c: City) -> list[str]:
    if not can_build_here(s, p, c):
        return []
    out = []
    standard: bool | None = None  # whether p can pay the usual cost, asked once
    for kind in _buildable(s.advances(p), bool(s.options.get("extra_buildings"))):
        if kind in c["bld"]:
            continue
        if kind == "port" and not any(s.known(h) and s.is_water(h) for h in s.board.adj[c["hex"]]):
            continue
        cost = building_cost(s, p, kind)
        if cost == _BUILDING_COST:
            if standard is None:
                standard = payment(s, p, cost) is not None
            if standard:
                out.append(kind)
        elif payment(s, p, cost) is not None:
            out.append(kind)
    return out


_BUILDING_COST: dict[str, int] = dict(RULES["building_cost"])


def _buildable(adv: Advances, extra: bool) -> tuple[str, ...]:
    """The buildings whose advance is among ``adv`` (the extra ones only with the option;
    kept with the set, tables.Advances)."""
    if extra:
        got = adv.buildable_extra
        if got is None:
            got = adv.buildable_extra = _make_buildable(adv.have, True)
        return got
    got = adv.buildable
    if got is None:
        got = adv.buildable = _make_buildable(adv.have, False)
    return got


def _make_buildable(adv: frozenset[str], extra: bool) -> tuple[str, ...]:
    return tuple(kind for kind, info in BUILDINGS.items()
                 if info["advance"] in adv and (extra or not info.get("extra")))


def do_build(s: ClashState, p: int, c: City, kind: str) -> None:
    cost = building_cost(s, p, kind)
    if "food" not in cost:
        s.used.append("State Religion")
        s.log.add(s.round, t("state_religion", who=who(p)))
    paid = payment(s, p, cost)
    assert paid is not None
    spend(s, p, paid)
    c["bld"] = {**c["bld"], kind: p}  # a new dict: quiet copies share it (state._copy_city)
    quiet = s.log.quiet
    if not quiet:
        s.log.add(s.round, t("builds", who=who(p), building=building(kind),
                             hex=s.hname(c["hex"]), paid=pile(paid)))
    if gain := BUILDINGS[kind]["gain"]:
        s.gain(p, dict(gain), "" if quiet else t("why.new_building", building=building(kind)))
    if kind == "temple" and s.has(p, "Dogma"):
        s.gain(p, {"ideas": 1}, adv("Dogma"))
    activate(s, c)


def wonder_options(s: ClashState, p: int, c: City) -> list[str]:
    if not s.has(p, "Engineering") or mood_of(s, c) == 0:
        return []
    out = []
    for w in s.wonder_hand[p]:
        info = DATA.wonders[w]
        if not s.has(p, info["requires"]) or (info.get("port") and "port" not in c["bld"]):
            continue
        if payment(s, p, dict(info["cost"])) is not None:
            out.append(w)
    return out


def do_wonder(s: ClashState, p: int, c: City, name: str) -> None:
    paid = payment(s, p, dict(DATA.wonders[name]["cost"]))
    assert paid is not None
    spend(s, p, paid)
    s.own_cards()
    s.wonder_hand[p].remove(name)
    c["wonders"] = [*c["wonders"], name]  # a new list: quiet copies share it
    if not s.log.quiet:
        s.log.add(s.round, t("builds.wonder", who=who(p), wonder=wonder_name(name),
                             hex=s.hname(c["hex"]), paid=pile(paid)))
    if name == "Great Statue":
        draw(s, p, "objective", wonder_name("Great Statue"))
    if name == "Great Mausoleum":
        for _ in range(2):
            draw(s, p, "action", wonder_name("Great Mausoleum"))
    activate(s, c)


# ---- found a city, raze, happiness -------------------------------------------------------
def found_options(s: ClashState, p: int) -> list[int]:
    out: set[int] = set()
    for u in s.units:
        # (typed, and the terrains as a set made once: compiled, each unit's fields were
        # compared through Python's generic comparison, issue 19)
        o: int = u[0]
        kind: str = u[1]
        h: int = u[2]
        if o != p or kind != "settler" or s.terrain[h] in _NO_CITY_ON or h in out:
            continue
        if s.city_at(h) or any(s.city_at(x) for x in s.board.adj[h]) or s.enemy_at(h, p):
            continue
        out.add(h)
    return sorted(out)


_NO_CITY_ON: Final = frozenset(str(x) for x in RULES["no_city_on"])


def do_found(s: ClashState, p: int, h: int) -> None:
    s.own_units()  # (shared only by a search's quiet copies)
    settler = next(u for u in s.units if u[0] == p and u[1] == "settler" and u[2] == h)
    s.units.remove(settler)
    s.cities.append({"hex": h, "owner": p, "mood": 1, "acts": 0, "bld": {}, "wonders": []})
    if not s.log.quiet:
        s.log.add(s.round, t("founds", who=who(p), hex=s.hname(h)))


def happy_cost(s: ClashState, p: int, c: City) -> dict[str, int] | None:
    """What one step of happiness costs (mood tokens equal to the city's size; Rituals:
    any resource in place of a token, the most plentiful first)."""
    need = s.size(c)
    direct = payment(s, p, {"mood": need})
    if direct is not None or not s.has(p, "Rituals"):
        return direct
    pile: dict[str, int] = {}
    have = dict(s.res[p])
    for r in ["mood", *sorted(("food", "wood", "ore", "ideas", "gold", "culture"),
                              key=lambda x: (-have[x], x))]:
        take = min(have[r], need)
        if take:
            pile[r] = take
            need -= take
        if not need:
            return pile
    return None


def happy_options(s: ClashState, p: int) -> list[int]:
    return [c["hex"] for c in s.cities_of(p)
            if c["mood"] < 2 and happy_cost(s, p, c) is not None]


def do_happy(s: ClashState, p: int, c: City) -> None:
    paid = happy_cost(s, p, c)
    assert paid is not None
    spend(s, p, paid)
    c["mood"] += 1
    if not s.log.quiet:
        s.log.add(s.round, t("happier", who=who(p), hex=s.hname(c["hex"]),
                             mood=name("mood_is", ["angry", "neutral", "happy"][c["mood"]]),
                             paid=pile(paid)))


def wonder_name(w: str) -> Text:
    return name("wonder", w)
