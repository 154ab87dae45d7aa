"""Every meeple game as an OpenSpiel Python game: ``meeple_cult``, ``meeple_colonies``...

- Chance: meeple draws every random outcome from the seeded generator in its state, so
  the game opens with one chance node that picks the seed (``SEEDS`` equally likely
  outcomes, hidden from every player); from then on dice and shuffles follow from it.
- Colonies' orders: the game is registered as SIMULTANEOUS; where several players are
  waited on at once, each picks one action at the same node (a player not waited on has
  the single no-op action 0) and they are applied in seat order, none seeing the others'
  before the season is resolved, as in the game. Where one player decides, the node is
  that player's. ``meeple_colonies_turns`` is the same game with those decisions taken
  one player after another (still hidden from each other), for algorithms that want a
  sequential game, such as ISMCTS.
- Actions, observation and information-state tensors come from ``encoding``; the
  strings are the player's view as JSON — with the log lines it saw for the information
  state, without them for the observation.
- ``resample_from_infostate`` deals again what the player cannot see
  (``Game.redeal_hidden``), so OpenSpiel's ISMCTS bot plays every meeple game.
- Length: a game cut after ``max_game_length`` moves (a parameter; ``MAX_GAME_LENGTH``,
  the seed's draw counted) is over and a draw, each player's return 1/n, as OpenSpiel's
  own games end at their length limit: random play of some games never ends by itself.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from meeple.adapters.encoding import FEATURES, MAX_GAME_LENGTH, legal_sorted, observation
from meeple.core.game import Game, State
from meeple.core.registry import game_names, get_game
from meeple.core.text import localize

SEEDS = 1024
_CLASSES: list[type] = []
PLAYERS = {"cult": 4, "colonies": 4, "counter": 2}


class MeepleGame(pyspiel.Game):  # type: ignore[misc]
    NAME = ""  # set by each game's subclass (see ``register``)
    TURNS = False  # a simultaneous game taken one player after another

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        meeple = get_game(self.NAME)
        self.meeple = meeple
        self.players = int(params.get("players", PLAYERS.get(meeple.name,
                                                            meeple.default_players)))
        self.max_length = int(params.get("max_game_length", MAX_GAME_LENGTH))
        if self.max_length < 2:
            raise ValueError(f"max_game_length must be at least 2 (the seed's draw and a "
                             f"move), not {self.max_length}")
        self.options = meeple.resolve_options(
            {k: v for k, v in params.items() if k not in ("players", "max_game_length")})
        probe = meeple.new_state(self.players, 0, self.options)
        self.seats = meeple.seat_count(probe)
        super().__init__(_game_type(meeple, self.TURNS), pyspiel.GameInfo(
            num_distinct_actions=meeple.max_actions, max_chance_outcomes=SEEDS,
            num_players=self.seats, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            max_game_length=self.max_length), params)

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(with_log=bool(iig_obs_type is None or iig_obs_type.perfect_recall))


class _Setup:
    """What a state needs of its game, as plain data (OpenSpiel copies states and games
    through its own machinery, which keeps no Python attributes of a game)."""

    def __init__(self, game: MeepleGame) -> None:
        self.meeple = game.meeple
        self.players = game.players
        self.options = game.options
        self.seats = game.seats
        self.turns = game.TURNS
        self.max_length = game.max_length


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: MeepleGame) -> None:
        super().__init__(game)
        self.g = _Setup(game)
        self.inner: State | None = None  # None: the seed is still to be drawn
        self.moves = 0  # the seed's draw counted: OpenSpiel's game length

    # --- whose turn ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        waiting = self.inner.current_players()
        if len(waiting) > 1 and not self.g.turns:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return waiting[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None
        if player not in self.inner.current_players():
            return [0] if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS else []
        return list(range(len(legal_sorted(self.inner, player, self.g.meeple.max_actions))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(s, 1.0 / SEEDS) for s in range(SEEDS)]

    # --- moves ----------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        self.moves += 1
        if self.inner is None:
            self.inner = self.g.meeple.new_state(self.g.players, int(action), self.g.options)
            return
        p = self.inner.current_players()[0]
        self.inner.apply(p, legal_sorted(self.inner, p, self.g.meeple.max_actions)[action])

    def _apply_actions(self, actions: list[int]) -> None:
        assert self.inner is not None
        self.moves += 1
        chosen = {p: legal_sorted(self.inner, p, self.g.meeple.max_actions)[actions[p]]
                  for p in self.inner.current_players()}
        for p in sorted(chosen):
            if not self.inner.is_terminal() and p in self.inner.current_players():
                self.inner.apply(p, chosen[p])

    def _action_to_string(self, player: int, action: int) -> str:
        if self.inner is None or player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if player not in self.inner.current_players():
            return "no-op"
        legal = legal_sorted(self.inner, player, self.g.meeple.max_actions)
        return str(legal[action]) if action < len(legal) else f"action {action}"

    # --- the end ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.inner is not None and (self.inner.is_terminal()
                                           or self.moves >= self.g.max_length)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.g.seats
        assert self.inner is not None
        if not self.inner.is_terminal():  # cut at the length limit: a draw
            share = 1.0 / self.g.players
            return [share] * self.g.players + [0.0] * (self.g.seats - self.g.players)
        returns = [float(r) for r in self.inner.returns()]
        return returns + [0.0] * (self.g.seats - len(returns))  # a Master neither wins nor loses

    # --- hidden information -----------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        clone = self.clone()
        if self.inner is not None:
            # OpenSpiel passes a function giving a uniform float in [0, 1).
            seed = int(float(probability_sampler()) * 2**62)
            clone.inner = self.g.meeple.redeal_hidden(self.inner, player_id, seed)
        return clone

    def information_state_string(self, player: int | None = None) -> str:
        return _text(self, self._who(player), with_log=True)

    def observation_string(self, player: int | None = None) -> str:
        return _text(self, self._who(player), with_log=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return _tensor(self, self._who(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return _tensor(self, self._who(player))

    def _who(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def __str__(self) -> str:
        return "(seed not drawn)" if self.inner is None else self.inner.render(None)


def _text(state: MeepleSpielState, player: int, with_log: bool) -> str:
    if state.inner is None:
        return f"p{player} start"
    view = localize(state.inner.view(player))
    if not with_log:
        view.pop("log", None)
    return json.dumps(view, sort_keys=True)


def _tensor(state: MeepleSpielState, player: int) -> list[float]:
    if state.inner is None:
        return [0.0] * FEATURES
    return [float(x) for x in observation(state.inner.view(player))]


class Observer:
    """OpenSpiel's observer protocol: the seat's view as a tensor and a string."""

    def __init__(self, with_log: bool) -> None:
        self.with_log = with_log
        self.tensor = np.zeros(FEATURES, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        self.tensor[:] = _tensor(state, player)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        return _text(state, player, self.with_log)


def _game_type(meeple: Game, turns: bool = False) -> Any:
    return pyspiel.GameType(
        short_name=f"meeple_{meeple.name}" + ("_turns" if turns else ""),
        long_name=f"meeple: {meeple.title}" + (", one player after another" if turns else ""),
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if meeple.simultaneous and not turns
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meeple.max_players + 1, min_num_players=meeple.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": PLAYERS.get(meeple.name, meeple.default_players),
                                 "max_game_length": MAX_GAME_LENGTH,
                                 **{k: o.default for k, o in meeple.options.items()}})


def register() -> list[str]:
    """Register every meeple game with OpenSpiel; returns the short names."""
    names = []
    for name in game_names():
        meeple = get_game(name)
        for turns in (False, True) if meeple.simultaneous else (False,):
            kind = _game_type(meeple, turns)
            if kind.short_name not in pyspiel.registered_names():
                cls = type(f"Meeple{name.title()}{'Turns' if turns else ''}Game",
                           (MeepleGame,), {"NAME": name, "TURNS": turns})
                _CLASSES.append(cls)  # OpenSpiel's registry must not outlive them
                pyspiel.register_game(kind, cls)
            names.append(kind.short_name)
    return names
