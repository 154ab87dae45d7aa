"""The terminal's text board (``State.render(player, lang)``, what ``meeple play --lang``
prints) of each bespoke game is in the reader's language: a Russian board holds no English
word, an English one no Russian letter, and every word comes from the game's catalog (no
raw key, no unformatted field). Random games of each, at several positions, for a seat and
for a spectator."""

import re
from typing import Any

import pytest

from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng

# Each game with the options that put the most on its board (Colonies: the Master and the
# character sheets; Cyclades: artifacts, Titans and teams), its table size and seed.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "cult": (4, {}),
    "colonies": (4, {"master": True, "sheets": True}),
    "cyclades": (4, {"artifacts": True, "titans": True, "teams": True}),
    "clash": (3, {}),
}
STEPS = (0, 40, 150, 400)
# A Latin word a Russian board may show: an identifier the player types in an action.
# None today: Cult's level tokens ("P" for the Patriarch) are one letter, every number
# (a district's, a territory's, a sea's) is digits.
ALLOWED_LATIN: frozenset[str] = frozenset()
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _positions(game: str, seed: int = 11) -> list[State]:
    """Copies of one random game at the positions of ``STEPS`` (the seat to move acting)."""
    players, options = GAMES[game]
    g = get_game(game)
    s = g.new_state(players, seed, options)
    rng = Rng(seed)
    out: list[State] = []
    done = 0
    for steps in STEPS:
        while done < steps and not s.is_terminal():
            p = s.current_players()[0]
            s.apply_unchecked(p, s.random_action(p, rng))
            done += 1
        out.append(s.clone())
    return out


def _boards(game: str) -> list[tuple[str, str, str]]:
    """(where, English board, Russian board) for a seat and a spectator at each position."""
    out = []
    for i, s in enumerate(_positions(game)):
        for viewer in (0, None):
            where = f"{game}, position {i}, viewer {viewer}"
            out.append((where, s.render(viewer, "en"), s.render(viewer, "ru")))
    return out


def _engine_forms(board: str, game: str) -> list[str]:
    """A raw catalog key or a template field left unformatted."""
    return [form for form in (f"{game}.", "clashplace.", "{", "}") if form in board]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_s_text_board_is_in_the_reader_s_language(game: str) -> None:
    for where, en, ru in _boards(game):
        latin = sorted(set(LATIN_WORD.findall(ru)) - ALLOWED_LATIN)
        assert not latin, f"{where}: English words on the Russian board: {latin}\n{ru}"
        assert not CYRILLIC.search(en), f"{where}: Russian letters on the English board\n{en}"
        assert ru != en, f"{where}: the Russian board is the English one"
        for board in (en, ru):
            assert not _engine_forms(board, game), f"{where}: engine forms\n{board}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_text_board_speaks_the_game_s_own_russian_words(game: str) -> None:
    """The Russian board names things with the words the game's log and prompts use."""
    words = {"cult": ("Культ, раунд", "Игрок 1 (", "монеты", "последователи",
                      "толпы фанатиков", "Карта Величия"),
             "colonies": ("Колонии 1402", "Сезон", "Игрок 1", "золото", "верность"),
             "cyclades": ("Раунд", "Игрок 1", "золот", "Боги:", "Существа:", "Флоты:"),
             "clash": ("Раунд", "Игрок 1", "ПО", "еда", "улучшений:")}[game]
    boards = "\n".join(ru for _, _, ru in _boards(game))
    missing = [w for w in words if w not in boards]
    assert not missing, f"{game}: the Russian boards never say {missing}"


def test_a_seat_s_own_cards_are_named_in_the_reader_s_language() -> None:
    """Cult: the viewer's hand is listed by the cards' Russian names, a spectator's board
    lists none."""
    from meeple.games.cult import texts as T
    from meeple.games.cult.state import CultState

    s = get_game("cult").new_state(4, 11)
    assert isinstance(s, CultState)
    rng = Rng(11)
    for _ in range(3000):  # seed 11 deals the first seat a card after 320 random actions
        if s.players[0].hand or s.is_terminal():
            break
        p = s.current_players()[0]
        s.apply_unchecked(p, s.random_action(p, rng))
    assert s.players[0].hand, "the first seat never held a card"
    ru = s.render(0, "ru")
    assert "Ваша рука:" in ru and "Your hand:" in s.render(0, "en")
    for code in s.players[0].hand:
        assert T.card(code).render("ru") in ru
    assert "Ваша рука:" not in s.render(None, "ru")
