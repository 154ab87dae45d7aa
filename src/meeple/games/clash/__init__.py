"""Clash of Cultures (Christian Marcussen, 2012): the base game for 2-4 players."""

from meeple.games.clash.game import ClashGame

__all__ = ["ClashGame"]
