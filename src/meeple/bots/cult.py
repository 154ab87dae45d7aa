"""A Cult bot (kind ``general``, issue 21): the heuristic's one-ply choice, judged by an
evaluation that knows the Forum and who is about to win each district
(``cult.evaluate_deep``); in the decision phase its best few placements are played to the
end of the round and judged there.

Between heuristics every game ends by four fanatic mobs, and most mobs come from the
Greatness card's Uprising festival: the Forum's winner takes the card face up and
celebrates the next round. The plain evaluation gives the Forum nothing, so the heuristic
wins it by chance; this bot fights for it, and for the lead in the districts that bring
progress, counting ties as the rules break them (by mystic power).

A placement's worth shows only when the districts are resolved: who else comes to the
district, who wins it, what its service and the donations bring, and what a festival's
lost round costs. So in the decision phase the best ``TOP`` placements by the one-ply
judgement are each played on to the end of the round (every player choosing its best of
``ROLL_CANDIDATES`` actions, opponents by the heuristic's evaluation, the bot by its own),
and the one whose round ends best wins. Other decisions (cards, abilities, services,
deals) are judged at once. Each legal action (at most ``CANDIDATES``, drawn by its own
stream when there are more) is judged on one sample of the bot's information set.

It plans on a sample of its information set and reads only the public board and the
sizes of hands, so it is blind to hidden facts; every random choice comes from its own
seeded stream.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler, judged_once
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.games.cult.evaluate import evaluate
from meeple.games.cult.evaluate_deep import evaluate_deep
from meeple.games.cult.state import CultState

CANDIDATES = 40
# Placements played to the end of the round; candidates each player judges there; a cap
# on the decisions played (a round takes about 30).
TOP, ROLL_CANDIDATES, ROLL_STEPS = 4, 10, 80


class CultGeneral(Bot):
    kind = "general"

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        base = sample(self.rng.below(1 << 62)).silence()
        candidates, judged = judged_once(base, legal, me, CANDIDATES, _value, self.rng)
        assert isinstance(base, CultState)
        if base.stack[-1][0] != "place" or len(judged) == 1:
            return candidates[judged[0][1]]
        best, best_value = judged[0][1], -1.0
        for _, i, after in judged[:TOP]:
            assert isinstance(after, CultState)
            value = round_end_value(after, me, self.rng)
            if value > best_value:
                best, best_value = i, value
        return candidates[best]


def round_end_value(s: CultState, me: int, rng: Rng) -> float:
    """``me``'s worth by ``evaluate_deep`` once the round of ``s`` is over (or the game),
    every player choosing by one-ply judgement until then; ``s`` is played on."""
    start = s.round_no
    for _ in range(ROLL_STEPS):
        if s.is_terminal() or s.round_no != start:
            break
        p = s.current_players()[0]
        s.apply_unchecked(p, _one_ply(s, p, me, rng))
    return evaluate_deep(s)[me]


def _one_ply(s: CultState, p: int, me: int, rng: Rng) -> Action:
    """p's best of at most ``ROLL_CANDIDATES`` legal actions: the bot's own by its
    evaluation, an opponent's by the heuristic's (which is how the heuristic plays)."""
    legal = s.legal_actions(p)
    if len(legal) == 1:
        return legal[0]
    judge = evaluate_deep if p == me else evaluate

    def value(after: State, q: int) -> float:
        assert isinstance(after, CultState)
        return judge(after)[q]

    candidates, judged = judged_once(s, legal, p, ROLL_CANDIDATES, value, rng)
    return candidates[judged[0][1]]


def _value(s: State, me: int) -> float:
    assert isinstance(s, CultState)
    return evaluate_deep(s)[me]
