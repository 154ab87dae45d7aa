"""The list of games meeple knows, by name."""

from __future__ import annotations

from functools import cache
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


@cache
def game_title(name: str, lang: str = "en") -> str:
    """A game's title in the reader's language: the entry ``title`` of its text catalog
    (``games/<name>/data/texts.yaml``, key ``<name>.title``, one string per language),
    else that entry's English, else ``Game.title``. Every title the server gives a
    reader (payloads, the lobby's lists, my games, notices, mail) comes from here."""
    from meeple.core.text import entry

    game = get_game(name)  # imported, so its catalog is registered
    found = entry(f"{game.name}.title")
    if found is not None:
        said = found.get(lang, found.get("en"))
        if isinstance(said, str) and said.strip():
            return said
    return game.title
