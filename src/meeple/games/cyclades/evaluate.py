"""How close each player is to winning, as a share of the table (for the bots).

Metropolises count most (two win); then the way to the next one: different building
kinds held, philosophers, and gold to buy them with; then territories, income and
the troops and fleets that hold and take them.
"""

from __future__ import annotations

from meeple.games.cyclades import economy
from meeple.games.cyclades.state import BUILDINGS, CycladesState

WEIGHTS = {"metropolis": 1.0, "kinds": 0.35, "philosophers": 0.45, "territory": 0.06,
           "income": 0.04, "gold": 0.015, "troops": 0.03, "fleets": 0.02, "priests": 0.03}


def strength(s: CycladesState, p: int) -> float:
    if p in s.eliminated:
        return 0.0
    mine = s.territories_of(p)
    kinds = sum(1 for k in BUILDINGS if any(k in s.buildings[t] for t in mine))
    need = economy.philosophers_needed(s, p)
    income, _ = economy.income(s, p)
    return (
        WEIGHTS["metropolis"] * s.metropolises(p)
        + WEIGHTS["kinds"] * kinds / 4
        + WEIGHTS["philosophers"] * min(s.philosophers[p], need) / need
        + WEIGHTS["territory"] * len(mine)
        + WEIGHTS["income"] * min(income, 10)
        + WEIGHTS["gold"] * min(s.gold[p], 20)
        + WEIGHTS["troops"] * (s.troops_total(p) + s.titans_total(p))
        + WEIGHTS["fleets"] * s.fleets_total(p)
        + WEIGHTS["priests"] * min(s.priests[p], 4)
        + 0.01
    )


def evaluate(s: CycladesState) -> list[float]:
    if s.is_terminal():
        return s.returns()
    values = [strength(s, p) ** 2 for p in range(s.n)]
    if s.opt("teams"):
        team = {k: sum(v for q, v in enumerate(values) if s.teams[q] == k) for k in s.teams}
        values = [team[s.teams[p]] / 2 for p in range(s.n)]
    total = sum(values)
    return [v / total for v in values]
