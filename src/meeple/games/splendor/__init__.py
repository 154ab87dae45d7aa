"""Splendor: a game made by ``meeple new`` (docs/authoring.md): a race along a track,
each player playing one of three hidden number cards a turn."""

from meeple.games.splendor.game import SplendorGame

GAME = SplendorGame

__all__ = ["GAME", "SplendorGame"]
