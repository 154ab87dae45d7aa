"""The list of games meeple knows, by name."""

from __future__ import annotations

from importlib import import_module

from meeple.core.game import Game

_GAMES = {
    "clash": "meeple.games.clash:ClashGame",
    "colonies": "meeple.games.colonies:ColoniesGame",
    "counter": "meeple.games.counter:CounterGame",
    "cyclades": "meeple.games.cyclades:CycladesGame",
    "cult": "meeple.games.cult:CultGame",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def get_game(name: str) -> Game:
    key = name.lower()
    if key not in _GAMES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    module, cls = _GAMES[key].split(":")
    game_cls = getattr(import_module(module), cls)
    game: Game = game_cls()
    return game
