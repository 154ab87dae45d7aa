"""Skeleton's name, players and options; the rules are in state.py, what a player sees
in view.py, the numbers in data/rules.yaml and the texts in data/texts.yaml."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.game import OptionSpec
from meeple.kit import KitGame
from meeple.kit.skeleton.state import RULES, SkeletonState


class SkeletonGame(KitGame):
    name = "skeleton"
    title = "Skeleton"
    min_players = 2
    max_players = 4
    default_players = 2
    max_actions = 8
    state_class = SkeletonState
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "length": OptionSpec(int(RULES["track_length"]), "spaces from the start to the goal"),
    }

    def check_options(self, options: dict[str, Any]) -> None:
        if not 5 <= options["length"] <= 60:
            raise ValueError("option 'length' must be from 5 to 60")
