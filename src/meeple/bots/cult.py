"""A Cult bot (kind ``general``, issue 21): the heuristic's one-ply choice, judged by an
evaluation that knows the Forum and who is about to win each district
(``cult.evaluate_deep``), with its best few actions played on a few steps by every
player's own one-ply choice.

Between heuristics every game ends by four fanatic mobs, and most mobs come from the
Greatness card's Uprising festival: the Forum's winner takes the card face up and
celebrates the next round. The plain evaluation gives the Forum nothing, so the heuristic
wins it by chance; this bot fights for it, and for the lead in the districts that bring
progress, counting ties as the rules break them (by mystic power).

Each legal action (at most ``CANDIDATES``, drawn by its own stream when there are more) is
judged at once on one sample of the bot's information set. Playing the best few on for a
few decisions was tried and did not measurably help (docs/bots.md, "Cult (issue 21)").

It plans on a sample of its information set and reads only the public board and the
sizes of hands, so it is blind to hidden facts; every random choice comes from its own
seeded stream.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler, judged_once
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.games.cult.evaluate_deep import evaluate_deep
from meeple.games.cult.state import CultState

CANDIDATES = 40


class CultGeneral(Bot):
    kind = "general"

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        base = sample(self.rng.below(1 << 62)).silence()
        candidates, judged = judged_once(base, legal, me, CANDIDATES, _value, self.rng)
        return candidates[judged[0][1]]


def _value(s: State, me: int) -> float:
    assert isinstance(s, CultState)
    return evaluate_deep(s)[me]
