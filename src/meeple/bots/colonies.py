"""A Colonies 1402 bot that plans a whole season's orders at once (bot kind ``planner``).

The generic heuristic judges one order at a time and lets random moves, its own next
orders among them, fill the season before it looks; it cannot see that an order is
worth something only beside the other. This bot writes the season's two actions
together, from the victory conditions (one point each for the most gold, provinces,
colonies, reputation and army at the end):

- an unowned province that nobody else attacks is taken without a roll outside Frost,
  with +1 reputation (and +2 gold for Traders): the cheapest points there are;
- ``propaganda reputation 0`` is +1 reputation for nothing, and reputation wins the
  Thaw's supplies; ``recruit 0`` is +1 army for nothing once a colony is held;
- a colony counts for its own category, adds 1 to its defence, allows recruits and
  brings Harvest gold; its Heat is paid in loyalty while loyalty is high, since loyalty
  scores nothing;
- in Frost an unowned province is a battle against the natives: one such attack at most,
  and only with a whole army.

It reads only its own seat's facts and the public board, from a sample of its
information set (the same in every sample), so it is blind to hidden facts by
construction; its few random choices come from its own seed and the season.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler
from meeple.core.actions import Action
from meeple.core.rng import Rng
from meeple.games.colonies import plan as colonies_plan
from meeple.games.colonies.state import ColoniesState


class ColoniesPlanner(Bot):
    kind = "planner"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if sample is None:
            return self.rng.choice(legal)
        s = sample(self.seed)
        assert isinstance(s, ColoniesState)
        me = int(view["viewer"])
        # The plan's random choices depend on the season and the seat only, so the
        # plan stays the same through the season's several decisions.
        rng = Rng(self.seed * 1_000_003 + s.season_no * 97 + me)
        wanted = colonies_plan.next_action(s, me, rng)
        return wanted if wanted in legal else _fallback(legal)


def _fallback(legal: list[Action]) -> Action:
    """What to do when the plan's next step is not offered: hand the orders in."""
    for kind in ("submit", "ready"):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]
