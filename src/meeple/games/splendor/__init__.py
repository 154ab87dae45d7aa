"""Splendor («Роскошь», Marc André, Space Cowboys 2014): gem merchants buy development
cards whose bonuses make later cards cheaper, and court nobles (docs/rules/splendor.md)."""

from meeple.games.splendor.game import SplendorGame

GAME = SplendorGame

__all__ = ["GAME", "SplendorGame"]
