"""How the position looks for each player, for the bots: the score so far plus what the
position promises (resources, units, happy cities, objectives in hand), turned into
chances that sum to 1."""

from __future__ import annotations

import math
from typing import Final

from meeple.core.game import State
from meeple.games.clash.features import danger, settler_sites
from meeple.games.clash.state import ClashState
from meeple.games.clash.status import PEACEFUL, VP, advance_measures, met
from meeple.games.clash.tables import kept


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
    # the largest by comparisons (compiled, max() of a list is a generic call); the same
    # float as max() gives
    top = w[0]
    for x in w:
        if x > top:
            top = x
    e = [math.exp((x - top) / 2.5) for x in w]
    # added one by one in order, as Python 3.11's sum() adds floats (the same float; 3.12's
    # sum() compensates, which would change the last digits); compiled, sum() was looked
    # up in the builtins and called generically, and its int-or-float result made each
    # division below generic too
    total = 0.0
    for x in e:
        total += x
    return [x / total for x in e]


def evaluate_state(state: State) -> list[float]:
    """``evaluate`` for the engine's ``Game.evaluate``: ClashGame holds this compiled
    function itself, so that the search calls it directly instead of through an
    interpreted method (issue 19)."""
    assert isinstance(state, ClashState)
    return evaluate(state)


# Floats (the table's 1, 0.5, 2, 5): compiled, the sum below is then plain float arithmetic,
# and every term a multiple of a half, so exactly the sum of the table's numbers.
_VP_PIECE: Final = float(VP["city_piece"])
_VP_ADVANCE: Final = float(VP["advance"])
_VP_OBJECTIVE: Final = float(VP["objective"])
_VP_WONDER: Final = float(VP["wonder"])

# ``_hand_of`` by its tuple, read as a plain dict: compiled, a call through ``lru_cache``'s
# wrapper cost more than the table's look-up (2.7% of the search, issue 19). Emptied when
# full, as a bounded cache forgets. (``advance_measures`` is kept with the set of advances,
# tables.Advances.)
# a hand's cards: each card's conditions (measure, number) and its copies in the hand
_Cards = tuple[tuple[tuple[tuple[int, int], ...], int], ...]
_HANDS: dict[tuple[str, ...], tuple[_Cards, bool]] = {}


def _worths(s: ClashState) -> list[float]:
    """``worth`` of every player of a game not over, in one pass."""
    n = s.n
    rounds = s.options.get("rounds") or 6
    # (an int as it is: compiled, int() of the option's value was a generic call)
    left = max(0, (rounds if isinstance(rounds, int) else int(rounds)) - s.round) + 1
    soon = min(1.0, left / 3)
    # Every count the pass below takes, per player in a _Tally (native ints: in a list,
    # each count was boxed and unboxed at every step, issue 19). (The fields' types written
    # out, as mypyc then reads them as plain ints and strings.)
    tallies = [_Tally() for _ in range(n)]
    for u in s.units:
        o: int = u[0]
        if 0 <= o < n:
            kind: str = u[1]
            t = tallies[o]
            if kind == "infantry":
                t.army += 1
            elif kind == "settler":
                t.settlers += 1
            else:
                t.ships += 1
    # What ``score_parts`` and the objectives' measures read from the cities.
    for c in s.cities:
        o = c["owner"]
        bld: dict[str, int] = c["bld"]
        if bld:
            for b in bld.values():
                if 0 <= b < n:
                    tb = tallies[b]
                    tb.pieces += 1
                    if b != o:
                        tb.foreign += 1
        if not 0 <= o < n:
            continue
        t = tallies[o]
        t.pieces += 1
        t.cities += 1
        mood: int = c["mood"]  # (an int: compiled, int() of it was a generic call)
        t.moods += mood
        if mood == 2:
            t.happy += 1
        t.wonders += len(c["wonders"])
        size = 1 + len(bld)
        if size > t.city_size:
            t.city_size = size
        if bld:
            if "temple" in bld:
                t.temples += 1
            if "academy" in bld:
                t.academies += 1
            if "port" in bld:
                t.ports += 1
    wonder_soon = min(1.0, left / 4)
    # the state's fields read once, not once per player
    res, advs, claimed, explored = s.res, s.adv, s.claimed, s.explored_by
    objective_hands, action_hands, wonder_hands = s.objective_hand, s.action_hand, s.wonder_hand
    out = []
    for p in range(n):
        r = res[p]
        adv = advs[p]
        t = tallies[p]
        # ``score``'s sum in one expression: every term is a multiple of a half (the VP
        # table), so each sum is exact and any order of adding gives the same float
        # (lengths held as ints: compiled, a float times len() was a generic multiply)
        advances: int = len(adv)
        objectives: int = len(claimed[p])
        vp = float(t.pieces * _VP_PIECE + advances * _VP_ADVANCE
                   + objectives * _VP_OBJECTIVE + _VP_WONDER * t.wonders)
        # p's resources read once each (the hand's conditions below read three again)
        food: int = r["food"]
        ideas: int = r["ideas"]
        gold: int = r["gold"]
        promise: float = 0.0
        promise += 0.12 * (food + r["wood"] + r["ore"] + ideas) + 0.2 * gold
        promise += 0.1 * (r["mood"] + r["culture"])
        promise += 0.6 * t.settlers * soon
        promise += 0.25 * t.army + 0.15 * t.ships
        promise += 0.3 * t.moods * soon
        hand = objective_hands[p]
        if hand:
            # every measure ``status.measure`` takes, from the pass above; then
            # ``status.met``'s test of each card, written out. The advances' measures only
            # for a hand with a card that asks for them.
            cards, by_advances = _hand_read(s, p, hand)
            t.gold = gold
            t.ideas = ideas
            t.food = food
            t.advances = advances
            t.explored = explored[p]
            if by_advances:
                known = s.advances(p)
                measures = known.measures
                if measures is None:
                    measures = known.measures = advance_measures(known.have)
                government, groups = measures
                t.government = government
                t.full_groups = groups
            for conditions, count in cards:
                ok = True
                for m, need in conditions:
                    if t.measure(m) < need:
                        ok = False
                        break
                promise += (0.8 if ok else 0.15) * count
        actions: int = len(action_hands[p])
        wonder_cards: int = len(wonder_hands[p])
        promise += 0.1 * actions + 0.5 * wonder_cards * wonder_soon
        out.append(vp + promise)
    return out


class _Tally:
    """One player's counts for ``_worths``: the objectives' measures (MEASURES), then the
    pieces on the board and the cities' moods."""

    # (defaults in the class: interpreted, a tally made per player per evaluation costs
    # no twenty assignments)
    ships: int = 0
    settlers: int = 0
    army: int = 0
    cities: int = 0
    city_size: int = 0
    happy: int = 0
    wonders: int = 0
    foreign: int = 0
    temples: int = 0
    academies: int = 0
    ports: int = 0
    gold: int = 0
    ideas: int = 0
    food: int = 0
    advances: int = 0
    explored: int = 0
    government: int = 0
    full_groups: int = 0
    pieces: int = 0
    moods: int = 0

    def measure(self, m: int) -> int:
        """The measure at place ``m`` of MEASURES."""
        if m < 8:
            if m < 4:
                return self.ships if m == 0 else self.settlers if m == 1 \
                    else self.army if m == 2 else self.cities
            return self.city_size if m == 4 else self.happy if m == 5 \
                else self.wonders if m == 6 else self.foreign
        if m < 13:
            return self.temples if m == 8 else self.academies if m == 9 \
                else self.ports if m == 10 else self.gold if m == 11 else self.ideas
        return self.food if m == 13 else self.advances if m == 14 \
            else self.explored if m == 15 else self.government if m == 16 else self.full_groups


# The objectives' measures in the order ``_worths`` reads them (``have``)
MEASURES = ("ships", "settlers", "army", "cities", "city_size", "happy_cities", "wonders",
            "foreign_buildings", "temples", "academies", "ports", "gold", "ideas", "food",
            "advances", "explored", "government", "full_groups")
_MEASURE_AT = {k: i for i, k in enumerate(MEASURES)}
# The first measure of the advances (government, then whole groups)
_GOVERNMENT: Final = 16


# Each objective card's peaceful conditions by the measures' places in MEASURES, made once
_CARD_CONDITIONS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    card: tuple((_MEASURE_AT[k], n) for k, n in cond) for card, cond in PEACEFUL.items()}


def _hand_read(s: ClashState, p: int, hand: list[str]) -> tuple[_Cards, bool]:
    """``_hand_of(tuple(hand))``, read from the state's entry for ``p`` while the hand
    holds the same cards (the same string objects, in the same places), else from _HANDS:
    the copies of one search iteration share their hands (state.CARDS), and making the
    hand's tuple, hashing it and comparing it with the table's key took about 800
    instructions a player (issue 19; tests/test_clash_speed_tables.py)."""
    seen = s._hands
    if seen is None:
        seen = s._hands = [None] * s.n
    # (a native record: compiled, a tuple read from the list was checked and unpacked item
    # by item at every read, about 300 instructions a player, issue 19)
    entry: _HandRead | None = seen[p]
    if entry is not None:
        cards = entry.cards
        k = len(cards)
        if k == len(hand):
            same = True
            for i in range(k):
                if cards[i] is not hand[i]:
                    same = False
                    break
            if same:
                return entry.made
    key = tuple(hand)
    made = kept(_HANDS, key, _hand_of)
    seen[p] = _HandRead(key, made)
    return made


class _HandRead:
    """A player's objective hand as ``_hand_read`` read it: the cards (the hand's own
    strings, in its order) and what ``_hand_of`` made of them."""

    def __init__(self, cards: tuple[str, ...], made: tuple[_Cards, bool]) -> None:
        self.cards = cards
        self.made = made


def _hand_of(hand: tuple[str, ...]) -> tuple[_Cards, bool]:
    """Each distinct objective card of a hand, in a fixed order (the same sum in every
    process), as its peaceful half's conditions (the measure's place in MEASURES, the
    number) and how many copies are held; and whether any of them asks for a measure
    of the advances (government, whole groups). Kept per hand in _HANDS; a miss is made
    from the cards' conditions made once (no cache call: the search deals the other
    players' hands again at every iteration, so a few hands of each iteration are new to
    the table, issue 19; tests/test_clash_speed.py compares it with the plain
    formulation)."""
    cards = tuple((_CARD_CONDITIONS[card], hand.count(card)) for card in sorted(set(hand)))
    return cards, any(m >= _GOVERNMENT for conditions, _ in cards for m, _ in conditions)


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
