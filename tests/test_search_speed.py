"""The search's greedy step (issue 19, session 10) judges a candidate drawn twice once,
plays its last new candidate on the state it was given and hands back the state after its
choice with that state's evaluation: the same choice, the same random draws and the same
position as judging every candidate on its own copy and playing the choice afterwards."""

from __future__ import annotations

import pytest

from meeple.bots.ismcts import ISMCTS
from meeple.core.actions import Action
from meeple.core.conformance import play_random
from meeple.core.game import Game, State
from meeple.core.registry import get_game


def _plain_greedy(bot: ISMCTS, state: State, p: int, legal: list[Action], width: int) -> Action:
    """The greedy step as first written: every drawn candidate on a copy of its own."""
    if len(legal) == 1:
        return legal[0]
    rng = bot.rng
    pool = legal if len(legal) <= width else [
        legal[rng.below(len(legal))] for _ in range(width)]
    best, best_value = pool[0], -1.0
    for a in pool:
        s = state.clone()
        s.apply_unchecked(p, a)
        value = bot.evaluate(s)[p] + rng.below(1000) * 1e-9
        if value > best_value:
            best, best_value = a, value
    return best


def _positions(game: Game) -> list[State]:
    out = []
    for seed in range(6):
        for steps in (30, 90, 200):
            s = play_random(game.new_state(4, seed, {}), steps, seed)
            if not s.is_terminal():
                out.append(s)
    return out


@pytest.mark.parametrize("name", ["cult", "clash"])
def test_the_greedy_step_chooses_and_plays_as_judging_each_candidate_on_its_own_copy(
        name: str) -> None:
    game = get_game(name)
    duplicates = 0
    for i, state in enumerate(_positions(game)):
        p = state.current_players()[0]
        legal = state.legal_actions(p)
        for width in (3, 10):
            fast, plain = ISMCTS(i, game), ISMCTS(i, game)
            # what the plain step would draw: are some candidates drawn twice?
            probe = ISMCTS(i, game)
            if len(legal) > width:
                drawn = [legal[probe.rng.below(len(legal))] for _ in range(width)]
                duplicates += len(drawn) - len(set(drawn))
            mine = state.clone()
            action, after, values = fast._greedy(mine, p, legal, width)
            expected = _plain_greedy(plain, state, p, legal, width)
            assert action == expected
            assert fast.rng.state == plain.rng.state
            reference = state.clone()
            reference.apply_unchecked(p, expected)
            assert after.to_json() == reference.to_json()
            assert values is None if len(legal) == 1 else values == game.evaluate(reference)
    assert duplicates > 0  # the positions include pools with a candidate drawn twice
