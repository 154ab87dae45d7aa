"""Jaipur's name, players and options; the rules are in state.py, what a player sees
in view.py, the numbers in data/rules.yaml and the texts in data/texts.yaml."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.game import OptionSpec
from meeple.games.jaipur.state import RULES, JaipurState
from meeple.kit import KitGame


class JaipurGame(KitGame):
    name = "jaipur"
    title = "Jaipur"
    min_players = 2
    max_players = 2
    default_players = 2
    # The most at once: 5 takes, the camels, 5 exchanges and a hand of 7 to sell (at
    # most 7 sales of one kind and fewer of several); an exchange step offers fewer.
    max_actions = 24
    state_class = JaipurState
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "seals": OptionSpec(int(RULES["seals_to_win"]),
                            "Seals of Excellence that win the game (1 to 3)"),
    }
    # The bots: the state's standing judges a position well enough at once (random moves
    # after a choice only blur it, and could wander in and out of an exchange); a lead
    # of ten rupees is worth e to one.
    heuristic_depth = 0
    standing_scale = 0.1
    golden_options: ClassVar[list[dict[str, Any]]] = [{}, {"seals": 1}]
    test_options: ClassVar[dict[str, Any]] = {"seals": 1}  # a browser test: one round

    def check_options(self, options: dict[str, Any]) -> None:
        if not 1 <= options["seals"] <= 3:
            raise ValueError("option 'seals' must be from 1 to 3")
