"""Every meeple game as a PettingZoo AEC environment.

``env("cult", players=4)``: agents ``player_0``... (a Colonies Master, with the option
``master``, is one more agent); the agent to act is the first one the game waits for
(simultaneous orders are taken one agent after another, none seeing the others' until
they are resolved, as in the game). Observations are ``{"observation": float32[FEATURES],
"action_mask": int8[max_actions]}`` from the agent's own view (``encoding``); an action
is an index into the agent's legal actions sorted by their text form. Rewards come at
the end: the game's returns (1 for a win, 1/k each for k sharing one). ``reset(seed=s)``
starts the game with seed ``s``; every random outcome follows from it. ``max_steps``
(``MAX_GAME_LENGTH`` unless given): after that many actions of an unfinished game every
agent is truncated, with no reward.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from meeple.adapters.encoding import (
    FEATURES,
    MAX_GAME_LENGTH,
    legal_sorted,
    mask,
    observation,
)
from meeple.core.game import State
from meeple.core.registry import get_game


class MeepleAEC(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 max_steps: int = MAX_GAME_LENGTH, **options: Any) -> None:
        super().__init__()
        if max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.max_steps = max_steps
        self.steps = 0
        self.game = get_game(game)
        self.players = players or self.game.default_players
        self.options = self.game.resolve_options(options)
        self.render_mode = render_mode
        self.metadata = {**MeepleAEC.metadata,  # type: ignore[misc]
                         "name": f"meeple_{self.game.name}"}
        probe = self.game.new_state(self.players, 0, self.options)
        self.possible_agents = [f"player_{i}" for i in range(self.game.seat_count(probe))]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        width = self.game.max_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (width,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(width) for a in self.possible_agents}
        self.state_: State = probe

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = seed if seed is not None else secrets.randbits(63)
        self.state_ = self.game.new_state(self.players, game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self._mover()

    def _mover(self) -> str:
        return self.possible_agents[self.state_.current_players()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.agent_name_mapping[agent]
        waiting = not self.state_.is_terminal() and p in self.state_.current_players()
        return {"observation": observation(self.state_.view(p)),
                "action_mask": mask(self.state_, p, self.game.max_actions) if waiting
                else np.zeros(self.game.max_actions, dtype=np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self.agent_name_mapping[agent]
        legal = legal_sorted(self.state_, p, self.game.max_actions)
        if action is None or not 0 <= int(action) < len(legal):
            raise ValueError(f"action {action} is not one of {agent}'s {len(legal)} legal "
                             "actions (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(p, legal[int(action)])
        self.steps += 1
        if self.state_.is_terminal():
            returns = self.state_.returns()
            for a in self.agents:
                i = self.agent_name_mapping[a]
                self.rewards[a] = float(returns[i]) if i < len(returns) else 0.0
                self.terminations[a] = True
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._mover()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.state_.render(None)
        return None

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's usual checks (illegal moves end the game for
    the offender is not wanted here: an illegal index raises instead)."""
    return wrappers.OrderEnforcingWrapper(MeepleAEC(game, **kwargs))


def raw_env(game: str, **kwargs: Any) -> MeepleAEC:
    return MeepleAEC(game, **kwargs)
