"""The list of games meeple knows, by name: the games of this package (each a package of
``meeple.games``), and those other installed packages declare under the entry-point group
``meeple.games`` (``name = "package.module:GameClass"``), so that a publisher's game can be
installed beside meeple without changing it (docs/authoring.md)."""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points

from meeple.core.game import Game

# The first games name their class; a package made with the kit names it as ``GAME``.
_BUILT_IN = {
    "clash": "meeple.games.clash:ClashGame",
    "colonies": "meeple.games.colonies:ColoniesGame",
    "counter": "meeple.games.counter:CounterGame",
    "cyclades": "meeple.games.cyclades:CycladesGame",
    "cult": "meeple.games.cult:CultGame",
}
ENTRY_POINTS = "meeple.games"


@cache
def _games() -> dict[str, str]:
    import meeple.games

    found = dict(_BUILT_IN)
    for info in pkgutil.iter_modules(meeple.games.__path__):
        if info.ispkg and info.name not in found:
            found[info.name] = f"meeple.games.{info.name}:GAME"
    for ep in entry_points(group=ENTRY_POINTS):
        found.setdefault(ep.name.lower(), ep.value)
    return found


def game_names() -> list[str]:
    return sorted(_games())


def get_game(name: str) -> Game:
    key = name.lower()
    games = _games()
    if key not in games:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    module, attr = games[key].split(":")
    game_cls = getattr(import_module(module), attr)
    game: Game = game_cls()
    return game


def game_text(name: str, key: str, lang: str = "en") -> str | None:
    """An entry of a game's text catalog in the reader's language (else its English), or
    None: ``game_text("jaipur", "option.rounds", "ru")``."""
    from meeple.core.text import entry

    game = get_game(name)  # imported, so its catalog is registered
    found = entry(f"{game.name}.{key}")
    if found is None:
        return None
    said = found.get(lang, found.get("en"))
    return said if isinstance(said, str) and said.strip() else None


@cache
def game_title(name: str, lang: str = "en") -> str:
    """A game's title in the reader's language: the entry ``title`` of its text catalog
    (``games/<name>/data/texts.yaml``, key ``<name>.title``, one string per language),
    else that entry's English, else ``Game.title``. Every title the server gives a
    reader (payloads, the lobby's lists, my games, notices, mail) comes from here."""
    return game_text(name, "title", lang) or get_game(name).title


def register(name: str, where: str) -> None:
    """Add a game by hand (``"package.module:GameClass"``): a test's or a tool's own."""
    _games()[name.lower()] = where


def forget() -> None:
    """Look for games again (after ``meeple new`` wrote one)."""
    _games.cache_clear()
    game_title.cache_clear()
