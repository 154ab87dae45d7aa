"""Bots see only their seat's view and samples of its information set, so two positions
that differ only in what that seat cannot see get the same choice from the same seed."""

import time

import pytest

from meeple.bots.base import make_bot
from meeple.bots.ismcts import ISMCTS
from meeple.core.conformance import play_random
from meeple.core.game import Game, State
from meeple.core.registry import game_names, get_game
from tests.bot_helpers import choices_when_only_hidden_facts_differ

KINDS = ["random", "heuristic", "ismcts:30"]


def _position(name: str, seed: int, steps: int) -> tuple[Game, State]:
    game = get_game(name)
    options = {"max_rounds": 40} if "max_rounds" in game.options else {}
    players = min(max(4, game.min_players), game.max_players)
    return game, play_random(game.new_state(players, seed, options), steps, seed)


HIDDEN = [n for n in game_names() if get_game(n).has_chance]  # games with something to hide


@pytest.mark.parametrize("name", HIDDEN)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_bot_chooses_the_same_when_only_hidden_facts_differ(
        name: str, kind: str, seed: int) -> None:
    game, real = _position(name, seed, 150)
    if real.is_terminal():
        pytest.skip("the random game ended before the position")
    p = real.current_players()[0]
    if game.redeal_hidden(real, p, seed + 99).to_json() == real.to_json():
        # Nothing is hidden from that seat any more (Hare and Tortoise's hare cards, all
        # drawn once, lie in a known order): an earlier position hides something.
        game, real = _position(name, seed, 10)
    choices = choices_when_only_hidden_facts_differ(
        game, real, lambda: make_bot(kind, name, 1234), seed + 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])


def test_the_ismcts_budget_is_read_from_its_name() -> None:
    bot = make_bot("ismcts:250", "cult", 1)
    assert isinstance(bot, ISMCTS) and bot.iterations == 250
    timed = make_bot("ismcts:0.5s", "cult", 1)
    assert isinstance(timed, ISMCTS) and timed.seconds == 0.5
    tuned = make_bot("ismcts:300+c=0.02+top=4+greedy=10+roll=6", "cult", 1)
    assert isinstance(tuned, ISMCTS) and (tuned.iterations, tuned.exploration, tuned.top,
                                          tuned.greedy, tuned.rollout) == (300, 0.02, 4, 10, 6)
    with pytest.raises(ValueError, match="bad search budget"):
        make_bot("ismcts:lots", "cult", 1)
    with pytest.raises(ValueError, match="bad search budget"):
        make_bot("ismcts:300+depth=3", "cult", 1)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", "cult", 1)


def test_search_plays_a_whole_game_of_each() -> None:
    from meeple.sim.match import play_match

    for name in game_names():
        game = get_game(name)
        short = {"max_rounds": 6, "seasons": 2, "limit": 30}
        options = {k: v for k, v in short.items() if k in game.options}
        players = min(max(3, game.min_players), game.max_players)
        seats = ["ismcts:20", "heuristic", "random"][:players] + ["random"] * (players - 3)
        result = play_match(name, players, 5, seats, options)
        assert result.state.is_terminal()


@pytest.mark.parametrize("seed", [3, 8, 21])
@pytest.mark.parametrize("steps", [0, 150])
def test_the_colonies_planner_chooses_the_same_when_only_hidden_facts_differ(
        seed: int, steps: int) -> None:
    game, real = _position("colonies", seed, steps)
    choices = choices_when_only_hidden_facts_differ(
        game, real, lambda: make_bot("planner", "colonies", 1234), seed + 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])


def test_the_search_time_budget_is_cpu_time_so_waiting_does_not_use_it_up() -> None:
    game, state = _position("cult", 3, 41)
    p = state.current_players()[0]
    assert len(state.legal_actions(p)) > 1  # a real choice: the search runs
    waits: list[int] = []

    def slow_sample(seed: int) -> State:
        if not waits:  # the first sample waits far longer than the whole budget
            waits.append(seed)
            time.sleep(0.4)
        return game.redeal_hidden(state, p, seed)

    bot = ISMCTS(5, game, seconds=0.1)
    bot.choose(state.view(p), state.legal_actions(p), slow_sample)
    # On wall time the budget would be spent during the wait: one iteration at most.
    assert waits and bot.last_iterations > 3
