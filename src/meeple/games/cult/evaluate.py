"""How far each cult is from winning, as a share of the table (for search bots).

The strength of a position is its progress towards the nearest victory condition
(altars/5, mobs/4, summonings/2), plus a little for the means of getting there:
followers (access and the Patriarch), coins, priest levels and cards.
"""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult.model import CONSPIRACY, LICENCE, parse_card
from meeple.games.cult.shared import progress
from meeple.games.cult.state import CultState

WEIGHTS = {"progress": 1.0, "followers": 0.25, "coins": 0.1, "priests": 0.1, "cards": 0.04}


# What leading a district not yet decided this round is worth, in progress towards a
# victory (a quarter of a mob, a fifth of an altar, half a summoning), discounted
# because the lead may still be lost.
LEAD = {12: 0.25, 7: 0.2, 13: 0.5, 9: 0.05, 3: 0.03, 8: 0.04, 10: 0.04, 4: 0.04}
DISCOUNT = 0.6


def _influences(s: CultState) -> dict[int, list[int]]:
    """Each player's influence in each district still to be decided that has a LEAD
    value, computed once for all players."""
    out = {}
    for d in LEAD:
        if s.district and d < s.district:
            continue
        if not s.board[d - 1] and not s.altars[d - 1]:
            continue
        out[d] = [B.influence(s, d, q) for q in range(s.n)]
    return out


def potential(s: CultState, p: int, influences: dict[int, list[int]]) -> float:
    """Progress p is about to make from districts it leads that are still to be decided
    (``influences``: from ``_influences``)."""
    pl = s.players[p]
    total = 0.0
    for d, infl in influences.items():
        mine = infl[p]
        if mine == 0 or any(v >= mine for q, v in enumerate(infl) if q != p):
            continue
        if (d == 12 and pl.followers < 2) or (d == 7 and pl.coins < 5):
            continue
        if d == 13 and mine < B.power(s, p):
            continue
        total += LEAD[d]
    return DISCOUNT * total


def _counts(s: CultState) -> tuple[list[int], list[int]]:
    """Each player's priest levels (free, on the shield, on the board) and altars."""
    levels = [sum(pl.free) + sum(pl.shield) for pl in s.players]
    for district in s.board:
        for pr in district:
            levels[pr[0]] += pr[1]
    altars = [0] * s.n
    for owners in s.altars:
        for q in owners:
            altars[q] += 1
    return levels, altars


def strength(s: CultState, p: int, influences: dict[int, list[int]],
             counts: tuple[list[int], list[int]]) -> float:
    """p's strength, given what ``_influences`` and ``_counts`` computed for everyone."""
    pl = s.players[p]
    levels, altars = counts
    level = levels[p]
    reached = progress(s, p, altars[p])
    return (
        WEIGHTS["progress"] * min(1.0, reached + potential(s, p, influences)) ** 2 * 4
        + WEIGHTS["followers"] * pl.followers / B.MAX_FOLLOWERS
        + WEIGHTS["coins"] * min(pl.coins, 20) / 20
        + WEIGHTS["priests"] * min(level, 20) / 20
        + WEIGHTS["cards"] * min(B.card_count(s, p), 6) / 6
        + 0.01
    )


def tags(s: CultState, actions: list[tuple[int, Action]]) -> dict[str, list[list[str]]]:
    """Licences each player holds at the end; kinds of cards each played."""
    held = [sorted({B.DATA.licences[c - LICENCE].name for c in pl.licences})
            for pl in s.players]
    played: list[set[str]] = [set() for _ in range(s.n)]
    for p, a in actions:
        if a.kind in ("miracle", "plot") and a.args and p < s.n:
            code = parse_card(a.args[0])
            if code is None:
                continue
            if code < CONSPIRACY:
                m = B.DATA.miracles[code]
                played[p].add(f"miracle:{m.effect}")
            else:
                played[p].add(f"conspiracy:{B.DATA.conspiracies[code - CONSPIRACY].key}")
    return {"licence": held, "played": [sorted(x) for x in played]}


def evaluate(s: CultState) -> list[float]:
    if s.is_terminal():
        return s.returns()
    influences, counts = _influences(s), _counts(s)
    values = [strength(s, p, influences, counts) for p in range(s.n)]
    total = sum(values)
    return [v / total for v in values]
