"""Colonies 1402: the forum play-by-post game, with meeple as its Master."""

from meeple.games.colonies.game import ColoniesGame
from meeple.games.colonies.state import ColoniesState

__all__ = ["ColoniesGame", "ColoniesState"]
