"""The heuristic bot for every game: one ply deep, judged by the game's evaluation.

For each legal action (at most 40, drawn at random when there are more) it plays the
action on samples of its information set, lets the game's number of random moves follow
where the effect of an action shows only later (Colonies' orders act when the season is
resolved), and keeps the action whose positions the game's ``evaluate`` likes best for
its seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from meeple.bots.base import Bot, Sampler, some_of
from meeple.core.actions import Action
from meeple.core.game import Game, State

Evaluate = Callable[[State], list[float]]

MAX_CANDIDATES: Final = 40


class Greedy(Bot):
    kind = "heuristic"

    def __init__(self, seed: int, game: Game, evaluate: Evaluate | None = None) -> None:
        super().__init__(seed)
        self.game = game
        self.evaluate = evaluate or game.evaluate
        self.samples = game.heuristic_samples
        self.depth = game.heuristic_depth

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        rng = self.rng
        candidates = some_of(legal, MAX_CANDIDATES, rng)
        # samples that keep no log (the bot's own copies; it reads only the evaluation)
        bases = [sample(rng.below(1 << 62)).silence() for _ in range(self.samples)]
        best, best_score = candidates[0], -1.0
        for a in candidates:
            score = 0.0
            for base in bases:
                s = base.clone()
                s.apply_unchecked(me, a)
                for _ in range(self.depth):
                    if s.is_terminal():
                        break
                    p = s.current_players()[0]
                    s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
                score += self.evaluate(s)[me]
            score += rng.below(1000) * 1e-9  # ties broken at random
            if score > best_score:
                best, best_score = a, score
        return best
