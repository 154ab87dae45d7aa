"""Hare and Tortoise's name, players and options; the rules are in state.py (with the hare
cards in cards.py), what a player sees in view.py, the board and the numbers in data/."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.game import OptionSpec
from meeple.games.hare.state import HareState
from meeple.kit import KitGame


class HareGame(KitGame):
    name = "hare"
    title = "Hare and Tortoise"
    min_players = 2
    max_players = 6
    default_players = 2
    # every forward move the carrots pay for (64 at most), the hedgehog, take and give
    max_actions = 70
    state_class = HareState
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "max_rounds": OptionSpec(0, "end the race after this many rounds (0: no limit); "
                                    "the runner in front then wins"),
        "play_on": OptionSpec(False, "the others race on for the places once the winner "
                                     "is home"),
    }
    # random play never ends by itself (random_play_ends): the records play round limits
    golden_options: ClassVar[list[dict[str, Any]]] = [
        {"max_rounds": 40}, {"max_rounds": 60, "play_on": True}, {"max_rounds": 15}]
    test_options: ClassVar[dict[str, Any]] = {"max_rounds": 4}
    # random moves pile up carrots for ever (a hedgehog pays more than small steps cost)
    random_play_ends = False
    timeout_kinds = ("eat", "keep", "take", "pass", "restart")

    def check_options(self, options: dict[str, Any]) -> None:
        if not 0 <= options["max_rounds"] <= 1000:
            raise ValueError("option 'max_rounds' must be from 0 (no limit) to 1000")
