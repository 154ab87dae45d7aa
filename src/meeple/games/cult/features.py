"""What a learned evaluation of Cult sees of a position, for one seat: the public board and
that seat's own hand, never another player's hand or the decks' order (the same numbers
whatever the hidden cards are: tests/test_learned.py checks it on redealt states).

Seats come in turn order starting with the seat judged, so a model learns "me" and "the
player after me" rather than seat numbers.
"""

from __future__ import annotations

from typing import Final

from meeple.games.cult import board as B
from meeple.games.cult.evaluate import _influences, potential
from meeple.games.cult.model import CONSPIRACY
from meeple.games.cult.shared import progress
from meeple.games.cult.state import CultState

MAX_SEATS: Final = 5
PER_SEAT: Final = ("present", "altars", "mobs", "rituals", "followers", "coins", "power",
            "priest_levels", "priests_on_board", "licences", "hand", "patriarch", "passed",
            "dark", "greatness", "progress", "potential", "leads")


def names() -> list[str]:
    seats = [f"seat{k}.{f}" for k in range(MAX_SEATS) for f in PER_SEAT]
    cults = [f"my_cult.{c.key}" for c in B.DATA.cults]
    return ["round", "district", "players", "my_miracles", "my_conspiracies", *cults, *seats]


def _seat(s: CultState, q: int, influences: dict[int, list[int]]) -> list[float]:
    pl = s.players[q]
    on_board = [pr for district in s.board for pr in district if pr[0] == q]
    levels = sum(pl.free) + sum(pl.shield) + sum(pr[1] for pr in on_board)
    altars = B.altar_count(s, q)
    leads = sum(1 for infl in influences.values()
                if infl[q] and all(v < infl[q] for r, v in enumerate(infl) if r != q))
    return [1.0, altars, pl.mobs, pl.rituals, pl.followers, pl.coins, B.power(s, q), levels,
            len(on_board), len(pl.licences), len(pl.hand), B.patriarch_level(s, q),
            float(pl.passed), float(B.dark_side(s, q)), float(s.g_holder == q),
            progress(s, q, altars), potential(s, q, influences), leads]


def features(s: CultState, p: int) -> list[float]:
    """Seat p's picture of the position (length ``len(names())``)."""
    return _features(s, p, _influences(s))


def features_all(s: CultState) -> list[list[float]]:
    """Every seat's picture, the shared work done once."""
    influences = _influences(s)
    return [_features(s, p, influences) for p in range(s.n)]


def _features(s: CultState, p: int, influences: dict[int, list[int]]) -> list[float]:
    me = s.players[p]
    cults = [float(me.cult == i) for i in range(len(B.DATA.cults))]
    out = [float(s.round_no), float(s.district), float(s.n),
           float(sum(1 for c in me.hand if c < CONSPIRACY)),
           float(sum(1 for c in me.hand if c >= CONSPIRACY)), *cults]
    for k in range(MAX_SEATS):
        if k < s.n:
            out += _seat(s, (p + k) % s.n, influences)
        else:
            out += [0.0] * len(PER_SEAT)
    return out
