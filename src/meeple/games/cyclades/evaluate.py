"""How close each player is to winning, as a share of the table (for the bots).

Metropolises count most (two win); then the way to the next one: different building
kinds held, philosophers, and gold to buy them with; then territories, income and
the troops and fleets that hold and take them.
"""

from __future__ import annotations

from meeple.games.cyclades import economy, flow
from meeple.games.cyclades.state import METRO, CycladesState

WEIGHTS = {"metropolis": 1.0, "kinds": 0.35, "philosophers": 0.45, "territory": 0.06,
           "income": 0.04, "gold": 0.015, "troops": 0.03, "fleets": 0.02, "priests": 0.03}


# What each god's turn is worth before it is played: its recruit, and a building of a
# kind the player lacks (a quarter of the way to a Metropolis).
GOD_VALUE = {"athena": 0.0, "zeus": 0.03, "poseidon": 0.04, "ares": 0.05, "kronos": 0.06,
             "apollo": 0.02}


def _god_value(s: CycladesState, p: int, god: str, kinds: set[str], need: int,
               used: dict[str, int], mine: list[int]) -> float:
    """What the rest of a turn with ``god`` is worth to ``p`` (``used``: what the turn has
    already taken: its free recruit, a building)."""
    value = 0.0 if used.get("recruit") else GOD_VALUE.get(god, 0.0)
    if god == "athena" and not used.get("recruit"):
        value += WEIGHTS["philosophers"] / need
    building = {"athena": "university", "zeus": "temple", "poseidon": "port",
                "ares": "fort"}.get(god)
    if building and not used.get("built") and building not in kinds and any(
            s.free_slots(t) > 0 for t in mine):
        value += WEIGHTS["kinds"] / 4
    return value


def _coming(s: CycladesState, p: int, kinds: set[str], need: int,
            mine: list[int]) -> tuple[float, int]:
    """The worth of the turns ``p`` has yet to play this cycle, and the gold it has
    promised in offerings not paid yet."""
    if s.phase == "auction":
        bids = [(g, amt) for g, (q, amt) in s.bids.items() if q == p]
        value = sum(_god_value(s, p, g, kinds, need, {}, mine) for g, _ in bids)
        if p in s.apollo:
            value += GOD_VALUE["apollo"]
        return value, sum(flow.payment(s, p, amt) for _, amt in bids)
    if s.phase != "actions" or s.used.get("ended"):
        return 0.0, 0
    value = 0.0
    for i in range(s.turn, len(s.turns)):
        god, q = s.turns[i]
        if q == p:
            value += _god_value(s, p, str(god), kinds, need,
                                s.used if i == s.turn else {}, mine)
    return value, 0


def strength(s: CycladesState, p: int) -> float:
    if p in s.eliminated:
        return 0.0
    mine = s.territories_of(p)
    # the counts over p's territories only, once (the state's helpers scan every one)
    held = [s.buildings[t] for t in mine]
    kind_set = {k for b in held for k in b if k in economy.BUILD_KINDS}
    kinds = len(kind_set)
    need = economy.philosophers_needed(s, p)
    income = economy.income_total(s, p, mine)
    coming, promised = _coming(s, p, kind_set, need, mine)
    gold = s.gold[p] - promised
    metropolises = sum(b.count(METRO) for b in held)
    units = sum(s.troops[t] for t in mine) + sum(s.titans[t] for t in mine)
    return coming + (
        WEIGHTS["metropolis"] * metropolises
        + WEIGHTS["kinds"] * kinds / 4
        + WEIGHTS["philosophers"] * min(s.philosophers[p], need) / need
        + WEIGHTS["territory"] * len(mine)
        + WEIGHTS["income"] * min(income, 10)
        + WEIGHTS["gold"] * min(gold, 20)
        + WEIGHTS["troops"] * units
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
