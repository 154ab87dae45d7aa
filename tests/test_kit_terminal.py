"""Every catalog kit game in the terminal: a person typing option numbers plays it to the end
against a bot, in English and in Russian, and reads the board, the prompts and the end in
that language."""

from __future__ import annotations

import re

import pytest

from meeple.cli.play import play_terminal
from meeple.core.registry import get_game
from meeple.kit.game import KitGame
from meeple.kit.lines import kit_games

GAMES = [g for g in kit_games() if g != "skeleton"]
LATIN_WORD = re.compile(r"\b[a-z]{4,}\b")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_a_kit_game_plays_to_the_end_in_the_terminal_in_the_language(game: str, lang: str
                                                                      ) -> None:
    g = get_game(game)
    assert isinstance(g, KitGame)
    out: list[str] = []
    typed = iter(["x"] + ["1"] * 5000)  # a word that is no option first: refused, asked again
    options = {**g.test_options, "max_rounds": 30} if "max_rounds" in g.options \
        else dict(g.test_options)
    record = play_terminal(game, g.min_players, ["human", "heuristic"][:g.min_players]
                           + ["random"] * (g.min_players - 2), 5, options, None,
                           read=lambda _: next(typed), write=out.append, lang=lang)
    assert record is not None and record.actions
    text = "\n".join(out)
    end = out[-1]
    assert end.startswith("\nGame over after" if lang == "en" else "\nИгра окончена после"), end
    said = {"en": "is not one of the options now", "ru": "сейчас не из вариантов"}[lang]
    assert said in text, f"{game}: a word that is no option was not refused"
    if lang == "ru":
        board = out[-2]
        found = sorted(set(LATIN_WORD.findall(board)))
        assert not found, f"{game}: English words on the Russian board: {found}"
        assert not LATIN_WORD.search(end), end
