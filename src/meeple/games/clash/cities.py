"""Activating a city (collect, build, recruit, wonders), founding cities and raising
their mood: the legal choices and their effects."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any

from meeple.core.actions import Action
from meeple.core.text import Text
from meeple.games.clash.data import matching
from meeple.games.clash.economy import (
    angrier,
    draw,
    has_wonder,
    payment,
    spend,
)
from meeple.games.clash.state import DATA, RESOURCES, RULES, ClashState, kept
from meeple.games.clash.texts import adv, building, comma, name, pile, t, tally, who

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


# ---- collect -------------------------------------------------------------------------
def hex_yields(s: ClashState, p: int, c: City, h: int, without: str = "") -> tuple[str, ...]:
    """What a hex may give the city (``without``: as if that advance or wonder were not
    there, to tell which one a collection needed)."""
    t = s.terrain[h]
    if t == "fertile" and "Great Gardens" in c["wonders"] and without != "Great Gardens":
        return _ALL_YIELDS
    have = s.adv[p] if p >= 0 else ()
    return tuple(r for r, adv in _YIELDS.get(t, ()) if adv in have and adv != without)


# each terrain's (resource, advance needed) pairs, read once from the rules
_YIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    str(t): tuple((str(r), str(a)) for r, a in ys.items())
    for t, ys in RULES["terrain"].items()}
_ALL_YIELDS = ("food", "wood", "ore", "ideas", "gold")  # a fertile hex by Great Gardens


def _terrain_yields(adv: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """What each terrain gives a player with advances ``adv`` (hex_yields, nothing left
    out, no Great Gardens). Read only: the dict is shared by every caller (state.kept)."""
    return kept(_YIELDS_BY_ADVANCES, adv, _make_terrain_yields)


def _make_terrain_yields(adv: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    return {t: tuple(r for r, a in ys if a in adv) for t, ys in _YIELDS.items()}


_YIELDS_BY_ADVANCES: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}


def collect_slots(s: ClashState, p: int, c: City, husbandry: bool = True,
                  without: str = "") -> list[tuple[str, ...]]:
    """What each usable source may give: nearby land hexes one each, all sea hexes
    together one (Fishing), and with Husbandry one land hex two away."""
    home = c["hex"]
    near = [home, *s.board.adj[home]]
    slots: list[tuple[str, ...]] = []
    sea: set[str] = set()
    # each terrain's yield for p's advances, from a table by advances (hex_yields' answer
    # when nothing is left out; the listing asks it for every hex near every city)
    yields = None if without else _terrain_yields(tuple(s.adv[p]) if p >= 0 else ())
    gardens = "Great Gardens" in c["wonders"]
    revealed, terrains = s.revealed, s.terrain  # known and water read from the fields
    for h in near:
        if not revealed[h // 4] or s.enemy_at(h, p) or _foreign_city(s, p, h):
            continue
        terrain = terrains[h]
        if yields is None:
            got = hex_yields(s, p, c, h, without)
        else:
            got = _ALL_YIELDS if gardens and terrain == "fertile" else yields.get(terrain, ())
        if terrain == "water":
            sea.update(got)
        elif got:
            slots.append(got)
    if sea:
        slots.append(tuple(sorted(sea)))
    if husbandry and s.has(p, "Husbandry") and "Husbandry" not in s.used:
        far: set[str] = set()
        for h in s.board.ring(home, 2):
            terrain = terrains[h]
            if (revealed[h // 4] and terrain != "water"
                    and not s.enemy_at(h, p) and not _foreign_city(s, p, h)):
                if yields is None:
                    far.update(hex_yields(s, p, c, h, without))
                else:
                    far.update(_ALL_YIELDS if gardens and terrain == "fertile"
                               else yields.get(terrain, ()))
        if far:
            slots.append((*sorted(far), "husbandry"))
    return slots


def _foreign_city(s: ClashState, p: int, h: int) -> bool:
    other = s.city_at(h)
    return other is not None and other["owner"] != p


def collect_mixes(s: ClashState, p: int, c: City, husbandry: bool = True,
                  without: str = "") -> list[str]:
    """Every distinct pile the city can collect, written "food:2+ore:1"; a market or an
    observatory lets one resource be gold or ideas instead."""
    return list(_collect_piles(s, p, c, husbandry, without))


def _collect_piles(s: ClashState, p: int, c: City, husbandry: bool = True,
                   without: str = "") -> tuple[str, ...]:
    k = activation_size(s, c)
    slots = collect_slots(s, p, c, husbandry, without)
    plain = tuple(tuple(x for x in sl if x != "husbandry") for sl in slots)
    swaps = tuple(r for b, r in (("market", "gold"), ("observatory", "ideas"))
                  if b in c["bld"] and b != without)
    return _mixes(plain, k, swaps)


def _mixes(plain: tuple[tuple[str, ...], ...], k: int, swaps: tuple[str, ...]) -> tuple[str, ...]:
    # The piles depend only on the slots, the size and the swaps, which repeat from turn
    # to turn: listing them afresh was a fifth of Clash's random play (issue 19). Kept
    # without a bound, as functools.cache kept them (state.kept).
    return kept(_MIXES, (plain, k, swaps), _make_mixes, 1 << 62)


_MIXES: dict[tuple[tuple[tuple[str, ...], ...], int, tuple[str, ...]], tuple[str, ...]] = {}


def _make_mixes(args: tuple[tuple[tuple[str, ...], ...], int, tuple[str, ...]]
                ) -> tuple[str, ...]:
    plain, k, swaps = args
    seen: set[tuple[tuple[str, int], ...]] = set()
    results: set[tuple[int, ...]] = set()
    for pick in _choices(list(plain), k):
        tally = [0] * len(RESOURCES)
        for r in pick:
            tally[RESOURCES.index(r)] += 1
        results.add(tuple(tally))
    for counts in list(results):
        for r in swaps:
            for i, x in enumerate(counts):
                if x and RESOURCES[i] != r:
                    alt = list(counts)
                    alt[i] -= 1
                    alt[RESOURCES.index(r)] += 1
                    results.add(tuple(alt))
    out = []
    for counts in sorted(results):
        key = tuple((r, n) for r, n in zip(RESOURCES, counts, strict=True) if n)
        if key and key not in seen:
            seen.add(key)
            out.append("+".join(f"{r}:{n}" for r, n in key))
    return tuple(out)


def _choices(slots: list[tuple[str, ...]], k: int) -> list[tuple[str, ...]]:
    """Each sorted choice of one resource from each of ``min(k, len(slots))`` slots."""
    take = min(k, len(slots))
    picks: set[tuple[str, ...]] = set()
    for combo in combinations(range(len(slots)), take):
        for choice in product(*(slots[i] for i in combo)):
            picks.add(tuple(sorted(choice)))
    return sorted(picks) if take else []


def feasible(s: ClashState, p: int, c: City, pile: dict[str, int], husbandry: bool = True,
             without: str = "") -> bool:
    """Whether the city can collect exactly ``pile`` (a matching of the pile's units to
    distinct slots; a market's gold or an observatory's idea may come from any slot)."""
    slots = collect_slots(s, p, c, husbandry, without)
    units = [r for r, n in pile.items() for _ in range(n)]
    if len(units) != min(activation_size(s, c), len(slots)):
        return False
    for b, r in (("market", "gold"), ("observatory", "ideas")):
        if b in c["bld"] and b != without and r in units:
            units[units.index(r)] = "*"
    return matching(len(units), len(slots),
                    lambda i, j: units[i] == "*" or units[i] in slots[j]) == len(units)


# The terrain each advance or wonder changes the yield of (hex_yields' ``without``)
_HELPS: dict[str, str] = {"Irrigation": "barren", "Fishing": "water", "Great Gardens": "fertile"}
_SWAPS: dict[str, str] = {"market": "gold", "observatory": "ideas"}


def _may_matter(s: ClashState, p: int, c: City, pile: dict[str, int], x: str) -> bool:
    """False when ``feasible(..., without=x)`` asks exactly what ``feasible(...)`` asks:
    a market or an observatory with no gold or idea in the pile, or an advance or wonder
    with none of its terrain among the hexes the city collects from."""
    if x in _SWAPS:
        return _SWAPS[x] in pile
    home = c["hex"]
    near: tuple[int, ...] = (home, *s.board.adj[home])
    if s.has(p, "Husbandry") and "Husbandry" not in s.used:
        near += s.board.ring(home, 2)
    terrain = _HELPS[x]
    return any(s.terrain[h] == terrain for h in near)


def parse_pile(text: str) -> dict[str, int]:
    # a new dict each time, from a table of the piles read so far (every collect and
    # recruit applied reads one: thousands a second in a search, issue 19)
    pairs: tuple[tuple[str, int], ...] = kept(_PILES, text, _pile)
    return dict(pairs)


def _pile(text: str) -> tuple[tuple[str, int], ...]:
    return tuple((r, int(n)) for r, n in (x.split(":") for x in text.split("+") if x))


_PILES: dict[str, tuple[tuple[str, int], ...]] = {}


def do_collect(s: ClashState, p: int, c: City, mix: str) -> None:
    pile = parse_pile(mix)
    if s.has(p, "Husbandry") and "Husbandry" not in s.used and \
            not feasible(s, p, c, pile, husbandry=False):
        s.used.append("Husbandry")
        s.log.add(s.round, t("husbandry", who=who(p)))
    s.gain(p, pile, "" if s.log.quiet else _collect_why(s, p, c, pile))
    if "academy" in c["bld"] and s.has(p, "Public Education") and "Public Education" not in s.used:
        s.used.append("Public Education")
        s.gain(p, {"ideas": 1}, adv("Public Education"))
    if c["mood"] == 2 and s.has(p, "Free Economy") and "Free Economy" not in s.used:
        s.used.append("Free Economy")
        s.gain(p, {"gold": 1}, adv("Free Economy"))
    activate(s, c)


def _collect_why(s: ClashState, p: int, c: City, pile: dict[str, int]) -> Text:
    """The log's reason for a collection: what made the pile possible beyond Farming and
    Mining (asked only when the log keeps lines: a search's copy needs no reason, and
    telling it takes a matching per helper, issue 19)."""
    helpers = [x for x in ("Irrigation", "Fishing") if s.has(p, x)]
    helpers += [b for b in ("market", "observatory") if b in c["bld"]]
    helpers += [w for w in ("Great Gardens",) if w in c["wonders"]]
    needed = []
    plain: bool | None = None  # feasible(pile) as things stand, asked once if needed
    for x in helpers:
        if _may_matter(s, p, c, pile, x):
            ok = feasible(s, p, c, pile, without=x)
        else:  # without x the slots and the pile read the same: the same answer
            if plain is None:
                plain = feasible(s, p, c, pile)
            ok = plain
        if not ok:
            needed.append(x)
    if needed:
        return t("why.collected.by", hex=s.hname(c["hex"]), by=comma([_helper(x) for x in needed]))
    return _collected(s.hname(c["hex"]))


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
    for kind in _buildable(tuple(s.adv[p]), bool(s.options.get("extra_buildings"))):
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


def _buildable(adv: tuple[str, ...], extra: bool) -> tuple[str, ...]:
    """The buildings whose advance is among ``adv`` (the extra ones only with the option;
    state.kept)."""
    return kept(_BUILDABLE, (adv, extra), _make_buildable)


def _make_buildable(key: tuple[tuple[str, ...], bool]) -> tuple[str, ...]:
    adv, extra = key
    return tuple(kind for kind, info in BUILDINGS.items()
                 if info["advance"] in adv and (extra or not info.get("extra")))


_BUILDABLE: dict[tuple[tuple[str, ...], bool], tuple[str, ...]] = {}


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


# ---- recruit --------------------------------------------------------------------------
def recruit_options(s: ClashState, p: int, c: City) -> list[tuple[str, str]]:
    """(units, "tokens" or "") pairs: units like "infantry:2+settler:1"; "tokens": Draft
    and Sanitation pay one infantry and one settler with mood tokens."""
    return list(_recruits(s, p, c))


def _recruits(s: ClashState, p: int, c: City) -> tuple[tuple[str, str], ...]:
    room = activation_size(s, c)
    kinds, caps = recruit_caps(s, p, c, room)
    mixes = recruit_mixes(caps, room)
    if not mixes:
        return ()
    # The list depends on nothing but what this key holds (RecruitCheck's questions):
    # the search lists the same city's recruits thousands of times a second (issue 19);
    # tests/test_clash_speed.py compares the remembered lists with fresh ones.
    draft, sanitation = s.has(p, "Draft"), s.has(p, "Sanitation")
    key = (kinds, caps, room, s.army_at(c["hex"], p),
           ship_spawn(s, p, c) is None if "ship" in kinds else False,
           draft, sanitation, draft and s.has(p, "Civil Liberties"),
           s.has(p, "Medicine") and "Medicine" not in s.used,
           (draft or sanitation) and has_wonder(s, p, "Colosseum"), _RES(s.res[p]))
    out = _RECRUITS.get(key)
    if out is None:
        out = _recruit_list(s, p, c, kinds, mixes)
        if len(_RECRUITS) >= 20000:
            _RECRUITS.clear()
        _RECRUITS[key] = out
    return out


_RES = itemgetter(*RESOURCES)
# recruit_options' lists by everything they depend on
_RECRUITS: dict[tuple[Any, ...], tuple[tuple[str, str], ...]] = {}


def _recruit_list(s: ClashState, p: int, c: City, kinds: tuple[str, ...],
                  mixes: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    ask = RecruitCheck(s, p, c, kinds)
    for counts in mixes:
        for tokens in ("", "tokens"):
            text = ask(counts, tokens)
            if text is not None:
                out.append((text, tokens))
    return tuple(out)


def recruit_caps(s: ClashState, p: int, c: City, room: int,
                 have: dict[str, int] | None = None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The kinds the city may recruit (ships with a port) and how many of each at most
    (below 0: more of that kind than its limit are out, and nothing may be recruited);
    ``have``: p's units by kind, if the caller counted them."""
    kinds = tuple(k for k in UNITS if k != "ship" or "port" in c["bld"])
    if have is None:
        have = dict.fromkeys(UNITS, 0)
        for u in s.units:
            if u[0] == p:
                have[u[1]] += 1
    return kinds, tuple(min(room, int(UNITS[k]["limit"]) - have[k]) for k in kinds)


def recruit_mixes(caps: tuple[int, ...], room: int) -> tuple[tuple[int, ...], ...]:
    """Every count vector within the caps of 1..room units, in the order of ``product``
    (kept without a bound, state.kept)."""
    return kept(_RECRUIT_MIXES, (caps, room), _make_recruit_mixes, 1 << 62)


def _make_recruit_mixes(key: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], ...]:
    caps, room = key
    return tuple(counts for counts in product(*(range(0, cap + 1) for cap in caps))
                 if 0 < sum(counts) <= room)


_RECRUIT_MIXES: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


class RecruitCheck:
    """Whether the city may recruit a mix (with mood tokens paying, or not): its text, or
    None. The stack here and a ship's spawn hex are asked once, when first needed."""

    __slots__ = ("army_here", "c", "kinds", "no_spawn", "p", "s")

    def __init__(self, s: ClashState, p: int, c: City, kinds: tuple[str, ...]) -> None:
        self.s, self.p, self.c, self.kinds = s, p, c, kinds
        self.army_here: int | None = None
        self.no_spawn: bool | None = None

    def __call__(self, counts: tuple[int, ...], tokens: str) -> str | None:
        s, p = self.s, self.p
        units = dict(zip(self.kinds, counts, strict=True))
        if self.army_here is None:
            self.army_here = s.army_at(self.c["hex"], p)
        if units.get("infantry", 0) + self.army_here > int(RULES["stack_limit"]):
            return None
        if units.get("ship", 0):
            if self.no_spawn is None:
                self.no_spawn = ship_spawn(s, p, self.c) is None
            if self.no_spawn:
                return None
        if tokens and not _token_discount(s, p, units):
            return None
        if recruit_payment(s, p, units, bool(tokens)) is None:
            return None
        return "+".join(f"{k}:{n}" for k, n in units.items() if n)


def _token_discount(s: ClashState, p: int, units: dict[str, int]) -> dict[str, int]:
    pay: dict[str, int] = {}
    if units.get("infantry") and s.has(p, "Draft"):
        pay["infantry"] = 2 if s.has(p, "Civil Liberties") else 1
    if units.get("settler") and s.has(p, "Sanitation"):
        pay["settler"] = 1
    return pay


def recruit_cost(s: ClashState, p: int, units: dict[str, int], tokens: bool) -> dict[str, int]:
    cost: dict[str, int] = {}
    free = _token_discount(s, p, units) if tokens else {}
    for kind, n in units.items():
        for r, k in UNITS[kind]["cost"].items():
            cost[r] = cost.get(r, 0) + k * (n - (1 if kind in free else 0))
    if free:
        cost["mood"] = sum(free.values())
    if s.has(p, "Medicine") and "Medicine" not in s.used:
        # the resource the player is shortest of
        short = [r for r in ("food", "wood", "ore") if cost.get(r)]
        if short:
            r = max(short, key=lambda r: cost[r] - s.res[p][r])
            cost[r] -= 1
    return {r: k for r, k in cost.items() if k}


def recruit_payment(s: ClashState, p: int, units: dict[str, int],
                    tokens: bool) -> dict[str, int] | None:
    return payment(s, p, recruit_cost(s, p, units, tokens))


def ship_spawn(s: ClashState, p: int, c: City) -> int | None:
    for h in s.board.adj[c["hex"]]:
        if s.known(h) and s.is_water(h) and not s.enemy_at(h, p):
            return h
    return None


def do_recruit(s: ClashState, p: int, c: City, text: str, tokens: str) -> None:
    units = parse_pile(text)
    paid = recruit_payment(s, p, units, bool(tokens))
    assert paid is not None
    if s.has(p, "Medicine") and "Medicine" not in s.used:
        s.used.append("Medicine")
        s.log.add(s.round, t("medicine", who=who(p)))
    spend(s, p, paid)
    for kind, n in units.items():
        where = ship_spawn(s, p, c) if kind == "ship" else c["hex"]
        assert where is not None
        s.units += [[p, kind, where, 0] for _ in range(n)]
    if not s.log.quiet:
        s.log.add(s.round, t("recruits.tokens" if tokens else "recruits", who=who(p),
                             units=tally(text, "unit"), hex=s.hname(c["hex"]), paid=pile(paid)))
    if units.get("infantry") and s.has(p, "Nationalism") and "Nationalism" not in s.used:
        s.used.append("Nationalism")
        s.gain(p, {"culture": 1}, adv("Nationalism"))
    activate(s, c)


# ---- found a city, raze, happiness -------------------------------------------------------
def found_options(s: ClashState, p: int) -> list[int]:
    out = set()
    for u in s.units:
        h = u[2]
        if u[0] != p or u[1] != "settler" or s.terrain[h] in RULES["no_city_on"] or h in out:
            continue
        if s.city_at(h) or any(s.city_at(x) for x in s.board.adj[h]) or s.enemy_at(h, p):
            continue
        out.add(h)
    return sorted(out)


def do_found(s: ClashState, p: int, h: int) -> None:
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


@cache
def _collected(where: Text) -> Text:
    return t("why.collected", hex=where)


def _helper(x: str) -> Text:
    """An advance, a building or a wonder that made a collection possible."""
    if x in BUILDINGS:
        return building(x)
    return wonder_name(x) if x in DATA.wonders else adv(x)


def wonder_name(w: str) -> Text:
    return name("wonder", w)


def collect_action(s: ClashState, p: int) -> list[Action]:
    out: list[Action] = []
    for c in s.cities_of(p):
        h = c["hex"]
        # a city's collect and recruit actions, made once for each list of piles or mixes
        # (the lists repeat, and the search lists them thousands of times a second)
        made: tuple[Action, ...] = kept(_COLLECT_ACTIONS, (h, _collect_piles(s, p, c)),
                                        _collect_actions, 8192)
        out += made
        out += [Action.of("build", h, k) for k in build_options(s, p, c)]
        out += [Action.of("wonder", h, w) for w in wonder_options(s, p, c)]
        made = kept(_RECRUIT_ACTIONS, (h, _recruits(s, p, c)), _recruit_actions, 8192)
        out += made
    return out


def _collect_actions(key: tuple[int, tuple[str, ...]]) -> tuple[Action, ...]:
    h, piles = key
    return tuple(Action.of("collect", h, m) for m in piles)


def _recruit_actions(key: tuple[int, tuple[tuple[str, str], ...]]) -> tuple[Action, ...]:
    h, mixes = key
    return tuple(Action.of("recruit", h, u, t) if t else Action.of("recruit", h, u)
                 for u, t in mixes)


_COLLECT_ACTIONS: dict[tuple[int, tuple[str, ...]], tuple[Action, ...]] = {}
_RECRUIT_ACTIONS: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[Action, ...]] = {}

