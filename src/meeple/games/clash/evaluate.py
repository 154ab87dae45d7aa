"""How the position looks for each player, for the bots: the score so far plus what the
position promises (resources, units, happy cities, objectives in hand), turned into
chances that sum to 1."""

from __future__ import annotations

import math

from meeple.games.clash.features import danger, settler_sites
from meeple.games.clash.state import ClashState
from meeple.games.clash.status import met


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
    if s.is_terminal():
        return s.returns()
    w = [worth(s, p) for p in range(s.n)]
    top = max(w)
    e = [math.exp((x - top) / 2.5) for x in w]
    total = sum(e)
    return [x / total for x in e]


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
