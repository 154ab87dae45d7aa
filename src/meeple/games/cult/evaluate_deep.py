"""A Cult evaluation for the ``general`` bot: the heuristic's progress towards a victory,
plus the road that decides nearly every game between heuristics, the Forum.

Whoever wins the Forum (district 4) takes the Greatness card, and a new holder turns it
face up ("Новый владелец всегда переворачивает Карту Величия на лицевую сторону"); a
face-up card gives a festival, and its Uprising is a fanatic mob (`greatness.yaml`), a
quarter of the mobs victory. The plain evaluation gives the Forum nothing, so the
heuristic fights for it by chance. Here:

- leading the Forum when the card is someone else's counts as most of a mob to come, and
  holding the card face up (no festival yet) as one nearly in hand;
- a lead counts for who wins the district as the rules decide it: ties go to the higher
  mystic power ("при равенстве побеждает культ с большей мистической силой"), and a
  stolen or seized district goes to its claimant;
- a lead is discounted by how safe it is: in the decision phase, whether an opponent who
  has not passed could overtake it with one free priest (the Patriarch at its level);
- the position is worth the player's share of the table, less a little for the strongest
  opponent's progress (denial: the leader's next mob is everyone's loss).

Reads the public board and nothing hidden (hands are not looked at beyond their size).
"""

from __future__ import annotations

from meeple.games.cult import board as B
from meeple.games.cult.model import NOBODY, PATRIARCH
from meeple.games.cult.state import CultState

# Progress a district's service brings its winner (a quarter of the mobs, a fifth of the
# altars, half a summoning; the small ones: followers, levels and cards on the way).
LEAD = {12: 0.25, 7: 0.2, 13: 0.5, 4: 0.12, 9: 0.05, 3: 0.03, 8: 0.04, 10: 0.04, 5: 0.02}
SAFE, CONTESTED, RESOLVING = 0.8, 0.35, 0.9
# A face-up Greatness card not yet used: the festival's mob, unless it is taken first.
CARD_UP = 0.1
# How sure a face-up card with a fourth mob in it is to be celebrated: only a Forum won
# by another cult before the holder's turn takes it away.
CARD_FINISH = 0.8
WEIGHTS = {"progress": 1.0, "followers": 0.25, "coins": 0.1, "priests": 0.1, "cards": 0.04,
           "deny": 0.0, "finish": 1.0}

_VICTORY = B.RULES["victory"]
_ALTARS, _MOBS, _RITUALS = (int(_VICTORY[k]) for k in ("altars", "mobs", "rituals"))


def _best_free(s: CultState, q: int, d: int, patriarch: list[int]) -> int:
    """The most influence q could still add to d with one placement this round."""
    pl = s.players[q]
    if pl.passed or pl.skip or not pl.free or pl.followers < B.placement_cost(s, q):
        return 0
    if pl.followers < B.ACCESS[d - 1] and d not in B.open_districts(s, q):
        return 0
    return max(patriarch[q] if lv == PATRIARCH else lv for lv in pl.free)


def _winner(s: CultState, d: int, infl: list[int]) -> int:
    claimed = B.claimed_winner(s, d)
    if claimed != NOBODY:
        return claimed
    best = max(infl)
    if best <= 0:
        return NOBODY
    tied = [q for q in range(s.n) if infl[q] == best]
    if len(tied) == 1:
        return tied[0]
    return max(tied, key=lambda q: B.power(s, q))


def _beats(s: CultState, a: int, va: int, b: int, vb: int) -> bool:
    return va > vb or (va == vb and B.power(s, a) > B.power(s, b))


def lead_values(s: CultState) -> tuple[list[float], list[float]]:
    """Each player's progress to come from the districts it is set to win this round, and
    how sure it is to win the game by one of them (its last mob, altar or summoning)."""
    n = s.n
    patriarch = [B.patriarch_level(s, q) for q in range(n)]
    out = [0.0] * n
    finish = [0.0] * n
    deciding = s.district > 0
    for d, value in LEAD.items():
        if deciding and d < s.district:
            continue
        if not s.board[d - 1] and not s.altars[d - 1]:
            continue
        infl = B.influences(s, d)
        w = _winner(s, d, infl)
        if w == NOBODY:
            continue
        pl = s.players[w]
        if (d == 12 and pl.followers < 2) or (d == 7 and pl.coins < 5):
            continue
        if d == 13 and infl[w] < B.power(s, w):
            continue
        if d == 4 and s.g_holder == w:
            continue
        if deciding:
            safety = RESOLVING
        elif B.claimed_winner(s, d) != NOBODY:
            safety = SAFE
        else:
            threatened = any(
                q != w and _beats(s, q, infl[q] + _best_free(s, q, d, patriarch), w, infl[w])
                for q in range(n))
            safety = CONTESTED if threatened else SAFE
        out[w] += value * safety
        if _completes(s, w, d):
            finish[w] = max(finish[w], safety)
    return out, finish


def _completes(s: CultState, p: int, d: int) -> bool:
    """Whether winning d now gives p the last step of a victory."""
    pl = s.players[p]
    if d == 12:
        return pl.mobs + 1 >= _MOBS
    if d == 7:
        return B.altar_count(s, p) + 1 >= _ALTARS
    if d == 13:
        return pl.rituals + 1 >= _RITUALS
    if d == 4:  # the card face up, its festival's mob the next round
        return pl.mobs + 1 >= _MOBS
    return False


def _reached(s: CultState, p: int, altars: int) -> float:
    pl = s.players[p]
    return max(altars / _ALTARS, pl.mobs / _MOBS, pl.rituals / _RITUALS)


def near_progress(s: CultState) -> tuple[list[float], list[float]]:
    """Each player's progress reached plus what it is set to gain this round (at most 1),
    and how sure it is to win the game this round or by its festival."""
    altars = [0] * s.n
    for owners in s.altars:
        for q in owners:
            altars[q] += 1
    leads, finish = lead_values(s)
    out = []
    for p in range(s.n):
        reached = _reached(s, p, altars[p])
        if reached >= 1.0:  # the victory is checked at the end of the round
            finish[p] = 1.0
        near = reached + leads[p]
        if s.g_holder == p and s.g_up:
            near += CARD_UP
            if s.players[p].mobs + 1 >= _MOBS:
                finish[p] = max(finish[p], CARD_FINISH)
        out.append(min(1.0, near))
    return out, finish


def evaluate_deep(s: CultState) -> list[float]:
    """Each player's worth as a share of the table, less a part of the strongest
    opponent's progress; a finished game: its returns."""
    if s.winner != -1:
        return s.returns()
    n = s.n
    near, finish = near_progress(s)
    levels = [sum(pl.free) + sum(pl.shield) for pl in s.players]
    for district in s.board:
        for pr in district:
            levels[pr[0]] += pr[1]
    w = WEIGHTS
    values = []
    for p in range(n):
        pl = s.players[p]
        values.append(
            w["progress"] * near[p] ** 2 * 4
            + w["followers"] * pl.followers / B.MAX_FOLLOWERS
            + w["coins"] * min(pl.coins, 20) / 20
            + w["priests"] * min(levels[p], 20) / 20
            + w["cards"] * min(B.card_count(s, p), 6) / 6
            + 0.01)
    total = sum(values)
    out = []
    for p in range(n):
        rival = max(near[q] for q in range(n) if q != p) if n > 1 else 0.0
        ending = max(finish[q] for q in range(n) if q != p) if n > 1 else 0.0
        out.append(values[p] / total - w["deny"] * rival ** 2
                   + w["finish"] * (finish[p] - ending))
    return out
