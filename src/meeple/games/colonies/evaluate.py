"""Each player's share of the victory points as things stand (for search bots): the five
categories counted now, with a little weight for being close behind the leader."""

from __future__ import annotations

from meeple.games.colonies.state import ColoniesState


def evaluate(s: ColoniesState) -> list[float]:
    if s.is_terminal():
        return s.returns()
    n = s.n
    colonies = [sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
                for p in range(n)]
    categories = [
        [pl.gold for pl in s.players],
        [s.owner.count(p) for p in range(n)],
        colonies,
        [pl.reputation for pl in s.players],
        [pl.army for pl in s.players],
    ]
    score = [0.1] * n
    for values in categories:
        best = max(values)
        for p in range(n):
            if best > 0:
                score[p] += 1.0 if values[p] == best else 0.5 * values[p] / best
    total = sum(score)
    return [v / total for v in score]
