"""Cult (Культ): the rules of the board game by Konstantin Seleznev, for 2-5 players."""

from meeple.games.cult.game import CultGame
from meeple.games.cult.state import CultState

__all__ = ["CultGame", "CultState"]
