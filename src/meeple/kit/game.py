"""The game of a kit package: its name, players and options, and everything the engine
asks of a game that the kit answers the same way for all (new states, saves, hidden
information dealt again, scenario set-ups and facts)."""

from __future__ import annotations

import inspect as _inspect
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from meeple.core.game import Game, State
from meeple.core.text import register_catalog
from meeple.kit.fields import check_field
from meeple.kit.state import KitState


class KitGame(Game):
    """Subclass it with the class attributes of :class:`meeple.core.game.Game` and
    ``state_class``; the game's texts are ``data/texts.yaml`` beside the class's module,
    registered as the catalog named after the game."""

    state_class: ClassVar[type[KitState]]
    # How sharply a lead in the state's ``standing`` turns into a chance of winning, for
    # the bots' evaluation: a lead of 1/scale is worth e (2.7) times the chance.
    standing_scale: ClassVar[float] = 0.5
    # Option sets the golden records play (meeple golden record), besides the defaults.
    golden_options: ClassVar[list[dict[str, Any]]] = [{}]
    # Options that keep a game short for the browser tests (a match of one round).
    test_options: ClassVar[dict[str, Any]] = {}
    # False for a game that random play does not bring to its end (a race whose resources
    # can grow without bound, as Hare and Tortoise's carrots do under random moves): the
    # conformance suite's full-length check then plays it by the game's own evaluation.
    random_play_ends: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        here = Path(_inspect.getfile(cls)).parent
        texts = here / "data" / "texts.yaml"
        if texts.exists():
            register_catalog(cls.name, texts)

    def __init__(self) -> None:
        self.state_class.game = self

    def new_state(self, players: int, seed: int,
                  options: Mapping[str, Any] | None = None) -> KitState:
        self.check_players(players)
        opts = self.resolve_options(options)
        self.check_options(opts)
        return self.state_class.start(players, seed, opts)

    def check_options(self, options: dict[str, Any]) -> None:
        """Raise ValueError for options that do not go together (their types are checked)."""

    def state_from_json(self, data: Any) -> KitState:
        return self.state_class.from_json(data)

    def redeal_hidden(self, state: State, player: int | None, seed: int) -> State:
        assert isinstance(state, KitState)
        return state.redeal(player, seed)

    def scenario_setup(self, state: State, setup: Mapping[str, Any]) -> State:
        """Each key of ``setup`` sets the field of that name (checked against its type);
        ``round`` sets the round. The state's ``settle`` then brings the other fields in
        line, and the position must pass its ``check``."""
        assert isinstance(state, KitState)
        s = state.clone()
        for key, value in setup.items():
            if key == "round":
                s.round_no = int(value)
                continue
            setattr(s, key, check_field(type(s), KitState, key, value))
        s.settle({k for k in setup if k != "round"})
        s.check()
        return s

    def evaluate(self, state: State) -> list[float]:
        """Each player's chance of winning judged from the state's ``standing`` (a softmax
        of it); the returns once the game is over; an even split where there is none."""
        assert isinstance(state, KitState)
        if state.is_terminal():
            return state.returns()
        found = state.standing()
        if found is None:
            return [1.0 / state.n] * state.n
        top = max(found)
        weights = [math.exp(self.standing_scale * (x - top)) for x in found]
        total = sum(weights)
        return [w / total for w in weights]

    def view_problems(self, view: dict[str, Any]) -> list[str]:
        from meeple.kit.table import check_table

        table = view.get("table")
        return ["no table"] if not isinstance(table, dict) else check_table(table)

    def inspect(self, state: State) -> dict[str, Any]:
        """Every field, hidden ones included, with what is asked, of whom, the legal
        actions, the log's lines and the result: the facts a scenario expects."""
        assert isinstance(state, KitState)
        out: dict[str, Any] = state.to_json()["state"]
        asked = state.prompts()
        out.update({
            "round": state.round_no,
            "prompt": asked[0].kind if asked else None,
            "current": [p.player for p in asked],
            "legal": [str(a) for p in asked for a in state.legal_actions(p.player)],
            "log": [e.line("en") for e in state.log.events()],
            "winners": list(state.winners), "reason": state.reason or None,
            "scores": state.scores(),
        })
        return out
