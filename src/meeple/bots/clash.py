"""A Clash of Cultures bot (kind ``general``, issue 21): it judges each of its best few
moves by the rest of its own turn, judged by an evaluation that also weighs the armies
near each player's cities (``clash.evaluate.evaluate_guarded``).

Two things the heuristic misses decide many Clash games:

- a city is taken by the first enemy infantry that walks into it with no defender there,
  and a player left with no city ends the game at the round's status phase; the plain
  evaluation sees neither, so the heuristic marches its army away from its capital and
  leaves the enemy's undefended one alone;
- an action's worth often shows only after the next steps of the same turn (a move
  action's groups, a settler walked out of its city's ring to found a city); judged
  alone, the first step looks like nothing.

So each legal action (at most ``CANDIDATES``, drawn by its own stream when there are
more) is judged at once on one sample of its information set, the ``TOP`` best are
played on to the end of the bot's turn (at most ``STEPS`` more of its own decisions, each
the best of ``WIDTH`` by the same evaluation), and the action whose end of turn is judged
best is chosen.

It plans on a sample of its information set (the view cannot tell it from the real
state) and reads only the public board and its own seat's cards, so it is blind to hidden
facts; every random choice comes from its own seeded stream.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler, judged_once
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.games.clash.evaluate import evaluate_guarded
from meeple.games.clash.state import ClashState

CANDIDATES = 40
TOP = 5
WIDTH = 10
STEPS = 6


class ClashGeneral(Bot):
    kind = "general"

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        rng = self.rng
        base = sample(rng.below(1 << 62)).silence()
        candidates, judged = judged_once(base, legal, me, CANDIDATES, _value, rng)
        best, best_value = candidates[judged[0][1]], -1.0
        for _, i, s in judged[:TOP]:
            s = self._finish_turn(s, me)
            value = _value(s, me) + rng.below(1000) * 1e-9
            if value > best_value:
                best, best_value = candidates[i], value
        return best

    def _finish_turn(self, s: State, me: int) -> State:
        """``s`` played on by the bot's own one-ply choices while it stays the bot's to
        decide (at most STEPS decisions)."""
        rng = self.rng
        for _ in range(STEPS):
            if s.is_terminal() or s.current_players()[0] != me:
                break
            actions = s.legal_actions(me)
            pool = actions if len(actions) <= WIDTH else [
                actions[rng.below(len(actions))] for _ in range(WIDTH)]
            after, after_value = s, -1.0
            for b in pool:
                t = s.clone()
                t.apply_unchecked(me, b)
                value = _value(t, me)
                if value > after_value:
                    after, after_value = t, value
            s = after
        return s


def _value(s: State, me: int) -> float:
    assert isinstance(s, ClashState)
    return evaluate_guarded(s)[me]
