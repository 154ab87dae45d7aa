"""What a learned evaluation of Cyclades sees of a position, for one seat (``meeple
train cyclades``). Cyclades hides only the order of the creature deck, which no figure here
reads, so every seat's picture is the public board; tests/test_learned_games.py checks it
is the same on a redealt state.

Seats come in turn order starting with the seat judged, so a model learns "me" and "the
player after me" rather than seat numbers.
"""

from __future__ import annotations

from meeple.games.cyclades import economy
from meeple.games.cyclades.evaluate import strength
from meeple.games.cyclades.state import METRO, CycladesState

MAX_SEATS = 5
PER_SEAT = ("present", "eliminated", "metropolises", "kinds", "philosophers",
            "philosophers_needed", "priests", "gold", "territories", "income", "troops",
            "titans", "fleets", "creatures_bought", "bid", "turns_left", "strength")


def names() -> list[str]:
    seats = [f"seat{k}.{f}" for k in range(MAX_SEATS) for f in PER_SEAT]
    return ["cycle", "players", "auction", "deck", *seats]


def _seat(s: CycladesState, q: int) -> list[float]:
    mine = s.territories_of(q)
    held = [s.buildings[t] for t in mine]
    kinds = {k for b in held for k in b if k in economy.BUILD_KINDS}
    bid = sum(amount for who, amount in s.bids.values() if who == q)
    turns_left = sum(1 for i in range(s.turn, len(s.turns)) if s.turns[i][1] == q) \
        if s.phase == "actions" else 0
    return [1.0, float(q in s.eliminated), float(sum(b.count(METRO) for b in held)),
            float(len(kinds)), float(s.philosophers[q]),
            float(economy.philosophers_needed(s, q)), float(s.priests[q]), float(s.gold[q]),
            float(len(mine)), float(economy.income_total(s, q, mine)),
            float(sum(s.troops[t] for t in mine)), float(sum(s.titans[t] for t in mine)),
            float(s.fleets_total(q)), float(len(s.bought[q])), float(bid), float(turns_left),
            strength(s, q)]


def features(s: CycladesState, p: int) -> list[float]:
    """Seat p's picture of the position (length ``len(names())``)."""
    out = [float(s.cycle), float(s.n), float(s.phase == "auction"), float(len(s.deck))]
    for k in range(MAX_SEATS):
        out += _seat(s, (p + k) % s.n) if k < s.n else [0.0] * len(PER_SEAT)
    return out


def features_all(s: CycladesState) -> list[list[float]]:
    """Every seat's picture, each seat's figures computed once."""
    seats = [_seat(s, q) for q in range(s.n)]
    head = [float(s.cycle), float(s.n), float(s.phase == "auction"), float(len(s.deck))]
    pad = [0.0] * len(PER_SEAT) * (MAX_SEATS - s.n)
    return [head + [x for k in range(s.n) for x in seats[(p + k) % s.n]] + pad
            for p in range(s.n)]
