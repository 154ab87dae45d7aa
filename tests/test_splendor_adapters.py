"""Splendor through the adapters: a whole PettingZoo game with the action masks, and
OpenSpiel's random simulation test and ISMCTS bot (tests/test_adapters.py lists its
OpenSpiel games by hand; these are Splendor's)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest


def test_a_whole_pettingzoo_game_of_splendor_ends_with_one_winner_or_a_shared_victory() -> None:
    from meeple.adapters.pettingzoo import env

    e = env("splendor", players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, rewards = 0, dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        rewards[agent] += reward
        if done or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 20
    assert max(rewards.values()) > 0


@pytest.fixture(scope="module")
def spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.adapters.openspiel import register

    assert "meeple_splendor" in register()
    return pyspiel


def test_openspiel_random_simulations_of_splendor_pass(spiel: Any) -> None:
    game = spiel.load_game("meeple_splendor", {"players": 3})
    spiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_a_whole_game_of_splendor(spiel: Any) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = spiel.load_game("meeple_splendor", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                           random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(5)
        else:
            state.apply_action(bot.step(state))
    assert abs(sum(state.returns()) - 1.0) < 1e-9
