"""Splendor's name, players and options; the rules are in state.py, what a player sees
in view.py, the numbers in data/rules.yaml and data/cards.yaml, the texts in
data/texts.yaml."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.core.game import OptionSpec
from meeple.games.splendor.state import SplendorState
from meeple.kit import KitGame


class SplendorGame(KitGame):
    name = "splendor"
    title = "Splendor"
    min_players = 2
    max_players = 4
    default_players = 2
    # 5 colours to start a take, 15 cards to buy, 12 to reserve and 3 decks: 35 at most
    max_actions = 40
    # the standing judges a position well enough without random moves first (arena runs,
    # docs/rules/splendor.md): faster and as strong as looking 8 moves on
    heuristic_depth = 0
    state_class = SplendorState
    options: ClassVar[Mapping[str, OptionSpec]] = {
        "fewer_gems": OptionSpec(False, "when fewer than three gem colours are left in the "
                                        "bank, a player may take one gem of each of them"),
    }
    golden_options: ClassVar[list[dict[str, Any]]] = [{}, {"fewer_gems": True}]
