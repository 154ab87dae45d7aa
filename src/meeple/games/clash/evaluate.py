"""How the position looks for each player, for the bots: the score so far plus what the
position promises (resources, units, happy cities, objectives in hand), turned into
chances that sum to 1."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Final, TypeVar

from meeple.games.clash.features import danger, settler_sites
from meeple.games.clash.state import ClashState
from meeple.games.clash.status import PEACEFUL, VP, advance_measures, met


def worth(s: ClashState, p: int) -> float:
    if s.is_terminal():
        return float(s.vp(p))
    left = max(0, int(s.options.get("rounds") or 6) - s.round) + 1
    r = s.res[p]
    cities = s.cities_of(p)
    promise: float = 0.0
    promise += 0.12 * (r["food"] + r["wood"] + r["ore"] + r["ideas"]) + 0.2 * r["gold"]
    promise += 0.1 * (r["mood"] + r["culture"])
    # p's units counted in one pass (the search evaluates every candidate, issue 19)
    units = {"settler": 0, "infantry": 0, "ship": 0}
    for u in s.units:
        if u[0] == p:
            units[u[1]] = units.get(u[1], 0) + 1
    promise += 0.6 * units["settler"] * min(1.0, left / 3)
    promise += 0.25 * units["infantry"] + 0.15 * units["ship"]
    promise += 0.3 * sum(int(c["mood"]) for c in cities) * min(1.0, left / 3)
    known: dict[str, int] = {}
    for card in sorted(set(s.objective_hand[p])):  # a fixed order: the same sum in every process
        promise += (0.8 if met(s, p, card, "peaceful", known) else 0.15) \
            * s.objective_hand[p].count(card)
    promise += 0.1 * len(s.action_hand[p]) + 0.5 * len(s.wonder_hand[p]) * min(1.0, left / 4)
    return float(s.vp(p)) + promise


def evaluate(s: ClashState) -> list[float]:
    """Every player's ``worth`` turned into chances.

    The search evaluates every candidate it weighs (most of its time, issue 19), so the
    worths are taken here in one pass over the units and cities for all players, with
    the same arithmetic in the same order as ``worth``: the same floats, hence the same
    choices (tests/test_clash_speed.py compares them)."""
    if s.is_terminal():
        return s.returns()
    w = _worths(s)
    top = max(w)
    e = [math.exp((x - top) / 2.5) for x in w]
    total = sum(e)
    return [x / total for x in e]


# Floats (the table's 1, 0.5, 2, 5): compiled, the sum below is then plain float arithmetic,
# and every term a multiple of a half, so exactly the sum of the table's numbers.
_VP_PIECE: Final = float(VP["city_piece"])
_VP_ADVANCE: Final = float(VP["advance"])
_VP_OBJECTIVE: Final = float(VP["objective"])
_VP_WONDER: Final = float(VP["wonder"])

# ``advance_measures`` and ``_hand`` by their tuple, read as plain dicts: compiled, a call
# through ``lru_cache``'s wrapper cost more than the table's look-up (2.7% of the search,
# issue 19). Emptied when full, as a bounded cache forgets.
_TABLE_SIZE: Final = 4096
_ADVANCE_MEASURES: dict[tuple[str, ...], tuple[int, int]] = {}
_HANDS: dict[tuple[str, ...], tuple[tuple[tuple[tuple[int, int], ...], int], ...]] = {}
_V = TypeVar("_V")


def _kept(table: dict[tuple[str, ...], _V], key: tuple[str, ...],
          make: Callable[[tuple[str, ...]], _V]) -> _V:
    """``make(key)``, kept in ``table`` (emptied when full at _TABLE_SIZE, as the bounded
    cache it replaces forgot)."""
    found = table.get(key)
    if found is None:
        if len(table) >= _TABLE_SIZE:
            table.clear()
        found = table[key] = make(key)
    return found


def _worths(s: ClashState) -> list[float]:
    """``worth`` of every player of a game not over, in one pass."""
    n = s.n
    left = max(0, int(s.options.get("rounds") or 6) - s.round) + 1
    soon = min(1.0, left / 3)
    # p's settlers, infantry and ships (the only kinds of unit)
    settlers = [0] * n
    army = [0] * n
    ships = [0] * n
    # (the fields' types written out, as mypyc then reads them as plain ints and strings;
    # ``x[i] = x[i] + 1``, not ``x[i] += 1``, which mypyc compiles as a generic in-place add)
    for u in s.units:
        o: int = u[0]
        if 0 <= o < n:
            kind: str = u[1]
            if kind == "infantry":
                army[o] = army[o] + 1
            elif kind == "settler":
                settlers[o] = settlers[o] + 1
            else:
                ships[o] = ships[o] + 1
    # What ``score_parts`` and the objectives' measures read from the cities.
    pieces = [0] * n
    foreign = [0] * n
    cities = [0] * n
    moods = [0] * n
    wonders = [0] * n
    biggest = [0] * n
    happy = [0] * n
    temples = [0] * n
    academies = [0] * n
    ports = [0] * n
    for c in s.cities:
        o = c["owner"]
        bld: dict[str, int] = c["bld"]
        if bld:
            for b in bld.values():
                if 0 <= b < n:
                    pieces[b] = pieces[b] + 1
                    if b != o:
                        foreign[b] = foreign[b] + 1
        if not 0 <= o < n:
            continue
        pieces[o] = pieces[o] + 1
        cities[o] = cities[o] + 1
        mood: int = c["mood"]  # (an int: compiled, int() of it was a generic call)
        moods[o] = moods[o] + mood
        if mood == 2:
            happy[o] = happy[o] + 1
        wonders[o] = wonders[o] + len(c["wonders"])
        size = 1 + len(bld)
        if size > biggest[o]:
            biggest[o] = size
        if bld:
            if "temple" in bld:
                temples[o] = temples[o] + 1
            if "academy" in bld:
                academies[o] = academies[o] + 1
            if "port" in bld:
                ports[o] = ports[o] + 1
    wonder_soon = min(1.0, left / 4)
    # the state's fields read once, not once per player
    res, advs, claimed, explored = s.res, s.adv, s.claimed, s.explored_by
    objective_hands, action_hands, wonder_hands = s.objective_hand, s.action_hand, s.wonder_hand
    out = []
    for p in range(n):
        r = res[p]
        adv = advs[p]
        # ``score``'s sum in one expression: every term is a multiple of a half (the VP
        # table), so each sum is exact and any order of adding gives the same float
        # (lengths held as ints: compiled, a float times len() was a generic multiply)
        advances: int = len(adv)
        objectives: int = len(claimed[p])
        vp = float(pieces[p] * _VP_PIECE + advances * _VP_ADVANCE
                   + objectives * _VP_OBJECTIVE + _VP_WONDER * wonders[p])
        promise: float = 0.0
        promise += 0.12 * (r["food"] + r["wood"] + r["ore"] + r["ideas"]) + 0.2 * r["gold"]
        promise += 0.1 * (r["mood"] + r["culture"])
        promise += 0.6 * settlers[p] * soon
        promise += 0.25 * army[p] + 0.15 * ships[p]
        promise += 0.3 * moods[p] * soon
        hand = objective_hands[p]
        if hand:
            # every measure ``status.measure`` takes, in the order of MEASURES, from the
            # pass above; then ``status.met``'s test of each card, written out (a list:
            # compiled, a fixed tuple read at a variable index is boxed whole each time)
            government, groups = _kept(_ADVANCE_MEASURES, tuple(adv), advance_measures)
            have = [ships[p], settlers[p], army[p], cities[p], biggest[p], happy[p],
                    wonders[p], foreign[p], temples[p], academies[p], ports[p], r["gold"],
                    r["ideas"], r["food"], advances, explored[p], government, groups]
            for conditions, count in _kept(_HANDS, tuple(hand), _hand):
                ok = True
                for i, need in conditions:
                    if have[i] < need:
                        ok = False
                        break
                promise += (0.8 if ok else 0.15) * count
        actions: int = len(action_hands[p])
        wonder_cards: int = len(wonder_hands[p])
        promise += 0.1 * actions + 0.5 * wonder_cards * wonder_soon
        out.append(vp + promise)
    return out


# The objectives' measures in the order ``_worths`` reads them (``have``)
MEASURES = ("ships", "settlers", "army", "cities", "city_size", "happy_cities", "wonders",
            "foreign_buildings", "temples", "academies", "ports", "gold", "ideas", "food",
            "advances", "explored", "government", "full_groups")
_MEASURE_AT = {k: i for i, k in enumerate(MEASURES)}


@lru_cache(maxsize=4096)
def _hand(hand: tuple[str, ...]) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Each distinct objective card of a hand, in a fixed order (the same sum in every
    process), as its peaceful half's conditions (the measure's place in MEASURES, the
    number) and how many copies are held: hands change a few times a game, and the
    search evaluates every candidate (issue 19)."""
    return tuple((tuple((_MEASURE_AT[k], n) for k, n in PEACEFUL[card]), hand.count(card))
                 for card in sorted(set(hand)))


CITY_GROWTH = 1.5


def worth_guarded(s: ClashState, p: int) -> float:
    """``worth`` less what p's cities stand to lose to armies near them (features.danger)."""
    if s.is_terminal():
        return float(s.vp(p))
    left = max(0, int(s.options.get("rounds") or 6) - s.round) + 1
    # A city collects, recruits and builds every round left: founding one beats carrying
    # its settler about (the plain worth values a settler above half a city).
    grow = CITY_GROWTH * len(s.cities_of(p)) * min(1.0, left / 3)
    return worth(s, p) + grow + settler_sites(s, p) * min(1.0, left / 3) - danger(s, p)


def evaluate_guarded(s: ClashState) -> list[float]:
    """``evaluate`` with each player's cities judged by the armies that threaten them: the
    ``general`` bot's evaluation."""
    if s.is_terminal():
        return s.returns()
    if any(not s.cities_of(p) for p in range(s.n)):
        # A player with no city ends the game at this round's status phase (D-29), on
        # the points as they stand: taking a last city wins only a player who is ahead.
        return _chances([s.vp(p) for p in range(s.n)], ENDING_SPREAD)
    return _chances([worth_guarded(s, p) for p in range(s.n)])


# How sure the points make a winner once the game ends this round (the usual spread is
# 2.5 points: the promise of a position is guessed; here only the status phase's
# objectives and advance can still change the points).
ENDING_SPREAD = 1.0


def _chances(w: list[float], spread: float = 2.5) -> list[float]:
    top = max(w)
    e = [math.exp((x - top) / spread) for x in w]
    total = sum(e)
    return [x / total for x in e]
