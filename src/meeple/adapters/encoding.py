"""Fixed-size numbers from meeple's per-player views and legal actions, for any game.

Actions: index ``i`` is the ``i``-th legal action in the order of their text forms, so a
game's action space is ``Game.max_actions`` wide and the mask marks the first
``len(legal)`` entries. (The same index names different actions in different positions:
the usual price of one encoding for every game.)

Observations: the view, flattened to (path, value) leaves — ``players.1.coins`` = 5 — is
hashed into ``FEATURES`` buckets (CRC-32, stable on every machine): a number adds itself
to its path's bucket, any other value adds 1 to the bucket of ``path=value``. The log is
left out (it is text), and so is a kit game's table (the same facts again, as the browser
draws them: labels, icons, the actions pieces stand for); everything else a player may see
is in.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import numpy as np

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.text import localize

FEATURES = 2048
# The most actions an episode takes before it is cut (PettingZoo: every agent truncated;
# OpenSpiel: a draw, as its own chess ends one): random agents may never finish a game
# whose random play does not end (Hare and Tortoise's carrots pile up), and a learner's
# episode must end. Each adapter takes another limit as a parameter.
MAX_GAME_LENGTH = 100_000


def legal_sorted(state: State, player: int, limit: int) -> list[Action]:
    return sorted(state.legal_actions(player), key=str)[:limit]


def _leaves(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("log", "table"):
                _leaves(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _leaves(v, f"{path}.{i}", out)
    else:
        out.append((path, value))


def observation(view: dict[str, Any]) -> np.ndarray:
    vec = np.zeros(FEATURES, dtype=np.float32)
    leaves: list[tuple[str, Any]] = []
    _leaves(localize(view), "", leaves)
    for path, value in leaves:
        if isinstance(value, bool) or not isinstance(value, int | float):
            key = f"{path}={json.dumps(value)}"
            vec[zlib.crc32(key.encode()) % FEATURES] += 1.0
        else:
            vec[zlib.crc32(path.encode()) % FEATURES] += float(value)
    return vec


def mask(state: State, player: int, limit: int) -> np.ndarray:
    m = np.zeros(limit, dtype=np.int8)
    m[: len(legal_sorted(state, player, limit))] = 1
    return m
