"""What a learned evaluation of Cyclades sees of a position, for one seat (``meeple
train cyclades``). Cyclades hides only the order of the creature deck, which no figure here
reads, so every seat's picture is the public board; tests/test_learned_games.py checks it
is the same on a redealt state.

Seats come in turn order starting with the seat judged, so a model learns "me" and "the
player after me" rather than seat numbers. Before them come the judged seat's standing
against its strongest rival in what decides the game (Metropolises, then gold at the cycle
limit) and the hand-written evaluation's own share for it: a linear model cannot form a
"best of the others" or a ratio from the seats' figures.
"""

from __future__ import annotations

from meeple.games.cyclades import economy
from meeple.games.cyclades.evaluate import strength
from meeple.games.cyclades.state import METRO, CycladesState

MAX_SEATS = 5
PER_SEAT = ("present", "eliminated", "metropolises", "kinds", "philosophers",
            "philosophers_needed", "priests", "gold", "territories", "income", "troops",
            "titans", "fleets", "creatures_bought", "bid", "turns_left", "strength",
            "progress")
HEAD = ("cycle", "players", "auction", "deck")
# the judged seat against the best of the others (eliminated seats count as nothing)
LEADS = ("share", "metropolis_lead", "progress_lead", "strength_lead", "gold_lead")
# where each lead's figure sits in PER_SEAT
_AT = {k: PER_SEAT.index(k) for k in ("metropolises", "progress", "strength", "gold")}


def names() -> list[str]:
    seats = [f"seat{k}.{f}" for k in range(MAX_SEATS) for f in PER_SEAT]
    return [*HEAD, *LEADS, *seats]


def _seat(s: CycladesState, q: int) -> list[float]:
    mine = s.territories_of(q)
    held = [s.buildings[t] for t in mine]
    kinds = {k for b in held for k in b if k in economy.BUILD_KINDS}
    bid = sum(amount for who, amount in s.bids.values() if who == q)
    turns_left = sum(1 for i in range(s.turn, len(s.turns)) if s.turns[i][1] == q) \
        if s.phase == "actions" else 0
    need = economy.philosophers_needed(s, q)
    # the nearer of the two ways to the next Metropolis: four kinds, or the philosophers
    progress = max(len(kinds) / 4, min(s.philosophers[q], need) / need)
    return [1.0, float(q in s.eliminated), float(sum(b.count(METRO) for b in held)),
            float(len(kinds)), float(s.philosophers[q]), float(need), float(s.priests[q]),
            float(s.gold[q]), float(len(mine)), float(economy.income_total(s, q, mine)),
            float(sum(s.troops[t] for t in mine)), float(sum(s.titans[t] for t in mine)),
            float(s.fleets_total(q)), float(len(s.bought[q])), float(bid), float(turns_left),
            strength(s, q), progress]


def _picture(s: CycladesState, seats: list[list[float]], p: int) -> list[float]:
    head = [float(s.cycle), float(s.n), float(s.phase == "auction"), float(len(s.deck))]
    others = [q for q in range(s.n) if q != p and q not in s.eliminated]
    squares = [seats[q][_AT["strength"]] ** 2 for q in range(s.n)]
    total = sum(squares) or 1.0

    def lead(k: str) -> float:
        best = max((seats[q][_AT[k]] for q in others), default=0.0)
        return seats[p][_AT[k]] - best

    leads = [squares[p] / total, lead("metropolises"), lead("progress"), lead("strength"),
             lead("gold")]
    pad = [0.0] * len(PER_SEAT) * (MAX_SEATS - s.n)
    return head + leads + [x for k in range(s.n) for x in seats[(p + k) % s.n]] + pad


def features(s: CycladesState, p: int) -> list[float]:
    """Seat p's picture of the position (length ``len(names())``)."""
    return _picture(s, [_seat(s, q) for q in range(s.n)], p)


def features_all(s: CycladesState) -> list[list[float]]:
    """Every seat's picture, each seat's figures computed once."""
    seats = [_seat(s, q) for q in range(s.n)]
    return [_picture(s, seats, p) for p in range(s.n)]
