"""The one bot interface used by the terminal, the simulator and (later) the server.

A bot is given the view of its own seat (exactly what that player may see) and the
legal actions, and returns one of them. It never receives the state object.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from meeple.core.actions import Action
from meeple.core.rng import Rng


class Bot(ABC):
    kind: str = "bot"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomBot(Bot):
    """Uniform over the legal actions."""

    kind = "random"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def bot_kinds() -> list[str]:
    return ["random", "heuristic"]


def make_bot(kind: str, game: str, seed: int) -> Bot:
    """A bot by name: ``random`` or ``heuristic`` (a per-game rule-based player)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        if game == "cult":
            from meeple.bots.cult_heuristic import CultHeuristic

            return CultHeuristic(seed)
        raise ValueError(f"no heuristic bot for {game!r} yet")
    raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(bot_kinds())}")
