"""Counter, a reference workload for servers (the same one other game servers are
measured with): each player in turn adds one to a shared counter; with ``limit`` 0 it
never ends. Nothing is hidden and nothing is random."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from meeple.core.game import Game, OptionSpec, State
from meeple.core.text import register_catalog
from meeple.games.counter.state import CounterState


class CounterGame(Game):
    name = "counter"
    title = "Counter (server benchmark reference)"
    min_players = 1
    max_players = 8
    default_players = 4
    heuristic_samples = 1
    heuristic_depth = 0
    has_chance = False
    max_actions = 1
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "limit": OptionSpec(100, "the game ends when the counter reaches this (0: never)"),
    }

    def new_state(self, players: int, seed: int,
                  options: Mapping[str, Any] | None = None) -> CounterState:
        self.check_players(players)
        opts = self.resolve_options(options)
        if opts["limit"] < 0:
            raise ValueError("option 'limit' must be 0 (never ends) or positive")
        return CounterState(players, int(opts["limit"]))

    def state_from_json(self, data: Any) -> CounterState:
        return CounterState.from_json(data)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> State:
        return state.clone()


CounterState.game = CounterGame()
register_catalog("counter", Path(__file__).with_name("data") / "texts.yaml")
