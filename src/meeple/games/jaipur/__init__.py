"""Jaipur (Sébastien Pauchon, GameWorks 2009): two traders of the Maharaja's city take
goods from a market of five cards, exchange them and sell them for rupees; the first to
win two rounds' Seals of Excellence wins (docs/rules/jaipur.md)."""

from meeple.games.jaipur.game import JaipurGame

GAME = JaipurGame

__all__ = ["GAME", "JaipurGame"]
