"""Collecting: what a city's hexes may give, every pile it can collect, and the effect
(with the log's reason for it)."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from meeple.core.text import Text
from meeple.games.clash.cities import (
    BUILDINGS,
    City,
    activate,
    activation_size,
    parse_pile,
    wonder_name,
)
from meeple.games.clash.data import matching
from meeple.games.clash.state import DATA, RESOURCES, RULES, ClashState
from meeple.games.clash.tables import Advances, kept
from meeple.games.clash.texts import adv, building, comma, t, who


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


def _terrain_yields(adv: Advances) -> dict[str, tuple[str, ...]]:
    """What each terrain gives a player with advances ``adv`` (hex_yields, nothing left
    out, no Great Gardens). Read only: the dict is shared by every caller (kept with the
    set, tables.Advances)."""
    got = adv.yields
    if got is None:
        got = adv.yields = _make_terrain_yields(adv.have)
    return got


def _make_terrain_yields(adv: frozenset[str]) -> dict[str, tuple[str, ...]]:
    return {t: tuple(r for r, a in ys if a in adv) for t, ys in _YIELDS.items()}


def collect_slots(s: ClashState, p: int, c: City, husbandry: bool = True,
                  without: str = "") -> list[tuple[str, ...]]:
    """What each usable source may give: nearby land hexes one each, all sea hexes
    together one (Fishing), and with Husbandry one land hex two away."""
    # (typed: compiled, the hexes read from the city's dict were objects, and each
    # ``h // 4`` and read of the map by them a generic operation, issue 19)
    home: int = c["hex"]
    near: list[int] = [home, *s.board.adj[home]]
    slots: list[tuple[str, ...]] = []
    sea: set[str] = set()
    # each terrain's yield for p's advances, from a table by advances (hex_yields' answer
    # when nothing is left out; the listing asks it for every hex near every city)
    yields = None if without else _terrain_yields(s.advances(p))
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
    # without a bound, as functools.cache kept them (tables.kept).
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


@cache
def _collected(where: Text) -> Text:
    return t("why.collected", hex=where)


def _helper(x: str) -> Text:
    """An advance, a building or a wonder that made a collection possible."""
    if x in BUILDINGS:
        return building(x)
    return wonder_name(x) if x in DATA.wonders else adv(x)
