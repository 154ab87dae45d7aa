"""Jaipur: a game made by ``meeple new`` (docs/authoring.md): a race along a track,
each player playing one of three hidden number cards a turn."""

from meeple.games.jaipur.game import JaipurGame

GAME = JaipurGame

__all__ = ["GAME", "JaipurGame"]
