"""Hare: a game made by ``meeple new`` (docs/authoring.md): a race along a track,
each player playing one of three hidden number cards a turn."""

from meeple.games.hare.game import HareGame

GAME = HareGame

__all__ = ["GAME", "HareGame"]
