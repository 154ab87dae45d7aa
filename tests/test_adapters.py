"""The adapters pass PettingZoo's and OpenSpiel's own checks for every meeple game, and
OpenSpiel's ISMCTS bot plays a whole game of each."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

from meeple.core.registry import game_names, get_game

# Hare and Tortoise has no end under random play (its carrots pile up): a round limit.
SHORT = {"cult": {"max_rounds": 3}, "colonies": {"seasons": 1}, "counter": {"limit": 30},
         "hare": {"max_rounds": 20}}


def _short(name: str) -> dict[str, Any]:
    return {k: v for k, v in SHORT.get(name, {}).items() if k in get_game(name).options}


@pytest.mark.parametrize("name", game_names())
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    from pettingzoo.test import api_test, seed_test

    from meeple.adapters.pettingzoo import env

    g = get_game(name)
    players = min(max(3, g.min_players), g.max_players)
    api_test(env(name, players=players, **_short(name)), num_cycles=300)
    seed_test(functools.partial(env, name, players=players, **_short(name)), num_cycles=300)


def test_pettingzoo_gives_the_colonies_master_an_agent_of_its_own() -> None:
    from pettingzoo.test import api_test

    from meeple.adapters.pettingzoo import raw_env

    e = raw_env("colonies", players=2, seasons=1, master=True)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    api_test(e, num_cycles=300)


def test_pettingzoo_refuses_an_index_outside_the_mask() -> None:
    from meeple.adapters.pettingzoo import raw_env

    e = raw_env("cult", players=2)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="legal actions"):
        e.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.fixture(scope="module")
def spiel() -> Any:
    import pyspiel

    from meeple.adapters.openspiel import register

    names = register()
    assert {f"meeple_{n}" for n in game_names()} <= set(names)
    return pyspiel


def _params(short: str) -> dict[str, Any]:
    name = short.removeprefix("meeple_").removesuffix("_turns")
    g = get_game(name)
    return {"players": min(max(3, g.min_players), g.max_players), **_short(name)}


@pytest.mark.parametrize("short", ["meeple_colonies_turns",
                                   *(f"meeple_{n}" for n in game_names())])
def test_openspiel_random_sim_test_passes(spiel: Any, short: str) -> None:
    game = spiel.load_game(short, _params(short))
    spiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_colonies_is_simultaneous_in_openspiel(spiel: Any) -> None:
    game = spiel.load_game("meeple_colonies", {"players": 2, "seasons": 1})
    assert game.get_type().dynamics == spiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    assert state.current_player() == spiel.PlayerId.SIMULTANEOUS


@pytest.mark.parametrize("short", ["meeple_cult", "meeple_colonies_turns", "meeple_counter"])
def test_openspiel_ismcts_plays_a_whole_game(spiel: Any, short: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = spiel.load_game(short, {**_params(short), "players": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8,
                           random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(5)
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves > 0 and abs(sum(state.returns()) - 1.0) < 1e-9


def test_pettingzoo_truncates_every_agent_at_the_step_limit() -> None:
    from pettingzoo.test import api_test

    from meeple.adapters.pettingzoo import raw_env

    # Hare and Tortoise with no round limit: random runners may never come home.
    e = raw_env("hare", players=3, max_steps=40)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    steps = 0
    while not any(e.truncations.values()) and not any(e.terminations.values()):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps == 40 and not e.state_.is_terminal()
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(r == 0.0 for r in e.rewards.values())
    api_test(raw_env("hare", players=3, max_steps=25), num_cycles=100)
    with pytest.raises(ValueError, match="max_steps"):
        raw_env("hare", players=3, max_steps=0)


def test_openspiel_ends_a_game_at_its_length_limit_as_a_draw(spiel: Any) -> None:
    game = spiel.load_game("meeple_hare", {"players": 4, "max_game_length": 30})
    assert game.max_game_length() == 30
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
        moves += 1
    assert moves == 30 and not state.inner.is_terminal()
    assert state.returns() == [0.25] * 4
    spiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="max_game_length"):
        spiel.load_game("meeple_hare", {"players": 2, "max_game_length": 1})
