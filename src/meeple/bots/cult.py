"""A Cult bot (kind ``general``, issue 21): the heuristic's one-ply choice, judged by an
evaluation that knows the Forum and who is about to win each district
(``cult.evaluate_deep``), with its best few actions played on a few steps by every
player's own one-ply choice.

Between heuristics every game ends by four fanatic mobs, and most mobs come from the
Greatness card's Uprising festival: the Forum's winner takes the card face up and
celebrates the next round. The plain evaluation gives the Forum nothing, so the heuristic
wins it by chance; this bot fights for it, and for the lead in the districts that bring
progress, counting ties as the rules break them (by mystic power).

A placement's worth shows when the district is resolved, after the others have placed:
so each legal action (at most ``CANDIDATES``) is judged at once on one sample of the
bot's information set, and the ``TOP`` best are played on for ``STEPS`` decisions, each
player picking the best of ``WIDTH`` of its actions (opponents by the game's own
evaluation, the way the heuristic plays; the bot by its own), and judged there.

It plans on a sample of its information set and reads only the public board and the
sizes of hands, so it is blind to hidden facts; every random choice comes from its own
seeded stream.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler, some_of
from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.games.cult.evaluate_deep import evaluate_deep
from meeple.games.cult.state import CultState

CANDIDATES = 40
TOP = 4
WIDTH = 8
STEPS = 0
UNTIL_ME = True


class CultGeneral(Bot):
    kind = "general"

    def __init__(self, seed: int, game: Game) -> None:
        super().__init__(seed)
        self.game = game
        self.top, self.width, self.steps = TOP, WIDTH, STEPS

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        rng = self.rng
        base = sample(rng.below(1 << 62)).silence()
        candidates = some_of(legal, CANDIDATES, rng)
        judged: list[tuple[float, int, State]] = []
        for i, a in enumerate(candidates):
            s = base.clone()
            s.apply_unchecked(me, a)
            judged.append((_value(s, me) + rng.below(1000) * 1e-9, i, s))
        judged.sort(key=lambda x: -x[0])
        if self.steps <= 0 or self.top <= 1:
            return candidates[judged[0][1]]
        best, best_value = candidates[judged[0][1]], -9.0
        for _, i, s in judged[:self.top]:
            s = self._play_on(s, me)
            value = _value(s, me) + rng.below(1000) * 1e-9
            if value > best_value:
                best, best_value = candidates[i], value
        return best

    def _play_on(self, s: State, me: int) -> State:
        """``s`` after ``steps`` more decisions, each the one-ply best of ``width`` of the
        deciding player's actions."""
        rng = self.rng
        judge = self.game.evaluate
        for _ in range(self.steps):
            if s.is_terminal():
                break
            p = s.current_players()[0]
            if p == me and UNTIL_ME:
                break
            actions = s.legal_actions(p)
            pool = some_of(actions, self.width, rng)
            after, after_value = s, -9.0
            for b in pool:
                t = s.clone()
                t.apply_unchecked(p, b)
                value = (_value(t, me) if p == me else judge(t)[p]) + rng.below(1000) * 1e-9
                if value > after_value:
                    after, after_value = t, value
            s = after
        return s


def _value(s: State, me: int) -> float:
    assert isinstance(s, CultState)
    return evaluate_deep(s)[me]
