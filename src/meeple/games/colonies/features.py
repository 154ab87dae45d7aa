"""What a learned evaluation of Colonies 1402 sees of a position, for one seat (``meeple
train colonies``): the public board (each province's owner and colony, each player's team)
and the judged seat's own sheet (gold, army, loyalty, reputation, its orders). Another
player's resources, orders and goal are hidden in Colonies and never read here;
tests/test_learned_games.py checks the features are the same on a redealt state.

Seats come in turn order starting with the seat judged.
"""

from __future__ import annotations

from meeple.games.colonies.model import RESOURCES
from meeple.games.colonies.state import ColoniesState

MAX_SEATS = 8
PER_SEAT = ("present", "traders", "provinces", "colonies")


def names() -> list[str]:
    seats = [f"seat{k}.{f}" for k in range(MAX_SEATS) for f in PER_SEAT]
    mine = [f"my_{r}" for r in RESOURCES]
    return ["season", "players", "giving_orders", *mine, "my_orders", "my_thaw_bonus",
            *seats]


def _seat(s: ColoniesState, q: int) -> list[float]:
    provinces = s.owner.count(q)
    colonies = sum(1 for i, o in enumerate(s.owner) if o == q and s.colonized[i])
    return [1.0, float(s.players[q].team == "traders"), float(provinces), float(colonies)]


def _head(s: ColoniesState, p: int) -> list[float]:
    me = s.players[p]
    return [float(s.season_no), float(s.n), float(s.phase == "orders"),
            *(float(me.get(r)) for r in RESOURCES), float(len(me.orders)),
            float(me.thaw_bonus)]


def features(s: ColoniesState, p: int) -> list[float]:
    """Seat p's picture of the position (length ``len(names())``)."""
    out = _head(s, p)
    for k in range(MAX_SEATS):
        out += _seat(s, (p + k) % s.n) if k < s.n else [0.0] * len(PER_SEAT)
    return out


def features_all(s: ColoniesState) -> list[list[float]]:
    """Every seat's picture, each seat's public figures counted once."""
    seats = [_seat(s, q) for q in range(s.n)]
    pad = [0.0] * len(PER_SEAT) * (MAX_SEATS - s.n)
    return [_head(s, p) + [x for k in range(s.n) for x in seats[(p + k) % s.n]] + pad
            for p in range(s.n)]
