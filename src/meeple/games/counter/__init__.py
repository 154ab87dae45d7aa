"""Counter: the minimal reference game for server benchmarks — one move, strict rotation."""

from meeple.games.counter.game import CounterGame
from meeple.games.counter.state import CounterState

__all__ = ["CounterGame", "CounterState"]
