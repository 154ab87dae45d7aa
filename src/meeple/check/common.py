"""What every reliability check returns; the server process to attack is
``meeple.server.process.ServerProcess``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from meeple.core.registry import game_names


@dataclass
class Outcome:
    test: str
    tried: str
    failed: int = 0
    count: int = 0  # how many things were tried (kills, views, requests...)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    # The registered games the check went through: a game added to the registry must
    # show up here, or the suite would stop covering it without a word.
    games: list[str] = field(default_factory=list)

    def fail(self, problem: str) -> None:
        self.failed += 1
        if len(self.problems) < 20:
            self.problems.append(problem)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def every_game() -> list[str]:
    return game_names()


def seat_with_a_move(view_of: Callable[[str], dict[str, Any]],
                     secrets: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The secret of a seat asked to move, with that seat's view (its ``legal`` actions),
    or None. Every seat is asked: a game may hide from a seat whom it is waiting for."""
    for secret in secrets:
        view = view_of(secret)
        if view.get("legal"):
            return secret, view
    return None


async def seat_with_a_move_async(
        view_of: Callable[[str], Awaitable[dict[str, Any]]],
        secrets: list[str]) -> tuple[str, dict[str, Any]] | None:
    """:func:`seat_with_a_move` for an asynchronous client."""
    for secret in secrets:
        view = await view_of(secret)
        if view.get("legal"):
            return secret, view
    return None


def seat_secrets(g: dict[str, Any]) -> list[str]:
    """The seats' secrets of a game as the API created it."""
    return [s["token"] for s in g["seats"]]
