"""Where each seat finished a game: the places both the server's ratings and the bots'
ladder rate from, so that a bot's rating and a person's mean the same thing."""

from __future__ import annotations

from typing import Any

from meeple.core.game import State

_SCORE_KEYS = ("scores", "points", "metropolises")


def scores(result: dict[str, Any], n: int) -> list[float] | None:
    """The game's own score per seat, where its result reports one."""
    for key in _SCORE_KEYS:
        v = result.get(key)
        if isinstance(v, list) and len(v) == n and all(isinstance(x, int | float) for x in v):
            return [float(x) for x in v]
    return None


def places(state: State) -> list[int]:
    """Place of each seat of a finished game, 1 the best: the winner first (shared
    victories share it), then by the game's score where it reports one; equal seats share
    a place."""
    n = state.num_players
    returns = state.returns()
    found = scores(state.result(), n)
    keys = [(returns[p], found[p] if found else 0.0) for p in range(n)]
    return [1 + sum(1 for k in keys if k > keys[p]) for p in range(n)]
