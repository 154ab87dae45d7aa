"""A Clash of Cultures bot (kind ``general``, issue 21): the heuristic's one-ply choice,
judged by an evaluation that also weighs the armies near each player's cities
(``clash.evaluate.evaluate_guarded``).

Clash games between heuristic players are often decided by a city taken: an enemy army
walking into an undefended city takes it, and a player left with no city loses at the
round's end. The plain evaluation sees neither, so the heuristic marches its army away
from its capital and leaves the enemy's undefended one alone; this bot keeps guards where
enemies can reach and takes what the other leaves open.

It judges on one sample of its information set, like the heuristic, and the evaluation
reads only the public board and its own seat's cards, so it is blind to hidden facts;
its ties are broken by its own seeded stream.
"""

from __future__ import annotations

from meeple.bots.greedy import Greedy
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.games.clash.evaluate import evaluate_guarded


class ClashGeneral(Greedy):
    kind = "general"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, get_game("clash"), _judge)


def _judge(s: State) -> list[float]:
    from meeple.games.clash.state import ClashState

    assert isinstance(s, ClashState)
    return evaluate_guarded(s)
