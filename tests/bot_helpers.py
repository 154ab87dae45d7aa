"""The blindness check every bot must pass: at a seat's decision, the same choice in the
real position and in one where everything that seat cannot see is dealt again."""

from __future__ import annotations

from collections.abc import Callable

from meeple.bots.base import Bot
from meeple.core.actions import Action
from meeple.core.game import Game, State


def choices_when_only_hidden_facts_differ(game: Game, real: State, new_bot: Callable[[], Bot],
                                          redeal_seed: int) -> tuple[Action, Action]:
    """The choices of two bots made alike by ``new_bot`` for the player to move in ``real``
    and in a copy with what that player cannot see dealt again (``redeal_seed``); each bot
    samples its information set from the position it is shown."""
    p = real.current_players()[0]
    other = game.redeal_hidden(real, p, redeal_seed)
    assert other.to_json() != real.to_json(), "nothing hidden was dealt again"
    choices = []
    for state in (real, other):
        def sample(seed: int, st: State = state) -> State:
            return game.redeal_hidden(st, p, seed)

        choices.append(new_bot().choose(state.view(p), state.legal_actions(p), sample))
    return choices[0], choices[1]
