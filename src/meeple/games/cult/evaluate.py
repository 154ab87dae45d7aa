"""How far each cult is from winning, as a share of the table (for search bots).

The strength of a position is its progress towards the nearest victory condition
(altars/5, mobs/4, summonings/2), plus a little for the means of getting there:
followers (access and the Patriarch), coins, priest levels and cards.
"""

from __future__ import annotations

import math
from typing import Final

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.games.cult import board as B
from meeple.games.cult.model import CONSPIRACY, LICENCE, PATRIARCH, Player, parse_card
from meeple.games.cult.shared import progress
from meeple.games.cult.state import CultState

WEIGHTS: Final = {"progress": 1.0, "followers": 0.25, "coins": 0.1, "priests": 0.1, "cards": 0.04}


# What leading a district not yet decided this round is worth, in progress towards a
# victory (a quarter of a mob, a fifth of an altar, half a summoning), discounted
# because the lead may still be lost.
LEAD: Final = {12: 0.25, 7: 0.2, 13: 0.5, 9: 0.05, 3: 0.03, 8: 0.04, 10: 0.04, 4: 0.04}
DISCOUNT: Final = 0.6


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
            q = pr[0]
            levels[q] = levels[q] + pr[1]
    altars = [0] * s.n
    for owners in s.altars:
        for q in owners:
            altars[q] = altars[q] + 1
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


_VICTORY: Final = B.RULES["victory"]
# Final: compiled by mypyc, a module's constants are read without a look-up in its dict
_ALTARS: Final = int(_VICTORY["altars"])
_MOBS: Final = int(_VICTORY["mobs"])
_RITUALS: Final = int(_VICTORY["rituals"])
_W_PROGRESS: Final = WEIGHTS["progress"]
_W_FOLLOWERS: Final = WEIGHTS["followers"]
_W_COINS: Final = WEIGHTS["coins"]
_W_PRIESTS: Final = WEIGHTS["priests"]
_W_CARDS: Final = WEIGHTS["cards"]
_LEAD: Final = tuple(LEAD.items())
_BONUS: Final = {LICENCE + i: lic.bonus for i, lic in enumerate(B.DATA.licences)}


def evaluate(s: CultState) -> list[float]:
    """``strength`` of every player as a share of their total.

    The search calls this for every candidate position (most of its time), so it is
    ``_influences``, ``_counts``, ``potential`` and ``strength`` written out in one pass,
    with the same arithmetic in the same order: the same floats, hence the same choices
    (tests/test_cult_speed.py compares it with the plain functions)."""
    if s.winner != -1:
        return s.returns()
    n = s.n
    players = s.players
    board, altars_at = s.board, s.altars
    g_holder = s.g_holder
    # (``x[i] = x[i] + n``, not ``x[i] += n``: mypyc compiles the augmented form on a
    # list item as a generic in-place add of boxed objects; and sums as loops: compiled,
    # ``sum`` is looked up in the builtins module and called generically: 9 times an
    # evaluation, a ninth of Cult's search, issue 41)
    levels: list[int] = []
    for pl in players:
        level = 0
        for x in pl.free:
            level += x
        for x in pl.shield:
            level += x
        levels.append(level)
    for district in board:
        for pr in district:
            q = pr[0]
            levels[q] = levels[q] + pr[1]
    altars = [0] * n
    for owners in altars_at:
        for q in owners:
            altars[q] = altars[q] + 1
    # What leading each district is worth to the one who strictly leads it, added in the
    # districts' order as ``potential`` adds them (the same floats; one list, not a list
    # of districts per player: the search evaluates every candidate, issue 41)
    totals = [0.0] * n
    current = s.district
    for d, value in _LEAD:
        if current and d < current:
            continue
        here, owners = board[d - 1], altars_at[d - 1]
        if not here and not owners:
            continue
        infl = ([0 if players[q].skip else B.ALTAR * B.owned(owners, q) for q in range(n)]
                if owners else [0] * n)
        for pr in here:
            q = pr[0]
            lv = _patriarch(players[q], q == g_holder) if pr[1] == PATRIARCH else pr[1]
            infl[q] = infl[q] + lv + pr[2]
        # max() and max(a, b, c) written as comparisons (the same values): compiled, a
        # max() of a list or of three goes through Python's generic call
        best = infl[0]
        for v in infl:
            if v > best:
                best = v
        if best > 0 and infl.count(best) == 1:
            q = infl.index(best)
            leader = players[q]
            if (d == 12 and leader.followers < 2) or (d == 7 and leader.coins < 5):
                continue
            if d == 13 and _influence_13(s, q) < B.power(s, q):
                continue
            totals[q] = totals[q] + value
    values: list[float] = []
    for p in range(n):
        pl = players[p]
        total = totals[p]
        reached = altars[p] / _ALTARS
        mobs, rituals = pl.mobs / _MOBS, pl.rituals / _RITUALS
        if mobs > reached:
            reached = mobs
        if rituals > reached:
            reached = rituals
        cards = len(pl.hand) + len(pl.licences) + (1 if g_holder == p else 0)
        # min() written as comparisons (the same values): it was a tenth of the time
        near = reached + DISCOUNT * total
        coins, level = pl.coins, levels[p]
        # math.pow is the C pow() that ``x ** 2`` of a float calls (the same float);
        # compiled, ``**`` was Python's generic power of boxed numbers
        values.append(
            _W_PROGRESS * math.pow(near if near < 1.0 else 1.0, 2.0) * 4
            + _W_FOLLOWERS * pl.followers / B.MAX_FOLLOWERS
            + _W_COINS * (coins if coins < 20 else 20) / 20
            + _W_PRIESTS * (level if level < 20 else 20) / 20
            + _W_CARDS * (cards if cards < 6 else 6) / 6
            + 0.01
        )
    # added in order from 0.0: the float Python 3.11's sum() gives (0 + v is v)
    total_all = 0.0
    for value in values:
        total_all += value
    return [v / total_all for v in values]


def evaluate_state(state: State) -> list[float]:
    """``evaluate`` for the engine's ``Game.evaluate``: CultGame holds this compiled
    function itself, so that the search calls it directly (issue 41)."""
    assert isinstance(state, CultState)
    return evaluate(state)


def _patriarch(pl: Player, greatness: bool) -> int:
    """The Patriarch's level: followers, licence bonuses, the Greatness card (taken only
    for a Patriarch standing in a district the evaluation weighs)."""
    level = pl.followers
    for c in pl.licences:
        level += _BONUS[c]
    return level + B.DATA.greatness_bonus if greatness else level


def _influence_13(s: CultState, p: int) -> int:
    return B.influence(s, 13, p)
