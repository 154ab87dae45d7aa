"""Hare and Tortoise («Заяц и Еж», David Parlett, 1973; Spiel des Jahres 1979): a race in
which moving forward costs carrots, and the runner home first with its lettuces eaten and
few carrots left wins (docs/rules/hare.md)."""

from meeple.games.hare.game import HareGame

GAME = HareGame

__all__ = ["GAME", "HareGame"]
