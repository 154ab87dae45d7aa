"""Cyclades with the Titans expansion."""

from meeple.games.cyclades.game import CycladesGame
from meeple.games.cyclades.state import CycladesState

__all__ = ["CycladesGame", "CycladesState"]
