"""Bots: players that see only their own view, never the full state."""

from meeple.bots.base import Bot, make_bot

__all__ = ["Bot", "make_bot"]
